// post_lifecycle_model: random sequences of post commands (suites/models/posts/) against a simpler model of the calendar.
import { providerSettings } from '../provider-settings.ts';
import fc from 'fast-check';
import { textSafe } from '../arbitraries/posts.ts';
import type { ChannelInfo } from '../discover.ts';
import { exampleSequence, postCommands, setupRun, showSequence, type ModelEnv } from '../models/posts/commands.ts';
import type { PostModel, PostReal } from '../models/posts/model.ts';
import type { KeyKind } from '../target.ts';
import { register, type CheckContext } from './registry.ts';

/**
 * Two channels a text post can go to, free of per-post charges (the wallet is another check's business), the first one
 * with a required setting (the document's: x's, discord's) so that a draft without settings means something.
 */
async function modelChannels(ctx: CheckContext, kind: KeyKind): Promise<ChannelInfo[]> {
  const d = await ctx.discover();
  let channels = textSafe(d.workspaces[kind]?.channels ?? []);
  if (kind !== 'paid') {
    const priced = new Set(d.prices.filter((p) => p.billing === 'PER_USE').map((p) => p.provider));
    channels = channels.filter((c) => !priced.has(c.identifier));
  }
  if (channels.length === 0) ctx.notVerified(`the ${kind} workspace has no free channel a text post can go to`);
  const strict = channels.filter((c) => (providerSettings(c.identifier)?.required.length ?? 0) > 0);
  const rest = channels.filter((c) => !strict.includes(c));
  return [...strict, ...rest].slice(0, 2);
}

export const postLifecycleModel = register({
  name: 'post_lifecycle_model',
  area: 'posts',
  kind: 'property',
  description:
    'Random sequences of create (draft, schedule, now), move (PUT status), delete (by post or group), time passing (control) and GET /posts: every window lists exactly the posts the model holds in it, with their group, date and documented state.',
  rule: 'Section 3 (states and transitions), 2.3-2.5 and 4.2: "create, schedule, list, move between draft and schedule, and delete posts".',
  needs: { anyKey: ['paid', 'payg', 'free'] },
  async run(ctx) {
    const kind: KeyKind = ctx.has('paid') ? 'paid' : ctx.has('payg') ? 'payg' : 'free';
    const env: ModelEnv = { ctx, kind, channels: await modelChannels(ctx, kind), clock: Boolean(ctx.control) };
    if (!env.clock) ctx.partial('time passing (scheduled posts going out) needs control of the clock');
    await ctx.property(
      'the calendar matches the model after every command',
      postCommands(env),
      async (cmds) => {
        let state: { model: PostModel; real: PostReal } | undefined;
        try {
          await fc.asyncModelRun(async () => (state = await setupRun(env)), cmds);
        } finally {
          // On a target we do not control, what the sequence left behind goes now, not after all the runs.
          if (!ctx.control && state) {
            for (const p of state.model.posts) await ctx.api.call({ operationId: 'deletePost', path: { id: p.postId }, auth: { kind } }).catch(() => undefined);
          }
        }
      },
      { reset: true, examples: [exampleSequence(env)], show: showSequence },
    );
  },
});

// The post lifecycle commands as fast-check arbitraries (time passing only where control moves the clock), the always-run
// example sequence, and the setup each run starts from.
import fc from 'fast-check';
import { contentArb, settingsArb } from '../../arbitraries/posts.ts';
import type { CheckContext } from '../../checks/registry.ts';
import type { ChannelInfo } from '../../discover.ts';
import type { KeyKind } from '../../target.ts';
import { ChangeStatus } from './change-status.ts';
import { CreatePost, type CreateSpec } from './create-post.ts';
import { DeletePost } from './delete-post.ts';
import { ListPosts } from './list-posts.ts';
import { listAround, SEQUENCE_SPAN, type PostCommand, type PostModel, type PostReal } from './model.ts';
import { PassTime } from './pass-time.ts';

export interface ModelEnv {
  ctx: CheckContext;
  kind: KeyKind;
  channels: ChannelInfo[];
  /** Control moves the clock: the PassTime command is generated. */
  clock: boolean;
}

function createArb(channels: ChannelInfo[]): fc.Arbitrary<PostCommand> {
  return fc
    .record({ type: fc.constantFrom<CreateSpec['type']>('draft', 'schedule', 'now'), channel: fc.constantFrom(...channels) })
    .chain(({ type, channel }) =>
      fc.record({
        type: fc.constant(type),
        channel: fc.constant(channel),
        ahead: fc.integer({ min: 1, max: 8 }),
        minute: fc.integer({ min: 0, max: 59 }),
        items: fc.array(fc.record({ content: contentArb(channel.maxLength), delay: fc.integer({ min: 0, max: 20 }) }), { minLength: 1, maxLength: 3 }),
        // Drafts may leave settings out (section 2.4); scheduled and immediate posts carry valid ones.
        settings: type === 'draft' ? fc.option(settingsArb(channel.identifier), { nil: undefined }) : settingsArb(channel.identifier),
        // Now and then the same post on a second channel, the two entries naming one group.
        also:
          channels.length > 1
            ? fc.option(
                fc.constantFrom(...channels.filter((c) => c.id !== channel.id)).chain((other) => settingsArb(other.identifier).map((settings) => ({ channel: other, settings }))),
                { nil: undefined, freq: 4 },
              )
            : fc.constant(undefined),
      }),
    )
    // A post on two channels carries settings on both (a draft without them stays on one channel).
    .map(({ also, ...spec }) => new CreatePost(also && spec.settings ? { ...spec, also } : spec));
}

export function postCommands(env: ModelEnv): fc.Arbitrary<Iterable<PostCommand>> {
  const arbs: Array<fc.Arbitrary<PostCommand>> = [
    createArb(env.channels),
    createArb(env.channels),
    fc.tuple(fc.integer({ min: -2, max: 8 }), fc.integer({ min: 0, max: 8 })).map(([from, span]) => new ListPosts(from, span)),
    fc.tuple(fc.nat(), fc.constantFrom<'draft' | 'schedule'>('draft', 'schedule')).map(([i, to]) => new ChangeStatus(i, to)),
    fc.tuple(fc.nat(), fc.boolean(), fc.boolean()).map(([i, byGroup, fromPlatform]) => new DeletePost(i, byGroup, fromPlatform)),
  ];
  if (env.clock) arbs.push(fc.integer({ min: 1, max: 4 }).map((n) => new PassTime(n)));
  return fc.commands(arbs, { maxCommands: 12, size: 'max' });
}

/** A fixed sequence marks what ran, as fast-check does for generated ones, so a report stops where the failure was. */
function tracked(cmds: PostCommand[]): PostCommand[] {
  return cmds.map((c) => {
    const t = {
      hasRan: false,
      check: (m: Readonly<PostModel>) => c.check(m),
      run: (m: PostModel, r: PostReal) => {
        t.hasRan = true;
        return c.run(m, r);
      },
      toString: () => c.toString(),
    };
    return t;
  });
}

/** One sequence every run starts with: each documented move once, the calendar read between them. */
export function exampleSequence(env: ModelEnv): PostCommand[] {
  const [first, second = first] = env.channels as [ChannelInfo, ChannelInfo?];
  const one = (content: string) => [{ content, delay: 0 }];
  const [settingsA, settingsB] = [first, second!].map((c) => fc.sample(settingsArb(c.identifier), { seed: 1, numRuns: 1 })[0]);
  return tracked([
    new CreatePost({ type: 'draft', channel: first, ahead: 2, minute: 10, items: one('draft with settings'), settings: settingsA }),
    new CreatePost({ type: 'schedule', channel: second!, ahead: 1, minute: 30, items: [{ content: 'scheduled thread', delay: 0 }, { content: 'second item', delay: 5 }], settings: settingsB }),
    new CreatePost({ type: 'now', channel: first, ahead: 0, minute: 0, items: one('out now'), settings: settingsA }),
    new CreatePost({ type: 'draft', channel: first, ahead: 3, minute: 20, items: one('draft without settings') }),
    new ListPosts(-1, 4),
    new ChangeStatus(0, 'schedule'),
    new ListPosts(-1, 4),
    // The draft without settings is the only one left: scheduling it is refused, and it stays a draft.
    new ChangeStatus(0, 'schedule'),
    new ListPosts(-1, 4),
    new ChangeStatus(0, 'draft'),
    ...(env.clock ? [new PassTime(2), new ListPosts(-3, 4)] : []),
    new DeletePost(0, false, false),
    new DeletePost(0, true, false),
    new ListPosts(-3, 5),
  ]);
}

/** The start of a run: the target's now, and the posts already there (never judged). */
export async function setupRun(env: ModelEnv): Promise<{ model: PostModel; real: PostReal }> {
  const { ctx } = env;
  const clock = ctx.control ? await ctx.control.clock() : undefined;
  const now = clock ? Date.parse(clock.now) : Date.now();
  const real: PostReal = {
    ctx,
    kind: env.kind,
    channels: env.channels,
    t0: now - (now % 60_000),
    frozen: clock?.frozen ?? false,
    startedAt: Date.now(),
    baseline: new Set(),
    created: [],
  };
  const { posts } = await listAround(real, SEQUENCE_SPAN[0], SEQUENCE_SPAN[1]);
  for (const p of posts) if (typeof p?.id === 'string') real.baseline.add(p.id);
  return { model: { slot: 0, posts: [] }, real };
}

/** The commands a sequence ran, as API calls (fast-check marks the ones that ran). */
export function showSequence(cmds: Iterable<PostCommand>): string[] {
  return [...cmds].filter((c) => !('hasRan' in c && c.hasRan === false)).map((c) => c.toString());
}

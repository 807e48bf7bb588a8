// Command: GET /posts over a window of slots — exactly the model's posts dated in it, each with what the reference says of it.
import { asserted, show } from '../../checks/registry.ts';
import { fail, iso, listAround, windowOf, type ModelPost, type PostCommand, type PostModel, type PostReal } from './model.ts';

const STATE_RULE: Record<ModelPost['state'], string> = {
  draft: 'DRAFT (section 3: a draft)',
  published: 'PUBLISHED (section 3: "published immediately" for now, "PUBLISHED" at the scheduled time)',
  publishing: 'PUBLISHED within the publish wait (section 3: a now post is "published immediately"; a server that sends from a queue is read again for --publish-wait seconds)',
  scheduled: 'neither DRAFT nor PUBLISHED before its time (section 3: "on the schedule"; the value itself is not shown)',
  unknown: 'anything',
  'draft or scheduled': 'DRAFT, or on the schedule (neither DRAFT nor PUBLISHED): its group\'s post on another channel was moved, and whether a status change takes the group or the post is not shown',
};

function stateOk(expected: ModelPost['state'], state: unknown): boolean {
  if (expected === 'draft') return state === 'DRAFT';
  if (expected === 'published') return state === 'PUBLISHED';
  if (expected === 'publishing') return state === 'PUBLISHED';
  if (expected === 'scheduled') return state !== 'DRAFT' && state !== 'PUBLISHED';
  if (expected === 'draft or scheduled') return state !== 'PUBLISHED';
  return true;
}

export class ListPosts implements PostCommand {
  /** First slot of the window, relative to the clock. */
  readonly from: number;
  /** Slots after the first. */
  readonly span: number;
  window?: { startDate: string; endDate: string };
  constructor(from: number, span: number) {
    this.from = from;
    this.span = span;
  }

  check(): boolean {
    return true;
  }

  async run(m: PostModel, r: PostReal): Promise<void> {
    const from = m.slot + this.from;
    const to = from + this.span;
    this.window = windowOf(r, from, to);
    // A post the model has published, or sent now, may still be QUEUE a moment on a server that sends from a queue:
    // read again until the calendar shows it sent, or the publish wait is over, and judge that answer.
    const published = new Set(m.posts.filter((p) => p.state === 'published' || p.state === 'publishing').map((p) => p.postId));
    const { e, posts } = await r.ctx.eventually(
      () => listAround(r, from, to),
      (l) => l.posts.every((item) => !published.has(item?.id) || item.state !== 'QUEUE'),
    );
    const expected = m.posts.filter((p) => p.slot >= from && p.slot <= to);
    const byId = new Map(m.posts.map((p) => [p.postId, p]));
    // The groups of the model's posts, as this answer gives them: a thread item may be listed with its group (not shown either way).
    const groups = new Set(m.posts.map((p) => p.group).filter((g): g is string => g !== undefined));
    for (const item of posts) if (byId.has(item?.id) && typeof item?.group === 'string') groups.add(item.group);
    const seen = new Set<string>();
    for (const item of posts) {
      const id = item?.id;
      if (r.baseline.has(id)) continue;
      const p = byId.get(id);
      if (!p) {
        if (groups.has(item?.group)) continue;
        fail('listPosts', `a post the sequence never created and that was not there before it: ${show(item, 300)}`, "only this workspace's posts: the ones it created (section 4.2)", [e]);
      }
      seen.add(id);
      if (p.slot < from || p.slot > to) fail('listPosts', `post ${id} dated ${item.publishDate} in the window ${this.window.startDate}..${this.window.endDate}`, `only posts dated in [startDate, endDate]; this one was sent for ${iso(p.at)}`, [e]);
      if (p.group !== undefined && item.group !== p.group) fail('listPosts', `post ${id} with group ${show(item.group)}`, `its group ${p.group}, as seen before (section 2.3: "Group id shared by the post, its thread items and comments")`, [e]);
      if (p.group === undefined && typeof item.group === 'string') p.group = item.group;
      if (p.exactDate && Date.parse(item.publishDate) !== p.at) fail('listPosts', `post ${id} with publishDate ${show(item.publishDate)}`, `${iso(p.at)}, the date it was created with (section 2.4: date "When to publish")`, [e]);
      if (!stateOk(p.state, item.state)) fail('listPosts', `post ${id} (created ${p.type}, now ${p.state} in the model) in state ${show(item.state)}`, STATE_RULE[p.state], [e]);
      // The server's reading, once seen, is the model's: the post is then moved (or not) like any other.
      if (p.state === 'draft or scheduled') p.state = item.state === 'DRAFT' ? 'draft' : 'scheduled';
    }
    const missing = expected.filter((p) => !seen.has(p.postId));
    if (missing.length > 0) {
      fail(
        'listPosts',
        `${missing.map((p) => `${p.type} post ${p.postId} (${iso(p.at)})`).join(', ')} missing from ${posts.length} listed`,
        `every post of the workspace dated in [startDate, endDate] (section 4.2; created and not deleted)`,
        [e],
      );
    }
    asserted(e);
  }

  toString(): string {
    return this.window ? `GET /posts?startDate=${this.window.startDate}&endDate=${this.window.endDate}` : `GET /posts over the slots ${this.from} to ${this.from + this.span} from the clock's`;
  }
}

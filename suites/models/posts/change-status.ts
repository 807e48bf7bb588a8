// Command: PUT /posts/{id}/status, a draft onto the schedule or a scheduled post back to draft (the two moves section 3 documents).
import { asserted, got } from '../../checks/registry.ts';
import { fail, stopOnLimit, type ModelPost, type PostCommand, type PostModel, type PostReal } from './model.ts';

/**
 * Only the moves the table documents, on posts whose slot is still ahead of the clock (what a past date on the
 * schedule does is "not shown").
 */
function candidates(m: Readonly<PostModel>, to: 'draft' | 'schedule'): ModelPost[] {
  return m.posts.filter((p) => p.slot > m.slot && p.state === (to === 'schedule' ? 'draft' : 'scheduled'));
}

export class ChangeStatus implements PostCommand {
  readonly index: number;
  readonly to: 'draft' | 'schedule';
  /** The post it moved, for the report. */
  chosen?: string;
  constructor(index: number, to: 'draft' | 'schedule') {
    this.index = index;
    this.to = to;
  }

  check(m: Readonly<PostModel>): boolean {
    return candidates(m, this.to).length > 0;
  }

  async run(m: PostModel, r: PostReal): Promise<void> {
    const list = candidates(m, this.to);
    const post = list[this.index % list.length]!;
    this.chosen = post.postId;
    const e = await r.ctx.api.call({ operationId: 'changePostStatus', path: { id: post.postId }, body: { status: this.to }, auth: { kind: r.kind } });
    stopOnLimit(e);
    if (this.to === 'schedule' && !post.settings) {
      // Saved as a draft without settings: scheduling it meets the check the draft skipped, and nothing moves.
      if (e.status !== 400) fail('changePostStatus', got(e), '400 naming the channel and the problem, and the post still a draft (section 2.9: "A field marked required must be present when the post is scheduled ... answers 400 ... and nothing is scheduled. Drafts are saved without this check")', [e]);
      asserted(e);
      return;
    }
    const rule = this.to === 'schedule' ? 'section 3: "draft -> PUT /posts/<id>/status with schedule -> on the schedule, at the post\'s time"' : 'section 3: "on the schedule -> PUT /posts/<id>/status with draft -> draft"';
    if (e.status !== 200) fail('changePostStatus', got(e), `200 (${rule})`, [e]);
    asserted(e);
    post.state = this.to === 'schedule' ? 'scheduled' : 'draft';
    // The same post on another channel of its group may move with it or stay: the reference does not say which.
    if (post.group !== undefined) for (const p of m.posts) if (p !== post && p.group === post.group && p.state !== post.state) p.state = 'draft or scheduled';
  }

  toString(): string {
    return `PUT /posts/${this.chosen ?? `<${this.to === 'schedule' ? 'draft' : 'scheduled'} post #${this.index}>`}/status {"status":"${this.to}"}`;
  }
}

// Command: DELETE /posts/{id} or DELETE /posts/group/{group}, which remove the whole group from the calendar (section 4.2).
import { asserted, got } from '../../checks/registry.ts';
import { record } from '../../discover.ts';
import { fail, listAround, type PostCommand, type PostModel, type PostReal } from './model.ts';

export class DeletePost implements PostCommand {
  readonly index: number;
  readonly byGroup: boolean;
  readonly fromPlatform: boolean;
  chosen?: string;
  constructor(index: number, byGroup: boolean, fromPlatform: boolean) {
    this.index = index;
    this.byGroup = byGroup;
    this.fromPlatform = fromPlatform;
  }

  check(m: Readonly<PostModel>): boolean {
    return m.posts.length > 0;
  }

  async run(m: PostModel, r: PostReal): Promise<void> {
    const post = m.posts[this.index % m.posts.length]!;
    const query = this.fromPlatform ? { deleteFromPlatform: 'true' } : {};
    let e;
    if (this.byGroup) {
      if (post.group === undefined) {
        // The group id is read where the reference gives it: the post summary's `group`.
        const { e: list, posts } = await listAround(r, post.slot, post.slot);
        const group = posts.find((p) => p.id === post.postId)?.group;
        if (typeof group !== 'string') fail('listPosts', got(list), `post ${post.postId} with its group id (section 2.3), so it can be deleted by group`, [list]);
        post.group = group;
      }
      this.chosen = `group/${post.group}`;
      e = await r.ctx.api.call({ operationId: 'deletePostGroup', path: { group: post.group! }, query, auth: { kind: r.kind } });
    } else {
      this.chosen = post.postId;
      e = await r.ctx.api.call({ operationId: 'deletePost', path: { id: post.postId }, query, auth: { kind: r.kind } });
    }
    if (e.status !== 200) fail(e.operationId!, got(e), '200 with the delete result (section 2.5) for a post of this workspace', [e]);
    // The delete result's fields are not shown (section 2.5): `group` is compared only when it is there.
    const group = record(e.responseBody)?.group;
    if (post.group !== undefined && group !== undefined && group !== post.group) {
      fail(e.operationId!, got(e), `the delete result's group is the post's group ${post.group} (section 2.5; "Deletes the whole group")`, [e]);
    }
    asserted(e);
    // "Deletes the whole group": a post on several channels goes from each.
    for (const p of post.group === undefined ? [post] : m.posts.filter((x) => x.group === post.group)) m.posts.splice(m.posts.indexOf(p), 1);
  }

  toString(): string {
    return `DELETE /posts/${this.chosen ?? (this.byGroup ? `group/<group of post #${this.index}>` : `<post #${this.index}>`)}${this.fromPlatform ? '?deleteFromPlatform=true' : ''}`;
  }
}

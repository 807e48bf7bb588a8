// What the negative sweep breaks and what it says it could not: the mutations of a whole POST /posts body, and the fields a body leaves out.
import { describe, expect, it } from 'vitest';
import { mutationsOf, unreachedFields } from './mutations.ts';

const image = { id: 'm1', path: 'https://cdn.example.com/m1.png', alt: 'A loaf', thumbnail: 'https://cdn.example.com/m1.png' };
const whole = {
  type: 'schedule',
  date: '2026-12-10T13:00:00.000Z',
  shortLink: false,
  creationMethod: 'API',
  inter: 1,
  tags: [{ value: 'launch', label: 'Launch' }],
  posts: [{ integration: { id: 'ch1' }, group: 'g1', value: [{ content: 'Fresh rye', image: [image], delay: 0 }], settings: { __type: 'x', who_can_reply_post: 'everyone' } }],
};

describe('mutations of a request body', () => {
  it('a whole POST /posts body has a mutation for each rule section 2.4 states on a tag, an item and an image item', () => {
    const labels = mutationsOf({ operationId: 'createPosts', body: whole }).map((m) => m.label);
    for (const rule of ['/tags/0/label: required', '/creationMethod: "not-in-the-list"', '/posts/0/value: 0 items', '/posts/0/value/0/image: required', '/posts/0/value/0/image/0/path: required', '/posts/0/value/0/image/0/alt: 12345', '/shortLink: required', '/posts: required', '/posts/0/integration: required']) {
      expect(labels.filter((l) => l.includes(rule)), rule).toHaveLength(1);
    }
  });

  it('each mutation breaks the rule it names and leaves the rest of the body as it was', () => {
    for (const m of mutationsOf({ operationId: 'createPosts', body: whole })) {
      const sent = m.apply({ operationId: 'createPosts', body: whole });
      expect(JSON.stringify(sent.body), m.label).not.toEqual(JSON.stringify(whole));
    }
    expect(whole.tags[0]).toEqual({ value: 'launch', label: 'Launch' });
  });

  it('a body that leaves out an optional field or sends an array empty names it as not reached, and a whole one names only the item id', () => {
    expect(unreachedFields({ operationId: 'createPosts', body: whole })).toEqual(['/posts/0/value/0/id']);
    const drawn = { ...whole, creationMethod: undefined, tags: [], posts: [{ ...whole.posts[0]!, value: [{ content: 'Fresh rye', image: [] }] }] };
    delete drawn.creationMethod;
    expect(unreachedFields({ operationId: 'createPosts', body: drawn })).toEqual(expect.arrayContaining(['/tags/0', '/creationMethod', '/posts/0/value/0/image/0', '/posts/0/value/0/delay']));
  });
});

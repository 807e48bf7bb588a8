// The post checks as pure functions: visible text, length as the network counts it, readable settings problems, the hourly limit.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { describeSettingsViolation, isEmpty, plainText, textLength } from './post-validation.ts';
import { admitPostRequest } from './rate-limit.ts';
import { DomainError } from './errors.ts';
import type { Workspace } from './world.ts';
import { bundledFixtures } from '../../fixtures/bundled.ts';

const fixtures = bundledFixtures();

describe('post text', () => {
  it('drops tags and decodes entities', () => {
    expect(plainText('<p>Fish &amp; chips</p><p>today&nbsp;only</p>')).toBe('Fish & chips\ntoday only');
    expect(isEmpty({ content: '<p><br></p>', image: [] })).toBe(true);
    expect(isEmpty({ content: '', image: [{ id: 'm', path: 'https://cdn.example.com/a.png' }] })).toBe(false);
  });

  it("counts every link as the row's linkLength (x's 23) where the row gives one, as its own length elsewhere", () => {
    const text = `Read https://example.com/${'a'.repeat(100)} now`;
    expect(fixtures.providers.x!.linkLength).toBe(23);
    const x = fixtures.providers.x!;
    const linkedin = fixtures.providers.linkedin!;
    expect(textLength(text, x)).toBe('Read '.length + 23 + ' now'.length);
    expect(textLength(text, linkedin)).toBe([...text].length);
    // A bare domain is a link too; a sentence's full stop is not.
    expect(textLength('visit example.com today', x)).toBe('visit '.length + 23 + ' today'.length);
    expect(textLength('no link here.', x)).toBe('no link here.'.length);
  });

  it('length of text without tags or links equals its number of code points, on any channel', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii' }).filter((s) => !/[<&.:]/.test(s)), (s) => {
        expect(textLength(s, {})).toBe([...s.replace(/\n+$/, '')].length);
      }),
    );
  });

  it('words settings problems for people from the failed keyword and its parameters, whatever the message says', () => {
    expect(describeSettingsViolation({ path: '', keyword: 'required', params: { missingProperty: 'who_can_reply_post' }, message: 'any text' })).toBe('who_can_reply_post is required');
    expect(describeSettingsViolation({ path: '/media', keyword: 'required', params: { missingProperty: 'id' }, message: '' })).toBe('media.id is required');
    expect(describeSettingsViolation({ path: '/post_type', keyword: 'enum', params: { allowedValues: ['post', 'story'] }, message: 'any text' })).toBe(
      'post_type must be one of: post, story',
    );
    expect(describeSettingsViolation({ path: '/title', message: 'must NOT have more than 90 characters' })).toBe('title must NOT have more than 90 characters');
  });
});

describe('hourly POST /posts limit', () => {
  it('admits `limit` requests in any rolling hour and refuses the next, refused ones counting too', () => {
    const ws = { postRequests: [] as number[] } as Workspace;
    for (let i = 0; i < 3; i++) admitPostRequest(ws, 1000 + i, 3);
    expect(() => admitPostRequest(ws, 2000, 3)).toThrow(DomainError);
    expect(() => admitPostRequest(ws, 1000 + 3_600_000, 3)).toThrow(DomainError); // the refused one at 2000 still counts
    admitPostRequest(ws, 2000 + 3_600_000 + 2, 3);
  });
});

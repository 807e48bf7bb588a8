// What the benchmarks send, in one place, so that every benchmark measures the same requests.

/** The paid demo workspace: nothing it does is charged, so a long run never runs out of credits. */
export const BENCH_KEY = 'demo-paid-key';

/** A one-channel draft: the cheapest full POST /posts (validated, planned, saved), repeatable without limit. */
export const BENCH_DRAFT = JSON.stringify({
  type: 'draft',
  date: '2026-01-06T10:00:00.000Z',
  shortLink: false,
  tags: [],
  posts: [{ integration: { id: 'ch_paid_linkedin' }, value: [{ content: 'Benchmark draft', image: [] }] }],
});

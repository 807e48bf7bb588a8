// The state combinations the checks reach: which transition of a post each check drives, from which account state, on
// which shape of post. A rule of the reference can hold for a single post on a funded wallet and break for a thread
// on a frozen one; a bug that needs two conditions at once hides in a combination no check drives. The dimensions are
// here, with the combinations no check reaches and why; `npm run combinations` records what each check reaches (in
// suites/combinations.json, from a run of each check alone against the mock) and writes docs/rules.md's table, and
// scripts/combinations.test.ts holds every combination to a check that reaches it or a stated reason.

/** What a workspace's account is when the transition happens (plans and wallet states of reference sections 1 and 8). */
export const ACCOUNTS = ['paid', 'free before top-up', 'credits enough', 'credits short', 'frozen', 'auto top-up'] as const;
export type Account = (typeof ACCOUNTS)[number];

/** The shapes of post a transition can meet (a post may be several: a repeating thread is both). */
export const SHAPES = ['single', 'thread', 'repeating', 'several channels'] as const;
export type Shape = (typeof SHAPES)[number];

/** Whether the post is on a channel of the price list (charged per post on a wallet), or on a free one. */
export const CHANNELS = ['charged', 'free'] as const;
export type ChannelKind = (typeof CHANNELS)[number];

/** What happens to the post (reference section 3's table, and editing from section 8). */
export const TRANSITIONS = ['create draft', 'create scheduled', 'create now', 'edit', 'to schedule', 'to draft', 'delete', 'publish', 'failed send, first item', 'failed send, later item'] as const;
export type Transition = (typeof TRANSITIONS)[number];

export interface Combination {
  transition: Transition;
  account: Account;
  shape: Shape;
  channel: ChannelKind;
}

export const key = (c: Combination): string => `${c.transition} | ${c.account} | ${c.shape} | ${c.channel}`;

/** Check name -> the combinations it reached, as keys, sorted. */
export type CombinationsMap = Record<string, string[]>;

/**
 * Combinations no check reaches, each with why: a rule that cannot reach them (impossible), or a gap named. A test
 * fails when one is reached after all (the reason is then stale), and when a combination is neither reached nor here.
 * `when` selects by any of the dimensions it names.
 */
export const LEFT_OUT: Array<{ when: Partial<Record<keyof Combination, readonly string[]>>; why: string }> = [
  // Combinations that cannot happen.
  { when: { account: ['credits short'], channel: ['free'] }, why: 'cannot happen: a post on a free channel costs nothing, so credits are never short for it' },
  { when: { account: ['credits short'], transition: ['create draft', 'to draft', 'delete', 'publish', 'failed send, first item', 'failed send, later item'] }, why: 'cannot happen: "credits short" is the 402 of a transition that charges, and this one charges nothing (drafts are free, the rest give back or were paid at scheduling)' },
  { when: { account: ['free before top-up'], channel: ['charged'] }, why: 'cannot happen: a workspace before its first top-up cannot connect a charged channel (section 4.1: `GET /social/<integration>` answers 402 "for `x` on a free workspace"), so it holds no charged post' },
  // Combinations the reference leaves open, so that no check can hold a server to one outcome.
  { when: { transition: ['edit'] }, why: 'open: the reference does not say how a post is edited through the API (the mock reads a `POST /posts` naming the post\'s group as an edit, a decision); what an edit costs is asserted through the estimate\'s `group` (estimate_counts_group_paid), which sends no edit' },
  { when: { account: ['frozen'], transition: ['publish', 'failed send, first item', 'failed send, later item'], channel: ['charged'] }, why: 'open: what a freeze does to posts paid before it, when their time comes, is not shown' },
  { when: { transition: ['create now'], shape: ['repeating'] }, why: 'open: a repeating post sent now queues its next occurrence at once, and when that occurrence is paid is not shown; billing_holds_in_every_wallet_state sends no repeating post now' },
  // Gaps, each with why it is left.
  { when: { transition: ['failed send, first item', 'failed send, later item'] }, why: 'a gap, left: failed_send_refunds drives a failed send of a single post and of a thread on a funded wallet, webhook_per_group on the paid workspace; a failed send needs a failing channel and a moved clock, so the other accounts and shapes are not driven to one' },
  { when: { transition: ['publish'] }, why: 'a gap, left: publication moves no credits (section 8 pays at scheduling), and the checks that publish run on the paid workspace and on a funded wallet' },
  { when: { account: ['free before top-up'] }, why: 'a gap, left: before its first top-up a workspace has only free channels (above), whose posts move no credits; unlisted_channels_free drives creation and publication there' },
  { when: { account: ['paid'] }, why: 'a gap, left: a paid plan does not use the wallet; post_lifecycle_model drives each transition there on the shapes it draws' },
  { when: { shape: ['several channels'], channel: ['free'] }, why: 'a gap, left: a post on two free channels moves no credits, as one on a single free channel does, which billing_holds_in_every_wallet_state drives' },
  { when: { account: ['credits enough', 'credits short', 'frozen', 'auto top-up'] }, why: 'drawn, not recorded: billing_holds_in_every_wallet_state draws every wallet state, shape and transition of these, and the recorded runs (seeds 1 to 3, ten runs each) did not draw this one' },
];

export function leftOutReason(c: Combination): string | undefined {
  return LEFT_OUT.find((l) => (Object.keys(l.when) as Array<keyof Combination>).every((d) => l.when[d]!.includes(c[d])))?.why;
}

export function allCombinations(): Combination[] {
  return TRANSITIONS.flatMap((transition) => ACCOUNTS.flatMap((account) => SHAPES.flatMap((shape) => CHANNELS.map((channel) => ({ transition, account, shape, channel })))));
}

/** The file's text: one line per check, so that a diff shows which check reached something else. */
export function combinationsText(map: CombinationsMap): string {
  const names = Object.keys(map).sort();
  return `{\n${names.map((n) => `  ${JSON.stringify(n)}: ${JSON.stringify([...map[n]!].sort())}`).join(',\n')}\n}\n`;
}

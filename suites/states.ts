// Provider states: every precondition a check cannot create through the public API, by name, with what it takes and
// what it gives back. A target offers them through one small hook (spec/states.yaml); the mock's hook is
// /_mock/states, over its control API. `spw verify --list-states` prints this table.

export interface StateSpec {
  name: string;
  /** What the target must make true (or, for a read, give back). */
  summary: string;
  /** Parameter name → meaning; a trailing `?` marks an optional one. */
  params: Record<string, string>;
  /** What the hook answers with, field by field. */
  produces: Record<string, string>;
}

const WS = 'a workspace id (from `workspaces` or `workspace.created`)';

export const STATES = [
  { name: 'world.reset', summary: 'The target is back at its starting world: the workspaces `workspaces` lists, with their keys, channels, groups and wallets as they began.', params: {}, produces: {} },
  {
    name: 'workspaces',
    summary: 'Read: the workspaces the run may use, with their plan state and API key (one of each kind: paid; free never topped up; free topped up, not frozen).',
    params: {},
    produces: { '[]': 'an array of { id, name, plan: free|paid, payAsYouGo, frozen, apiKey }' },
  },
  {
    name: 'workspace.created',
    summary: 'A new workspace: with `plan`, one group and a connected channel of every provider, topped up by `topUpCredits` when given; with `like`, a copy of how that workspace was made.',
    params: { 'plan?': 'free | paid', 'name?': 'display name', 'topUpCredits?': 'credits of a first top-up', 'like?': 'a workspace id: make it like that one was made (plan, groups, channels, first wallet), every id and the key its own; the verifier\'s concurrent lanes are such copies' },
    produces: { id: 'workspace id', apiKey: 'its API key', plan: 'its plan', payAsYouGo: 'boolean', frozen: 'boolean' },
  },
  {
    name: 'workspace.reset',
    summary: 'One workspace back to how it was made (its posts, media, wallet, brief, webhooks, OAuth app and hourly count gone; id, first key, groups and channels as they were), the rest of the world untouched. With it, concurrent checks each start in fresh workspaces of their own.',
    params: { workspace: WS },
    produces: { id: 'workspace id', apiKey: 'its key (the first one)', plan: 'its plan', payAsYouGo: 'boolean', frozen: 'boolean' },
  },
  {
    name: 'workspaces.reset',
    summary: 'Several workspaces back to how they were made, as `workspace.reset` does each, in one call; a refusal changes none of them. Offered, a lane of a concurrent run starts each check with one call instead of one per workspace.',
    params: { workspaces: 'workspace ids' },
    produces: { '[]': 'an array of { id, apiKey, plan, payAsYouGo, frozen }, in the order named' },
  },
  { name: 'workspace.keyRotated', summary: 'The workspace has a new API key; the old one is refused (401).', params: { workspace: WS }, produces: { apiKey: 'the new key' } },
  {
    name: 'clock',
    summary: 'Read: the target\'s clock (the instant a check measures schedules from); with `workspace`, the time that workspace sees (a hook offering `workspace.clockMoved` must honour it).',
    params: { 'workspace?': WS },
    produces: { now: 'ISO instant', frozen: 'boolean' },
  },
  {
    name: 'clock.moved',
    summary: 'The target\'s clock is at `now`, or `advanceSeconds` later, and frozen or running; what fell due ran (scheduled posts published or failed, webhooks delivered).',
    params: { 'now?': 'an ISO instant', 'advanceSeconds?': 'seconds to move forward', 'frozen?': 'boolean' },
    produces: { now: 'ISO instant', frozen: 'boolean', 'published?': 'ids of posts published by the move', 'failed?': 'ids of posts whose send failed' },
  },
  {
    name: 'workspace.clockMoved',
    summary: 'The named workspaces\' clocks alone are at `now`, or `advanceSeconds` later, each from its own time; what fell due in them ran. Every other workspace keeps the target\'s time, and `workspace.reset` puts a workspace back on it. Offered, it lets checks that move time run beside each other, each in workspaces of its own (as Stripe\'s test clocks are per customer).',
    params: { workspaces: 'workspace ids', 'now?': 'an ISO instant', 'advanceSeconds?': 'seconds to move forward' },
    produces: { now: 'ISO instant (the first workspace\'s time)', frozen: 'boolean', 'published?': 'ids of posts published by the move', 'failed?': 'ids of posts whose send failed' },
  },
  { name: 'channel.failing', summary: 'Sends on the channel fail (a post due on it ends in the error state, its credits refunded) until `fail` is false.', params: { channel: 'a channel id', fail: 'boolean' }, produces: {} },
  {
    name: 'limits',
    summary: 'Read: the limits the reference leaves to the service; with `workspace`, as that workspace has them (a hook offering `workspace.limitsSet` must honour it).',
    params: { 'workspace?': WS },
    produces: { postsPerHour: 'number', freeStorageBytes: 'number', freeLibraryBytes: 'number' },
  },
  {
    name: 'limits.set',
    summary: 'Limits the reference leaves to the service, set to the given values (the rest unchanged).',
    params: { 'postsPerHour?': 'posts per hour per workspace', 'freeStorageBytes?': 'storage the free amount covers', 'freeLibraryBytes?': 'the free plan\'s media library capacity', 'allowLoopbackWebhooks?': 'boolean (lets the verifier receive webhooks on its own machine)' },
    produces: { postsPerHour: 'number', freeStorageBytes: 'number', freeLibraryBytes: 'number' },
  },
  {
    name: 'workspace.limitsSet',
    summary: 'The same limits, set for the named workspaces alone (the rest of the world keeps its own); `workspace.reset` takes them back.',
    params: { workspaces: 'workspace ids', 'postsPerHour?': 'posts per hour per workspace', 'freeStorageBytes?': 'storage the free amount covers', 'freeLibraryBytes?': 'the free plan\'s media library capacity', 'allowLoopbackWebhooks?': 'boolean' },
    produces: { postsPerHour: 'number (the first workspace\'s)', freeStorageBytes: 'number', freeLibraryBytes: 'number' },
  },
  { name: 'webhooks', summary: 'Read: the webhooks configured for a workspace (configured in the app, outside the public API).', params: { workspace: WS }, produces: { '[]': 'an array of { id, name, url, integrations }' } },
  { name: 'webhook.created', summary: 'A webhook configured in the app for the workspace.', params: { workspace: WS, url: 'https URL', 'name?': 'string', 'integrations?': '"all" or channel ids' }, produces: { id: 'webhook id' } },
  { name: 'webhook.deleted', summary: 'The webhook is gone.', params: { workspace: WS, webhook: 'webhook id' }, produces: {} },
  { name: 'webhook.testSent', summary: 'The app\'s Send Test action was used on `url`.', params: { workspace: WS, url: 'https URL' }, produces: {} },
  { name: 'deliveries', summary: 'Read: the webhook deliveries the target made (to any URL), oldest first.', params: { 'workspace?': WS }, produces: { '[]': 'an array of { id, webhookId, workspaceId, url, body, status, at, test }' } },
  { name: 'wallet.toppedUp', summary: 'A top-up of `credits` was paid in the app (the first one turns pay-as-you-go on).', params: { workspace: WS, credits: 'number' }, produces: { balance: 'number', payAsYouGo: 'boolean', frozen: 'boolean' } },
  { name: 'wallet.granted', summary: 'Credits were granted (a ledger entry of its own).', params: { workspace: WS, credits: 'number', 'description?': 'string' }, produces: { balance: 'number' } },
  { name: 'wallet.adjusted', summary: 'The balance moved by `credits` (negative empties it) with a ledger entry.', params: { workspace: WS, credits: 'number', 'description?': 'string' }, produces: { balance: 'number' } },
  { name: 'wallet.frozen', summary: 'The wallet is frozen.', params: { workspace: WS }, produces: {} },
  { name: 'wallet.unfrozen', summary: 'The wallet is not frozen.', params: { workspace: WS }, produces: {} },
  {
    name: 'wallet.autoTopUp',
    summary: 'Automatic top-up is on or off with these settings.',
    params: { workspace: WS, enabled: 'boolean', 'belowCredits?': 'number or null', 'amount?': 'number', 'monthlyLimit?': 'number or null' },
    produces: {},
  },
  {
    name: 'oauthApp.created',
    summary: 'The workspace has an OAuth app (made in the app) with this redirect URL.',
    params: { workspace: WS, name: 'string', redirectUrl: 'https URL', 'description?': 'string', 'picture?': 'URL' },
    produces: { clientId: 'string', clientSecret: 'string' },
  },
  { name: 'oauthApp.edited', summary: 'The OAuth app\'s fields are changed.', params: { workspace: WS, 'name?': 'string', 'redirectUrl?': 'https URL', 'description?': 'string', 'picture?': 'URL' }, produces: { clientId: 'string' } },
  { name: 'oauthApp.secretRotated', summary: 'The OAuth app has a new client secret; the old one is refused.', params: { workspace: WS }, produces: { clientId: 'string', clientSecret: 'the new secret' } },
  { name: 'oauthApp.revoked', summary: 'Every token the OAuth app was given is revoked.', params: { workspace: WS }, produces: { revoked: 'how many tokens' } },
  { name: 'oauthApp.deleted', summary: 'The OAuth app is gone, and its tokens with it.', params: { workspace: WS }, produces: {} },
] as const satisfies readonly StateSpec[];

/** A state of the catalogue, by name. */
export type StateName = (typeof STATES)[number]['name'];

export const STATE_NAMES: readonly StateName[] = STATES.map((s) => s.name);

/** The `--list-states` text: each state, its parameters and what it gives back, and the checks that use it. */
export function listStates(usedBy: (name: StateName) => string[]): string {
  const lines: string[] = [];
  for (const s of STATES) {
    lines.push(`${s.name}`);
    lines.push(`  ${s.summary}`);
    const params = Object.entries(s.params);
    lines.push(`  params:   ${params.length === 0 ? '(none)' : params.map(([k, v]) => `${k} (${v})`).join('; ')}`);
    const produces = Object.entries(s.produces);
    lines.push(`  produces: ${produces.length === 0 ? '(nothing)' : produces.map(([k, v]) => (k === '[]' ? v : `${k} (${v})`)).join('; ')}`);
    const users = usedBy(s.name);
    const runner = s.name === 'world.reset' || s.name === 'workspaces';
    lines.push(`  used by:  ${runner ? 'the runner, before every check (a fresh world and its keys)' : users.length === 0 ? 'no check yet' : users.join(', ')}`);
    lines.push('');
  }
  return lines.join('\n');
}

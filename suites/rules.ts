// The rules audit: each behavioural sentence of the reference, with the mock code that enforces it, the checks that
// assert it, the faults that break it (each caught by one of those checks, which the test holds), and the variation that proves the checks accept another legal reading, or why there is none. docs/rules.md's table
// is generated from this list (`npm run regen`), and suites/rules.test.ts holds each row to its parts and the
// audited sections to their rows: a sentence of an audited section is a row, or named here as no rule, with why.
//
// Audited so far: section 3 (states and transitions) and section 8 (limits and billing).

export interface Rule {
  /** The reference's section. */
  section: string;
  /** Its words, exactly as the reference writes them (a table row is quoted by the words that make it a rule). */
  quote: string;
  /** Where the mock enforces it: a file of this repository and a name that stands in it. */
  mock: { file: string; symbol: string };
  /** The checks that assert it; none only with `noCheck`. */
  checks: string[];
  noCheck?: string;
  /** The faults of the catalogue that break this rule; none only with `noFault`. */
  faults: string[];
  noFault?: string;
  /** The variation that makes another legal choice here, or why there is none. */
  variation?: string;
  noVariation?: string;
}

/** The reasons rows share for having no variation. */
const FIXED = 'the reference fixes it: another choice is a departure, not a reading';

export const AUDITED_SECTIONS = ['3', '8'];

export const RULES: Rule[] = [
  // Section 3: states and transitions.
  { section: '3', quote: 'Post states as listed by the calendar: `QUEUE`, `PUBLISHED`, `ERROR`, `DRAFT`.', mock: { file: 'mocks/domain/world.ts', symbol: 'PostState' }, checks: ['post_lifecycle_model', 'response_schema_conformance'], faults: ['now-not-published'], noVariation: FIXED },
  { section: '3', quote: '`POST /posts` with `type` `draft` | | draft | Drafts are free and skip the required-settings check', mock: { file: 'mocks/domain/posts.ts', symbol: 'targetState' }, checks: ['draft_costs_nothing', 'post_lifecycle_model'], faults: ['draft-charged', 'drafts-validated'], noVariation: FIXED },
  { section: '3', quote: 'on pay-as-you-go the wallet (with auto top-up) covers the price | on the schedule | Credits charged per priced item; otherwise nothing is saved and the answer is 402', mock: { file: 'mocks/domain/billing.ts', symbol: 'planSettlement' }, checks: ['estimate_equals_charge', 'refusal_saves_nothing', 'exact_balance_covers', 'auto_top_up_covers'], faults: ['double-charge', 'refusal-still-saves', 'exact-balance-short', 'auto-top-up-unlisted'], noVariation: FIXED },
  { section: '3', quote: '`POST /posts` with `type` `now` | settings valid | published immediately | Webhook sent on success', mock: { file: 'mocks/domain/publishing.ts', symbol: 'runDue' }, checks: ['post_lifecycle_model', 'webhook_per_group'], faults: ['now-not-published'], variation: 'async-publisher' },
  { section: '3', quote: '`PUT /posts/<id>/status` with `schedule` | wallet covers it on pay-as-you-go | on the schedule, at the post\'s time | Charged; 402 when credits do not cover it', mock: { file: 'mocks/domain/posts.ts', symbol: 'changeStatus' }, checks: ['charged_again_after_refund', 'frozen_wallet', 'moved_post_keeps_its_time', 'post_lifecycle_model', 'refusal_saves_nothing'], faults: ['rescheduled-draft-free', 'status-schedule-uncharged', 'frozen-wallet-schedules-drafts', 'draft-scheduled-unchecked', 'moved-draft-not-queued'], noVariation: FIXED },
  { section: '3', quote: '`PUT /posts/<id>/status` with `draft` | | draft | Credits given back', mock: { file: 'mocks/domain/posts.ts', symbol: 'changeStatus' }, checks: ['refund_undoes_charge', 'charged_again_after_refund'], faults: ['missing-refund'], noVariation: FIXED },
  { section: '3', quote: 'publication at the scheduled time | send succeeds | `PUBLISHED` | One webhook request for the group', mock: { file: 'mocks/domain/publishing.ts', symbol: 'chainOut' }, checks: ['each_post_at_its_time', 'webhook_per_group', 'post_lifecycle_model'], faults: ['publisher-wakes-late', 'webhook-per-thread-item'], noVariation: FIXED },
  { section: '3', quote: 'failed send | | failure | Credits given back', mock: { file: 'mocks/domain/publishing.ts', symbol: 'function fail' }, checks: ['failed_send_refunds'], faults: ['failed-send-keeps-credits', 'failed-thread-refunds-sent-items'], noVariation: FIXED },
  { section: '3', quote: 'removed with its group | Credits paid for parts not sent yet are given back', mock: { file: 'mocks/domain/posts.ts', symbol: 'deleteGroup' }, checks: ['sent_parts_kept_unsent_refunded', 'refund_undoes_charge', 'use_after_free', 'post_lifecycle_model'], faults: ['disconnect-keeps-credits', 'missing-refund', 'deleted-post-still-found'], noVariation: FIXED },
  { section: '3', quote: 'Brief onboarding `last.status`: `RUNNING`, `DONE`, `FAILED`.', mock: { file: 'mocks/domain/brief.ts', symbol: 'RUNNING' }, checks: ['response_schema_conformance'], faults: [], noFault: 'no fault changes the status values; response_schema_conformance holds every answer to the schema, and error-body-shape proves it sees a shape broken', noVariation: FIXED },
  { section: '3', quote: 'Upload ticket: minted, then accepts exactly one multipart upload within its validity (15 minutes), then is spent or expired.', mock: { file: 'mocks/domain/uploads.ts', symbol: 'claimTicket' }, checks: ['upload_ticket_single_use', 'upload_ticket_one_racer', 'upload_ticket_expiry'], faults: ['ticket-reusable', 'ticket-expiry-ignored', 'ticket-race'], noVariation: FIXED },
  { section: '3', quote: 'Wallet: `payAsYouGo` becomes true after the first top-up and is false while `frozen`.', mock: { file: 'mocks/domain/wallet-summary.ts', symbol: 'payAsYouGo' }, checks: ['frozen_wallet', 'plan_gates', 'documented_variant_meaning'], faults: ['frozen-still-pay-as-you-go'], noVariation: FIXED },

  // Section 8: limits.
  { section: '8', quote: 'Upload image size (jpeg, png, gif, webp, avif, bmp, tiff) | 10 MB', mock: { file: 'mocks/domain/media.ts', symbol: 'acceptType' }, checks: [], faults: [], noCheck: 'a check would send 10 MB to every target on every run; the size is read by the mock alone (docs/spec-audit.md reads its status as 400)', noFault: 'no check asserts it', noVariation: FIXED },
  { section: '8', quote: 'Upload video size (mp4) | 1 GB', mock: { file: 'mocks/domain/media.ts', symbol: 'acceptType' }, checks: [], faults: [], noCheck: 'a check would send 1 GB; npm run bench:upload measures the mock taking one', noFault: 'no check asserts it', noVariation: FIXED },
  { section: '8', quote: 'Upload ticket validity | 15 minutes; single use', mock: { file: 'mocks/domain/uploads.ts', symbol: 'mintTicket' }, checks: ['upload_ticket_expiry', 'upload_ticket_single_use'], faults: ['ticket-one-hour', 'ticket-expiry-ignored', 'ticket-reusable'], noVariation: FIXED },
  { section: '8', quote: 'Media list page size | 18, newest first', mock: { file: 'mocks/domain/media.ts', symbol: 'listMedia' }, checks: ['media_paging'], faults: ['media-page-20', 'media-oldest-first', 'media-pages-miscounted'], noVariation: FIXED },
  { section: '8', quote: 'Wallet transactions `size` | 1 to 100, default 20', mock: { file: 'mocks/domain/wallet.ts', symbol: 'listTransactions' }, checks: ['transactions_default_page_size', 'wallet_transactions_paging', 'negative_data_rejection'], faults: ['transactions-default-size-50', 'transactions-endless-pages'], noVariation: FIXED },
  { section: '8', quote: 'Estimate `contents` | 1 to 100 items', mock: { file: 'spec/openapi.yaml', symbol: 'maxItems: 100' }, checks: ['negative_data_rejection', 'positive_data_acceptance'], faults: [], noFault: 'a bound of the document: negative_data_rejection sends a value past every bound it states, and no fault of its own moves this one', noVariation: FIXED },
  { section: '8', quote: 'Estimate `inter` | 0 to 3650', mock: { file: 'spec/openapi.yaml', symbol: 'maximum: 3650' }, checks: ['negative_data_rejection', 'estimate_counts_group_paid'], faults: [], noFault: 'a bound of the document: negative_data_rejection sends a value past every bound it states, and no fault of its own moves this one', noVariation: FIXED },
  { section: '8', quote: 'Analytics cache | one hour', mock: { file: 'mocks/domain/analytics.ts', symbol: 'channelAnalytics' }, checks: ['analytics_cache'], faults: ['analytics-never-cached'], noVariation: FIXED },
  { section: '8', quote: 'Authorization code lifetime | 10 minutes', mock: { file: 'mocks/domain/oauth.ts', symbol: 'exchangeCode' }, checks: ['oauth_code_exchanges_only_for_its_app_within_10_minutes'], faults: [], noFault: 'not proven yet: no fault of the catalogue lets a code live longer', noVariation: FIXED },
  { section: '8', quote: 'OAuth apps per workspace | 1', mock: { file: 'mocks/domain/oauth.ts', symbol: 'createApp' }, checks: ['oauth_one_app_per_workspace_and_revocation_per_app'], faults: [], noFault: 'not proven yet: no fault of the catalogue allows a second app', noVariation: FIXED },
  { section: '8', quote: 'OAuth app name / description | 100 / 500 characters', mock: { file: 'mocks/domain/oauth.ts', symbol: 'checkFields' }, checks: ['oauth_one_app_per_workspace_and_revocation_per_app'], faults: [], noFault: 'not proven yet: no fault of the catalogue lengthens the bounds', noVariation: FIXED },
  { section: '8', quote: 'Webhooks on the free plan | 30', mock: { file: 'mocks/domain/webhooks.ts', symbol: 'createWebhook' }, checks: ['free_plan_allows_30_webhooks'], faults: [], noFault: 'not proven yet: no fault of the catalogue moves the figure', noVariation: FIXED },
  { section: '8', quote: 'TikTok title | 90 characters', mock: { file: 'spec/openapi.yaml', symbol: 'SettingsTiktok' }, checks: ['settings_refused'], faults: ['settings-bounds-unchecked'], noVariation: FIXED },
  { section: '8', quote: 'YouTube title | 2 to 100 characters; tags together up to 500 characters', mock: { file: 'mocks/domain/post-validation.ts', symbol: 'extraSettingsProblem' }, checks: ['settings_refused', 'youtube_tags_over_500_refused'], faults: ['youtube-tags-unchecked', 'settings-bounds-unchecked'], noVariation: FIXED },
  { section: '8', quote: 'Discord forum title | 100 characters', mock: { file: 'spec/openapi.yaml', symbol: 'SettingsDiscord' }, checks: ['settings_refused'], faults: ['settings-bounds-unchecked'], noVariation: FIXED },
  { section: '8', quote: 'Facebook text-only background | post with no media and at most 130 characters', mock: { file: 'spec/openapi.yaml', symbol: 'SettingsFacebook' }, checks: [], faults: [], noCheck: 'the mock does not refuse the preset with media or a longer text (a mock decision: it "simply does not apply"), and the reference does not say a server refuses it', noFault: 'no check asserts it', noVariation: 'no check asserts it: another choice cannot fail the suites' },
  { section: '8', quote: 'Rate limit: `POST /posts` is limited per workspace per hour; over the limit the answer is 429, and the client waits and retries. The numeric limit: not shown.', mock: { file: 'mocks/domain/rate-limit.ts', symbol: 'admitPostRequest' }, checks: ['hourly_post_limit'], faults: ['no-429'], variation: 'production-post-limit' },
  { section: '8', quote: 'A post on a channel charged per post is paid from wallet credits when it is scheduled, each thread item separately. Drafts are free until scheduled.', mock: { file: 'mocks/domain/billing.ts', symbol: 'planSettlement' }, checks: ['estimate_equals_charge', 'draft_costs_nothing', 'exact_balance_covers'], faults: ['double-charge', 'draft-charged', 'exact-balance-short'], noVariation: FIXED },
  { section: '8', quote: 'Editing re-prices only what changed. Deleting, moving back to draft or a failed send gives credits back. Deleting gives back credits paid for parts not sent yet.', mock: { file: 'mocks/domain/posts.ts', symbol: 'buildRows' }, checks: ['estimate_counts_group_paid', 'refund_undoes_charge', 'failed_send_refunds', 'sent_parts_kept_unsent_refunded'], faults: ['estimate-group-ignored', 'missing-refund', 'failed-send-keeps-credits', 'disconnect-keeps-credits'], noVariation: FIXED },
  { section: '8', quote: 'Storage above the free amount is paid at upload; deleting a media file does not refund it.', mock: { file: 'mocks/domain/media.ts', symbol: 'chargeableGb' }, checks: ['storage_paid_at_upload'], faults: ['storage-refunded-on-delete'], noVariation: FIXED },
  { section: '8', quote: 'On the free plan the skills and brief endpoints open with the first top-up.', mock: { file: 'mocks/domain/unlocks.ts', symbol: 'requireUnlocked' }, checks: ['plan_gates'], faults: ['brief-gate-403'], noVariation: FIXED },
  { section: '8', quote: 'The price list is read from `GET /wallet/prices`; channels not listed are free.', mock: { file: 'mocks/domain/wallet-pricing.ts', symbol: 'isChargedProvider' }, checks: ['unlisted_channels_free', 'price_list_provider_filter'], faults: ['free-plan-needs-top-up', 'prices-filter-ignored'], noVariation: FIXED },
];

/** Lines of the audited sections that are no rule of behaviour, each with why. */
export const NOT_RULES: Array<{ section: string; quote: string; why: string }> = [
  { section: '3', quote: 'Which enumerated value stands for a post on the schedule: not shown.', why: 'leaves the value open: the checks hold a scheduled post to neither DRAFT nor PUBLISHED (suites/models/posts)' },
  { section: '3', quote: 'Transitions other than those in the table: not shown.', why: 'leaves the rest open: no check asserts another transition' },
  { section: '3', quote: 'Transitions: not shown.', why: 'the onboarding run\'s transitions are left open' },
  { section: '3', quote: 'Other stateful items:', why: 'a heading' },
  { section: '8', quote: 'Other endpoints are under fair use with no figure given.', why: 'gives no figure to hold a server to' },
  { section: '8', quote: 'Free-plan library capacity and the free storage amount: not shown.', why: 'leaves the figures open: the checks set or read them through the hook' },
  { section: '8', quote: 'Billing rules that act on operations (pay-as-you-go workspaces):', why: 'a heading' },
];

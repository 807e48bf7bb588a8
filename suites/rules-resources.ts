// The rules audit of section 2 (resources and their fields): its rows, and its lines that are no rule, with why (suites/rules.ts).
import { FIXED, type NotRule, type Rule } from './rule.ts';

/**
 * A field of an answer whose type no fault of its own breaks: response_schema_conformance holds every answer to the
 * document's schema, and the faults it catches (error-body-shape among them) prove it sees a shape broken.
 */
const ANSWER = {
  checks: ['response_schema_conformance'],
  faults: [],
  noFault: "no fault of its own changes this field; response_schema_conformance holds every answer to the document's schema, and error-body-shape proves it sees a shape broken",
};

/**
 * A constraint on a request body that the document states: negative_data_rejection breaks each one the body reaches
 * once, and the row's fault is a validator that forgot it.
 */
const REQUEST = { checks: ['negative_data_rejection', 'positive_data_acceptance'] };

/** A setting whose effect is on the network: nothing an answer of the API shows. */
const ON_THE_NETWORK = {
  checks: [],
  faults: [],
  noCheck: 'what it does happens on the network, which no answer of the API shows; the mock holds its type to the document (spec/openapi.yaml) and keeps it as sent, and no check sends it of another type',
  noFault: 'no check asserts it',
  noVariation: 'no check asserts it: another choice cannot fail the suites',
};

/** A required setting, or one with an allowed list: settings_refused leaves each out or sends a value off its list. */
const REQUIRED = { checks: ['settings_refused'], faults: ['settings-required-unchecked'], noVariation: FIXED };
const LISTED = { checks: ['settings_refused'], faults: ['settings-lists-unchecked'], noVariation: FIXED };
const REQUIRED_LISTED = { checks: ['settings_refused'], faults: ['settings-required-unchecked', 'settings-lists-unchecked'], noVariation: FIXED };
const BOUNDED = { checks: ['settings_refused'], faults: ['settings-bounds-unchecked'], noVariation: FIXED };

const CHANNEL = { file: 'mocks/domain/channels.ts', symbol: 'channelView' };
const SUMMARY = { file: 'mocks/http/routes/posts.ts', symbol: 'function summary' };
const DOCUMENT = (symbol: string) => ({ file: 'spec/openapi.yaml', symbol });

export const RESOURCE_RULES: Rule[] = [
  // 2.1 Channel.
  { section: '2', quote: '| id | string | yes | Channel id |', mock: CHANNEL, ...ANSWER, variation: 'uuid-ids' },
  { section: '2', quote: '| name | string | yes | Display name |', mock: CHANNEL, ...ANSWER, noVariation: FIXED },
  { section: '2', quote: '| identifier | string | yes | Provider of the channel, for example `linkedin`, `x`, `tiktok`, `instagram`, `discord`, `linkedin-page` |', mock: CHANNEL, ...ANSWER, checks: ['response_schema_conformance', 'settings_schema_describes_the_provider'], noVariation: 'the providers named are examples: any string passes the schema, and a provider the document does not describe gets settings of `__type` alone (suites/arbitraries/posts.ts)' },
  { section: '2', quote: '| picture | string\\|null | no | Avatar |', mock: CHANNEL, ...ANSWER, noVariation: FIXED },
  { section: '2', quote: '| disabled | boolean | no | |', mock: CHANNEL, ...ANSWER, noVariation: 'what a disabled channel does is not shown: the mock refuses to schedule to it (a decision), and the checks leave disabled channels out of their posts (textSafe), so either answer passes' },
  { section: '2', quote: '| profile | string\\|null | no | |', mock: CHANNEL, ...ANSWER, noVariation: FIXED },
  { section: '2', quote: '| customer | object `{id: string, name: string}` | no | The group the channel is labelled with |', mock: CHANNEL, checks: ['response_schema_conformance', 'group_filter_lists_exactly_its_channels'], faults: ['channel-customer-id-only', 'group-filter-ignored'], noVariation: FIXED },

  // 2.2 Group.
  { section: '2', quote: '| id | string | yes |', mock: { file: 'mocks/domain/channels.ts', symbol: 'listGroups' }, ...ANSWER, checks: ['response_schema_conformance', 'group_filter_lists_exactly_its_channels'], variation: 'uuid-ids' },
  { section: '2', quote: '| name | string | yes |', mock: { file: 'mocks/domain/channels.ts', symbol: 'listGroups' }, ...ANSWER, noVariation: FIXED },

  // 2.3 Post summary.
  { section: '2', quote: '| id | string | |', mock: SUMMARY, ...ANSWER, checks: ['response_schema_conformance', 'ensure_resource_availability', 'post_lifecycle_model'], variation: 'uuid-ids' },
  { section: '2', quote: '| group | string | Group id shared by the post, its thread items and comments |', mock: SUMMARY, checks: ['response_schema_conformance', 'post_lifecycle_model', 'webhook_per_group'], faults: ['summary-group-is-post-id'], noVariation: FIXED },
  { section: '2', quote: '| content | string | May contain HTML |', mock: SUMMARY, checks: ['response_schema_conformance', 'post_reference_replaced'], faults: ['summary-content-preview'], noVariation: FIXED },
  { section: '2', quote: '| publishDate | string date-time | |', mock: SUMMARY, ...ANSWER, checks: ['response_schema_conformance', 'each_post_at_its_time', 'moved_post_keeps_its_time'], variation: 'utc-offset-dates' },
  { section: '2', quote: '| state | string | One of `QUEUE`, `PUBLISHED`, `ERROR`, `DRAFT` |', mock: SUMMARY, checks: ['response_schema_conformance', 'post_lifecycle_model'], faults: ['calendar-state-scheduled', 'now-not-published'], noVariation: FIXED },
  { section: '2', quote: '| releaseURL | string\\|null | Address of the live post on the network |', mock: SUMMARY, checks: ['response_schema_conformance', 'post_reference_replaced'], faults: ['release-url-empty'], noVariation: 'the address itself is the network\'s: the checks read it from the target and hold the (post:<id>) text to it, never to a form of the mock\'s' },
  { section: '2', quote: '| integration | object | Fields not shown |', mock: SUMMARY, checks: ['response_schema_conformance'], faults: [], noFault: 'its fields are not shown, so the document asks only for an object: no fault has more of a rule to break', noVariation: 'its fields are not shown and the schema asks only for an object: any fields pass' },

  // 2.4 Create-posts request body.
  { section: '2', quote: '| type | string | yes | `draft`, `schedule`, `now`. The prose also lists `update` as accepted |', mock: { file: 'mocks/domain/posts.ts', symbol: 'targetState' }, checks: ['negative_data_rejection', 'positive_data_acceptance', 'post_lifecycle_model'], faults: ['now-not-published', 'drafts-validated'], noVariation: FIXED },
  { section: '2', quote: '| date | string date-time (ISO 8601, UTC) | yes | When to publish. Required even for drafts |', mock: DOCUMENT('Required even for drafts'), checks: ['negative_data_rejection', 'each_post_at_its_time'], faults: ['publisher-wakes-late'], noVariation: 'a date with another offset names the same instant: the mock takes it, and the checks send UTC (`Z`) only, so a server that takes UTC alone passes too' },
  { section: '2', quote: '| shortLink | boolean | yes | Shorten links in the content |', mock: { file: 'mocks/domain/posts.ts', symbol: 'shortLink: input.shortLink' }, ...REQUEST, faults: ['short-link-defaulted'], noVariation: 'how a link is shortened, and where that shows, is not shown: the mock keeps the flag and sends the text as written, and the checks whose length or price a link decides send shortLink false' },
  { section: '2', quote: '| tags | array of `{value: string, label: string}` (both required) | yes | May be empty |', mock: DOCUMENT('Tag:'), ...REQUEST, faults: ['tag-label-unchecked'], noVariation: FIXED },
  { section: '2', quote: '| inter | integer | no | Repeat the post every n days |', mock: { file: 'mocks/domain/publishing.ts', symbol: 'queueNextOccurrence' }, checks: ['repeating_post_repeats', 'negative_data_rejection'], faults: ['repeat-ignored'], noVariation: FIXED },
  { section: '2', quote: '| creationMethod | string | no | `API` or `CLI`; default `API` |', mock: { file: 'mocks/domain/posts.ts', symbol: "input.creationMethod ?? 'API'" }, ...REQUEST, faults: ['creation-method-unlisted'], noVariation: FIXED },
  { section: '2', quote: '| posts | array | yes | One entry per channel; see below |', mock: DOCUMENT('One entry per channel.'), ...REQUEST, faults: ['posts-required-unchecked'], noVariation: FIXED },
  { section: '2', quote: '| integration | object `{id: string}` | yes | Channel id |', mock: { file: 'mocks/domain/posts.ts', symbol: 'planEntry' }, ...REQUEST, faults: ['integration-defaulted'], checks: ['negative_data_rejection', 'positive_data_acceptance', 'tenant_isolation'], noVariation: FIXED },
  { section: '2', quote: '| group | string | no | |', mock: { file: 'mocks/domain/posts.ts', symbol: 'planEntry' }, checks: ['post_lifecycle_model'], faults: ['shared-group-refused'], noVariation: "what naming an existing group does (an edit) is the field notes', which no check asserts; that entries on several channels may share one the reference leaves allowed, and post_lifecycle_model holds a server to taking it" },
  { section: '2', quote: '| settings | object | required unless `type` is `draft` | Channel settings (section 2.9), carrying `__type` |', mock: { file: 'mocks/domain/post-validation.ts', symbol: 'checkSettings' }, checks: ['settings_refused', 'post_lifecycle_model'], faults: ['drafts-validated', 'draft-scheduled-unchecked', 'settings-type-mismatch-accepted'], variation: 'settings-error-as-error' },
  { section: '2', quote: '| value | array, at least 1 item | yes | The post first, then each thread item or comment |', mock: { file: 'mocks/domain/posts.ts', symbol: 'buildRows' }, ...REQUEST, faults: ['empty-value-skipped'], checks: ['negative_data_rejection', 'positive_data_acceptance', 'webhook_per_group'], noVariation: FIXED },
  { section: '2', quote: '| content | string | yes | HTML for most channels. The text `(post:<post_id>)` is replaced with that post\'s live URL when this item publishes |', mock: { file: 'mocks/domain/publishing.ts', symbol: '(post:' }, checks: ['post_reference_replaced', 'empty_or_too_long_refused'], faults: ['post-reference-kept'], noVariation: FIXED },
  { section: '2', quote: '| image | array | yes | May be empty |', mock: DOCUMENT('PostValueItem:'), ...REQUEST, faults: ['item-image-defaulted'], checks: ['negative_data_rejection', 'positive_data_acceptance', 'photo_counts_as_content_story_needs_one'], noVariation: FIXED },
  { section: '2', quote: '| id | string | no | |', mock: { file: 'mocks/domain/posts.ts', symbol: 'buildRows' }, checks: [], faults: [], noCheck: 'what an item id does (an edit of that item) is the field notes\' only, and the checks send no item id, so a server doing either is not failed', noFault: 'no check asserts it', noVariation: 'no check asserts it: another choice cannot fail the suites' },
  { section: '2', quote: '| delay | number | no | Minutes after the previous item |', mock: { file: 'mocks/domain/posts.ts', symbol: 'item.delay' }, checks: ['webhook_per_group'], faults: ['thread-delay-ignored'], noVariation: FIXED },
  { section: '2', quote: 'Item of `image`: `id` string (required), `path` string (required), `alt` string, `thumbnail` string.', mock: DOCUMENT('PostImage:'), ...REQUEST, faults: ['image-path-unchecked'], checks: ['negative_data_rejection', 'ensure_resource_availability', 'photo_counts_as_content_story_needs_one'], noVariation: 'whether `alt` and `thumbnail` may be null (as the Media of section 2.6 has them) the reference leaves open between its two tables: the mock takes null (docs/spec-audit.md), and the checks send an image as `{id, path}` alone' },
  { section: '2', quote: 'Media is uploaded first; `path` is the media\'s hosted URL.', mock: { file: 'mocks/domain/media.ts', symbol: 'mediaView' }, checks: ['ensure_resource_availability', 'photo_counts_as_content_story_needs_one'], faults: ['image-hosted-url-refused'], noVariation: 'whether a path that is not the library\'s is refused is not shown: the mock takes any, and the checks send only media they uploaded' },
  { section: '2', quote: 'Response (200): array of `{postId: string, integration: string}`, both required.', mock: { file: 'mocks/domain/posts.ts', symbol: 'CreatedPost' }, checks: ['response_schema_conformance', 'post_lifecycle_model'], faults: ['created-post-id-only'], variation: 'one-id-per-item' },

  // 2.5 Delete result.
  { section: '2', quote: '| group | string |', mock: { file: 'mocks/domain/posts.ts', symbol: 'deleteGroup' }, ...ANSWER, checks: ['response_schema_conformance', 'use_after_free'], noVariation: FIXED },
  { section: '2', quote: '| error | boolean |', mock: { file: 'mocks/domain/posts.ts', symbol: 'deleteGroup' }, ...ANSWER, noVariation: FIXED },
  { section: '2', quote: '| deletedFromPlatform | array of string |', mock: { file: 'mocks/domain/posts.ts', symbol: 'deleteGroup' }, checks: ['delete_from_platform_only_when_asked', 'response_schema_conformance'], faults: ['delete-flag-defaults-true'], noVariation: FIXED },
  { section: '2', quote: '| platformErrors | array of object |', mock: { file: 'mocks/domain/posts.ts', symbol: 'deleteGroup' }, ...ANSWER, noVariation: 'the fields of its objects are not shown: the schema asks only for objects' },

  // 2.6 Media.
  { section: '2', quote: '| id | string | yes | |', mock: { file: 'mocks/domain/media.ts', symbol: 'mediaView' }, ...ANSWER, checks: ['response_schema_conformance', 'media_paging'], variation: 'uuid-ids' },
  { section: '2', quote: '| name | string | no | |', mock: { file: 'mocks/domain/media.ts', symbol: 'mediaView' }, ...ANSWER, noVariation: FIXED },
  { section: '2', quote: '| originalName | string\\|null | no | |', mock: { file: 'mocks/domain/media.ts', symbol: 'mediaView' }, ...ANSWER, noVariation: FIXED },
  { section: '2', quote: '| path | string | yes | Hosted URL; used as an image path on a post |', mock: { file: 'mocks/domain/media.ts', symbol: 'mediaView' }, checks: ['response_schema_conformance', 'ensure_resource_availability'], faults: ['media-path-relative'], noVariation: FIXED },
  { section: '2', quote: '| thumbnail | string\\|null | no | |', mock: { file: 'mocks/domain/media.ts', symbol: 'mediaView' }, ...ANSWER, noVariation: FIXED },
  { section: '2', quote: '| alt | string\\|null | no | |', mock: { file: 'mocks/domain/media.ts', symbol: 'mediaView' }, ...ANSWER, noVariation: FIXED },
  { section: '2', quote: 'The brief upload response adds `type` (`image` or `document`) and `mime` (string).', mock: { file: 'mocks/domain/media.ts', symbol: 'briefMediaView' }, checks: ['upload_types_by_endpoint', 'response_schema_conformance'], faults: ['brief-upload-always-image', 'brief-upload-no-mime'], noVariation: FIXED },

  // 2.7 Analytics series.
  { section: '2', quote: 'An array of series. Each series: `label` string, `percentageChange` number, `data` array of `{total: number or string, date: string}`.', mock: { file: 'mocks/domain/analytics.ts', symbol: 'function series' }, checks: ['response_schema_conformance'], faults: ['analytics-total-null'], noVariation: 'the mock answers a number for `total`; the schema takes a number or a string, and no check reads more of it' },

  // 2.8 Wallet resources.
  { section: '2', quote: '| usesWallet | boolean, always true | required |', mock: { file: 'mocks/domain/wallet-summary.ts', symbol: 'walletSummary' }, checks: ['documented_variant_meaning', 'response_schema_conformance'], faults: ['uses-wallet-only-when-false'], noVariation: FIXED },
  { section: '2', quote: '| balance | number | required; credits, 2 decimals; may be negative after usage already incurred |', mock: { file: 'mocks/domain/wallet-summary.ts', symbol: 'walletSummary' }, checks: ['response_schema_conformance', 'ledger_balance_equals_transactions'], faults: ['balance-as-text', 'ledger-drift'], noVariation: FIXED },
  { section: '2', quote: '| payAsYouGo | boolean | True after the first top-up while not frozen |', mock: { file: 'mocks/domain/wallet-summary.ts', symbol: 'payAsYouGo' }, checks: ['frozen_wallet', 'documented_variant_meaning'], faults: ['frozen-still-pay-as-you-go'], noVariation: FIXED },
  { section: '2', quote: '| frozen | boolean | |', mock: { file: 'mocks/domain/wallet-summary.ts', symbol: 'frozen: ws.wallet.frozen' }, ...ANSWER, checks: ['response_schema_conformance', 'frozen_wallet'], noVariation: FIXED },
  { section: '2', quote: '| currency | string\\|null | |', mock: { file: 'mocks/domain/wallet-summary.ts', symbol: 'currency: world.config.walletCurrency' }, ...ANSWER, noVariation: FIXED },
  { section: '2', quote: '| creditsPerUnit | number\\|null | Credits bought with one unit of the currency |', mock: { file: 'mocks/domain/wallet-summary.ts', symbol: 'creditsPerUnit: world.config.creditsPerUnit' }, ...ANSWER, noVariation: 'the figure is the target\'s: no check holds a top-up to it' },
  { section: '2', quote: '| autoTopUp | object | `enabled` boolean; `belowCredits` number\\|null; `amount` integer\\|null (smallest currency unit); `monthlyLimit` integer\\|null (smallest currency unit); `usedThisMonth` integer (smallest currency unit) |', mock: { file: 'mocks/domain/wallet.ts', symbol: 'autoTopUpView' }, checks: ['auto_top_up_covers', 'auto_top_up_allowance_renews_monthly', 'response_schema_conformance'], faults: ['auto-top-up-limit-ignored', 'auto-top-up-never-renews'], noVariation: FIXED },
  { section: '2', quote: '| forecast | object\\|null | `windowHours` integer; `neededCredits` number; `short` boolean. Forecast of paid usage in the next hours: next occurrences of repeating posts and posts queued before charging moved to scheduling time |', mock: { file: 'mocks/domain/wallet-summary.ts', symbol: 'forecastCents' }, checks: ['forecast_skips_paid_posts', 'forecast_counts_repeating_posts'], faults: ['forecast-counts-paid', 'forecast-skips-repeating'], variation: 'forecast-null' },
  { section: '2', quote: '| topUpUrl | string uri | |', mock: { file: 'mocks/domain/wallet-summary.ts', symbol: 'walletSummary' }, ...ANSWER, noVariation: FIXED },
  { section: '2', quote: 'NotOnWallet (paid plan): `usesWallet` boolean, always false (required); `message` string.', mock: { file: 'mocks/domain/wallet.ts', symbol: 'NOT_ON_WALLET' }, checks: ['documented_variant_meaning', 'plan_gates', 'response_schema_conformance'], faults: ['not-on-wallet-unflagged'], noVariation: FIXED },
  { section: '2', quote: 'WalletPrices: `topUpUrl` uri; `sections` array of `{key, label, items}`.', mock: { file: 'mocks/domain/wallet-pricing.ts', symbol: 'priceListView' }, ...ANSWER, checks: ['response_schema_conformance', 'price_list_provider_filter'], noVariation: FIXED },
  { section: '2', quote: 'Each item: `key` (for example a provider-dot-action key), `name`, `description` string|null, `provider`, `unit`, `billing` (`PER_USE`, `MONTHLY` or `UNLOCK`), `requiresTopUp` boolean, `pricingModel`, `includedFree` string, `price` string (a human text with a credits amount), `credits` number (price of one unit), `howCharged`.', mock: { file: 'mocks/domain/wallet-pricing.ts', symbol: 'priceListView' }, ...ANSWER, checks: ['response_schema_conformance', 'estimate_items_at_list_price'], noVariation: 'the keys and figures are the target\'s: the checks read them from its list' },
  { section: '2', quote: 'Channels not listed are free.', mock: { file: 'mocks/domain/wallet-pricing.ts', symbol: 'isChargedProvider' }, checks: ['unlisted_channels_free'], faults: ['free-plan-needs-top-up'], noVariation: FIXED },
  { section: '2', quote: 'Prices change, so clients read them from this list.', mock: { file: 'mocks/domain/wallet-pricing.ts', symbol: 'priceListView' }, checks: ['estimate_items_at_list_price', 'price_list_provider_filter'], faults: ['prices-filter-ignored'], noVariation: "the checks read every price from the target's own list, never the mock's figures" },
  { section: '2', quote: 'WalletTransactions: `total`, `page`, `size` integers; `nextPage` integer|null; `items` array of `{id, type, description string|null, credits number, quantity number, actionKey string|null, reference string|null, receiptUrl string|null, createdAt date-time}`.', mock: { file: 'mocks/domain/wallet.ts', symbol: 'transactionView' }, checks: ['wallet_transactions_paging', 'transactions_default_page_size', 'response_schema_conformance'], faults: ['transactions-endless-pages', 'transactions-default-size-50'], variation: 'uuid-ids' },
  { section: '2', quote: '`type` is one of `TOPUP`, `AUTO_TOPUP`, `SPEND`, `REFUND`, `GRANT`, `ADJUST`.', mock: { file: 'mocks/domain/wallet.ts', symbol: 'transactionView' }, checks: ['response_schema_conformance', 'auto_top_up_covers', 'wallet_transactions_paging'], faults: ['auto-top-up-unlisted'], noVariation: FIXED },
  { section: '2', quote: '`credits` is signed: positive adds to the balance, negative spends.', mock: { file: 'mocks/domain/wallet.ts', symbol: 'function record' }, checks: ['ledger_balance_equals_transactions', 'refund_undoes_charge', 'estimate_equals_charge'], faults: ['ledger-drift', 'missing-refund', 'double-charge'], noVariation: FIXED },
  { section: '2', quote: 'On a paid plan the answer is NotOnWallet plus `total` integer and `items` as an empty array.', mock: { file: 'mocks/domain/wallet.ts', symbol: 'NOT_ON_WALLET' }, checks: ['documented_variant_meaning', 'response_schema_conformance'], faults: ['paid-transactions-items-null'], noVariation: FIXED },
  { section: '2', quote: 'WalletEstimate: `usesWallet` true; `charged` boolean (false when the provider is not charged per post);', mock: { file: 'mocks/domain/wallet-estimate.ts', symbol: 'charged: isChargedProvider' }, checks: ['unlisted_channels_free', 'estimate_equals_charge', 'response_schema_conformance'], faults: ['estimate-always-charged'], noVariation: FIXED },
  { section: '2', quote: '`priceCredits`, `alreadyPaidCredits`, `dueCredits` (what scheduling takes now; negative gives credits back), `balanceAfterCredits` numbers;', mock: { file: 'mocks/domain/wallet-estimate.ts', symbol: 'alreadyPaidCredits' }, checks: ['estimate_equals_charge', 'estimate_counts_group_paid'], faults: ['estimate-off-by-one', 'estimate-group-ignored'], noVariation: FIXED },
  { section: '2', quote: '`short` boolean (scheduling now would be refused with 402);', mock: { file: 'mocks/domain/wallet-estimate.ts', symbol: 'short: !quote.covered' }, checks: ['exact_balance_covers', 'refusal_saves_nothing', 'estimate_equals_charge'], faults: ['exact-balance-short'], noVariation: FIXED },
  { section: '2', quote: '`autoTopUpCovers` boolean;', mock: { file: 'mocks/domain/wallet-estimate.ts', symbol: 'autoTopUpCovers: quote.covered' }, checks: ['auto_top_up_covers'], faults: ['auto-top-up-limit-ignored'], noVariation: FIXED },
  { section: '2', quote: '`perOccurrence` boolean;', mock: { file: 'mocks/domain/wallet-estimate.ts', symbol: 'perOccurrence: (input.inter' }, checks: ['estimate_counts_group_paid'], faults: ['estimate-per-occurrence-ignored'], noVariation: FIXED },
  { section: '2', quote: '`items` array of `{actionKey: string, credits: number}`;', mock: { file: 'mocks/domain/wallet-estimate.ts', symbol: 'items: items.map' }, checks: ['estimate_items_at_list_price', 'estimate_equals_charge'], faults: ['estimate-off-by-one'], noVariation: FIXED },
  { section: '2', quote: '`topUpUrl` uri.', mock: { file: 'mocks/domain/wallet-estimate.ts', symbol: '`topUpUrl` is the wallet page' }, ...ANSWER, variation: 'estimate-top-up-url-when-short' },

  // 2.9 Channel settings objects.
  { section: '2', quote: 'Each entry of `posts` carries `settings` with `__type` naming the provider.', mock: { file: 'mocks/domain/post-validation.ts', symbol: 'checkSettings' }, checks: ['settings_refused'], faults: ['settings-type-mismatch-accepted'], noVariation: FIXED },
  { section: '2', quote: 'A field marked required must be present when the post is scheduled or sent now; a missing required field or a value outside the allowed list answers 400 naming the channel and the problem, and nothing is scheduled.', mock: { file: 'mocks/domain/post-validation.ts', symbol: 'checkSettings' }, checks: ['settings_refused', 'post_lifecycle_model'], faults: ['settings-required-unchecked', 'settings-lists-unchecked', 'settings-error-unnamed', 'draft-scheduled-unchecked'], variation: 'settings-error-as-error' },
  { section: '2', quote: 'Drafts are saved without this check.', mock: { file: 'mocks/http/routes/posts.ts', symbol: 'isSettingsViolation' }, checks: ['post_lifecycle_model', 'draft_costs_nothing'], faults: ['drafts-validated'], noVariation: FIXED },
  { section: '2', quote: '`GET /integration-settings/<channel_id>` gives the exact schema for a channel.', mock: { file: 'mocks/domain/channels.ts', symbol: 'settingsSchemaFor' }, checks: ['settings_schema_describes_the_provider'], faults: ['settings-schema-unrequired'], noVariation: FIXED },
  // x
  { section: '2', quote: '| who_can_reply_post | string, required | `everyone`, `following`, `mentionedUsers`, `subscribers`, `verified` |', mock: DOCUMENT('SettingsX:'), ...REQUIRED_LISTED },
  { section: '2', quote: '| community | string | Address of a community on the network |', mock: DOCUMENT('SettingsX:'), ...ON_THE_NETWORK },
  { section: '2', quote: '| made_with_ai | boolean | Adds the made-with-AI label |', mock: DOCUMENT('SettingsX:'), ...ON_THE_NETWORK },
  { section: '2', quote: '| paid_partnership | boolean | Adds the paid-partnership label |', mock: DOCUMENT('SettingsX:'), ...ON_THE_NETWORK },
  // linkedin, linkedin-page
  { section: '2', quote: '| post_as_images_carousel | boolean | Attached images become a carousel document |', mock: DOCUMENT('SettingsLinkedin:'), ...ON_THE_NETWORK },
  { section: '2', quote: '| carousel_name | string | Carousel title; default `slides` |', mock: DOCUMENT('SettingsLinkedin:'), ...ON_THE_NETWORK },
  // instagram, instagram-standalone
  { section: '2', quote: '| post_type | string, required | `post` or `story`. A video posted as `post` goes out as a Reel |', mock: DOCUMENT('SettingsInstagram:'), ...REQUIRED_LISTED },
  { section: '2', quote: '| collaborators | array of `{label: string}` | Accounts to invite; not used on stories |', mock: DOCUMENT('SettingsInstagram:'), ...ON_THE_NETWORK },
  { section: '2', quote: '| is_trial_reel | boolean | Share a Reel as a trial, to non-followers first |', mock: DOCUMENT('SettingsInstagram:'), ...ON_THE_NETWORK },
  { section: '2', quote: '| graduation_strategy | string | For trial Reels: `MANUAL` (default) or `SS_PERFORMANCE` |', mock: DOCUMENT('SettingsInstagram:'), ...LISTED },
  { section: '2', quote: '| audio | object | `{id, audio_volume: 0-100, video_volume: 0-100}` plus optional `title`, `artist`, `image` |', mock: DOCUMENT('SettingsInstagram:'), ...BOUNDED },
  { section: '2', quote: 'Audio is found with the `audioSearch` helper on the business-variant channel, with parameter `q` (search term; empty for trending) and `type` (`music` or `original_sound`).', mock: { file: 'mocks/domain/integration-tools.ts', symbol: 'audioSearch' }, checks: ['positive_data_acceptance'], faults: ['audio-search-needs-q'], noVariation: 'what it answers is not shown: the check asks only for a 2xx' },
  // facebook
  { section: '2', quote: '| post_type | string | `post` (default) or `story`. A story needs at least one photo or video; each is published as its own story |', mock: { file: 'mocks/domain/post-validation.ts', symbol: 'checkMedia' }, checks: ['photo_counts_as_content_story_needs_one', 'settings_refused'], faults: ['text-story-posted', 'settings-lists-unchecked'], noVariation: FIXED },
  { section: '2', quote: '| url | string | Link to attach |', mock: DOCUMENT('SettingsFacebook:'), ...ON_THE_NETWORK },
  { section: '2', quote: '| text_format_preset_id | string | Background for a text-only post; applies only with no media and at most 130 characters |', mock: DOCUMENT('SettingsFacebook:'), checks: [], faults: [], noCheck: 'the mock does not refuse the preset with media or a longer text (a mock decision: it "simply does not apply"), and the reference does not say a server refuses it', noFault: 'no check asserts it', noVariation: 'no check asserts it: another choice cannot fail the suites' },
  // threads
  { section: '2', quote: '`__type` = `threads`: no extra fields.', mock: { file: 'mocks/domain/channels.ts', symbol: 'NO_SETTINGS' }, checks: ['settings_schema_describes_the_provider'], faults: ['no-settings-null'], noVariation: FIXED },
  { section: '2', quote: 'Extra entries in `value` are posted as replies forming a thread.', mock: { file: 'mocks/domain/publishing.ts', symbol: 'chainOut' }, checks: ['webhook_per_group', 'failed_send_refunds'], faults: ['thread-items-posted-apart'], noVariation: FIXED },
  // tiktok
  { section: '2', quote: '| content_posting_method | string, required | `DIRECT_POST` publishes; `UPLOAD` sends the post to the account inbox to finish in the app |', mock: DOCUMENT('SettingsTiktok:'), ...REQUIRED_LISTED },
  { section: '2', quote: '| privacy_level | string | Required for `DIRECT_POST`. `PUBLIC_TO_EVERYONE`, `MUTUAL_FOLLOW_FRIENDS`, `FOLLOWER_OF_CREATOR`, `SELF_ONLY`, limited to what the network allows for the account |', mock: DOCUMENT('SettingsTiktok:'), ...LISTED },
  { section: '2', quote: '| title | string | Up to 90 characters |', mock: DOCUMENT('SettingsTiktok:'), ...BOUNDED },
  { section: '2', quote: '| duet | boolean, required | Allow Duets |', mock: DOCUMENT('SettingsTiktok:'), ...REQUIRED },
  { section: '2', quote: '| stitch | boolean, required | Allow Stitches |', mock: DOCUMENT('SettingsTiktok:'), ...REQUIRED },
  { section: '2', quote: '| comment | boolean, required | Allow comments |', mock: DOCUMENT('SettingsTiktok:'), ...REQUIRED },
  { section: '2', quote: '| autoAddMusic | string, required | `yes` or `no` |', mock: DOCUMENT('SettingsTiktok:'), ...REQUIRED_LISTED },
  { section: '2', quote: '| brand_organic_toggle | boolean, required | Promotes the poster\'s own brand |', mock: DOCUMENT('SettingsTiktok:'), ...REQUIRED },
  { section: '2', quote: '| brand_content_toggle | boolean, required | Branded content for a third party; cannot be combined with `SELF_ONLY` |', mock: DOCUMENT('SettingsTiktok:'), checks: ['settings_refused'], faults: ['settings-required-unchecked', 'tiktok-brand-rules-unchecked'], noVariation: FIXED },
  { section: '2', quote: '| disclose | boolean | When true, at least one of the two brand toggles must be true |', mock: DOCUMENT('SettingsTiktok:'), checks: ['settings_refused'], faults: ['tiktok-brand-rules-unchecked'], noVariation: FIXED },
  { section: '2', quote: '| video_made_with_ai | boolean | Labels the video as AI-generated |', mock: DOCUMENT('SettingsTiktok:'), ...ON_THE_NETWORK },
  { section: '2', quote: 'The `creatorInfo` helper returns what the network currently allows for the account, including privacy options.', mock: { file: 'mocks/domain/integration-tools.ts', symbol: 'creatorInfo' }, checks: ['positive_data_acceptance'], faults: ['creator-info-unwired'], noVariation: 'what the network allows is the target\'s: no check holds privacy_level to the mock\'s list' },
  // youtube
  { section: '2', quote: '| title | string, required | 2 to 100 characters |', mock: DOCUMENT('SettingsYoutube:'), checks: ['settings_refused'], faults: ['settings-required-unchecked', 'settings-bounds-unchecked'], noVariation: FIXED },
  { section: '2', quote: '| type | string, required | `public`, `private`, `unlisted` |', mock: DOCUMENT('SettingsYoutube:'), ...REQUIRED_LISTED },
  { section: '2', quote: '| selfDeclaredMadeForKids | string | `yes` or `no` |', mock: DOCUMENT('SettingsYoutube:'), ...LISTED },
  { section: '2', quote: '| thumbnail | object `{id, path}` | An image uploaded first |', mock: DOCUMENT('SettingsYoutube:'), checks: [], faults: [], noCheck: 'no check sends a thumbnail (settings_refused breaks the fields of the settings, not those inside one); the mock holds it to the document\'s `{id, path}`', noFault: 'no check asserts it', noVariation: 'no check asserts it: another choice cannot fail the suites' },
  { section: '2', quote: '| tags | array of `{value, label}` | All tags together use up to 500 characters; a tag containing a space counts two more |', mock: { file: 'mocks/domain/post-validation.ts', symbol: 'extraSettingsProblem' }, checks: ['youtube_tags_over_500_refused'], faults: ['youtube-tags-unchecked'], noVariation: FIXED },
  // discord
  { section: '2', quote: '| channel | string, required | Channel id on the network; listed by the `channels` helper |', mock: DOCUMENT('SettingsDiscord:'), ...REQUIRED },
  { section: '2', quote: '| title | string | Forum channels only; thread title up to 100 characters; when empty the first line of the post is used |', mock: DOCUMENT('SettingsDiscord:'), ...BOUNDED },
  // sanity
  { section: '2', quote: '| documentId | string, required | Published id of the document, without the `drafts.` prefix |', mock: DOCUMENT('SettingsSanity:'), checks: ['settings_refused'], faults: ['settings-required-unchecked'], noVariation: 'whether an id with the `drafts.` prefix is refused the reference does not say: the mock refuses it naming the prefix, and no check sends one' },
  { section: '2', quote: 'The service does not copy the article; at the scheduled time it publishes the document\'s current draft in the connected content system.', mock: { file: 'mocks/domain/publishing.ts', symbol: 'runDue' }, checks: [], faults: [], noCheck: 'it happens in the connected content system, which no answer of the API shows', noFault: 'no check asserts it', noVariation: 'no check asserts it: another choice cannot fail the suites' },
  { section: '2', quote: 'The `documents` helper lists documents in the connected dataset and `validateDocument` checks one before scheduling.', mock: { file: 'mocks/domain/integration-tools.ts', symbol: 'validateDocument' }, checks: ['positive_data_acceptance'], faults: ['validate-document-reads-id'], noVariation: 'what they answer is not shown: the check asks only for a 2xx' },

  // 2.10 Channel settings response.
  { section: '2', quote: '`GET /integration-settings/<channel_id>` answers `{output: {rules: string, maxLength: integer, settings: object or string, tools: array of object}}`.', mock: { file: 'mocks/domain/channels.ts', symbol: 'integrationSettings' }, checks: ['settings_schema_describes_the_provider', 'response_schema_conformance', 'empty_or_too_long_refused'], faults: ['link-counted-23-everywhere'], variation: 'shorter-max-length' },
  { section: '2', quote: '`settings` is a JSON schema object, or the string `No additional settings required`.', mock: { file: 'mocks/domain/channels.ts', symbol: 'NO_SETTINGS' }, checks: ['settings_schema_describes_the_provider', 'response_schema_conformance'], faults: ['no-settings-null', 'settings-schema-unrequired'], noVariation: FIXED },
  { section: '2', quote: 'Fields of a `tools` item: not shown beyond `methodName` being what `POST /integration-trigger/<channel_id>` takes.', mock: { file: 'mocks/domain/integration-tools.ts', symbol: 'runTool' }, checks: ['positive_data_acceptance'], faults: ['trigger-method-lowercased'], noVariation: 'the other fields of a tools item are not shown: the checks read `methodName` alone' },

  // 2.11 Skills.
  { section: '2', quote: 'SkillsList: `tags` array of `{key, label}`; `skills` array of SkillSummary.', mock: { file: 'mocks/domain/skills.ts', symbol: 'listSkills' }, ...ANSWER, checks: ['response_schema_conformance', 'skills_filtered_by_tag_and_search'], noVariation: FIXED },
  { section: '2', quote: 'SkillSummary: `slug`, `name`, `summary`, `whenToUse` strings; `tags` array of string; `tools` array of string; `usesBrief` boolean.', mock: { file: 'mocks/domain/skills.ts', symbol: 'summarize' }, ...ANSWER, checks: ['response_schema_conformance', 'skills_filtered_by_tag_and_search'], noVariation: FIXED },
  { section: '2', quote: 'Skill is SkillSummary plus `whatItDoes` string|null, `body` string (Markdown instructions), `version` integer or string, `updatedAt` date-time.', mock: { file: 'mocks/domain/skills.ts', symbol: 'getSkill' }, ...ANSWER, variation: 'utc-offset-dates' },

  // 2.12 Brief.
  { section: '2', quote: 'BriefDocument: `category` string, `key` string, `content` `{title: string, blocks: array of BriefBlock, links: array of BriefLink, assets: array of BriefAsset}`, `updatedAt` date-time.', mock: { file: 'mocks/domain/brief.ts', symbol: 'saveDocument' }, checks: ['brief_documents_read_back_apart', 'brief_patch_semantics', 'response_schema_conformance'], faults: ['brief-patch-clears-omitted'], variation: 'utc-offset-dates' },
  { section: '2', quote: '| BriefBlock | id*, heading*, body* (strings) |', mock: DOCUMENT('BriefBlock:'), ...REQUEST, faults: ['brief-block-heading-unchecked'], checks: ['negative_data_rejection', 'brief_patch_semantics', 'response_schema_conformance'], noVariation: FIXED },
  { section: '2', quote: '| BriefLink | id*, url*, note |', mock: DOCUMENT('BriefLink:'), ...REQUEST, faults: ['brief-link-url-unchecked'], checks: ['negative_data_rejection', 'brief_patch_semantics', 'response_schema_conformance'], noVariation: FIXED },
  { section: '2', quote: '| BriefAsset | id*, name*, url*, mime, note |', mock: DOCUMENT('BriefAsset:'), ...REQUEST, faults: ['brief-asset-name-unchecked'], checks: ['negative_data_rejection', 'brief_patch_semantics', 'response_schema_conformance'], noVariation: FIXED },
  { section: '2', quote: 'SaveBriefDocument (request): optional `title` string, `blocks`, `links`, `assets` arrays of the items above.', mock: { file: 'mocks/domain/brief.ts', symbol: 'applyPatch' }, checks: ['brief_patch_semantics'], faults: ['brief-patch-clears-omitted'], noVariation: FIXED },
  { section: '2', quote: 'BriefOnboardingStatus: `available` boolean; `nextRunCharged` boolean; `running` object|null `{id, createdAt date-time}`; `last` object|null `{id, status (RUNNING, DONE, FAILED), finishedAt date-time|null, error string|null}`; `startUrl` uri|null.', mock: { file: 'mocks/domain/brief.ts', symbol: 'onboardingStatus' }, ...ANSWER, noVariation: FIXED },
];

export const RESOURCE_NOT_RULES: NotRule[] = [
  { section: '2', quote: 'Channel (an integration in the API)', why: 'a heading' },
  { section: '2', quote: 'Group (customer)', why: 'a heading' },
  { section: '2', quote: 'Post summary (a post on the calendar)', why: 'a heading' },
  { section: '2', quote: 'Create-posts request body', why: 'a heading' },
  { section: '2', quote: 'Entry of `posts`:', why: 'a heading' },
  { section: '2', quote: 'Item of `value`:', why: 'a heading' },
  { section: '2', quote: 'Delete result', why: 'a heading' },
  { section: '2', quote: 'Media', why: 'a heading' },
  { section: '2', quote: 'Analytics series', why: 'a heading' },
  { section: '2', quote: 'The metric names per network are not shown (each network has its own).', why: 'leaves the labels open: no check reads a label' },
  { section: '2', quote: 'Wallet resources', why: 'a heading' },
  { section: '2', quote: 'WalletSummary (when the workspace uses the wallet):', why: 'a heading: which workspaces use the wallet is a rule of section 1' },
  { section: '2', quote: 'Channel settings objects', why: 'a heading' },
  { section: '2', quote: '`__type` = `x`', why: 'the heading of the table below' },
  { section: '2', quote: '`__type` = `linkedin` (personal profile) or `linkedin-page` (company page); same fields:', why: 'the heading of the table below, for both providers (the document gives each the same schema)' },
  { section: '2', quote: '`__type` = `instagram` (business variant) or `instagram-standalone`; same fields:', why: 'the heading of the table below, for both providers (the document gives each the same schema)' },
  { section: '2', quote: '`__type` = `facebook`', why: 'the heading of the table below' },
  { section: '2', quote: '`__type` = `tiktok`', why: 'the heading of the table below' },
  { section: '2', quote: '`__type` = `youtube`', why: 'the heading of the table below' },
  { section: '2', quote: '`__type` = `discord`', why: 'the heading of the table below' },
  { section: '2', quote: '`__type` = `sanity`', why: 'the heading of the table below' },
  { section: '2', quote: 'Settings for providers other than those above: not shown.', why: 'leaves them open: the document asks them for `__type` alone (SettingsOther), and the checks send nothing more' },
  { section: '2', quote: 'Channel settings response', why: 'a heading' },
  { section: '2', quote: 'Skills', why: 'a heading' },
  { section: '2', quote: 'Brief', why: 'a heading' },
];

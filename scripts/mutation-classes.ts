// Why a mutant the suites do not detect is left so: the classes of docs/suites.md ("Mutation score") and the rules that sort survivors into them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/**
 * What a class is. Only `gap` means a check is missing; every other kind is a reason the suites must not, or cannot,
 * notice the mutant.
 */
export type Kind = 'reference-open' | 'field-notes' | 'made-up' | 'equivalent' | 'unreachable' | 'machinery';

export interface SurvivorClass {
  id: string;
  kind: Kind;
  title: string;
  /** One mutant of the class, for the docs' table. */
  example: string;
}

export const CLASSES: SurvivorClass[] = [
  { id: 'message', kind: 'reference-open', title: 'text the reference does not quote: error and refusal messages, notifications, transaction descriptions', example: '`billing.ts`: a refund\'s description `Refund: ${name}, ${reason}` emptied' },
  { id: 'order', kind: 'reference-open', title: 'orders the reference does not give (calendar ties, transactions, skills), and ids\' prefixes', example: '`posts.ts`: the calendar\'s sort dropped (GET /posts gives no order)' },
  { id: 'mock-choice', kind: 'reference-open', title: "a pick of the README's mock decisions where the reference is silent (disabled channels, a first item's delay, inter <= 0, what a published post's status move or release id does, which networks delete, a reversed calendar window and whether its ends are in it, thread items on the calendar, what a response 'fields not shown' holds, the posting schedule find-slot picks from, what an unknown helper name gets, the defaults a run without control meets, how HTML text is counted and whitespace as text, which providers need media, an empty skill tag, every-word search)", example: '`posts.ts`: `channel.disabled` → `false`, so a disabled channel takes scheduled posts' },
  { id: 'not-shown', kind: 'reference-open', title: 'fields and shapes the reference marks "not shown": GET /posts/<id>/missing items, notifications, DELETE /integrations\' answer, a transaction\'s reference', example: '`posts.ts`: `GET /posts/<id>/missing` items emptied (their fields are "not shown")' },
  { id: 'field-notes', kind: 'field-notes', title: 'behaviour only the field notes give: an edit through posts[].group and value[].id (and update), how long a reference waits, how automatic top-up splits a shortfall, when a low balance is announced, a read charged once a day, the brief registry\'s rules, the first onboarding run free, skills matched by a tag\'s label and only used tags listed', example: '`posts.ts`: `item.id !== undefined` → `false`, so an edit keeps no item ids' },
  { id: 'made-up', kind: 'made-up', title: "made-up data: release URLs and ids per network, the synthetic analytics series, what the provider helpers of POST /integration-trigger answer (any JSON value, says the reference), the OAuth connect URLs and the Send Test sample's posts", example: '`posts.ts`: the `x` release URL emptied' },
  { id: 'not-read', kind: 'equivalent', title: 'stored and never returned by the public API (a thread item\'s delay, creationMethod, images and settings of a saved post, brief revisions)', example: '`posts.ts`: a thread item\'s `delayMinutes` stored as 0 (its time is computed apart)' },
  { id: 'redundant', kind: 'equivalent', title: 'a guard another repeats or a value that is always the same (billing checks again what the posts code filtered; applySettlement re-checks what cover refused; quantities always 1; a channel always present for its post; the group index and its scan fallback; the scheduler\'s fast path)', example: '`billing.ts`: `isSent` → `false`, while the delete already leaves sent items out of the refund' },
  { id: 'validated-earlier', kind: 'unreachable', title: 'a check the request validator has already made (date-time formats, settings schemas, page and size bounds)', example: '`wallet.ts`: `size > 100` → `false` (the validator answers 400 first)' },
  { id: 'legacy', kind: 'unreachable', title: 'posts queued before charging moved to scheduling time, which the forecast counts: none can be made through the API and the seeded world holds none', example: '`billing.ts`: `paidFor` returning nothing' },
  { id: 'size-bound', kind: 'unreachable', title: 'the 10 MB and 1 GB size bounds: a check would send a file that large (the mock\'s own tests in mocks/http do)', example: '`media.ts`: the mp4 type\'s 1 GB bound lost' },
  { id: 'needs-option', kind: 'unreachable', title: 'reached only through POST /upload-from-url, which needs a fetchable image (--media-url) the mutation run does not pass', example: '`media.ts`: `largestAccepted` (upload-from-url\'s bound)' },
  { id: 'machinery', kind: 'machinery', title: "the mock's own machinery outside the contract: the control API (grants, claw-backs, freezing, auto top-up settings, scenarios, key rotation and webhook registration, which the app does), the clock and the id source, seeded fixtures (brief documents and onboarding runs too) and benchmark helpers, caps on what a client can make it keep", example: '`wallet.ts`: the control API\'s auto top-up validation' },
];

export interface Rule {
  cls: string;
  /** A file of mocks/domain, by name (posts.ts). */
  file: string;
  /** Enclosing top-level function or constant; any when left out. */
  fn?: string[];
  /** Tested against the source line the mutant starts on; any when left out. */
  line?: RegExp;
  mutators?: string[];
  /** Tested against the text the mutant replaced; any when left out. */
  original?: RegExp;
  /** Tested against what the mutant put in its place; any when left out. */
  replacement?: RegExp;
}

/** POST /posts, in the functions it is written as. */
const CREATE = ['createPosts', 'planEntry', 'buildRows', 'saveGroup'];

/** Rules read in order; the first that matches decides. Written from reading each survivor; see docs/suites.md. */
export const RULES: Rule[] = [
  // posts.ts
  { cls: 'made-up', file: 'posts.ts', fn: ['releaseUrlFor', 'newReleaseId'] },
  { cls: 'mock-choice', file: 'posts.ts', fn: ['CANNOT_DELETE'] },
  { cls: 'not-shown', file: 'posts.ts', fn: ['missingReleases'] },
  { cls: 'field-notes', file: 'posts.ts', fn: ['targetState'] },
  { cls: 'redundant', file: 'posts.ts', fn: ['groupRows', 'keepingSeen', 'noteDue'] },
  { cls: 'validated-earlier', file: 'posts.ts', fn: ['listPosts', ...CREATE], line: /Number\.isNaN/ },
  { cls: 'mock-choice', file: 'posts.ts', fn: ['listPosts'], line: /endDate < query\.startDate|row\.index !== 0/ },
  { cls: 'order', file: 'posts.ts', fn: ['listPosts'], line: /\.sort\(/ },
  { cls: 'redundant', file: 'posts.ts', fn: ['listPosts'], line: /\?\.customer/ },
  { cls: 'field-notes', file: 'posts.ts', fn: CREATE, line: /entry\.group|seenGroups|existing|byId|kept|r\.old|\bold\b|removed|item\.id !== undefined|moved back to drafts|'edited'/ },
  { cls: 'mock-choice', file: 'posts.ts', fn: CREATE, line: /channel\.disabled|index > 0|input\.inter|input\.type === 'now'|checkMedia/ },
  { cls: 'validated-earlier', file: 'posts.ts', fn: CREATE, line: /target === 'QUEUE'\) \{|checkSettings/ },
  { cls: 'not-read', file: 'posts.ts', fn: CREATE, line: /delayMinutes|creationMethod|images:|entry\.settings|settings:/ },
  { cls: 'mock-choice', file: 'posts.ts', fn: CREATE, line: /tags: input\.tags|\.index = index/ },
  { cls: 'machinery', file: 'posts.ts', fn: CREATE, line: /adding|ensureRoom/ },
  { cls: 'order', file: 'posts.ts', fn: CREATE, line: /env\.ids\.id\('(grp|post)_'\)/ },
  { cls: 'redundant', file: 'posts.ts', fn: CREATE, line: /const (pay|release): .*= \[\]|row\.state === 'QUEUE'\) noteDue|posts\.groups\.set|!channel\) throw/ },
  { cls: 'mock-choice', file: 'posts.ts', fn: ['changeStatus'], line: /unsent|already published/ },
  { cls: 'redundant', file: 'posts.ts', fn: ['changeStatus'], line: /!channel|const moving|const pay|const release/ },
  // Waking the publisher for a post moved to draft too only makes it look sooner.
  { cls: 'redundant', file: 'posts.ts', fn: ['changeStatus'], line: /noteDue/, replacement: /^true$/ },
  { cls: 'not-shown', file: 'posts.ts', fn: ['changeStatus'], line: /return \{ id: post\.id/ },
  { cls: 'mock-choice', file: 'posts.ts', fn: ['setReleaseId'] },
  { cls: 'mock-choice', file: 'posts.ts', fn: ['deleteGroup'], line: /fromPlatform|CANNOT_DELETE|channel\.failing|deletedFromPlatform\.push|platformErrors|'unknown'|row\.state === 'PUBLISHED'\)\) \{|^\s*\}\s*else \{|const channel = findChannel/ },
  { cls: 'redundant', file: 'posts.ts', fn: ['deleteGroup'], line: /error: false|groups\.delete|const release = rows\.filter/ },
  { cls: 'not-shown', file: 'posts.ts', fn: ['deleteChannelPosts'], line: /ids: rows\.map/ },
  { cls: 'mock-choice', file: 'posts.ts', fn: ['deleteChannelPosts'], line: /r\.state !== 'PUBLISHED'/ },
  { cls: 'redundant', file: 'posts.ts', fn: ['deleteChannelPosts'], line: /groups\.delete/ },
  // billing.ts
  { cls: 'message', file: 'billing.ts', fn: ['REFUND_TEXT', 'SCHEDULE_REFUSAL', 'ACTION_REFUSAL', 'FROZEN_REFUSAL', 'TOP_UP_FIRST', 'actionName'] },
  { cls: 'message', file: 'billing.ts', fn: ['cover', 'planSettlement', 'planActions'], line: /refusal: after < 0|\.refusal \?\?/ },
  { cls: 'redundant', file: 'billing.ts', fn: ['isSent', 'isPayAsYouGo'] },
  { cls: 'redundant', file: 'billing.ts', fn: ['quoteSettlement'], line: /ws\.plan === 'paid'|handled|rec\.cents <= 0|actionKey === null|cents <= 0|\* quantity/ },
  { cls: 'field-notes', file: 'billing.ts', fn: ['quoteSettlement'], line: /rec\.actionKey === actionKey|rec && rec\.cents > 0|reason: 'edited'/ },
  { cls: 'field-notes', file: 'billing.ts', fn: ['cover'], line: /autoTopUpCovers/ },
  { cls: 'mock-choice', file: 'billing.ts', fn: ['cover'], line: /dueCents <= 0|!isPayAsYouGo/ },
  { cls: 'redundant', file: 'billing.ts', fn: ['cover'], line: /ws\.wallet\.frozen/ },
  { cls: 'field-notes', file: 'billing.ts', fn: ['planAutoTopUp'] },
  { cls: 'machinery', file: 'billing.ts', fn: ['ensureLedgerRoom'] },
  { cls: 'machinery', file: 'billing.ts', fn: ['planSettlement', 'planActions'], line: /ensureLedgerRoom/ },
  { cls: 'redundant', file: 'billing.ts', fn: ['planActions'], line: /!quote\.covered|cents <= 0|ws\.plan === 'paid'/ },
  { cls: 'legacy', file: 'billing.ts', fn: ['paidFor'], replacement: /^\{\}$/ },
  { cls: 'not-shown', file: 'billing.ts', fn: ['planActions'], line: /reference|description/ },
  { cls: 'not-shown', file: 'billing.ts', fn: ['notifyLowBalance'] },
  { cls: 'not-shown', file: 'billing.ts', fn: ['applySettlement'], line: /notifyLowBalance|reference: c\.reference/ },
  { cls: 'redundant', file: 'billing.ts', fn: ['applySettlement'], line: /charges\.length === 0 &&|dueCents > 0|frozen|stale|again|autoTopUpCents: 0|quantity: r\.quantity|if \(rec\)|rec\.cents <= 0|c\.postId !== undefined|c\.group \?\?|c\.provider \?\?|^\s*\}\s*$/ },
  { cls: 'field-notes', file: 'billing.ts', fn: ['applySettlement'], line: /autoTopUps \?\?|autoTopUpCents > 0 && count|autoTopUpCents \/ count|i < count/ },
  // wallet.ts
  { cls: 'machinery', file: 'wallet.ts', fn: ['initWallet', 'DAY_MS', 'setAutoTopUp', 'adjust', 'grant', 'topUp', 'creditsToCents', 'controlWalletView', 'freeze', 'unfreeze'] },
  { cls: 'message', file: 'wallet.ts', fn: ['formatCurrency', 'NOT_ON_WALLET'] },
  { cls: 'order', file: 'wallet.ts', fn: ['record'], line: /'tx_'/ },
  { cls: 'validated-earlier', file: 'wallet.ts', fn: ['listTransactions'], line: /page < 0|size < 1|size > 100/ },
  { cls: 'order', file: 'wallet.ts', fn: ['listTransactions'], line: /\.sort\(/ },
  { cls: 'mock-choice', file: 'wallet.ts', fn: ['listTransactions'], line: /\.trim\(\)/ },
  { cls: 'field-notes', file: 'wallet.ts', fn: ['autoTopUpUsedThisMonth'], original: /^tx\.createdAt/ },
  // publishing.ts
  { cls: 'message', file: 'publishing.ts', fn: ['step'], line: /const why =/ },
  { cls: 'message', file: 'publishing.ts', line: /notify\(/ },
  { cls: 'field-notes', file: 'publishing.ts', fn: ['queueNextOccurrence'], line: /catch \(err\)/ },
  { cls: 'redundant', file: 'publishing.ts', fn: ['fail'], line: /catch \(err\)/ },
  { cls: 'order', file: 'publishing.ts', fn: ['runWorkspace'], original: /\.sort\(/ },
  { cls: 'mock-choice', file: 'publishing.ts', fn: ['step'], line: /position > 0|prev && prev\.state|prev\.state === 'ERROR'|previous item of the thread|return (true|false); \/\/|^\s*return (true|false);\s*$/ },
  { cls: 'field-notes', file: 'publishing.ts', fn: ['step'], line: /REFERENCE_WAIT_MS|waiting/ },
  { cls: 'field-notes', file: 'publishing.ts', fn: ['REFERENCE_WAIT_MS'] },
  { cls: 'redundant', file: 'publishing.ts', fn: ['step'], line: /fail\(world, ws, rows\.slice\(position\), why/ },
  { cls: 'not-read', file: 'publishing.ts', fn: ['step'], line: /row\.publishedAt = / },
  { cls: 'machinery', file: 'publishing.ts', fn: ['step', 'fail'], line: /result\.(published|failed)\.push/ },
  { cls: 'order', file: 'publishing.ts', fn: ['queueNextOccurrence'], line: /env\.ids\.id\('(grp|post)_'\)/ },
  { cls: 'field-notes', file: 'publishing.ts', fn: ['queueNextOccurrence'], line: /DomainError|was not scheduled|applySettlement|planSettlement|const pay/ },
  { cls: 'mock-choice', file: 'publishing.ts', fn: ['queueNextOccurrence'], line: /template \?\? r\.content|images: |tags: |settings: / },
  { cls: 'redundant', file: 'publishing.ts', fn: ['queueNextOccurrence'], line: /let settlement|\[\], env\)/ },
  { cls: 'machinery', file: 'publishing.ts', fn: ['runWorkspace'], line: /MAX_PASSES/ },
  { cls: 'order', file: 'publishing.ts', fn: ['runWorkspace'], line: /\.sort\(/ },
  { cls: 'redundant', file: 'publishing.ts', fn: ['runWorkspace'], line: /state === 'QUEUE'|state !== 'QUEUE'|progress/ },
  { cls: 'redundant', file: 'publishing.ts', fn: ['fail'], line: /state === 'QUEUE'\)|DomainError|if \(settlement\)/ },
  { cls: 'mock-choice', file: 'publishing.ts', fn: ['chainOut'], line: /first\.inter/ },
  { cls: 'machinery', file: 'publishing.ts', fn: ['runDue'], line: /published: \[\]/ },
  { cls: 'redundant', file: 'publishing.ts', fn: ['runDue'], line: /nextDue > now/ },
  // The pass ends by working the next wake-up out from every queued row, the new occurrence included.
  { cls: 'redundant', file: 'publishing.ts', fn: ['queueNextOccurrence'], line: /noteDue/ },
  { cls: 'field-notes', file: 'publishing.ts', fn: ['nextDueOf'], line: /REFERENCE_WAIT_MS/, original: /REFERENCE_WAIT_MS/ },
  // Waking sooner than needed only costs a run: the function body, the clamp to now + 1, past rows' times.
  { cls: 'redundant', file: 'publishing.ts', fn: ['nextDueOf'], original: /^\{|^r\.publishAt > now$|^now \+ 1$/ },
  { cls: 'redundant', file: 'publishing.ts', fn: ['nextDueOf'], original: /^at < next$/, replacement: /^at <= next$/ },
  // Line 99 runs only once every reference is PUBLISHED, so each is a row with a releaseURL.
  { cls: 'redundant', file: 'publishing.ts', fn: ['step'], line: /for \(const ref of refs\) if \(ref\)/, original: /^ref$|^''$/ },
  // media.ts
  { cls: 'message', file: 'media.ts', fn: ['MESSAGES', 'tooLarge'] },
  { cls: 'needs-option', file: 'media.ts', fn: ['largestAccepted'] },
  { cls: 'machinery', file: 'media.ts', fn: ['addMedia'] },
  { cls: 'mock-choice', file: 'media.ts', fn: ['IMAGE_TYPES', 'DOCUMENT_TYPES', 'MEDIA_FILES_PATH', 'displayName'] },
  { cls: 'size-bound', file: 'media.ts', fn: ['acceptType'], line: /maxBytes/, original: /^\{/ },
  { cls: 'mock-choice', file: 'media.ts', fn: ['acceptType'], line: /apng|ext: |kind: /, original: /apng|^'|^\{/ },
  { cls: 'mock-choice', file: 'media.ts', fn: ['chargeableGb', 'GIB'] },
  { cls: 'mock-choice', file: 'media.ts', fn: ['capped'], line: /isPayAsYouGo/ },
  { cls: 'mock-choice', file: 'media.ts', fn: ['admitUpload', 'planMedia'], line: /freeLibraryBytes/ },
  { cls: 'machinery', file: 'media.ts', fn: ['admitUpload'], line: /ensureRoom/ },
  { cls: 'mock-choice', file: 'media.ts', fn: ['planMedia'], line: /isPayAsYouGo/ },
  { cls: 'order', file: 'media.ts', fn: ['planMedia'], line: /'med_'/ },
  { cls: 'not-read', file: 'media.ts', fn: ['planMedia'], line: /alt: / },
  { cls: 'order', file: 'media.ts', fn: ['older', 'insertInOrder'] },
  { cls: 'order', file: 'media.ts', fn: ['applyMedia'], line: /nextSeq/ },
  { cls: 'mock-choice', file: 'media.ts', fn: ['listMedia'], line: /search|words|hay/ },
  { cls: 'mock-choice', file: 'media.ts', fn: ['deleteMedia'], line: /storedBytes/ },
  // planActions skips a zero price; a page past the end is empty either way.
  { cls: 'redundant', file: 'media.ts', fn: ['planMedia'], line: /quantity > 0/ },
  { cls: 'redundant', file: 'media.ts', fn: ['listMedia'], line: /end <= 0/ },
  { cls: 'machinery', file: 'media.ts', fn: ['admitUpload'], original: /^\{/ },
  // uploads.ts
  { cls: 'machinery', file: 'uploads.ts', fn: ['mintTicket'], line: /openTickets|open upload tickets|open\+\+|workspaceId === ws\.id|expiresAt <= now|uploadTickets\.delete|for \(const \[token, t\]/ },
  { cls: 'field-notes', file: 'uploads.ts', fn: ['releaseTicket'] },
  { cls: 'mock-choice', file: 'uploads.ts', fn: ['claimTicket'], original: /expiresAt/ },
  { cls: 'redundant', file: 'uploads.ts', fn: ['claimTicket'], line: /!ticket \|\| !ws/ },
  { cls: 'redundant', file: 'uploads.ts', fn: ['spendTicket'] },
  { cls: 'message', file: 'uploads.ts', fn: ['TICKET_INVALID', 'NO_FILE'] },
  // analytics.ts
  { cls: 'made-up', file: 'analytics.ts', fn: ['CHANNEL_METRICS', 'POST_METRICS', 'DEFAULT_METRICS', 'DEFAULT_POST_METRICS', 'series', 'dailyValue', 'hash', 'unit', 'channelMetrics', 'isoDay', 'DAY', 'MAX_DAYS'] },
  { cls: 'mock-choice', file: 'analytics.ts', fn: ['parseDays'] },
  // A paid plan's fresh flag is ignored before, and planActions charges a paid plan nothing after.
  { cls: 'redundant', file: 'analytics.ts', fn: ['chargedProvider'], original: /^ws\.plan === 'free'$/, replacement: /^true$/ },
  { cls: 'field-notes', file: 'analytics.ts', fn: ['unchargedPosts'] },
  { cls: 'field-notes', file: 'analytics.ts', fn: ['chargeReads'], line: /posts\.length === 0|chargedReads\.add|const day/ },
  { cls: 'field-notes', file: 'analytics.ts', fn: ['channelAnalytics'], line: /const key|chargeReads\(|wantsFresh && chargedProvider/ },
  { cls: 'mock-choice', file: 'analytics.ts', fn: ['channelAnalytics'], line: /now - cachedAt </ },
  { cls: 'field-notes', file: 'analytics.ts', fn: ['postAnalytics'], line: /chargedProvider|chargeReads|const channel = |const provider = / },
  { cls: 'mock-choice', file: 'analytics.ts', fn: ['postAnalytics'], line: /since > now|const since/ },
  { cls: 'made-up', file: 'analytics.ts', fn: ['postAnalytics'], line: /return series\(/ },
  // integration-tools.ts: what a helper outputs is "not shown in the reference and may be any JSON value".
  { cls: 'message', file: 'integration-tools.ts', fn: ['runTool'], line: /Unknown method|available|no helpers/ },
  { cls: 'mock-choice', file: 'integration-tools.ts', fn: ['runTool'], line: /tools\.includes/ },
  { cls: 'made-up', file: 'integration-tools.ts' },
  // scenario.ts: exporting and importing whole worlds is the control API's (spec/control.yaml Scenario).
  { cls: 'machinery', file: 'scenario.ts' },
  { cls: 'machinery', file: 'caps.ts' },
  { cls: 'machinery', file: 'clock.ts' },
  { cls: 'machinery', file: 'ids.ts' },
  // Rotating the key is done in the app (section 5), so here only through control.
  { cls: 'machinery', file: 'keys.ts' },
  // config.ts: the defaults a run against the mock without control meets; the checks set what they rely on through control.
  { cls: 'mock-choice', file: 'config.ts', fn: ['defaultConfig'], line: /freeLibraryBytes|freeStorageBytes/ },
  // Webhooks are configured in the app (section 6); the mock's control API is that app here.
  { cls: 'machinery', file: 'config.ts', fn: ['defaultConfig'], line: /allowLoopbackWebhooks/ },
  { cls: 'field-notes', file: 'config.ts', fn: ['defaultConfig'], line: /walletPath/ },
  // create-world.ts: the fixtures give every channel these fields, so the defaults never apply.
  { cls: 'redundant', file: 'create-world.ts', fn: ['createWorkspace'], line: /\?\? (null|false)/ },
  { cls: 'machinery', file: 'create-world.ts', fn: ['createWorld'], line: /deliveries/ },
  { cls: 'message', file: 'errors.ts', line: /join\('; '\)/ },
  { cls: 'not-read', file: 'errors.ts', line: /this\.name = 'DomainError'/ },
  { cls: 'message', file: 'money.ts', fn: ['formatCredits'] },
  { cls: 'message', file: 'unlocks.ts', fn: ['UNLOCK_MESSAGES'] },
  // The fallback for a provider the fixtures do not describe: every channel's provider is described.
  { cls: 'redundant', file: 'world.ts', fn: ['providerInfo'] },
  // notifications.ts: GET /notifications answers "object; shape not shown", so no check can read what it lists.
  { cls: 'not-shown', file: 'notifications.ts' },
  // rate-limit.ts: where the hour starts and ends to the millisecond is not said; trimming the list only bounds memory.
  { cls: 'mock-choice', file: 'rate-limit.ts', fn: ['admitPostRequest'], line: /<= since/ },
  { cls: 'redundant', file: 'rate-limit.ts', fn: ['admitPostRequest'], line: /drop > 0|limit \+ 1/ },
  { cls: 'redundant', file: 'rate-limit.ts', fn: ['admitPostRequest'], line: /while \(drop < /, original: /^drop < ws\.postRequests\.length$/ },
  // time-index.ts: ties keep storing order (calendar ties have no order in the reference); the window's ends are the
  // calendar's, which the reference does not say are in or out.
  { cls: 'order', file: 'time-index.ts', line: /after && m === t|this\.#time\(value\), true\)/ },
  { cls: 'mock-choice', file: 'time-index.ts', line: /bound\(this\.#sorted, this\.#time, start, false\)|if \(end < start\) return \[\]/ },
  // Records are stored once and never replaced under the same key except by an edit through posts[].group; a reversed
  // window slices nothing either way; unlinking finds the record it is given; a junk first entry of #sorted compares as
  // no time and so stays last, outside every window; clear() runs on a reset.
  { cls: 'field-notes', file: 'time-index.ts', line: /if \(old !== undefined\) this\.#unlink/ },
  { cls: 'redundant', file: 'time-index.ts', line: /old === undefined|#sorted\.length && this\.#time|readonly #sorted: V\[\] = \[\]/ },
  { cls: 'machinery', file: 'time-index.ts', line: /#sorted\.length = 0|super\.clear|override clear/ },
  // find-slot.ts: the posting schedule (which minutes are slots) is not visible through the API, and which posts make a
  // minute taken (any channel, any state) is the field notes'; the check asserts a slot to come, free, and the first.
  { cls: 'mock-choice', file: 'find-slot.ts', fn: ['DAY', 'HORIZON_DAYS'] },
  { cls: 'mock-choice', file: 'find-slot.ts', fn: ['findSlot'], line: /postingTimes|t >= 0|\.sort\(|const today|HORIZON_DAYS|const at = / },
  { cls: 'field-notes', file: 'find-slot.ts', fn: ['findSlot'], line: /taken\.add/ },
  // wallet-pricing.ts
  { cls: 'field-notes', file: 'wallet-pricing.ts', fn: ['TLDS', 'LINK', 'holdsLink'] },
  { cls: 'field-notes', file: 'wallet-pricing.ts', fn: ['postActionKey'], line: /holdsLink|priceItem\(world, plain\)|post_link/ },
  // x, the one charged provider, has both rows, so either name alone makes it charged.
  { cls: 'redundant', file: 'wallet-pricing.ts', fn: ['isChargedProvider'] },
  { cls: 'redundant', file: 'wallet-pricing.ts', fn: ['priceFor'], line: /quantity <= 0/ },
  { cls: 'mock-choice', file: 'wallet-pricing.ts', fn: ['priceListView'], line: /section\.items\.length > 0|provider === undefined \|\| section/ },
  { cls: 'message', file: 'wallet-pricing.ts', fn: ['priceListView'], line: /credits per/ },
  { cls: 'message', file: 'wallet-pricing.ts', fn: ['formatNumber'] },
  // wallet-estimate.ts: a group spans channels, or several of one provider, only when edited through posts[].group,
  // which only the field notes give; an unchanged item keeping what it paid, and sent items left alone, are theirs too.
  { cls: 'field-notes', file: 'wallet-estimate.ts', fn: ['groupItems'], line: /identifier === provider|channels\.has|\.sort\(\)\[0\]|r\.channelId === first/ },
  // Rows are stored in value order, and an estimate without group or with no rows prices the same as with none.
  { cls: 'redundant', file: 'wallet-estimate.ts', fn: ['groupItems'], line: /group === undefined|rows\.length === 0|a\.index - b\.index/ },
  { cls: 'field-notes', file: 'wallet-estimate.ts', fn: ['estimate'], line: /'PUBLISHED'|rec\.quantity === 1/ },
  // The group label and the refund reason go into a quote that charges and records nothing.
  { cls: 'not-read', file: 'wallet-estimate.ts', fn: ['estimate'], line: /input\.group \?\? 'estimate'|reason: 'edited'/ },
  // wallet-summary.ts: `short` of the forecast has no meaning in the reference (the field notes: "as for the estimate").
  { cls: 'field-notes', file: 'wallet-summary.ts', fn: ['walletSummary'], line: /const autoCovers|short: / },
  { cls: 'legacy', file: 'wallet-summary.ts', fn: ['forecastCents'], line: /paidFor\(ws, row\.id\) === 0/ },
  // The text an occurrence is priced from differs from the stored one only once a (post:<id>) reference in it has become
  // a link, and a link's price is the field notes'.
  { cls: 'field-notes', file: 'wallet-summary.ts', fn: ['forecastCents'], line: /row\.template \?\? row\.content/, original: /^row\.template \?\? row\.content$/ },
  // post-validation.ts
  // How HTML content is read as text (tags dropped, entities decoded, trailing breaks trimmed) for "no text" and for length: the reference says only that content may be HTML.
  { cls: 'mock-choice', file: 'post-validation.ts', fn: ['ENTITIES', 'plainText'] },
  { cls: 'field-notes', file: 'post-validation.ts', fn: ['LINK'] },
  { cls: 'field-notes', file: 'post-validation.ts', fn: ['textLength'], line: /provider === 'x'/ },
  // Whether whitespace alone is "text": the reference's message asks for "at least one character".
  { cls: 'mock-choice', file: 'post-validation.ts', fn: ['isEmpty'], mutators: ['MethodExpression'], original: /\.trim\(\)$/ },
  // The wording of a settings problem: the reference asks for a 400 naming the channel and the problem, not these words.
  { cls: 'message', file: 'post-validation.ts', fn: ['describeSettingsViolation'] },
  // Each leaves another of these guards to answer the same 400 naming the channel, in other words.
  { cls: 'message', file: 'post-validation.ts', fn: ['checkSettings'], line: /settings is required|settings must be an object|settings\.__type is required/, original: /^settings === undefined$|^typeof settings !== 'object'|^type === undefined$/ },
  { cls: 'message', file: 'post-validation.ts', fn: ['checkSettings'], line: /settings must be an object/, original: /^typeof settings !== 'object' \|\| Array\.isArray\(settings\)$/ },
  // The tags limit applied to another provider's settings carrying `tags`: section 2.9 gives tags to youtube only and says nothing of fields it does not list.
  { cls: 'mock-choice', file: 'post-validation.ts', fn: ['extraSettingsProblem'], original: /^provider === 'youtube'( && Array\.isArray\(settings\.tags\))?$/, replacement: /^true$|\|\|/ },
  // Which providers cannot post text alone is the mock's (facebook stories aside, which section 2.9 pins).
  { cls: 'mock-choice', file: 'post-validation.ts', fn: ['NEEDS_MEDIA'] },
  // Only facebook's settings have a post_type that is not already a provider needing media.
  { cls: 'redundant', file: 'post-validation.ts', fn: ['checkMedia'], original: /^channel\.identifier === 'facebook'$/, replacement: /^true$/ },
  { cls: 'message', file: 'post-validation.ts', fn: ['checkMedia'], line: /const what =/ },
  // skills.ts
  // Every tag a fixture skill carries is in the tag table, so the lookup never misses.
  { cls: 'redundant', file: 'skills.ts', fn: ['labelOf'], mutators: ['OptionalChaining'] },
  // Matching a tag's label (not only its key) is the field notes'.
  { cls: 'field-notes', file: 'skills.ts', fn: ['labelOf'] },
  { cls: 'field-notes', file: 'skills.ts', fn: ['listSkills'], line: /labelOf/, original: /^\(t\) => labelOf/ },
  // An empty word is found in every text, so keeping or dropping empty words changes nothing.
  { cls: 'redundant', file: 'skills.ts', fn: ['listSkills'], line: /const words =/, original: /^w\.length > 0$/, replacement: /^(true|w\.length >= 0)$/ },
  { cls: 'redundant', file: 'skills.ts', fn: ['listSkills'], line: /const words =/, mutators: ['MethodExpression'], replacement: /split\(\/\\s\+\/\)$/ },
  { cls: 'redundant', file: 'skills.ts', fn: ['listSkills'], line: /const words =/, mutators: ['Regex'], replacement: /^\/\\s\/$/ },
  // An empty `tag`: ignored or matching nothing, the reference does not say.
  { cls: 'mock-choice', file: 'skills.ts', fn: ['listSkills'], line: /filter\.tag !== ''/, original: /^filter\.tag !== ''$|^''$/ },
  // Whether every word or any word must occur: the reference says "words in name, summary or tags".
  { cls: 'mock-choice', file: 'skills.ts', fn: ['listSkills'], line: /words\.every/, mutators: ['MethodExpression'] },
  // With no words, `every` below is already true.
  { cls: 'redundant', file: 'skills.ts', fn: ['listSkills'], line: /words\.length === 0/, replacement: /^false$/ },
  { cls: 'order', file: 'skills.ts', fn: ['listSkills'], line: /\.sort\(/ },
  // Which tags SkillsList lists, and how one missing from the tag table is labelled: only tags used by a skill is the field notes'; the rest the reference leaves open.
  { cls: 'field-notes', file: 'skills.ts', fn: ['listSkills'], line: /const known = tags\.filter/ },
  { cls: 'mock-choice', file: 'skills.ts', fn: ['listSkills'], line: /known\.push/ },
  // ai.ts
  { cls: 'message', file: 'ai.ts', fn: ['PLAN_MESSAGE'] },
  { cls: 'order', file: 'ai.ts', fn: ['generateVideo'], line: /'vid_'/ },
  // Section 4.8: both bodies' fields and the function's answer are "not shown".
  { cls: 'not-shown', file: 'ai.ts', fn: ['generateVideo', 'VOICES'] },
  // Whether a blank identifier or functionName is refused: the reference requires both as strings, nothing more.
  { cls: 'mock-choice', file: 'ai.ts', fn: ['runVideoFunction'], line: /\.trim\(\) === ''/ },
  { cls: 'not-shown', file: 'ai.ts', fn: ['runVideoFunction'], line: /case |default:|return / },
  // brief.ts
  { cls: 'machinery', file: 'brief.ts', fn: ['initBrief'] },
  { cls: 'order', file: 'brief.ts', fn: ['listDocuments'] },
  // The brief registry's rules (which keys a category takes, what it may create or delete, at most 100 documents): GET /brief/schema's fields are not shown; the field notes give them.
  { cls: 'field-notes', file: 'brief.ts', fn: ['saveDocument'], line: /cat\.documents\.find|fixed\.title|cat\.keys|cat\.create|ws\.channels\.find|!channel|channel\.name|KEY_PATTERN|const count|maxDocuments/ },
  // Skipping the creation guards for a new document: which documents may be created is the registry's rule above.
  { cls: 'field-notes', file: 'brief.ts', fn: ['saveDocument'], line: /if \(!existing\)/, replacement: /^false$|^\{\}$/ },
  { cls: 'field-notes', file: 'brief.ts', fn: ['deleteDocument'], line: /!cat\.delete/ },
  { cls: 'field-notes', file: 'brief.ts', fn: ['KEY_PATTERN'] },
  { cls: 'machinery', file: 'brief.ts', fn: ['saveDocument'], line: /ensureRoom/ },
  // Revisions are read only through the control API.
  { cls: 'not-read', file: 'brief.ts', fn: ['record'] },
  { cls: 'not-read', file: 'brief.ts', fn: ['saveDocument'], line: /record\(/ },
  { cls: 'not-read', file: 'brief.ts', fn: ['deleteDocument'], line: /keepHistory|history\.delete/ },
  { cls: 'machinery', file: 'brief.ts', fn: ['documentHistory'] },
  // Onboarding runs exist only when a scenario loads them; through the API there are none.
  { cls: 'machinery', file: 'brief.ts', fn: ['onboardingStatus'], line: /r\.status === |running: running|last: last|const running|const last/ },
  // What `available` means: the reference gives the field, not when it is true.
  { cls: 'mock-choice', file: 'brief.ts', fn: ['onboardingStatus'], line: /available:/ },
  // The first onboarding run free, later ones charged: the field notes' (brief.onboarding).
  { cls: 'field-notes', file: 'brief.ts', fn: ['onboardingStatus'], line: /nextRunCharged/ },
  // channels.ts
  // The contract's settings schemas hold no cycle and every $ref names one of its own components: the depth bound, and the tests of a node that has no $ref or names no schema, never change the copy.
  { cls: 'redundant', file: 'channels.ts', fn: ['inline'], original: /^typeof node\.\$ref === 'string'( && depth < 16)?$|^depth < 16$/, replacement: /^true$|\|\||<= 16$/ },
  { cls: 'redundant', file: 'channels.ts', fn: ['inline'], mutators: ['OptionalChaining', 'Regex'], replacement: /\(\.\+\)/ },
  { cls: 'redundant', file: 'channels.ts', fn: ['inline'], original: /^name && schemas\[name\]$/, replacement: /^true$|\|\|/ },
  { cls: 'redundant', file: 'channels.ts', fn: ['inline'], original: /^depth \+ 1$/ },
  { cls: 'redundant', file: 'channels.ts', fn: ['settingsSchemaFor'], mutators: ['OptionalChaining'] },
  // A provider with no field but __type (threads) gets the string or a schema holding only __type: section 2.10 allows either.
  { cls: 'mock-choice', file: 'channels.ts', fn: ['settingsSchemaFor'], line: /k !== '__type'/, replacement: /^Object\.keys|^true$|=== '__type'|^""$/ },
  { cls: 'mock-choice', file: 'channels.ts', fn: ['settingsSchemaFor'], line: /fields\.length === 0/, replacement: /^false$/ },
  // refresh naming a channel of another provider: the reference says only "id of an existing channel to reconnect".
  { cls: 'mock-choice', file: 'channels.ts', fn: ['socialConnectUrl'], line: /channel\.identifier !== provider/ },
  // The consent addresses and their query: "The provider's OAuth URL" is the provider's, which the mock makes up.
  { cls: 'made-up', file: 'channels.ts', fn: ['AUTHORIZE'], mutators: ['ObjectLiteral'] },
  { cls: 'made-up', file: 'channels.ts', fn: ['socialConnectUrl'], line: /AUTHORIZE\[provider\]|searchParams\.set/ },
  { cls: 'not-shown', file: 'channels.ts', fn: ['deleteIntegration'], line: /return \{ id: channel\.id/ },

  // webhooks.ts
  { cls: 'message', file: 'webhooks.ts', fn: ['createWebhook'], line: /Unknown channel\(s\)/, original: /^', '$/ },
  // The app's webhook screen as control plays it, where the reference says nothing: the default of integrations, unknown channels, the name, deleting, the cap on what a client makes it keep.
  { cls: 'machinery', file: 'webhooks.ts', fn: ['createWebhook'], line: /input\.integrations \?\? 'all'|integrations !== 'all'|const unknown|unknown\.length > 0|ensureRoom|input\.name \?\?/ },
  { cls: 'order', file: 'webhooks.ts', fn: ['createWebhook'], line: /'wh_'/ },
  // "A free plan allows 30 webhooks": a paid plan's number is not given.
  { cls: 'mock-choice', file: 'webhooks.ts', fn: ['createWebhook'], original: /^ws\.plan === 'free'$/, replacement: /^true$/ },
  { cls: 'machinery', file: 'webhooks.ts', fn: ['deleteWebhook'] },
  // Only a published chain is delivered, and publishing gives every row its releaseURL.
  { cls: 'redundant', file: 'webhooks.ts', fn: ['payloadFor'], original: /^''$/ },
  { cls: 'redundant', file: 'webhooks.ts', fn: ['groupDeliveries'], line: /!channel/ },
  // The Send Test sample's ids, texts, addresses and names; test: true is control's record of it.
  { cls: 'made-up', file: 'webhooks.ts', fn: ['testDelivery'], mutators: ['StringLiteral'], original: /^'(test-|<p>|https:|Example on)/ },
  { cls: 'machinery', file: 'webhooks.ts', fn: ['testDelivery'], line: /test: true/, original: /^true$/ },

  // oauth.ts
  // No app is null or undefined alike to every reader.
  { cls: 'redundant', file: 'oauth.ts', fn: ['initOAuth'] },
  { cls: 'machinery', file: 'oauth.ts', fn: ['publicApp', 'getApp'] },
  { cls: 'machinery', file: 'oauth.ts', fn: ['requireApp'] },
  // Control's request schema (spec/control.yaml CreateOAuthApp, UpdateOAuthApp) requires name and redirectUrl on creation and bounds name to 1-100 and description to 500 first.
  { cls: 'validated-earlier', file: 'oauth.ts', fn: ['checkFields'], line: /creating && fields\.(name|redirectUrl) === undefined/ },
  { cls: 'validated-earlier', file: 'oauth.ts', fn: ['createApp'], line: /checkFields\(fields, true\)/ },
  { cls: 'validated-earlier', file: 'oauth.ts', fn: ['checkFields'], original: /^fields\.name !== undefined && \(|^fields\.name\.length > NAME_MAX$|^fields\.description != null && /, replacement: /^false$/ },
  { cls: 'validated-earlier', file: 'oauth.ts', fn: ['checkFields'], line: /description must be at most/ },
  // Left to it once the schema has passed: a name of spaces, and which redirect URLs are acceptable (the reference says only that one is set).
  { cls: 'mock-choice', file: 'oauth.ts', fn: ['checkFields'], original: /^fields\.name\.trim\(\)|^fields\.name\.trim\(\)\.length < 1 \|\|/, replacement: /^fields\.name$|^false$|&&/ },
  // With every check of the function gone, what changes is only what the schema leaves to it.
  { cls: 'mock-choice', file: 'oauth.ts', fn: ['checkFields'], line: /^function checkFields/, original: /^\{/ },
  { cls: 'mock-choice', file: 'oauth.ts', fn: ['checkFields'], line: /fields\.name\.trim\(\)/, original: /^\{/ },
  // Control's refusal text for a blank name (the automatic message rule sees "characters" in the contract and leaves it).
  { cls: 'machinery', file: 'oauth.ts', fn: ['checkFields'], line: /name must be 1 to/, mutators: ['StringLiteral'] },
  { cls: 'validated-earlier', file: 'oauth.ts', fn: ['checkFields'], line: /fields\.description\.length > DESCRIPTION_MAX\) \{/, original: /^\{/ },
  { cls: 'redundant', file: 'oauth.ts', fn: ['checkFields'], line: /\} catch \{/, original: /^\{/ },
  { cls: 'mock-choice', file: 'oauth.ts', fn: ['checkFields'], line: /fields\.redirectUrl !== undefined\) \{|let ok|url\.protocol|ok = false|!ok\)/, original: /^\{|^false$|^url|^\(url|^!ok$|^'http:'$/ },
  { cls: 'mock-choice', file: 'oauth.ts', fn: ['checkFields'], original: /^fields\.redirectUrl !== undefined$/, replacement: /^false$/ },
  { cls: 'mock-choice', file: 'oauth.ts', fn: ['checkFields'], original: /^problems\.length > 0$/, replacement: /^false$/ },
  { cls: 'message', file: 'oauth.ts', fn: ['checkFields'], line: /problems\.push\(/, mutators: ['StringLiteral'] },
  // Every path through the try sets ok.
  { cls: 'redundant', file: 'oauth.ts', fn: ['checkFields'], line: /let ok = false/ },
  // Description and picture are seen only in control's view of the app.
  { cls: 'machinery', file: 'oauth.ts', fn: ['createApp'], line: /fields\.(description|picture) \?\? null/ },
  { cls: 'machinery', file: 'oauth.ts', fn: ['updateApp'], line: /fields\.(description|picture) !== undefined/ },
  { cls: 'machinery', file: 'oauth.ts', fn: ['updateApp'], line: /fields\.name !== undefined/, replacement: /^false$/ },
  // The count and the answers control gives back.
  { cls: 'machinery', file: 'oauth.ts', fn: ['dropGrants'], line: /revoked\+\+/ },
  { cls: 'machinery', file: 'oauth.ts', fn: ['revokeApp'], line: /return \{ revoked \}/ },
  { cls: 'machinery', file: 'oauth.ts', fn: ['deleteApp'], line: /return \{ deleted: true \}/ },
  // What a revocation or a deletion does to the app's own unspent codes, open consent pages, and (deleted) tokens: the reference speaks only of a revoked app's tokens.
  { cls: 'mock-choice', file: 'oauth.ts', fn: ['dropGrants'], line: /oauth\.codes/, replacement: /^false$|^;$/ },
  { cls: 'mock-choice', file: 'oauth.ts', fn: ['dropGrants'], line: /oauth\.consents/ },
  { cls: 'mock-choice', file: 'oauth.ts', fn: ['deleteApp'], line: /dropGrants/ },
  // Control's query schema for the consent page requires client_id and allows response_type code only.
  { cls: 'validated-earlier', file: 'oauth.ts', fn: ['beginConsent'], line: /!query\.clientId|query\.responseType !== 'code'/ },
  // Forgetting unanswered pages and old codes: a cap on what a client can make it keep; an expired one is refused anyway.
  { cls: 'machinery', file: 'oauth.ts', fn: ['beginConsent', 'answerConsent'], line: /forgetOldest|expiresAt <= now\) world\.oauth\.(consents|codes)\.delete/ },
  // The consent form is the mock's stand-in for the app's screen: its nonce, how long it stays valid, its client, workspace and decision fields.
  { cls: 'machinery', file: 'oauth.ts', fn: ['beginConsent'], line: /expiresAt: env\.clock\.now\(\) \+/ },
  { cls: 'machinery', file: 'oauth.ts', fn: ['answerConsent'], line: /!pending|if \(!found\) throw new ConsentError|!answer\.clientId|answer\.decision !== 'approve' && answer\.decision !== 'deny'|answer\.decision === 'approve' && !ws|consents\.delete\(answer\.nonce/ },
  // A consent request without state: the reference always sends one.
  { cls: 'mock-choice', file: 'oauth.ts', fn: ['answerConsent'], line: /state !== null/ },
  // Bodies of failed exchanges: "Response bodies for failed code exchanges: not shown".
  { cls: 'not-shown', file: 'oauth.ts', fn: ['exchangeCode'], mutators: ['StringLiteral'], original: /^`\$\{field\} is required`$|^'(Invalid authorization code|Code has already been used|Code has expired)'$/ },
  // An empty string is refused later anyway (no app, secret or code is empty).
  { cls: 'redundant', file: 'oauth.ts', fn: ['exchangeCode'], original: /^body\[field\] === ''$|^''$/ },
  // "within 10 minutes": whether the very last millisecond counts is not said.
  { cls: 'mock-choice', file: 'oauth.ts', fn: ['exchangeCode'], original: /^grant\.expiresAt <= env\.clock\.now\(\)$/, replacement: /^grant\.expiresAt < env\.clock\.now\(\)$/ },
  // No workspace goes away while its codes live (control has no delete of a workspace; a reset forgets the codes too).
  { cls: 'redundant', file: 'oauth.ts', fn: ['exchangeCode'], line: /if \(!ws\) return fail/ },
  { cls: 'machinery', file: 'oauth.ts', fn: ['exchangeCode'], line: /caps\.accessTokens|atCap\('accessTokens'/ },
  // auth.ts: HTTP strips a header value's surrounding spaces before it arrives; a rotated key is removed from the
  // key table, so the second comparison repeats the first; a grant always names a live workspace; `via` is kept for
  // the mock's own tests.
  { cls: 'redundant', file: 'auth.ts', fn: ['authenticate'], line: /\.trim\(\)|!grant \|\| !ws|ws\.apiKey !== value/ },
  { cls: 'not-read', file: 'auth.ts', fn: ['authenticate'], original: /^'(oauth|apiKey)'$/ },
  // wallet-summary.ts, the rest: a post on a channel no longer listed, or an action with no price, costs nothing either
  // way; an inter of 0 is the mock's (a repeat every 0 days); the window's last millisecond is not said; what a
  // shortfall means for the forecast (`short`) is the field notes'.
  { cls: 'redundant', file: 'wallet-summary.ts', fn: ['forecastCents'], line: /provider === undefined/ },
  { cls: 'redundant', file: 'wallet-summary.ts', fn: ['forecastCents'], original: /^row\.inter !== null$/, replacement: /^true$/ },
  { cls: 'mock-choice', file: 'wallet-summary.ts', fn: ['forecastCents'], line: /row\.inter !== null && row\.inter > 0/ },
  { cls: 'mock-choice', file: 'wallet-summary.ts', fn: ['forecastCents'], original: /^row\.publishAt > end$/, replacement: /^row\.publishAt >= end$/ },
  { cls: 'redundant', file: 'wallet-summary.ts', fn: ['itemCents'], line: /key === null \? 0/ },
  { cls: 'field-notes', file: 'wallet-summary.ts', fn: ['walletSummary'], line: /const missing/ },
  // Published items past the new contents are never touched: the field notes'.
  { cls: 'field-notes', file: 'wallet-estimate.ts', fn: ['estimate'], mutators: ['MethodExpression'], original: /^all\s+\.slice\(input\.contents\.length\)/ },
  // Whether a section the filter emptied is kept: not said (only the rows are).
  { cls: 'mock-choice', file: 'wallet-pricing.ts', fn: ['priceListView'], mutators: ['MethodExpression'], original: /^world\.fixtures\.prices\.sections/ },
  // A slot at the very instant asked: whether "next" includes the present millisecond is not said.
  { cls: 'mock-choice', file: 'find-slot.ts', fn: ['findSlot'], original: /^at > now$/, replacement: /^at >= now$/ },
  // The settings schema requires each tag's value as a string, so a tag without one never gets here.
  { cls: 'validated-earlier', file: 'post-validation.ts', fn: ['extraSettingsProblem'], line: /tag\?\.value \?\? ''/ },
  // The wording of the media refusal: the reference states the rule ("A story needs at least one photo or video"),
  // not the 400's message, so the sentence built from it is the mock's pick (a string rule cannot call it a message,
  // since the document quotes the rule).
  { cls: 'mock-choice', file: 'post-validation.ts', fn: ['checkMedia'], line: /needs at least one photo or video/ },
];

/** The contract's text without its examples: a sample answer shows a value, it does not pin it. */
const SPEC = (() => {
  const strip = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(strip) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'example' && k !== 'examples').map(([k, x]) => [k, strip(x)])) : v;
  const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : []);
  // Spaces collapsed: a description wraps a quoted message across lines.
  return strings(strip(parse(readFileSync(fileURLToPath(new URL('../spec/openapi.yaml', import.meta.url)), 'utf8'))))
    .join('\n')
    .replace(/\s+/g, ' ');
})();

/** Calls whose string argument is text for a person: an error, a refusal, a notification, a ledger description. */
const MESSAGE_LINE = /\b(invalid|notFound|storageFull|walletRefusal|postInvalid|notify|fail|planRefusal|conflict|forbidden)\(|\bthrow\b|description[:?]|message:|_REFUSAL =|Error\(|MESSAGES|msg:/;

/**
 * A string mutant in text for a person that the contract does not pin: no fragment of ten characters or more between
 * its `${...}` parts appears in spec/openapi.yaml outside its examples; the document quotes every message the
 * reference fixes (in enums, descriptions and patterns).
 */
export function isUnpinnedMessage(mutator: string, sourceLine: string, original: string): boolean {
  if (mutator !== 'StringLiteral' || !MESSAGE_LINE.test(sourceLine)) return false;
  const text = original.replace(/^[`'"]|[`'"]$/g, '');
  return text.trim().length >= 3 && !pinned(text);
}

/** Whether the contract quotes a text (a fragment of ten characters or more between its `${...}` parts). */
function pinned(text: string): boolean {
  return text
    .split(/\$\{[^}]*\}/)
    .map((f) => f.replace(/\s+/g, ' ').trim())
    .filter((f) => f.length >= 10)
    .some((f) => SPEC.includes(f));
}

const TOP_LEVEL = /^(?:export )?(?:async )?function (\w+)|^(?:export )?const (\w+)/;

/** The top-level function or constant a line belongs to. */
export function enclosing(lines: string[], line: number): string {
  for (let i = line - 1; i >= 0; i--) {
    const m = TOP_LEVEL.exec(lines[i] ?? '');
    if (m) return (m[1] ?? m[2])!;
  }
  return '(top)';
}

export function classify(file: string, lines: string[], mutant: { mutatorName: string; replacement?: string; location: { start: { line: number } } }, original: string): string | undefined {
  const sourceLine = lines[mutant.location.start.line - 1] ?? '';
  if (isUnpinnedMessage(mutant.mutatorName, sourceLine, original)) return 'message';
  // The rules are read for mocks/domain: a file of the same name elsewhere (mocks/http/scenario.ts) is not theirs.
  const base = file.startsWith('mocks/domain/') ? file.slice('mocks/domain/'.length) : undefined;
  const fn = enclosing(lines, mutant.location.start.line);
  const cls = RULES.find(
    (r) => r.file === base && (!r.fn || r.fn.includes(fn)) && (!r.line || r.line.test(sourceLine)) && (!r.mutators || r.mutators.includes(mutant.mutatorName)) && (!r.original || r.original.test(original)) && (!r.replacement || r.replacement.test(mutant.replacement ?? '')),
  )?.cls;
  // A rule never calls a text the contract quotes a message it leaves open.
  if (cls === 'message' && mutant.mutatorName === 'StringLiteral' && pinned(original.replace(/^[`'"]|[`'"]$/g, ''))) return undefined;
  return cls;
}

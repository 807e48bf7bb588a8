// Why a mutant the suites do not detect is left so: the classes of docs/suites.md ("Mutation score") and the rules that sort survivors into them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/**
 * What a class is. `contract` is behaviour the reference pins, which a named check kills: a mutant left there is a gap,
 * never explained. Every other kind is a reason the suites must not, or cannot, notice the mutant.
 */
export type Kind = 'contract' | 'reference-open' | 'field-notes' | 'made-up' | 'equivalent' | 'unreachable' | 'machinery';

export interface SurvivorClass {
  id: string;
  kind: Kind;
  title: string;
  /** One mutant of the class, for the docs' table. */
  example: string;
}

export const CLASSES: SurvivorClass[] = [
  { id: 'contract', kind: 'contract', title: 'behaviour the reference pins, read once as something else: the check the rule names kills it, and a mutant left here is a gap (counted as not explained)', example: '`media.ts`: a deleted file keeping its room, so a free library stays full (library_room_back_after_delete)' },
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

/**
 * A rule names the lines it covers (`line`, tested against the source line a mutant starts on) or the expression
 * (`original`, the text replaced), and says why (`why`); a rule over a whole file or function is not written, except
 * where `wholeFile` says why no line of the file is reached by a check (scripts/mutation-classes.test.ts holds them to it).
 */
export interface Rule {
  cls: string;
  /** A file of mocks/domain, by name (posts.ts). */
  file: string;
  /** Enclosing top-level function, class or constant; any when left out. */
  fn?: string[];
  /** Tested against the source line the mutant starts on; any when left out. */
  line?: RegExp;
  mutators?: string[];
  /** Tested against the text the mutant replaced; any when left out. */
  original?: RegExp;
  /** Tested against what the mutant put in its place; any when left out. */
  replacement?: RegExp;
  /** What the lines do and why they are left (the class gives the kind of reason); the report prints it. */
  why?: string;
  /** For `contract`: the check that kills the mutants the rule names. */
  check?: string;
  /** A rule with neither `line` nor `original`: why no line of the file is reached by a check. */
  wholeFile?: string;
}

/** POST /posts, in the functions it is written as. */
const CREATE = ['createPosts', 'planEntry', 'buildRows', 'saveGroup'];

/** Rules read in order; the first that matches decides. Written from reading each survivor; see docs/suites.md. */
export const RULES: Rule[] = [
  // posts.ts
  // The live post's address per network, and a release id's digits: section 2.3 gives releaseURL as an address, not its form.
  { cls: 'made-up', file: 'posts.ts', fn: ['releaseUrlFor'], line: /const short = |const handle = |const id = |const pattern = |const parts: |return pattern\.replace/, why: 'the address form per network (the row\'s pattern, its fallback, the short id, the handle)' },
  { cls: 'made-up', file: 'posts.ts', fn: ['newReleaseId'], line: /^export function newReleaseId|BigInt\(`0x\$\{env\.ids\.hex\(8\)\}`\)|1_000_000_000_000_000_000n \+ n/, why: 'the digits of a new release id (emptied, the id and its URL read "undefined": still an id no check can tell from another)' },
  { cls: 'not-shown', file: 'posts.ts', fn: ['missingReleases'], line: /post\.state !== 'PUBLISHED' \|\| post\.releaseId !== null|const base = BigInt|const at = post\.publishedAt|\[0n, 1n, 2n\]\.map|const releaseId = \(base|^\s*return \{$|content: i === 0|publishedAt: new Date\(at/, why: 'GET /posts/<id>/missing: which posts have candidates and every field of an item ("item fields not shown")' },
  // A draft is DRAFT and anything else scheduled (section 3); only `update` keeping a group's state is the field notes'.
  { cls: 'field-notes', file: 'posts.ts', fn: ['targetState'], line: /type !== 'update'|existing\.some\(\(r\) => r\.state === 'DRAFT'\)/, why: '`type: "update"` keeps the post\'s state (field notes)' },
  { cls: 'redundant', file: 'posts.ts', fn: ['groupRows'], line: /if \(ids\) return ids\.map|\[\.\.\.ws\.posts\.rows\.values\(\)\]\.filter\(\(r\) => r\.group === group\)/, why: 'the group index and its scan fallback give the same rows in the same order; the fallback serves rows stored without the index (test helpers)' },
  { cls: 'redundant', file: 'posts.ts', fn: ['keepingSeen'], line: /const inSync = |if \(inSync\)/, why: 'the scheduler\'s fast path: a missed count makes runDue scan, never skip' },
  // A post whose time is the marker's own is due either way.
  { cls: 'redundant', file: 'posts.ts', fn: ['noteDue'], original: /^at < ws\.posts\.nextDue$/, replacement: /^at <= ws\.posts\.nextDue$/, why: 'a row due at the marker\'s own instant is run by it either way' },
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
  // Storing the id is what the operation is for (post_analytics_link); what an empty id or an unpublished post's id does is not said.
  { cls: 'mock-choice', file: 'posts.ts', fn: ['setReleaseId'], line: /releaseId\.trim\(\) === ''/, why: 'an empty releaseId refused (the reference requires a string)' },
  { cls: 'mock-choice', file: 'posts.ts', fn: ['setReleaseId'], line: /releaseURL: post\.state === 'PUBLISHED' && channel/, why: 'which posts get a releaseURL from a linked id (section 4.2: "for a published post whose link was lost")' },
  { cls: 'machinery', file: 'posts.ts', fn: ['setReleaseId'], line: /ensureBytes\(world\.config\.caps, 'postBytes'/, why: 'the cap on the bytes of posts the mock keeps' },
  { cls: 'mock-choice', file: 'posts.ts', fn: ['deleteGroup'], line: /fromPlatform|deleteFromPlatform === false|channel\.failing|deletedFromPlatform\.push|platformErrors|'unknown'|row\.state === 'PUBLISHED'\)\) \{|^\s*\}\s*else \{|const channel = findChannel/ },
  { cls: 'redundant', file: 'posts.ts', fn: ['deleteGroup'], line: /error: false|groups\.delete|const release = rows\.filter/ },
  { cls: 'not-shown', file: 'posts.ts', fn: ['deleteChannelPosts'], line: /ids: rows\.map/ },
  { cls: 'mock-choice', file: 'posts.ts', fn: ['deleteChannelPosts'], line: /r\.state !== 'PUBLISHED'/ },
  { cls: 'redundant', file: 'posts.ts', fn: ['deleteChannelPosts'], line: /groups\.delete/ },
  // billing.ts
  { cls: 'message', file: 'billing.ts', fn: ['SCHEDULE_REFUSAL', 'TOP_UP_FIRST'], line: /^\s*'Not enough credits in your wallet|^export const TOP_UP_FIRST = '/, why: 'the words of a wallet refusal (section 7 pins `wallet: true`, not the message)' },
  { cls: 'message', file: 'billing.ts', fn: ['REFUND_TEXT'], line: /REFUND_TEXT: Record|^\s*(deleted|'moved back to drafts'|edited|'not published'): '/, why: 'the reason a refund\'s description names (descriptions are string|null)' },
  { cls: 'message', file: 'billing.ts', fn: ['actionName'], line: /priceItem\(world, actionKey\)\?\.name \?\? actionKey/, why: 'the action\'s name in a transaction description' },
  { cls: 'message', file: 'billing.ts', fn: ['cover', 'planSettlement', 'planActions'], line: /refusal: after < 0|\.refusal \?\?/ },
  // isPayAsYouGo is `payAsYouGo` (sections 1, 3): no rule but this one.
  { cls: 'redundant', file: 'billing.ts', fn: ['isPayAsYouGo'], original: /^ws\.plan === 'free'$/, replacement: /^true$/, why: 'every caller has set a paid plan aside first (NotOnWallet, nothing charged, no library cap)' },
  { cls: 'redundant', file: 'billing.ts', fn: ['isSent'], line: /^function isSent|return ws\.posts\.rows\.get\(postId\)\?\.state === 'PUBLISHED'/, why: 'billing checks again what the posts code filtered: the callers hand it only rows not yet sent' },
  { cls: 'redundant', file: 'billing.ts', fn: ['quoteSettlement'], line: /ws\.plan === 'paid'|handled|rec\.cents <= 0|actionKey === null|cents <= 0|\* quantity/ },
  { cls: 'field-notes', file: 'billing.ts', fn: ['quoteSettlement'], line: /rec\.actionKey === actionKey|rec && rec\.cents > 0|reason: 'edited'/ },
  { cls: 'field-notes', file: 'billing.ts', fn: ['cover'], line: /autoTopUpCovers/ },
  { cls: 'mock-choice', file: 'billing.ts', fn: ['cover'], line: /dueCents <= 0|!isPayAsYouGo/ },
  { cls: 'redundant', file: 'billing.ts', fn: ['cover'], line: /ws\.wallet\.frozen/ },
  // Automatic top-up: whether it is on, pay-as-you-go, covers a shortfall and stays within its monthly limit is the
  // reference's (sections 2.8, 3: auto_top_up_covers, auto_top_up_allowance_renews_monthly, exact_balance_covers); when a
  // threshold fires it and how a shortfall is split into top-ups only the field notes say.
  { cls: 'redundant', file: 'billing.ts', fn: ['planAutoTopUp'], original: /^s\.amount === null$|^s\.amount <= 0$/, why: 'control refuses automatic top-up on without a positive amount' },
  { cls: 'redundant', file: 'billing.ts', fn: ['planAutoTopUp'], line: /if \(each <= 0\) return none/, why: 'each is a positive amount\'s credits' },
  { cls: 'field-notes', file: 'billing.ts', fn: ['planAutoTopUp'], line: /const below = s\.belowCents !== null/, why: 'the threshold (belowCredits) firing a top-up' },
  { cls: 'field-notes', file: 'billing.ts', fn: ['planAutoTopUp'], line: /const needs = after < 0/, replacement: /^(after <= 0|true)$/, why: 'a top-up when a charge takes the balance to exactly 0, and the threshold\'s single top-up counted as a shortfall\'s (none when nothing is short)' },
  { cls: 'field-notes', file: 'billing.ts', fn: ['planAutoTopUp'], line: /if \(!needs && !below\) return none/, replacement: /^(false|!needs \|\| !below|needs|below)$/, why: 'a top-up with no shortfall and the threshold not crossed' },
  { cls: 'field-notes', file: 'billing.ts', fn: ['planAutoTopUp'], line: /const count = needs \? Math\.ceil\(-after \/ each\) : 1/, why: 'how many top-ups of `amount` a shortfall takes' },
  { cls: 'machinery', file: 'billing.ts', fn: ['ensureLedgerRoom'], line: /^function ensureLedgerRoom|settlement\.charges\.length === 0\) return|const topUps = settlement\.autoTopUps|const entries = settlement\.charges\.length|ensureRoom\(world\.config\.caps, 'ledgerEntries'/, why: 'the cap on ledger entries the mock keeps' },
  { cls: 'machinery', file: 'billing.ts', fn: ['planSettlement', 'planActions'], line: /ensureLedgerRoom/ },
  { cls: 'redundant', file: 'billing.ts', fn: ['planActions'], line: /!quote\.covered|cents <= 0|ws\.plan === 'paid'/ },
  { cls: 'legacy', file: 'billing.ts', fn: ['paidFor'], line: /^export function paidFor/, replacement: /^\{\}$/, why: 'paidFor answering nothing: only posts queued before charging moved to scheduling time are read through it' },
  { cls: 'not-shown', file: 'billing.ts', fn: ['planActions'], line: /reference|description/ },
  { cls: 'not-shown', file: 'billing.ts', fn: ['notifyLowBalance'], line: /^function notifyLowBalance|const threshold = ws\.wallet\.autoTopUp\.belowCents|before >= threshold && after < threshold/, why: 'the low-balance notification (GET /notifications: "shape not shown")' },
  { cls: 'not-shown', file: 'billing.ts', fn: ['applySettlement'], line: /notifyLowBalance|reference: c\.reference/ },
  { cls: 'redundant', file: 'billing.ts', fn: ['applySettlement'], line: /charges\.length === 0 &&|dueCents > 0|frozen|stale|again|autoTopUpCents: 0|quantity: r\.quantity|if \(rec\)|rec\.cents <= 0|c\.postId !== undefined|c\.group \?\?|c\.provider \?\?|^\s*\}\s*$/ },
  { cls: 'field-notes', file: 'billing.ts', fn: ['applySettlement'], line: /autoTopUps \?\?|autoTopUpCents > 0 && count|autoTopUpCents \/ count|i < count/ },
  // wallet.ts
  // The app's wallet actions are played by control. What they do to the public API is the reference's: a top-up makes a
  // free workspace pay-as-you-go and is a TOPUP, the settings made are the ones GET /wallet shows (no rule); how control
  // checks its input, what a claw-back does, grants and freezing are the mock's machinery.
  { cls: 'machinery', file: 'wallet.ts', fn: ['initWallet', 'DAY_MS'], line: /^export function initWallet|^const DAY_MS = |const ledger: Transaction\[\] = \(fixture|id: env\.ids\.id\('tx_'\)|description: entry\.description \?\? null|createdAt: now - \(entry\.daysAgo|const auto = fixture\?\.autoTopUp|^\s*return \{$|balance: sumCents\(ledger\.map|toppedUp: ledger\.some|frozen: fixture\?\.frozen|^\s*autoTopUp: \{$|enabled: auto\?\.enabled|belowCents: auto\?\.belowCredits|amount: auto\?\.amount|monthlyLimit: auto\?\.monthlyLimit/, why: 'the seeded world\'s wallets, read from fixtures' },
  { cls: 'machinery', file: 'wallet.ts', fn: ['creditsToCents'], line: /^export function creditsToCents|const cents = Math\.round\(credits \* 100\)|!Number\.isFinite\(credits\) \|\| Math\.abs/, why: 'control\'s and the fixtures\' credits read into hundredths, more than 2 decimals refused' },
  { cls: 'machinery', file: 'wallet.ts', fn: ['topUp', 'grant', 'adjust'], line: /if \(cents <= 0\) throw invalid|if \(cents === 0\) throw invalid|if \(ws\.wallet\.frozen\) throw invalid|ensureLedgerRoom\(ws, config\)/, why: 'control refusing a top-up, grant or adjustment it cannot make' },
  { cls: 'machinery', file: 'wallet.ts', fn: ['topUp'], line: /const currencyAmount = Math\.round|description: description \?\? `Top-up of/, why: 'a top-up\'s amount in the currency (read only by the mock) and its description' },
  { cls: 'machinery', file: 'wallet.ts', fn: ['grant'], line: /^export function grant|type: 'GRANT', cents, description: description \?\? 'Credits granted'/, why: 'a grant (no public operation grants; it is not a top-up)' },
  { cls: 'machinery', file: 'wallet.ts', fn: ['adjust'], line: /description: description \?\? \(cents < 0|if \(cents < 0\) \{|ws\.wallet\.frozen = true|Your wallet was frozen after a claw-back/, why: 'a claw-back\'s description and the freeze that follows it (field notes)' },
  { cls: 'machinery', file: 'wallet.ts', fn: ['freeze', 'unfreeze'], line: /^export function (freeze|unfreeze)|ws\.wallet\.frozen = (true|false)/, why: 'freezing and unfreezing, the administrator\'s actions' },
  { cls: 'machinery', file: 'wallet.ts', fn: ['setAutoTopUp'], line: /const problems: string\[\] = \[\]|next\.belowCents !== null && next\.belowCents < 0|next\.amount !== null && !\(Number\.isInteger|next\.monthlyLimit !== null && !\(Number\.isInteger|problems\.push\('monthlyLimit must be|next\.enabled && next\.amount === null|if \(problems\.length > 0\) throw/, why: 'control checking the automatic top-up settings it is sent' },
  { cls: 'machinery', file: 'wallet.ts', fn: ['controlWalletView'], line: /^export function controlWalletView|^\s*return \{$|autoTopUp: \{ enabled: auto\.enabled/, why: 'control\'s view of a wallet' },
  { cls: 'message', file: 'wallet.ts', fn: ['formatCurrency'], line: /^export function formatCurrency|\(amount \/ 100\)\.toFixed\(2\)/, why: 'an amount of money in a description' },
  { cls: 'message', file: 'wallet.ts', fn: ['NOT_ON_WALLET'], line: /message: 'Your plan does not use wallet credits\.'/, original: /^'/, why: 'NotOnWallet\'s message (a string, not quoted by the reference)' },
  { cls: 'order', file: 'wallet.ts', fn: ['record'], line: /'tx_'/ },
  { cls: 'order', file: 'wallet.ts', fn: ['listTransactions'], line: /\.sort\(/ },
  { cls: 'mock-choice', file: 'wallet.ts', fn: ['listTransactions'], line: /\.trim\(\)/ },
  // The monthly limit renews with the month (section 2.8: `usedThisMonth`); when a month begins is not said.
  { cls: 'contract', file: 'wallet.ts', fn: ['autoTopUpUsedThisMonth'], original: /^tx\.createdAt >= monthStart$/, replacement: /^(true|tx\.createdAt < monthStart)$/, check: 'auto_top_up_allowance_renews_monthly', why: 'top-ups of earlier months counted as this month\'s: the allowance never renews' },
  { cls: 'mock-choice', file: 'wallet.ts', fn: ['autoTopUpUsedThisMonth'], original: /^tx\.createdAt >= monthStart$/, replacement: /^tx\.createdAt > monthStart$/, why: 'a top-up at the first millisecond of a month counted in it or not' },
  { cls: 'redundant', file: 'wallet.ts', fn: ['autoTopUpUsedThisMonth'], original: /^tx\.createdAt <= now$/, replacement: /^true$/, why: 'a transaction is dated when it is recorded, so never after now' },
  // publishing.ts
  { cls: 'message', file: 'publishing.ts', fn: ['step'], line: /const why =/ },
  { cls: 'message', file: 'publishing.ts', line: /notify\(/ },
  { cls: 'field-notes', file: 'publishing.ts', fn: ['queueNextOccurrence'], line: /catch \(err\)/ },
  { cls: 'redundant', file: 'publishing.ts', fn: ['fail'], line: /catch \(err\)/ },
  { cls: 'order', file: 'publishing.ts', fn: ['runWorkspace'], original: /\.sort\(/ },
  { cls: 'mock-choice', file: 'publishing.ts', fn: ['step'], line: /position > 0|prev && prev\.state|prev\.state === 'ERROR'|previous item of the thread|return (true|false); \/\/|^\s*return (true|false);\s*$/ },
  { cls: 'field-notes', file: 'publishing.ts', fn: ['step'], line: /REFERENCE_WAIT_MS|waiting/ },
  { cls: 'field-notes', file: 'publishing.ts', fn: ['REFERENCE_WAIT_MS'], line: /^export const REFERENCE_WAIT_MS = 60 \* MINUTE/, why: 'how long a post waits for one it references (60 minutes)' },
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
  // tooLarge is reached only by a file over its type's size bound.
  { cls: 'size-bound', file: 'media.ts', fn: ['tooLarge'], line: /^export function tooLarge/, why: 'the 400 for a file over the 10 MB or 1 GB bound' },
  { cls: 'needs-option', file: 'media.ts', fn: ['largestAccepted'], line: /^export function largestAccepted|return target === 'media' \? Math\.max\(config\.maxImageBytes/, why: 'upload-from-url\'s bound before the type is known' },
  { cls: 'machinery', file: 'media.ts', fn: ['addMedia'], line: /^export function addMedia/, why: 'a helper for the mock\'s own tests: the routes plan and apply an upload in two steps' },
  // Which types are taken is the reference's (section 4.3; upload_types_by_endpoint): the tables themselves have no rule.
  { cls: 'mock-choice', file: 'media.ts', fn: ['IMAGE_TYPES', 'DOCUMENT_TYPES'], line: /^\s*'(image|application|text)\/[a-z0-9.+-]+': '[a-z]+',$/, original: /^'[a-z]+'$/, why: 'the extension a type\'s file is named and hosted with' },
  { cls: 'mock-choice', file: 'media.ts', fn: ['MEDIA_FILES_PATH'], line: /^export const MEDIA_FILES_PATH = /, why: 'where the mock hosts files (path: "hosted URL")' },
  { cls: 'mock-choice', file: 'media.ts', fn: ['displayName'], line: /^export function displayName|const base = \(input\.originalName|\.split\(\/\[\\\\\/\]\/\)|\.replace\(\/\[\\u0000|const stem = base\.replace|return `\$\{stem\}\.\$\{input\.type\.ext\}`/, why: 'the name a file is listed under (name: "string", no rule)' },
  { cls: 'size-bound', file: 'media.ts', fn: ['acceptType'], line: /maxBytes/, original: /^\{/ },
  { cls: 'mock-choice', file: 'media.ts', fn: ['acceptType'], line: /apng|ext: |kind: /, original: /apng|^'|^\{/ },
  // Whether an upload above the free amount is charged is the reference's (storage_paid_at_upload); how much is not said.
  { cls: 'mock-choice', file: 'media.ts', fn: ['GIB'], line: /^const GIB = 1024 \* 1024 \* 1024/, why: 'the size of the GB storage is priced per' },
  { cls: 'mock-choice', file: 'media.ts', fn: ['chargeableGb'], line: /Math\.ceil\(\(above \/ GIB\) \* 1000\) \/ 1000/, replacement: /^(?!true$)/, why: 'the GB charged, rounded up to the thousandth' },
  { cls: 'mock-choice', file: 'media.ts', fn: ['capped'], line: /isPayAsYouGo/ },
  { cls: 'mock-choice', file: 'media.ts', fn: ['admitUpload', 'planMedia'], line: /freeLibraryBytes/ },
  { cls: 'machinery', file: 'media.ts', fn: ['admitUpload'], line: /ensureRoom/ },
  { cls: 'mock-choice', file: 'media.ts', fn: ['planMedia'], line: /isPayAsYouGo/ },
  { cls: 'order', file: 'media.ts', fn: ['planMedia'], line: /'med_'/ },
  { cls: 'not-read', file: 'media.ts', fn: ['planMedia'], line: /alt: / },
  // The library is listed newest first (section 4.3): uploads come in clock order, so the insertion only moves a file when
  // control has set the clock back.
  { cls: 'machinery', file: 'media.ts', fn: ['insertInOrder'], line: /while \(i > 0 && older\(items\[i - 1\]!, item\) > 0\) i--/, why: 'placing a file uploaded after the clock was set back (control)' },
  { cls: 'machinery', file: 'media.ts', fn: ['older'], line: /^const older = /, original: /^\(a: MediaItem|^a\.createdAt - b\.createdAt \|\| a\.seq - b\.seq$/, why: 'the comparison only moves a file uploaded after the clock was set back (control): with it never moving one, uploads stay in the order they came' },
  // "Newest first" by time leaves uploads at the same instant (the in-process clock is frozen) in no order.
  { cls: 'order', file: 'media.ts', fn: ['older'], line: /^const older = /, original: /^a\.seq - b\.seq$/, why: 'files uploaded at the same instant' },
  { cls: 'order', file: 'media.ts', fn: ['applyMedia'], line: /nextSeq/ },
  { cls: 'mock-choice', file: 'media.ts', fn: ['listMedia'], line: /search|words|hay/ },
  { cls: 'contract', file: 'media.ts', fn: ['deleteMedia'], line: /ws\.media\.storedBytes -= item!\.bytes/, check: 'library_room_back_after_delete', why: 'a deleted file keeping its room in the free library, which then stays full' },
  // planActions skips a zero price; a page past the end is empty either way.
  { cls: 'redundant', file: 'media.ts', fn: ['planMedia'], line: /quantity > 0/ },
  { cls: 'redundant', file: 'media.ts', fn: ['listMedia'], line: /end <= 0/ },
  { cls: 'machinery', file: 'media.ts', fn: ['admitUpload'], original: /^\{/ },
  // uploads.ts
  { cls: 'machinery', file: 'uploads.ts', fn: ['mintTicket'], line: /openTickets|open upload tickets|open\+\+|workspaceId === ws\.id|expiresAt <= now|uploadTickets\.delete|for \(const \[token, t\]/ },
  { cls: 'field-notes', file: 'uploads.ts', fn: ['releaseTicket'], line: /^export function releaseTicket|ticket\.claimed = false/, why: 'a failed upload leaving its ticket usable' },
  { cls: 'mock-choice', file: 'uploads.ts', fn: ['claimTicket'], original: /expiresAt/ },
  { cls: 'redundant', file: 'uploads.ts', fn: ['claimTicket'], line: /!ticket \|\| !ws/ },
  { cls: 'redundant', file: 'uploads.ts', fn: ['spendTicket'], line: /^export function spendTicket|world\.uploadTickets\.delete\(ticket\.token\)/, why: 'a spent ticket stays claimed, which claimTicket refuses; deleting it only frees memory' },
  { cls: 'message', file: 'uploads.ts', fn: ['TICKET_INVALID'], line: /^export const TICKET_INVALID = '/, why: 'the words of a spent or expired ticket\'s 404' },
  // analytics.ts
  // The synthetic series (section 2.7: "The metric names per network are not shown"; totals and dates are the network's).
  { cls: 'made-up', file: 'analytics.ts', fn: ['DEFAULT_METRICS', 'DEFAULT_POST_METRICS'], line: /^const (DEFAULT|DEFAULT_POST)_METRICS|^\s*('?[a-z-]+'?): \[$|^\s*\{ label: '[^']+', base: \d+ \},?$/, why: 'the metrics per network and their base values' },
  { cls: 'made-up', file: 'analytics.ts', fn: ['hash', 'unit', 'dailyValue', 'DAY'], line: /^function hash|^const unit = |^const DAY = |for \(let i = 0; i < text\.length; i\+\+\)|const scale = 0\.5 \+ unit|const weekday = |const rhythm = weekday|const noise = 0\.7|return Math\.round\(metric\.base \* scale/, why: 'the numbers of a day: a stable hash, a weekly rhythm, noise' },
  { cls: 'made-up', file: 'analytics.ts', fn: ['isoDay'], line: /^export const isoDay = /, why: 'the UTC day a point of a series, and a charged read (field notes: once a day), are dated by' },
  { cls: 'made-up', file: 'analytics.ts', fn: ['series'], line: /^function series|const today = Date\.parse|const elapsed = |const first = since === undefined|return metrics\.map|for \(let t = first|data\.push\(\{ total: t === today|for \(let i = 0; i < days|current \+= dailyValue|previous \+= dailyValue|const percentageChange = |return \{ label: metric\.label/, why: 'the days a series covers, today\'s part of a day, the change against the days before' },
  { cls: 'mock-choice', file: 'analytics.ts', fn: ['parseDays'], line: /^export function parseDays|!\/\^\\d\+\$\/\.test\(date\.trim\(\)\)|const days = Number\(date\.trim\(\)\)|days < 1\)|return Math\.min\(days, NETWORK_HISTORY_DAYS\)/, why: 'which `date` values are taken below one day, and the history the synthetic network keeps ("days back, for example 7, 30, 90": a string, no bound given; analytics_cache asserts a window over a year is taken)' },
  // A paid plan's fresh flag is ignored before, and planActions charges a paid plan nothing after.
  { cls: 'redundant', file: 'analytics.ts', fn: ['chargedProvider'], original: /^ws\.plan === 'free'$/, replacement: /^true$/ },
  // That a fresh x read is charged is the reference's (x_analytics_reads_charged): a condition emptying the list is not.
  { cls: 'field-notes', file: 'analytics.ts', fn: ['unchargedPosts'], line: /row\.channelId !== channelId \|\| row\.state !== 'PUBLISHED' \|\| row\.index !== 0|\(row\.publishedAt \?\? row\.publishAt\) < since/, replacement: /^(?!true$)/, why: 'which posts a read is charged for (published first items in the window; the price per post read is the field notes\')' },
  { cls: 'field-notes', file: 'analytics.ts', fn: ['unchargedPosts'], line: /const out: PostRow\[\] = \[\]|!ws\.analytics\.chargedReads\.has/, why: 'how many posts a read is charged for, and each once a UTC day (field notes)' },
  { cls: 'field-notes', file: 'analytics.ts', fn: ['chargeReads'], line: /posts\.length === 0|chargedReads\.add|const day/ },
  { cls: 'field-notes', file: 'analytics.ts', fn: ['channelAnalytics'], line: /const key|chargeReads\(|wantsFresh && chargedProvider/ },
  { cls: 'mock-choice', file: 'analytics.ts', fn: ['channelAnalytics'], line: /now - cachedAt </ },
  { cls: 'field-notes', file: 'analytics.ts', fn: ['postAnalytics'], line: /chargedProvider|chargeReads|const channel = |const provider = / },
  { cls: 'mock-choice', file: 'analytics.ts', fn: ['postAnalytics'], line: /since > now|const since/ },
  { cls: 'made-up', file: 'analytics.ts', fn: ['postAnalytics'], line: /return series\(/ },
  // integration-tools.ts: what a helper outputs is "not shown in the reference and may be any JSON value".
  { cls: 'message', file: 'integration-tools.ts', fn: ['runTool'], line: /Unknown method|available|no helpers/ },
  { cls: 'mock-choice', file: 'integration-tools.ts', fn: ['runTool'], line: /tools\.includes/ },
  // What a provider helper answers: "output: <any>" (section 4.1).
  { cls: 'made-up', file: 'integration-tools.ts', fn: ['seedOf', 'discordChannels'], line: /^function (seedOf|discordChannels)|let h = 2166136261|for \(const c of text\) h = |const base = 1_100_000_000_000_000_000n|^\s*return \[$|^\s*\{ id: \(base \+ \dn\)\.toString\(\)/, why: 'the channels helper\'s list' },
  { cls: 'made-up', file: 'integration-tools.ts', fn: ['creatorInfo'], line: /^function creatorInfo|^\s*return \{$|creator_(avatar_url|username|nickname):|privacy_level_options: \[|(comment|duet|stitch)_disabled: |max_video_post_duration_sec/, why: 'the creatorInfo helper\'s answer' },
  { cls: 'made-up', file: 'integration-tools.ts', fn: ['AUDIO', 'audioSearch'], line: /^const AUDIO = \[|^\s*\{ id: 'aud_\d+'|^function audioSearch|const type = data\.type \?\? 'music'|type !== 'music' && type !== 'original_sound'|const q = \(data\.q \?\? ''\)|return AUDIO\.filter|\.filter\(\(a\) => \(q === ''|\.map\(\(a\) => \(\{ id: a\.id/, why: 'the audioSearch helper\'s catalogue and search' },
  { cls: 'made-up', file: 'integration-tools.ts', fn: ['DOCUMENTS', 'documents', 'validateDocument'], line: /^const DOCUMENTS = \[|^\s*\{ _id: '|^function (documents|validateDocument)|const search = \(data\.search|return DOCUMENTS\.filter|const id = data\.documentId \?\? ''|if \(id === ''\) throw|id\.startsWith\('drafts\.'\)|const doc = DOCUMENTS\.find|if \(!doc\) return|const problems = \[|doc\.hasDraft \?|doc\.ready \?|return \{ valid: problems\.length === 0/, why: 'the documents and validateDocument helpers\' dataset and answers' },
  { cls: 'made-up', file: 'integration-tools.ts', fn: ['runTool'], line: /const tools = providerInfo\(world, channel\.identifier\)\.tools|^\s*case '(channels|creatorInfo|audioSearch|documents|validateDocument)':|^\s*default:|^\s*return \[\];/, why: 'which helper answers what (the helpers a channel lists come from its provider)' },
  // scenario.ts: exporting and importing whole worlds is the control API's (spec/control.yaml Scenario).
  // The one rule over a whole file: scenario.ts exports and imports whole worlds (spec/control.yaml Scenario); it runs
  // only when a scenario is loaded (control, --scenario, a state file), never for a seeded world a check runs against.
  { cls: 'machinery', file: 'scenario.ts', wholeFile: 'scenario documents are read and written only through control, --scenario and the state file', why: 'exporting and importing whole worlds' },
  { cls: 'machinery', file: 'caps.ts', fn: ['MiB', 'defaultCaps'], line: /^const MiB = |^export const defaultCaps|^\s*[a-zA-Z]+Bytes: \d+ \* MiB/, why: 'the caps on what a client can make the mock keep' },
  { cls: 'machinery', file: 'caps.ts', fn: ['atCap', 'ensureRoom', 'forgetOldest', 'keepNewest', 'atBudget', 'ensureBytes'], line: /^export function (atCap|ensureRoom|forgetOldest|keepNewest|atBudget|ensureBytes)|adding > 0 && count \+ adding > caps\[cap\]|for \(const key of map\.keys\(\)\)|if \(map\.size <= max\) return|map\.delete\(key\)|list\.length > max\) list\.splice|This mock keeps at most|adding > 0 && held \+ adding > caps\[cap\]/, why: 'refusing, or forgetting the oldest, at a cap' },
  { cls: 'machinery', file: 'caps.ts', fn: ['utf8Length', 'jsonBytes', 'countJson', 'numberBytes', 'jsonStringBytes', 'recordBytes', 'heldBytes', 'adjustBytes', 'mib'], line: /^export function (utf8Length|jsonBytes|numberBytes|jsonStringBytes|recordBytes|heldBytes|adjustBytes)|^function countJson|^const mib = |for \(let i = 0; i < text\.length; i\+\+\)|if \(c < 0x80\) continue|if \(c < 0x800\) n \+= 1|c >= 0xd800 && c <= 0xdbff|n \+= 2;|^\s*i\+\+;|\} else n \+= 2|return utf8Length\(JSON\.stringify|if \(n === undefined\) \{|measured\.set\(record, n\)|for \(const r of records\(\)\) n \+= recordBytes|totals\.set\(store, n/, why: 'measuring the bytes held, for the byte caps' },
  // `now()` is every date the API answers: no rule but for the running clock, which the suites' frozen in-process clock never
  // reads; the rest is control's clock.
  { cls: 'machinery', file: 'clock.ts', fn: ['MockClock'], line: /return this\.#frozenAt \?\? this\.#realNow\(\) \+ this\.#offset/, original: /^this\.#realNow\(\) \+ this\.#offset$/, why: 'a running (unfrozen) clock\'s offset' },
  { cls: 'machinery', file: 'clock.ts', fn: ['inClockRange'], line: /^export function inClockRange|return Number\.isFinite\(ms\) && ms >= 0 && ms <= LATEST_TIME/, why: 'the range of instants control may set the clock to' },
  { cls: 'machinery', file: 'clock.ts', fn: ['MockClock'], line: /^\s*constructor\(options: MockClockOptions|this\.#realNow = options\.realNow|this\.#frozenAt = options\.frozenAt === undefined|^\s*(get frozen|freeze|unfreeze|set|advance)\(|return this\.#frozenAt !== null|if \(this\.#frozenAt === null\) return|this\.#offset = this\.#frozenAt - this\.#realNow|if \(this\.#frozenAt !== null\) this\.#frozenAt = ms|else this\.#offset = ms - this\.#realNow|this\.set\(this\.now\(\) \+ ms\)/, why: 'starting, freezing, setting and moving the clock (control)' },
  { cls: 'machinery', file: 'ids.ts', fn: ['ALNUM', 'ALNUM_MIXED', 'HEX', 'fromBytes', 'randomIds', 'seededIds'], line: /^const (ALNUM|ALNUM_MIXED|HEX) = |^function fromBytes|const pick = |const limit = 256 - |let out = ''|while \(out\.length < length\)|for \(const b of next\(|if \(b < limit\) out \+=|if \(out\.length === length\) break|^\s*return \{$|id: \(prefix = ''\) => prefix \+ pick|hex: \(bytes\) =>|alnum: \(length\) => pick|^export function (randomIds|seededIds)|return fromBytes\(|if \(n > POOL_BYTES\)|if \(at \+ n > pool\.length\)|at \+= n|return pool\.subarray|out\[i\] = rng\.next\(\)/, why: 'the id source: alphabets, lengths, how bytes are drawn (the reference pins no id\'s form but the pca_, pcs_ and pos_ prefixes, made in oauth.ts)' },
  // Rotating the key is done in the app (section 5), so here only through control.
  // Rotation is done in the app (section 5), played by control; that the old key stops at once is the reference's: no rule.
  { cls: 'machinery', file: 'keys.ts', fn: ['rotateApiKey'], line: /const apiKey = `key_\$\{env\.ids\.alnum\(40\)\}`|return \{ apiKey \}/, why: 'the new key\'s form and control\'s answer' },
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
  { cls: 'message', file: 'money.ts', fn: ['formatCredits'], line: /^export function formatCredits|return `\$\{\(cents \/ 100\)\.toFixed\(2\)\} credits`/, why: 'credits written out in a description or notification' },
  { cls: 'message', file: 'unlocks.ts', fn: ['UNLOCK_MESSAGES'], line: /^\s*(brief|skills): 'The (agent brief|skills library) opens/, original: /^'/, why: 'the words of the brief\'s and skills\' 402 (field notes)' },
  // The fallback for a provider the fixtures do not describe: every channel's provider is described.
  { cls: 'redundant', file: 'world.ts', fn: ['providerInfo'], line: /^\s*(type: 'social'|rules: 'No additional rules\.'|tools: \[\]),?$/, why: 'the fallback for a provider the fixtures do not describe: every channel\'s provider is described' },
  { cls: 'redundant', file: 'world.ts', fn: ['providerInfo'], line: /world\.fixtures\.providers\[identifier\] \?\? \{/, original: /^\{\s+label: identifier/, why: 'the fallback emptied: every channel\'s provider is described' },
  // notifications.ts: GET /notifications answers "object; shape not shown", so no check can read what it lists.
  // GET /notifications answers "object; shape not shown", so no check can read what it lists.
  { cls: 'not-shown', file: 'notifications.ts', fn: ['initNotifications', 'notify', 'listNotifications'], line: /^export function (initNotifications|notify|listNotifications)|return \{ items: \[\] \}|const item: Notification = \{ id: env\.ids\.id\('ntf_'\)|ws\.notifications\.items\.push\(item\)|keepNewest\(ws\.notifications\.items|const newestFirst: Notification\[\] = \[\]|for \(let i = total - 1 - page \* limit|^\s*return \{$|notifications: newestFirst\.map|hasMore: \(page \+ 1\) \* limit < total/, why: 'what a notification holds and how the list pages' },
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
  { cls: 'mock-choice', file: 'find-slot.ts', fn: ['DAY', 'HORIZON_DAYS'], line: /^const DAY = 24 \* 60 \* MINUTE/, why: 'the posting schedule\'s day, over which find-slot looks ahead' },
  { cls: 'mock-choice', file: 'find-slot.ts', fn: ['findSlot'], line: /postingTimes|t >= 0|\.sort\(|const today|HORIZON_DAYS|const at = / },
  { cls: 'field-notes', file: 'find-slot.ts', fn: ['findSlot'], line: /taken\.add/ },
  // wallet-pricing.ts
  { cls: 'field-notes', file: 'wallet-pricing.ts', fn: ['TLDS', 'LINK', 'holdsLink'], line: /^\s*'(com|eu)\|[a-z|]+'|String\.raw`\(\?:\\bhttps\?|^\s*'i',$|^export function holdsLink|href\\s\*=\\s\*\[|const text = content\.replace\(\/<\[\^>\]\*>\/g/, why: 'which texts hold a link, so take the x.post_link row (a bare domain counts: field notes)' },
  { cls: 'field-notes', file: 'wallet-pricing.ts', fn: ['postActionKey'], line: /holdsLink|priceItem\(world, plain\)|post_link/ },
  // x, the one charged provider, has both rows, so either name alone makes it charged.
  // x, the one charged provider, has both rows, so either name alone makes it charged.
  { cls: 'redundant', file: 'wallet-pricing.ts', fn: ['isChargedProvider'], line: /return priceItem\(world, `\$\{provider\}\.post`\) !== undefined \|\|/, original: /^priceItem\(world, `\$\{provider\}\.post(_link)?`\) !== undefined( \|\| priceItem\(world, `\$\{provider\}\.post_link`\) !== undefined)?$|^`\$\{provider\}\.post(_link)?`$/, replacement: /^(false|``|priceItem\(.*&&.*)$/, why: 'one of the two names dropped, or both required' },
  { cls: 'redundant', file: 'wallet-pricing.ts', fn: ['priceFor'], line: /quantity <= 0/ },
  { cls: 'mock-choice', file: 'wallet-pricing.ts', fn: ['priceListView'], line: /section\.items\.length > 0|provider === undefined \|\| section/ },
  { cls: 'message', file: 'wallet-pricing.ts', fn: ['priceListView'], line: /credits per/ },
  { cls: 'message', file: 'wallet-pricing.ts', fn: ['formatNumber'], line: /^function formatNumber|Number\.isInteger\(credits\) \? String\(credits\) : credits\.toFixed\(2\)/, why: 'a number in a price row\'s human text (`price`: "a human text with a credits amount")' },
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
  // How HTML content is read as text (tags dropped, entities decoded, trailing breaks trimmed) for "no text" and for
  // length: the reference says only that content may be HTML.
  { cls: 'mock-choice', file: 'post-validation.ts', fn: ['ENTITIES', 'plainText'], line: /^const ENTITIES: Record|^export function plainText|\.replace\(\/<br|\.replace\(\/<\\\/\(p\|div|\.replace\(\/<\[\^>\]\*>\/g, ''\)|\.replace\(\/&\(#\\d\+|const lower = name\.toLowerCase\(\)|lower\.startsWith\('#x?'\)|return ENTITIES\[lower\] \?\? whole|\.replace\(\/\\n\+\$\/, ''\)/, why: 'how HTML is read as plain text' },
  { cls: 'field-notes', file: 'post-validation.ts', fn: ['LINK'], line: /^const LINK = \/\\bhttps\?/, why: 'what x counts as a link (field notes: links count 23 there)' },
  // Links count as written on every channel but x (section 7's maximum length; shortLink false sends them as written);
  // x's 23 is the field notes'.
  { cls: 'contract', file: 'post-validation.ts', fn: ['textLength'], original: /^info\.linkLength !== undefined$/, replacement: /^(true|info\.linkLength === undefined)$/, check: 'empty_or_too_long_refused', why: 'a link counted as 23 characters on a channel other than x, so a post over its maximum because of a link is accepted' },
  { cls: 'field-notes', file: 'post-validation.ts', fn: ['textLength'], line: /if \(info\.linkLength !== undefined\) text = text\.replace\(LINK, '\.'\.repeat\(info\.linkLength\)\)/, why: 'how x counts a link (23 characters)' },
  // Whether whitespace alone is "text": the reference's message asks for "at least one character".
  { cls: 'mock-choice', file: 'post-validation.ts', fn: ['isEmpty'], mutators: ['MethodExpression'], original: /\.trim\(\)$/ },
  // The wording of a settings problem: the reference asks for a 400 naming the channel and the problem, not these words.
  // The wording of a settings problem: the reference asks for a 400 naming the channel and the problem (the field, or
  // the value refused: settings_refused), not these words.
  { cls: 'message', file: 'post-validation.ts', fn: ['describeSettingsViolation'], line: /const field = v\.path\.replace|if \(v\.keyword === 'required'\) return|if \(v\.keyword === 'enum'\) return/, replacement: /^(?!``$)/, why: 'the words around the field named' },
  { cls: 'message', file: 'post-validation.ts', fn: ['describeSettingsViolation'], line: /if \(v\.keyword === 'required'\) return/, original: /^`\$\{field\}\.`$/, why: 'the path before a nested required field (the field itself is still named)' },
  // A bound or a forbidden combination is a validation failure whose body the reference does not word.
  { cls: 'message', file: 'post-validation.ts', fn: ['describeSettingsViolation'], line: /return `\$\{field \|\| 'settings'\} \$\{v\.message\}`/, why: 'the words of any other settings problem (a bound, a combination)' },
  // Each leaves another of these guards to answer the same 400 naming the channel, in other words.
  { cls: 'message', file: 'post-validation.ts', fn: ['checkSettings'], line: /settings is required|settings must be an object|settings\.__type is required/, original: /^settings === undefined$|^typeof settings !== 'object'|^type === undefined$/ },
  { cls: 'message', file: 'post-validation.ts', fn: ['checkSettings'], line: /settings must be an object/, original: /^typeof settings !== 'object' \|\| Array\.isArray\(settings\)$/ },
  // The tags limit applied to another provider's settings carrying `tags`: section 2.9 gives tags to youtube only and says nothing of fields it does not list.
  { cls: 'mock-choice', file: 'post-validation.ts', fn: ['extraSettingsProblem'], original: /^limit !== undefined( && Array\.isArray\(settings\.tags\))?$/, replacement: /^true$|\|\|/ },
  // Which providers cannot post text alone is the mock's (facebook stories aside, which section 2.9 pins).
  { cls: 'mock-choice', file: 'post-validation.ts', fn: ['checkMedia'], line: /const rule = info\.media|const needsMedia = rule !== undefined/, replacement: /^(true|false)$|^rule === undefined/, why: 'which providers cannot post text alone, always (the rows\' media; facebook stories aside, which section 2.9 pins)' },
  // Only facebook's settings have a post_type that is not already a provider needing media.
  { cls: 'message', file: 'post-validation.ts', fn: ['checkMedia'], line: /needs at least one photo or video/ },
  // skills.ts
  // Every tag a fixture skill carries is in the tag table, so the lookup never misses.
  { cls: 'redundant', file: 'skills.ts', fn: ['labelOf'], line: /return tags\.find\(\(t\) => t\.key === key\)\?\.label \?\? key/, mutators: ['OptionalChaining'], why: 'every tag a fixture skill carries is in the tag table, so the lookup never misses' },
  // Matching a tag's label (not only its key) is the field notes'.
  { cls: 'field-notes', file: 'skills.ts', fn: ['labelOf'], line: /^function labelOf|return tags\.find\(\(t\) => t\.key === key\)\?\.label \?\? key/, why: 'a tag\'s label, which the search matches (field notes)' },
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
  { cls: 'message', file: 'ai.ts', fn: ['PLAN_MESSAGE'], line: /^export const PLAN_MESSAGE = '/, why: 'the words of the AI endpoints\' plan refusal' },
  { cls: 'order', file: 'ai.ts', fn: ['generateVideo'], line: /'vid_'/ },
  // Section 4.8: both bodies' fields and the function's answer are "not shown".
  // Section 4.8: both bodies' fields and the function's answer are "not shown"; that a free plan is refused is not (requirePaid: no rule).
  { cls: 'not-shown', file: 'ai.ts', fn: ['generateVideo'], line: /^\s*return \{$|status: 'QUEUED'|type: typeof body\.type === 'string'|prompt: typeof body\.prompt === 'string'|previewUrl: `\$\{origin\}\/media-files/, why: 'what POST /generate-video answers' },
  { cls: 'not-shown', file: 'ai.ts', fn: ['VOICES'], line: /^const VOICES = \[|^\s*\{ id: 'voice_/, why: 'the voices loadVoices answers' },
  // Whether a blank identifier or functionName is refused: the reference requires both as strings, nothing more.
  { cls: 'mock-choice', file: 'ai.ts', fn: ['runVideoFunction'], line: /\.trim\(\) === ''/ },
  { cls: 'not-shown', file: 'ai.ts', fn: ['runVideoFunction'], line: /case |default:|return / },
  // brief.ts
  { cls: 'machinery', file: 'brief.ts', fn: ['initBrief'], line: /^export function initBrief|const state: BriefState = \{ documents: new Map\(\)|for \(const seed of registry\?\.seedDocuments|seed\.workspace !== workspaceId \|\| !env|state\.(documents|history)\.set\(docId\(seed\.category/, why: 'the brief documents seeded by the fixtures' },
  { cls: 'order', file: 'brief.ts', fn: ['listDocuments'], line: /const order = new Map\(registry\.categories|return \[\.\.\.ws\.brief\.documents\.values\(\)\]\.sort|\(order\.get\(a\.category\) \?\? 99\)/, why: 'the order GET /brief lists documents in (not given)' },
  // The brief registry's rules (which keys a category takes, what it may create or delete, at most 100 documents): GET /brief/schema's fields are not shown; the field notes give them.
  { cls: 'field-notes', file: 'brief.ts', fn: ['saveDocument'], line: /cat\.documents\.find|fixed\.title|cat\.keys|cat\.create|ws\.channels\.find|!channel|channel\.name|KEY_PATTERN|const count|maxDocuments/ },
  // Skipping the creation guards for a new document: which documents may be created is the registry's rule above.
  { cls: 'field-notes', file: 'brief.ts', fn: ['saveDocument'], line: /if \(!existing\)/, replacement: /^false$|^\{\}$/ },
  { cls: 'field-notes', file: 'brief.ts', fn: ['deleteDocument'], line: /!cat\.delete/ },
  { cls: 'field-notes', file: 'brief.ts', fn: ['KEY_PATTERN'], line: /^const KEY_PATTERN = /, why: 'which keys a category that takes any key accepts (the brief registry\'s rules)' },
  { cls: 'machinery', file: 'brief.ts', fn: ['saveDocument'], line: /ensureRoom/ },
  // Revisions are read only through the control API.
  { cls: 'not-read', file: 'brief.ts', fn: ['record'], line: /^function record|const list = ws\.brief\.history\.get\(id\) \?\? \[\]|briefBytes\(ws\);|for \(const old of list\.splice\(0, forget\)\)|list\.push\(revision\)|adjustBytes\(ws\.brief, recordBytes\(revision\)\)|ws\.brief\.history\.set\(id, list\)/, why: 'a brief revision, read only through control' },
  { cls: 'not-read', file: 'brief.ts', fn: ['saveDocument'], line: /record\(/ },
  { cls: 'not-read', file: 'brief.ts', fn: ['deleteDocument'], line: /keepHistory|history\.delete/ },
  { cls: 'machinery', file: 'brief.ts', fn: ['documentHistory'], line: /^export function documentHistory|if \(!list \|\| list\.length === 0\) throw notFound/, why: 'control\'s view of a document\'s revisions' },
  // Onboarding runs exist only when a scenario loads them; through the API there are none.
  { cls: 'machinery', file: 'brief.ts', fn: ['onboardingStatus'], line: /r\.status === |running: running|last: last|const running|const last/ },
  // What `available` means: the reference gives the field, not when it is true.
  { cls: 'mock-choice', file: 'brief.ts', fn: ['onboardingStatus'], line: /available:/ },
  // The first onboarding run free, later ones charged: the field notes' (brief.onboarding).
  { cls: 'field-notes', file: 'brief.ts', fn: ['onboardingStatus'], line: /nextRunCharged/ },
  // channels.ts
  // The contract's settings schemas hold no cycle and every $ref names one of its own components: the depth bound, and the tests of a node that has no $ref or names no schema, never change the copy.
  { cls: 'redundant', file: 'channels.ts', fn: ['inline'], original: /^typeof node\.\$ref === 'string'( && depth < 16)?$|^depth < 16$/, replacement: /^true$|\|\||<= 16$/ },
  { cls: 'redundant', file: 'channels.ts', fn: ['inline'], line: /const name = \/\^#\\\/components\\\/schemas\\\/\(\.\+\)\$\/\.exec/, mutators: ['OptionalChaining', 'Regex'], replacement: /\(\.\+\)/, why: 'every $ref of the contract names one of its components, so the match never misses' },
  { cls: 'redundant', file: 'channels.ts', fn: ['inline'], original: /^name && schemas\[name\]$/, replacement: /^true$|\|\|/ },
  { cls: 'redundant', file: 'channels.ts', fn: ['inline'], original: /^depth \+ 1$/ },
  { cls: 'redundant', file: 'channels.ts', fn: ['settingsSchemaFor'], line: /const found = Object\.values\(schemas\)\.find/, mutators: ['OptionalChaining'], why: 'every component schema has properties, and every settings schema __type' },
  // A provider with no field but __type (threads) gets the string or a schema holding only __type: section 2.10 allows either.
  { cls: 'mock-choice', file: 'channels.ts', fn: ['settingsSchemaFor'], line: /k !== '__type'/, replacement: /^Object\.keys|^true$|=== '__type'|^""$/ },
  { cls: 'mock-choice', file: 'channels.ts', fn: ['settingsSchemaFor'], line: /fields\.length === 0/, replacement: /^false$/ },
  // refresh naming a channel of another provider: the reference says only "id of an existing channel to reconnect".
  { cls: 'mock-choice', file: 'channels.ts', fn: ['socialConnectUrl'], line: /channel\.identifier !== provider/ },
  // The consent addresses and their query: "The provider's OAuth URL" is the provider's, which the mock makes up.
  { cls: 'made-up', file: 'channels.ts', fn: ['socialConnectUrl'], line: /\.consentUrl \?\? |searchParams\.set/ },
  { cls: 'not-shown', file: 'channels.ts', fn: ['deleteIntegration'], line: /return \{ id: channel\.id/ },

  // webhooks.ts
  { cls: 'message', file: 'webhooks.ts', fn: ['createWebhook'], line: /Unknown channel\(s\)/, original: /^', '$/ },
  // The app's webhook screen as control plays it, where the reference says nothing: the default of integrations, unknown channels, the name, deleting, the cap on what a client makes it keep.
  { cls: 'machinery', file: 'webhooks.ts', fn: ['createWebhook'], line: /input\.integrations \?\? 'all'|integrations !== 'all'|const unknown|unknown\.length > 0|ensureRoom|input\.name \?\?/ },
  { cls: 'order', file: 'webhooks.ts', fn: ['createWebhook'], line: /'wh_'/ },
  // "A free plan allows 30 webhooks": a paid plan's number is not given.
  { cls: 'mock-choice', file: 'webhooks.ts', fn: ['createWebhook'], original: /^ws\.plan === 'free'$/, replacement: /^true$/ },
  { cls: 'machinery', file: 'webhooks.ts', fn: ['deleteWebhook'], line: /^export function deleteWebhook|const index = ws\.webhooks\.hooks\.findIndex|if \(index < 0\) throw notFound\('Webhook not found'\)|webhookBytes\(ws\);|adjustBytes\(ws\.webhooks, -recordBytes/, why: 'control deleting a webhook (the app\'s webhook screen), and the bytes it held' },
  // Only a published chain is delivered, and publishing gives every row its releaseURL.
  { cls: 'redundant', file: 'webhooks.ts', fn: ['payloadFor'], original: /^''$/ },
  { cls: 'redundant', file: 'webhooks.ts', fn: ['groupDeliveries'], line: /!channel/ },
  // The Send Test sample's ids, texts, addresses and names; test: true is control's record of it.
  { cls: 'made-up', file: 'webhooks.ts', fn: ['testDelivery'], mutators: ['StringLiteral'], original: /^'(test-|<p>|https:|Example on)/ },
  { cls: 'machinery', file: 'webhooks.ts', fn: ['testDelivery'], line: /test: true/, original: /^true$/ },

  // oauth.ts
  // No app is null or undefined alike to every reader.
  { cls: 'redundant', file: 'oauth.ts', fn: ['initOAuth'], line: /^export function initOAuth|return \{ app: null \}/, why: 'no app is null or undefined alike to every reader' },
  { cls: 'machinery', file: 'oauth.ts', fn: ['publicApp', 'getApp'], line: /^export function (publicApp|getApp)/, why: 'the app as control shows it' },
  { cls: 'machinery', file: 'oauth.ts', fn: ['requireApp'], line: /^function requireApp|if \(!ws\.oauth\.app\) throw notFound/, why: 'control\'s 404 for a workspace with no app' },
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

  // keys.ts: the old key left in the key table is still refused, since authenticate compares it with the workspace's own
  // (the other half of auth.ts's `ws.apiKey !== value` rule).
  { cls: 'redundant', file: 'keys.ts', fn: ['rotateApiKey'], line: /world\.apiKeys\.delete\(ws\.apiKey\)/, why: 'the rotated key dropped from the key table' },

  // Contract: lines a file- or function-wide rule used to take, which the reference pins. Each names the check that
  // killed its mutants in a narrow run (npm run mutation on these lines); one left undetected here is a gap.
  { cls: 'contract', file: 'posts.ts', fn: ['targetState'], line: /if \(type === 'draft'\) return 'DRAFT'/, check: 'post_lifecycle_model', why: 'a draft is saved as DRAFT (section 3)' },
  { cls: 'contract', file: 'posts.ts', fn: ['noteDue'], line: /if \(at < ws\.posts\.nextDue\) ws\.posts\.nextDue = at/, check: 'post_lifecycle_model', why: 'the publisher woken for the earliest queued post: a post goes out at its time (section 3)' },
  { cls: 'contract', file: 'posts.ts', fn: ['setReleaseId'], line: /ws\.posts\.rows\.set\(id, next\)/, check: 'post_analytics_link', why: 'the release id kept, so analytics can be read (section 4.2)' },
  { cls: 'contract', file: 'billing.ts', fn: ['isPayAsYouGo'], line: /return ws\.plan === 'free' && ws\.wallet\.toppedUp && !ws\.wallet\.frozen/, check: 'refund_undoes_charge, tenant_isolation', why: 'payAsYouGo: true after the first top-up while not frozen (sections 1, 3)' },
  { cls: 'contract', file: 'billing.ts', fn: ['planAutoTopUp'], line: /!s\.enabled \|\| !isPayAsYouGo\(ws\)|const needs = after < 0|if \(!needs && !below\) return none|const left = s\.monthlyLimit === null|if \(count \* s\.amount > left\) return none|return \{ count, cents: count \* each|const none = \{ count: 0/, check: 'auto_top_up_covers, auto_top_up_allowance_renews_monthly, refusal_saves_nothing', why: 'automatic top-up: on, on pay-as-you-go, covering a shortfall, within the month\'s limit and all of it (sections 2.8, 3)' },
  { cls: 'contract', file: 'wallet.ts', fn: ['autoTopUpUsedThisMonth'], line: /tx\.type === 'AUTO_TOPUP' && tx\.createdAt >= monthStart && tx\.createdAt <= now/, check: 'auto_top_up_covers, x_analytics_reads_charged', why: 'usedThisMonth: the month\'s automatic top-ups (section 2.8)' },
  { cls: 'contract', file: 'wallet.ts', fn: ['topUp'], line: /const tx = record\(ws, env, \{|type: 'TOPUP',|ws\.wallet\.toppedUp = true/, check: 'x_analytics_reads_charged', why: 'the app\'s top-up: a TOPUP, and pay-as-you-go after the first (sections 1, 2.8)' },
  { cls: 'contract', file: 'wallet.ts', fn: ['adjust'], line: /const tx = record\(ws, env, \{|type: 'ADJUST',/, check: 'refusal_saves_nothing', why: 'an adjustment listed as ADJUST (section 2.8)' },
  { cls: 'contract', file: 'wallet.ts', fn: ['setAutoTopUp'], line: /const next: AutoTopUpSettings = \{|belowCents: input\.belowCredits === undefined|amount: input\.amount === undefined|monthlyLimit: input\.monthlyLimit === undefined/, check: 'auto_top_up_covers, refusal_saves_nothing, auto_top_up_allowance_renews_monthly', why: 'the settings the app makes are the ones GET /wallet shows and automatic top-up follows (section 2.8)' },
  { cls: 'contract', file: 'wallet.ts', fn: ['NOT_ON_WALLET'], line: /^export const NOT_ON_WALLET = /, check: 'positive_data_acceptance', why: 'NotOnWallet on a paid plan (section 2.8)' },
  { cls: 'contract', file: 'media.ts', fn: ['IMAGE_TYPES', 'DOCUMENT_TYPES'], line: /^const (IMAGE|DOCUMENT)_TYPES: Record/, check: 'positive_data_acceptance, upload_types_by_endpoint', why: 'the types each upload endpoint takes (section 4.3)' },
  { cls: 'contract', file: 'media.ts', fn: ['chargeableGb'], line: /const above = Math\.max\(0, storedBefore \+ bytes|return above === 0 \? 0/, check: 'storage_paid_at_upload', why: 'storage above the free amount paid at upload (section 8)' },
  { cls: 'contract', file: 'media.ts', fn: ['older', 'insertInOrder'], line: /^const older = |items\.splice\(i, 0, item\)/, check: 'media_paging, positive_data_acceptance', why: 'the library newest first (section 4.3)' },
  { cls: 'contract', file: 'analytics.ts', fn: ['unchargedPosts'], line: /row\.channelId !== channelId \|\| row\.state !== 'PUBLISHED'|\(row\.publishedAt \?\? row\.publishAt\) < since/, check: 'x_analytics_reads_charged', why: 'a fresh x read on pay-as-you-go charged (section 4.4)' },
  { cls: 'contract', file: 'analytics.ts', fn: ['series'], line: /const data: Array<\{ total: number; date: string \}> = \[\]/, check: 'positive_data_acceptance', why: 'a series\' data in the documented shape (section 2.7)' },
  { cls: 'contract', file: 'ai.ts', fn: ['generateVideo'], line: /^\s*requirePaid\(ws\);/, check: 'plan_gates', why: 'AI generation on paid plans only (section 4.8)' },
  { cls: 'contract', file: 'unlocks.ts', fn: ['UNLOCK_MESSAGES'], line: /^export const UNLOCK_MESSAGES/, check: 'plan_gates', why: 'the brief\'s and skills\' 402 carries a message (section 7)' },
  { cls: 'contract', file: 'clock.ts', fn: ['MockClock'], line: /return this\.#frozenAt \?\? this\.#realNow\(\) \+ this\.#offset/, check: 'post_lifecycle_model', why: 'now: every date the API answers' },
  { cls: 'contract', file: 'world.ts', fn: ['providerInfo'], line: /world\.fixtures\.providers\[identifier\] \?\? \{/, check: 'positive_data_acceptance', why: 'each provider\'s own rules and maximum length (section 2.10)' },
  { cls: 'contract', file: 'wallet-pricing.ts', fn: ['isChargedProvider'], line: /return priceItem\(world, `\$\{provider\}\.post`\) !== undefined \|\|/, check: 'unlisted_channels_free', why: 'channels not listed are free (section 2.8)' },
  { cls: 'contract', file: 'post-validation.ts', fn: ['describeSettingsViolation'], line: /if \(v\.keyword === '(required|enum)'\) return/, check: 'settings_refused', why: 'the 400 names the problem: the field, or the value refused (section 2.9)' },
  { cls: 'contract', file: 'keys.ts', fn: ['rotateApiKey'], line: /^export function rotateApiKey|world\.apiKeys\.set\(apiKey, ws\.id\)/, check: 'rotated_key_stops_at_once', why: 'the new key works once the app has rotated it (section 5)' },
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

const TOP_LEVEL = /^(?:export )?(?:async )?function\*? (\w+)|^(?:export )?const (\w+)|^(?:export )?class (\w+)/;

/** The top-level function, constant or class a line belongs to. */
export function enclosing(lines: string[], line: number): string {
  for (let i = line - 1; i >= 0; i--) {
    const m = TOP_LEVEL.exec(lines[i] ?? '');
    if (m) return (m[1] ?? m[2] ?? m[3])!;
  }
  return '(top)';
}

/** The rule that sorts a mutant: the automatic message rule (`'message'`), one of RULES, or none. */
export type Match = { rule: Rule; index: number } | 'message' | undefined;

type MutantLike = { mutatorName: string; replacement?: string; location: { start: { line: number } } };

export function match(file: string, lines: string[], mutant: MutantLike, original: string): Match {
  const sourceLine = lines[mutant.location.start.line - 1] ?? '';
  if (isUnpinnedMessage(mutant.mutatorName, sourceLine, original)) return 'message';
  // The rules are read for mocks/domain: a file of the same name elsewhere (mocks/http/scenario.ts) is not theirs.
  const base = file.startsWith('mocks/domain/') ? file.slice('mocks/domain/'.length) : undefined;
  const fn = enclosing(lines, mutant.location.start.line);
  const index = RULES.findIndex(
    (r) => r.file === base && (!r.fn || r.fn.includes(fn)) && (!r.line || r.line.test(sourceLine)) && (!r.mutators || r.mutators.includes(mutant.mutatorName)) && (!r.original || r.original.test(original)) && (!r.replacement || r.replacement.test(mutant.replacement ?? '')),
  );
  if (index < 0) return undefined;
  // A rule never calls a text the contract quotes a message it leaves open.
  if (RULES[index]!.cls === 'message' && mutant.mutatorName === 'StringLiteral' && pinned(original.replace(/^[`'"]|[`'"]$/g, ''))) return undefined;
  return { rule: RULES[index]!, index };
}

/** The class of a mutant (`contract` included: a gap, which the report does not count as explained), or none. */
export function classify(file: string, lines: string[], mutant: MutantLike, original: string): string | undefined {
  const m = match(file, lines, mutant, original);
  return m === 'message' ? 'message' : m?.rule.cls;
}

/** Whether a class explains why a mutant is left: every class but `contract`. */
export function explains(cls: string | undefined): cls is string {
  return cls !== undefined && cls !== 'contract';
}

/** A rule in one line, as the report lists it: file, function, lines or expressions, and why. */
export function describeRule(r: Rule): string {
  const parts = [r.file + (r.fn ? ` ${r.fn.join(', ')}` : '')];
  if (r.wholeFile) parts.push(`the whole file: ${r.wholeFile}`);
  if (r.line) parts.push(`line ${r.line.source}`);
  if (r.original) parts.push(`replacing ${r.original.source}`);
  if (r.replacement) parts.push(`by ${r.replacement.source}`);
  if (r.mutators) parts.push(`(${r.mutators.join(', ')})`);
  return `${parts.join(' ')}${r.why ? ` — ${r.why}` : ''}${r.check ? ` [killed by ${r.check}]` : ''}`;
}

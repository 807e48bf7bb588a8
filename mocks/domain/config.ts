import { defaultCaps, type Caps } from './caps.ts';

// The mock's tunable numbers: where the reference says "not shown", the mock picks a value here and the README lists it.

export interface MockConfig {
  /** `POST /posts` requests per workspace per rolling hour before 429 (reference: not shown; production: 90). */
  postsPerHour: number;
  /** Free-plan media library capacity in bytes (reference: not shown; production: 2,048 MB). */
  freeLibraryBytes: number;
  /** Storage included before pay-as-you-go storage is charged at upload (reference: not shown). */
  freeStorageBytes: number;
  /** Webhooks a free workspace may have (reference: 30). */
  freeWebhookLimit: number;
  /** Let webhooks point at loopback receivers (local development only; off by default). */
  allowLoopbackWebhooks: boolean;
  /** Upload ticket validity (reference: 15 minutes). */
  ticketSeconds: number;
  /** Largest image upload (reference: 10 MB; the mock reads MB as 1024 * 1024 bytes). */
  maxImageBytes: number;
  /** Largest mp4 upload (reference: 1 GB = 1024^3 bytes here). */
  maxVideoBytes: number;
  /** Largest brief document (PDF, office, text) upload (reference: not shown; production: 25 MB). */
  maxDocumentBytes: number;
  /** Time allowed for `POST /upload-from-url` to fetch the whole file (reference: not shown). */
  urlFetchTimeoutMs: number;
  /** Authorization code lifetime (reference: 10 minutes). */
  oauthCodeSeconds: number;
  /** Channel analytics cache (reference: one hour). */
  analyticsCacheSeconds: number;
  /** Notifications per page (reference: shape not shown; production: 100). */
  notificationsPageSize: number;
  /** Wallet forecast window (reference: not shown; production: 48 hours). */
  forecastWindowHours: number;
  /** Wallet page, relative to the app, carried by wallet refusals (reference: a relative url; production: /wallet). */
  walletPath: string;
  /** Currency of wallet top-ups (reference: string|null, not shown; production: USD). */
  walletCurrency: string;
  /** Credits bought with one unit of the currency (reference: not shown; production: 100). Top-up amounts are in
   * the smallest currency unit (hundredths), so one smallest unit buys creditsPerUnit / 100 credits. */
  creditsPerUnit: number;
  /** A "low balance" notification is sent when a charge takes the balance below this many credits and no auto
   * top-up threshold is set (reference: not shown). */
  lowBalanceCredits: number;
  /** Bounds on what clients can make the mock keep (mocks/domain/caps.ts). */
  caps: Caps;
}

export const defaultConfig: MockConfig = {
  postsPerHour: 90,
  freeLibraryBytes: 2048 * 1024 * 1024,
  freeStorageBytes: 1024 * 1024 * 1024,
  freeWebhookLimit: 30,
  allowLoopbackWebhooks: false,
  ticketSeconds: 15 * 60,
  maxImageBytes: 10 * 1024 * 1024,
  maxVideoBytes: 1024 * 1024 * 1024,
  maxDocumentBytes: 25 * 1024 * 1024,
  urlFetchTimeoutMs: 60_000,
  oauthCodeSeconds: 10 * 60,
  analyticsCacheSeconds: 60 * 60,
  notificationsPageSize: 100,
  forecastWindowHours: 48,
  walletPath: '/wallet',
  walletCurrency: 'USD',
  creditsPerUnit: 100,
  lowBalanceCredits: 10,
  caps: defaultCaps,
};

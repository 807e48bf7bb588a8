// Analytics: deterministic synthetic series per channel with a one-hour cache on the mock clock (reference 2.7, 4.4). Owner: the analytics work.

export interface AnalyticsState {
  /** `${channelId}:${date}` -> when the numbers were last read from the network (ms). */
  cache: Map<string, number>;
}

export function initAnalytics(): AnalyticsState {
  return { cache: new Map() };
}

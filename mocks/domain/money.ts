// Credits are kept exactly, as integer hundredths ("cents" of a credit); only the edges convert to numbers with 2 decimals.

/** An amount of credits in hundredths. Always an integer. */
export type Cents = number;

/** 2.25 -> 225. Rounds up to the hundredth, the way prices are rounded. */
export function toCents(credits: number): Cents {
  // The epsilon absorbs binary noise such as 2.2500000000000004 before rounding up.
  return Math.ceil(Math.round(credits * 1e6) / 1e4);
}

/** 225 -> 2.25 */
export function fromCents(cents: Cents): number {
  return Math.round(cents) / 100;
}

export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** "2.25 credits" */
export function formatCredits(cents: Cents): string {
  return `${(cents / 100).toFixed(2)} credits`;
}

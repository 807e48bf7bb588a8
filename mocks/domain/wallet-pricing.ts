// Reads prices from the price list fixture and decides which priced action a post item is (reference 2.8; field notes "Wallet").
import { toCents, type Cents } from './money.ts';
import type { PriceItem } from './wallet.ts';
import type { World } from './world.ts';

/** The price list row for an action key, or undefined when the list does not name it (the action is free). */
export function priceItem(world: World, actionKey: string): PriceItem | undefined {
  for (const section of world.fixtures.prices.sections) {
    for (const item of section.items) if (item.key === actionKey) return item;
  }
  return undefined;
}

/** One unit of an action in hundredths, rounded up to the hundredth; 0 when the list does not name it. */
export function unitPrice(world: World, actionKey: string): Cents {
  const item = priceItem(world, actionKey);
  return item ? toCents(item.credits) : 0;
}

/** `quantity` units of an action, rounded up to the hundredth once for the whole quantity. */
export function priceFor(world: World, actionKey: string, quantity: number): Cents {
  const item = priceItem(world, actionKey);
  if (!item || quantity <= 0) return 0;
  return toCents(item.credits * quantity);
}

/** Whether posting on this provider is charged per post item (the list names `<provider>.post`). */
export function isChargedProvider(world: World, provider: string): boolean {
  return priceItem(world, `${provider}.post`) !== undefined || priceItem(world, `${provider}.post_link`) !== undefined;
}

// Top-level domains a bare domain is recognised by (mock decision: a list, so "Node.js" or "file.txt" are not links).
const TLDS =
  'com|org|net|io|co|dev|app|ai|me|ly|gl|gg|tv|fm|to|sh|info|biz|xyz|shop|store|blog|news|site|online|tech|page|link|edu|gov|' +
  'eu|uk|de|fr|es|it|nl|be|ch|at|se|no|dk|fi|pl|pt|ie|us|ca|au|nz|jp|cn|in|br|mx|za';
const LINK = new RegExp(
  String.raw`(?:\bhttps?:\/\/\S)|(?:\bwww\.[a-z0-9-]+\.[a-z]{2,})|(?:(?<![@\w.-])[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.(?:${TLDS})(?![\w-])(?:\/\S*)?)`,
  'i',
);

/** Whether an item's text holds a link; a bare domain counts (field notes). HTML tags are looked through, attributes included. */
export function holdsLink(content: string): boolean {
  // href="..." inside a tag is a link too; the rest of the markup is not text.
  if (/href\s*=\s*["']?\s*(?:https?:)?\/\//i.test(content)) return true;
  const text = content.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ');
  return LINK.test(text);
}

/**
 * The priced action of one post item on a provider, or null when posting there is free.
 * An item whose text holds a link is `<provider>.post_link` when the list names it, else `<provider>.post`.
 */
export function postActionKey(world: World, provider: string, content: string): string | null {
  const plain = `${provider}.post`;
  const link = `${provider}.post_link`;
  if (holdsLink(content) && priceItem(world, link)) return link;
  if (priceItem(world, plain)) return plain;
  return null;
}

/** The price list as `GET /wallet/prices` serves it, optionally one provider's rows only (empty sections dropped). */
export function priceListView(world: World, topUpUrl: string, provider?: string) {
  const sections = world.fixtures.prices.sections
    .map((section) => ({
      key: section.key,
      label: section.label,
      items: section.items
        .filter((item) => provider === undefined || item.provider === provider)
        .map((item) => {
          const { price, ...rest } = item;
          return { ...rest, price: price ?? `${formatNumber(item.credits)} credits per ${item.unit}` };
        }),
    }))
    .filter((section) => provider === undefined || section.items.length > 0);
  return { topUpUrl, sections };
}

function formatNumber(credits: number): string {
  return Number.isInteger(credits) ? String(credits) : credits.toFixed(2).replace(/0$/, '');
}

// Ids and secrets come from an injected source: cryptographically random in normal runs, seeded in tests so a scenario replays.
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * Every draw may name a `scope` (the workspace or channel it belongs to). A random source ignores it; a seeded one
 * draws each prefix in each scope from a stream of its own, so that a scenario regenerated after an unrelated change
 * (a new channel, one more post elsewhere) keeps every other id it had.
 */
export interface IdSource {
  /** A new entity id: `prefix` + 24 lowercase letters and digits. */
  id(prefix?: string, scope?: string): string;
  /** `bytes` random bytes written as hex (tokens, tickets: 32 bytes = 64 hex characters). */
  hex(bytes: number, scope?: string): string;
  /** `length` random letters and digits (OAuth client ids, secrets, tokens). */
  alnum(length: number, scope?: string): string;
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM_MIXED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

function fromBytes(next: (n: number) => Uint8Array): IdSource {
  const pick = (alphabet: string, length: number): string => {
    // Rejection sampling keeps every character equally likely.
    const limit = 256 - (256 % alphabet.length);
    let out = '';
    while (out.length < length) {
      for (const b of next(length * 2)) {
        if (b < limit) out += alphabet[b % alphabet.length];
        if (out.length === length) break;
      }
    }
    return out;
  };
  return {
    id: (prefix = '') => prefix + pick(ALNUM, 24),
    // No Buffer: this runs in pages and service workers too (the MSW export), where only Uint8Array exists.
    hex: (bytes) => {
      let out = '';
      for (const b of next(bytes)) out += HEX[b]!;
      return out;
    },
    alnum: (length) => pick(ALNUM_MIXED, length),
  };
}

const POOL_BYTES = 4096;

/**
 * Cryptographically random ids; `randomBytes` comes from the edge (node:crypto). Bytes are drawn 4 KiB at a time and
 * each is used once, as `crypto.randomUUID` does: one call into the generator per ~80 ids instead of one per id.
 */
export function randomIds(randomBytes: (n: number) => Uint8Array): IdSource {
  let pool: Uint8Array = new Uint8Array(0);
  let at = 0;
  return fromBytes((n) => {
    if (n > POOL_BYTES) return randomBytes(n);
    if (at + n > pool.length) {
      pool = randomBytes(POOL_BYTES);
      at = 0;
    }
    at += n;
    return pool.subarray(at - n, at);
  });
}

/** FNV-1a over the text: a stream's seed from the run's seed and the stream's name. */
function streamSeed(seed: number, name: string): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Reproducible ids for tests and seeded runs, one stream per kind of draw, prefix and scope (see IdSource). Not for
 * secrets anyone relies on.
 */
export function seededIds(seed: number): IdSource {
  const streams = new Map<string, IdSource>();
  const stream = (name: string): IdSource => {
    let s = streams.get(name);
    if (!s) {
      const rng = xoroshiro128plus(streamSeed(seed, name));
      s = fromBytes((n) => {
        const out = new Uint8Array(n);
        for (let i = 0; i < n; i++) out[i] = rng.next() & 0xff;
        return out;
      });
      streams.set(name, s);
    }
    return s;
  };
  return {
    id: (prefix = '', scope = '') => stream(`id ${prefix} ${scope}`).id(prefix),
    hex: (bytes, scope = '') => stream(`hex ${scope}`).hex(bytes),
    alnum: (length, scope = '') => stream(`alnum ${scope}`).alnum(length),
  };
}

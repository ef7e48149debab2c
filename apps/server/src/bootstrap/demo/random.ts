/**
 * A small seeded PRNG (mulberry32) and helpers on top of it. Everything the demo generator
 * produces, ids included, comes from here so that one seed always gives the same data.
 */
export type Random = {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number;
  /** Uniform in [min, max). */
  float: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** Picks by relative weight; weights need not sum to 1. */
  weighted: <T>(items: readonly (readonly [T, number])[]) => T;
  /** An RFC 4122 version-4 UUID built from PRNG bits. */
  uuid: () => string;
  /** Characters drawn from the alphabet. */
  code: (length: number, alphabet?: string) => string;
};

/** Without I, L, O and U so that ids read back unambiguously. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a, to turn a seed plus a label into an independent stream's seed. */
function hashLabel(seed: number, label: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < label.length; i += 1) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * One stream per label: each part of the data (incidents, shipments...) draws from its own,
 * so asking for more shipments never changes the incidents generated with the same seed.
 */
export function createRandom(seed: number, label = ''): Random {
  const next = mulberry32(hashLabel(seed, label));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const hex = (count: number) => {
    let out = '';
    for (let i = 0; i < count; i += 1) out += Math.floor(next() * 16).toString(16);
    return out;
  };
  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick,
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      const last = items.at(-1);
      if (!last) throw new Error('pick from an empty list');
      return last[0];
    },
    uuid: () => {
      const variant = '89ab'[Math.floor(next() * 4)] ?? '8';
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
    },
    code: (length, alphabet = CODE_ALPHABET) => {
      let out = '';
      for (let i = 0; i < length; i += 1) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
  };
}

// A small seeded pseudo-random generator (mulberry32) so that demo data is the same on every
// machine for the same seed. Not for anything secret.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A standard normal variate (Box-Muller). */
  normal(): number;
  /** A random (version 4 layout) UUID drawn from this generator. */
  uuid(): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const nextUint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = (): number => nextUint32() / 4_294_967_296;

  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('Cannot pick from an empty list');
      return item;
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of items) {
        roll -= weight;
        if (roll < 0) return item;
      }
      const last = items.at(-1);
      if (!last) throw new Error('Cannot pick from an empty list');
      return last[0];
    },
    normal: () => {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    uuid: () => {
      const hex = Array.from({ length: 4 }, () => nextUint32().toString(16).padStart(8, '0')).join(
        '',
      );
      const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    },
  };
}

/** `count` distinct items, drawn without replacement (partial Fisher-Yates). */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  for (let i = 0; i < count && i < pool.length; i += 1) {
    const j = random.int(i, pool.length - 1);
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
    picked.push(pool[i] as T);
  }
  return picked;
}

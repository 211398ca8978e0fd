/** A seeded source of randomness: the same seed gives the same proposals on every run. */
export interface Random {
  /** A float in [0, 1). */
  readonly next: () => number;
  /** An integer in [0, n). */
  readonly int: (n: number) => number;
  /** True with probability `p`. */
  readonly chance: (p: number) => boolean;
  /** One item of a non-empty list. */
  readonly pick: <T>(items: readonly T[]) => T;
}

/**
 * Creates a seeded generator (mulberry32: tiny, fast, and good enough to
 * drive a fuzzer; not for cryptography).
 *
 * // createRandom(1).int(10) => the same number on every run
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(items.length)] as T,
  };
}

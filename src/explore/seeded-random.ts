/**
 * A small, fast, seedable generator (mulberry32, public domain, by Tommy
 * Ettinger): the same seed gives the same numbers in [0, 1), so a random walk
 * or a live run's workload can be repeated.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** fast-check takes a 32-bit integer, and this generator keeps 32 bits: a seed is a non-negative one. */
export const MAX_SEED = 2 ** 31 - 1;

/** What a seed is, said wherever one is refused: a command's `--seed`, a cluster file's `seed`. */
export const WHAT_A_SEED_IS = `a seed is a whole number from 0 to ${MAX_SEED.toLocaleString("en-US")}`;

export const isSeed = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_SEED;

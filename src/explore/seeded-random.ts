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

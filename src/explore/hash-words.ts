/**
 * MurmurHash3 (x86, 32-bit) over a run of 32-bit words: fast, and mixes
 * structured keys (mostly zero bits, small counters) well enough for linear
 * probing. Two seeds give the two halves of a 64-bit fingerprint.
 */
export function hashWords(words: Uint32Array, at: number, length: number, seed: number): number {
  let h = seed;
  for (let i = 0; i < length; i++) {
    let k = Math.imul(words[at + i]!, 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    h ^= k;
    h = (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
  }
  h ^= length * 4;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export const SEED_LOW = 0x9747b28c;
export const SEED_HIGH = 0x5bd1e995;

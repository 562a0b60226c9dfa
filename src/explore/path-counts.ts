/**
 * Exact path counts for millions of states without a BigInt each: a count is
 * split into limbs of 52 bits, limb k of every state in one Float64Array
 * (doubles add integers below 2^53 exactly, so two limbs and a carry never
 * round). A limb is added for everybody the first time a count outgrows the
 * limbs there are; most scenarios need one or two.
 *
 * Counts are indexed by state id from a movable `base`, so a breadth-first
 * search can keep only the levels it is working on (`forgetBelow`).
 */
const LIMB = 2 ** 52;

export class PathCounts {
  private limbs: Float64Array[] = [new Float64Array(1024)];
  private base = 0;

  /** Make room for the counts of ids up to `id`. */
  reserve(id: number): void {
    const length = this.limbs[0]!.length;
    if (id - this.base < length) return;
    this.limbs = this.limbs.map((limb) => {
      const bigger = new Float64Array(Math.max(id - this.base + 1, length * 2));
      bigger.set(limb);
      return bigger;
    });
  }

  /** The count of `id` is 1 (an initial state, or a terminal one when counting backwards). */
  setOne(id: number): void {
    this.reserve(id);
    const i = id - this.base;
    for (const limb of this.limbs) limb[i] = 0;
    this.limbs[0]![i] = 1;
  }

  /** The count of `id` is 0 (a marked state, when counting the paths that avoid them). */
  setZero(id: number): void {
    this.reserve(id);
    for (const limb of this.limbs) limb[id - this.base] = 0;
  }

  /** count[to] += count[from]; both ids must be reserved. */
  add(from: number, to: number): void {
    const f = from - this.base;
    const t = to - this.base;
    const limbs = this.limbs;
    const low = limbs[0]!;
    if (limbs.length === 1 && low[t]! + low[f]! < LIMB) {
      low[t] = low[t]! + low[f]!;
      return;
    }
    let carry = 0;
    for (let k = 0; k < limbs.length; k++) {
      const limb = limbs[k]!;
      const sum = limb[t]! + limb[f]! + carry;
      carry = sum >= LIMB ? 1 : 0;
      limb[t] = sum - carry * LIMB;
    }
    if (carry) {
      const top = new Float64Array(limbs[0]!.length);
      top[t] = 1;
      limbs.push(top);
    }
  }

  get(id: number): bigint {
    const i = id - this.base;
    let value = 0n;
    for (let k = this.limbs.length - 1; k >= 0; k--) value = value * BigInt(LIMB) + BigInt(this.limbs[k]![i]!);
    return value;
  }

  /** Drop the counts of ids below `id` (they will not be asked for again). */
  forgetBelow(id: number): void {
    const shift = id - this.base;
    for (const limb of this.limbs) {
      limb.copyWithin(0, shift);
      limb.fill(0, limb.length - shift);
    }
    this.base = id;
  }

  get bytes(): number {
    return this.limbs.length * this.limbs[0]!.byteLength;
  }
}

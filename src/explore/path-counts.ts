/**
 * Exact path counts for millions of states without a BigInt each: a count is
 * split into limbs of 48 bits, limb k of every state in one Float64Array
 * (doubles add integers below 2^53 exactly). A limb is added for everybody the
 * first time a count outgrows the limbs there are.
 *
 * Counts are indexed by state id from a movable `base`, so a breadth-first
 * search can keep only the levels it is working on (`forgetBelow`).
 */
const LIMB = 2 ** 48;

export class PathCounts {
  private limbs: Float64Array[] = [new Float64Array(1024)];
  private base = 0;

  /** The count of `id` is 1 (an initial state, or a terminal one when counting backwards). */
  setOne(id: number): void {
    const i = this.slot(id);
    for (const limb of this.limbs) limb[i] = 0;
    this.limbs[0]![i] = 1;
  }

  /** count[to] += count[from]. */
  add(from: number, to: number): void {
    const f = this.slot(from);
    const t = this.slot(to);
    let carry = 0;
    for (const limb of this.limbs) {
      let sum = limb[t]! + limb[f]! + carry;
      carry = sum >= LIMB ? 1 : 0;
      if (carry) sum -= LIMB;
      limb[t] = sum;
    }
    if (carry) {
      const top = new Float64Array(this.limbs[0]!.length);
      top[t] = 1;
      this.limbs.push(top);
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

  private slot(id: number): number {
    const i = id - this.base;
    if (i >= this.limbs[0]!.length) {
      const length = Math.max(i + 1, this.limbs[0]!.length * 2);
      this.limbs = this.limbs.map((limb) => {
        const bigger = new Float64Array(length);
        bigger.set(limb);
        return bigger;
      });
    }
    return i;
  }
}

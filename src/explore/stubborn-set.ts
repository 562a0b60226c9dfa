/**
 * Stubborn sets (A. Valmari, "Stubborn sets for reduced state space
 * generation", 1991): in each state, explore only the enabled transitions of
 * a set T that is closed under
 *
 * - for an enabled transition in T, every transition that may be dependent on it;
 * - for a disabled transition in T, a necessary enabling set (one of them must
 *   occur before it can be enabled).
 *
 * Such a set contains an enabled transition whenever there is one, and every
 * terminal state (deadlock) reachable in the full graph stays reachable in the
 * reduced one. The model supplies dependency and enabling (ReductionRules);
 * this file only builds the closure. Every enabled transition is tried as the
 * seed, and the closure with the fewest enabled transitions wins (the first
 * one on a tie, so the reduction is deterministic).
 */
import type { ReductionRules } from "../model/packed-model.js";

export class StubbornSets {
  private readonly enabled: Int32Array;
  /** position[t]: index of t among the enabled transitions, or -1. */
  private readonly position: Int32Array;
  /** member[t] === stamp: t is in the set being built. */
  private readonly member: Int32Array;
  private stamp = 0;
  private readonly work: number[] = [];
  private readonly found: number[] = [];

  constructor(private readonly rules: ReductionRules, maxActions: number) {
    this.enabled = new Int32Array(maxActions);
    this.position = new Int32Array(rules.transitions).fill(-1);
    this.member = new Int32Array(rules.transitions);
  }

  /**
   * Write the indices (into the state's successor list) of the transitions to
   * explore into `chosen`, ascending; returns how many.
   */
  choose(state: Uint32Array, at: number, chosen: Int32Array): number {
    const count = this.rules.enabled(state, at, this.enabled);
    for (let i = 0; i < count; i++) this.position[this.enabled[i]!] = i;
    let best = count;
    for (let i = 0; i < count; i++) chosen[i] = i;
    for (let seed = 0; seed < count && best > 1; seed++) {
      const size = this.closure(state, at, this.enabled[seed]!, best);
      if (size < best) {
        best = size;
        this.found.sort((a, b) => a - b).forEach((index, k) => (chosen[k] = index));
      }
    }
    for (let i = 0; i < count; i++) this.position[this.enabled[i]!] = -1;
    return best;
  }

  /** The number of enabled transitions in the closure of `seed` (collected in `found`); gives up at `limit`. */
  private closure(state: Uint32Array, at: number, seed: number, limit: number): number {
    if (this.stamp === 0x3fffffff) this.member.fill((this.stamp = 0));
    const stamp = ++this.stamp;
    const { work, found, member, position, rules } = this;
    work.length = 0;
    found.length = 0;
    member[seed] = stamp;
    work.push(seed);
    while (work.length > 0 && found.length < limit) {
      const t = work.pop()!;
      const start = work.length;
      if (position[t]! >= 0) {
        found.push(position[t]!);
        rules.dependents(state, at, t, work);
      } else {
        rules.enablers(state, at, t, work);
      }
      // Keep only the transitions not yet in the set.
      let kept = start;
      for (let i = start; i < work.length; i++) {
        const u = work[i]!;
        if (member[u] !== stamp) {
          member[u] = stamp;
          work[kept++] = u;
        }
      }
      work.length = kept;
    }
    return found.length;
  }
}

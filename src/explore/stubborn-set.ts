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
 * one on a tie, so the reduction is deterministic). A transition into a
 * terminal state is no seed where the model can tell (ReductionRules.terminal):
 * it may have disabled all the others; when every one is such, all are taken.
 */
import type { ReductionRules } from "../model-contract/packed-model.js";

export class StubbornSets {
  private enabled: Int32Array;
  /** position[t]: index of t among the enabled transitions, or -1. */
  private readonly position: Int32Array;
  /** member[t] === stamp: t is in the set being built. */
  private readonly member: Int32Array;
  private stamp = 0;
  /** Transitions added to the set and not yet followed. */
  private readonly work: Int32Array;
  private top = 0;
  /** inSet[i] / inBest[i]: the i-th enabled transition is in the set being built / in the smallest set so far. */
  private inSet: Uint8Array;
  private inBest: Uint8Array;
  private readonly add = (t: number) => {
    if (this.member[t] === this.stamp) return;
    this.member[t] = this.stamp;
    this.work[this.top++] = t;
  };

  constructor(
    private readonly rules: ReductionRules,
    maxActions: number,
    /** Words per state vector, to find a successor among the successors handed to `choose`. */
    private readonly words: number,
  ) {
    this.enabled = new Int32Array(maxActions);
    this.position = new Int32Array(rules.transitions).fill(-1);
    this.member = new Int32Array(rules.transitions);
    this.work = new Int32Array(rules.transitions);
    this.inSet = new Uint8Array(maxActions);
    this.inBest = new Uint8Array(maxActions);
  }

  /**
   * Of the state's `count` successors (vectors back to back in `successors`),
   * write the indices of those to explore into `chosen` (room for `count`),
   * ascending; returns how many.
   */
  choose(state: Uint32Array, at: number, successors: Uint32Array, count: number, chosen: Int32Array): number {
    if (this.enabled.length < count) {
      this.enabled = new Int32Array(count);
      this.inSet = new Uint8Array(count);
      this.inBest = new Uint8Array(count);
    }
    this.rules.enabled(state, at, this.enabled);
    for (let i = 0; i < count; i++) this.position[this.enabled[i]!] = i;
    let best = count;
    this.inBest.fill(1, 0, count);
    for (let seed = 0; seed < count && best > 1; seed++) {
      if (this.rules.terminal?.(successors, seed * this.words)) continue;
      const size = this.closure(state, at, this.enabled[seed]!, best);
      if (size < best) {
        best = size;
        this.inBest.set(this.inSet.subarray(0, count));
      }
    }
    let n = 0;
    for (let i = 0; i < count; i++) {
      if (this.inBest[i]) chosen[n++] = i;
      this.position[this.enabled[i]!] = -1;
    }
    return n;
  }

  /** The transition number of the i-th enabled transition of the state last passed to `choose`. */
  readonly transition = (i: number): number => this.enabled[i]!;

  /** The number of enabled transitions in the closure of `seed` (marked in `inSet`); gives up at `limit`. */
  private closure(state: Uint32Array, at: number, seed: number, limit: number): number {
    if (this.stamp === 0x3fffffff) this.member.fill((this.stamp = 0));
    this.stamp++;
    this.inSet.fill(0);
    this.top = 0;
    this.add(seed);
    let found = 0;
    while (this.top > 0 && found < limit) {
      const t = this.work[--this.top]!;
      const i = this.position[t]!;
      if (i >= 0) {
        this.inSet[i] = 1;
        found++;
        this.rules.dependents(state, at, t, this.add);
      } else {
        this.rules.enablers(state, at, t, this.add);
      }
    }
    return found;
  }
}

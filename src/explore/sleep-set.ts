/**
 * Sleep sets (P. Godefroid, "Partial-Order Methods for the Verification of
 * Concurrent Systems", 1996, chapter 5), on top of stubborn sets.
 *
 * A state's sleep set holds enabled transitions that need not be taken there,
 * because a path starting with them is covered elsewhere: when a state takes
 * its chosen transitions t1, t2, ... in order, the successor by ti sleeps on
 * every transition of the state's own sleep set and every t1 .. t(i-1) that is
 * independent of ti (taking tj after ti reaches what ti after tj reaches, and
 * that was explored from the successor by tj). Sleeping transitions are not
 * taken. A state reached along several transitions sleeps only on what all of
 * them agree on (the intersection), so its sleep set must be complete before
 * it is expanded: packed-bfs.ts guarantees it (spec/reduction.md says why).
 *
 * Sets are bit sets over the model's transition numbers (ReductionRules).
 */
import type { ReductionRules } from "../model-contract/packed-model.js";

export class SleepSets {
  /** 32-bit words per sleep set. */
  readonly width: number;
  /** The state's sleep set plus the transitions taken so far. */
  private readonly covered: Uint32Array;
  private into: Uint32Array = new Uint32Array(0);
  private to = 0;
  private readonly wake = (u: number) => {
    this.into[this.to + (u >>> 5)]! &= ~(1 << (u & 31));
  };

  constructor(private readonly rules: ReductionRules) {
    this.width = Math.ceil(rules.transitions / 32);
    this.covered = new Uint32Array(this.width);
  }

  /**
   * Of the `count` transitions in `chosen` (indices into the state's
   * successors, whose transition numbers `transition` gives), keep in place
   * those not asleep in `sleep[sleepAt ..]`, in order, and write the k-th kept
   * one's successor's sleep set to `into[k * width ..]`. Returns how many are kept.
   */
  filter(
    state: Uint32Array,
    at: number,
    sleep: Uint32Array,
    sleepAt: number,
    chosen: Int32Array,
    count: number,
    transition: (index: number) => number,
    into: Uint32Array,
  ): number {
    const width = this.width;
    this.covered.set(sleep.subarray(sleepAt, sleepAt + width));
    this.into = into;
    let kept = 0;
    for (let k = 0; k < count; k++) {
      const t = transition(chosen[k]!);
      const word = t >>> 5;
      const bit = 1 << (t & 31);
      if (this.covered[word]! & bit) continue;
      chosen[kept] = chosen[k]!;
      this.to = kept * width;
      into.set(this.covered, this.to);
      this.rules.dependents(state, at, t, this.wake);
      this.covered[word]! |= bit;
      kept++;
    }
    return kept;
  }
}

/** `into[at ..] &= from[fromAt ..]` over `width` words: what two sleep sets agree on. */
export function intersect(into: Uint32Array, at: number, from: Uint32Array, fromAt: number, width: number): void {
  for (let i = 0; i < width; i++) into[at + i]! &= from[fromAt + i]!;
}

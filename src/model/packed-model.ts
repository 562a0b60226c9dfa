/**
 * A model whose states are fixed-length vectors of 32-bit words, for explorers
 * that must store millions of states (src/explore/packed-*.ts). It is a fast
 * encoding of a readable `Model`, never a replacement: the readable model
 * stays the reference that traces, reports and learners see, and a packed
 * model must agree with it state for state and action for action.
 */
export interface PackedModel {
  /** Words per state vector. */
  readonly words: number;
  /** No state has more enabled actions than this. */
  readonly maxActions: number;
  /** Write the initial state (a packed model has exactly one). */
  writeInitial(into: Uint32Array, at: number): void;
  /**
   * Write the successors of the state at `state[at ..]` into `into`, one vector
   * after another from index 0, in the readable model's action order, and
   * return how many there are (0 for a terminal state).
   */
  successors(state: Uint32Array, at: number, into: Uint32Array): number;
  /** The properties that fail in this state, as bits (bit i: property i); `terminal` when no action is enabled. */
  violations(state: Uint32Array, at: number, terminal: boolean): number;
  /** What partial-order reduction needs to know; without it the model cannot be reduced. */
  readonly reduction?: ReductionRules;
}

/**
 * Facts about the model's transitions for stubborn sets (src/explore/stubborn-set.ts).
 * A transition is an action identity that stays the same across states (for
 * example "deliver message P0#1 on P0->P1"), numbered 0 .. count-1.
 *
 * Soundness is the model's promise, argued in spec/reduction.md for the bank:
 * two transitions that `dependents` does not link commute and never disable
 * each other in any state reachable from this one, and a disabled transition
 * becomes enabled only after one of its `enablers` has occurred.
 */
export interface ReductionRules {
  readonly transitions: number;
  /** The enabled transitions, in the order `successors` writes their targets; returns how many. */
  enabled(state: Uint32Array, at: number, into: Int32Array): number;
  /** Call `add` with every transition that may be dependent on the enabled transition `t`. */
  dependents(state: Uint32Array, at: number, t: number, add: (transition: number) => void): void;
  /**
   * Call `add` with a necessary enabling set of the disabled transition `t`:
   * transitions of which one must occur before `t` can be enabled. Add nothing
   * if `t` can never be enabled again.
   */
  enablers(state: Uint32Array, at: number, t: number, add: (transition: number) => void): void;
}

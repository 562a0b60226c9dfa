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
  /**
   * No state met so far has more enabled actions than this. A model that
   * cannot tell in advance raises it as it meets bigger states (see `successors`).
   */
  readonly maxActions: number;
  /** How many initial states there are (1 if absent). */
  readonly initialCount?: number;
  /** Write initial state number `index` (0 .. initialCount-1). */
  writeInitial(into: Uint32Array, at: number, index?: number): void;
  /**
   * Write the successors of the state at `state[at ..]` into `into`, one vector
   * after another from index 0, in the readable model's action order, and
   * return how many there are (0 for a terminal state). If they do not fit,
   * write nothing and return how many there are: the caller makes room
   * (SuccessorBuffer in packed-search.ts) and asks again.
   */
  successors(state: Uint32Array, at: number, into: Uint32Array): number;
  /** Calls `failed` with the number of every property that fails in this state; `terminal` when no action is enabled. */
  violations(state: Uint32Array, at: number, terminal: boolean, failed: (property: number) => void): void;
  /**
   * Optional: told which `count` states (vectors back to back from `at`) are
   * about to be expanded, in that order, before any of them is (so that a
   * model whose steps ask another process can ask in batches).
   */
  prepare?(vectors: Uint32Array, at: number, count: number): void;
  /** Optional: the states that executions are counted through (PackedExploration.executionsThrough). */
  marked?(state: Uint32Array, at: number): boolean;
  /** What partial-order reduction needs to know; without it the model cannot be reduced. */
  readonly reduction?: ReductionRules;
}

/**
 * Facts about the model's transitions for stubborn sets (src/explore/stubborn-set.ts),
 * on stored vectors: what a readable model's Reduction (src/model-contract/reduction.ts)
 * says of its states, and the compact engine says of its own vectors.
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
  /**
   * Optional: whether the state at `vector[at ..]` has no enabled action. A
   * step into such a state may have disabled every other enabled step (a
   * graded run ends at a step that broke a step rule), so it is never the
   * seed of a stubborn set. Without it, any enabled transition may be.
   */
  terminal?(vector: Uint32Array, at: number): boolean;
  /**
   * Optional: while `on`, a step the model takes that breaks an assumption
   * of these answers (Reduction.assumptionBroken) throws ReductionVoided.
   */
  watch?(on: boolean): void;
}

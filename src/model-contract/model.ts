/**
 * The contract between a system and the explorer, in the shape of a TLA+ spec
 * (Init, Next, invariants) and Stateright's `Model`.
 *
 * The explorer knows nothing else about the system it checks: a bank with a
 * snapshot algorithm is one model, the toy counters in the tests are others.
 * States must be immutable; `key` gives each one a canonical string so that the
 * explorer can tell when two interleavings reach the same state.
 */
import type { Property } from "./property.js";
import type { Reduction } from "./reduction.js";
import type { StateParts } from "./state-parts.js";

export interface Model<State, Action> {
  /** The states the system may start in (Init). */
  initStates(): readonly State[];
  /** Every action enabled in `state`, in a fixed order (the disjuncts of Next). */
  actions(state: State): readonly Action[];
  /** The state after `action`; never mutates `state`. */
  nextState(state: State, action: Action): State;
  /** What must hold of the reachable states. */
  properties(): readonly Property<State>[];
  /** A canonical encoding: equal keys if and only if equal states. */
  key(state: State): string;
  /**
   * Optional: the state as a row of parts, so that the explorer stores a state
   * as a few small integers rather than a key string and an object tree.
   * Without it, the whole state is one part, keyed by `key`.
   */
  readonly parts?: StateParts<State, Action>;
  /** Optional: what partial-order reduction needs to know; without it the model is searched unreduced. */
  readonly reduction?: Reduction<State, Action>;
}

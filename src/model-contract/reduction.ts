/**
 * What partial-order reduction needs to know about a model, told on its
 * readable states (a member of Model, as `parts` is): which transition each
 * action is, which transitions may interfere with which, and which must come
 * before a disabled one. The explorer knows nothing else about the system;
 * the stubborn sets and sleep sets built from these answers
 * (src/explore/stubborn-set.ts, sleep-set.ts) are the same for every model.
 *
 * A transition is an identity that stays the same across states ("deliver
 * the message P0#1", "P1's next send"), numbered 0 .. transitions-1; in a
 * state, no two enabled actions are the same transition.
 *
 * Soundness is the model's promise, argued for the bank in spec/reduction.md:
 * two transitions that `dependents` does not link commute and never disable
 * each other, in this state and in every state reachable from it, and a
 * disabled transition becomes enabled only after one of its `enablers`.
 * Where that rests on assumptions about steps the model cannot see in
 * advance (rules written by a learner), `assumptionBroken` names a step that
 * breaks one, and the explorer then searches again unreduced.
 */
import type { Property } from "./property.js";

export interface Reduction<State, Action> {
  /** How many transitions the model numbers. */
  readonly transitions: number;
  /**
   * The transition that the enabled action `action` is, in `state`. Where the
   * model lists its actions part by part (StateParts.actionSources), it
   * depends on the action's part alone, and is asked once for each.
   */
  transition(state: State, action: Action): number;
  /** Call `add` with every transition that may be dependent on the enabled transition `t` (itself included). */
  dependents(state: State, t: number, add: (transition: number) => void): void;
  /**
   * Call `add` with a necessary enabling set of the disabled transition `t`:
   * transitions of which one must occur before `t` can be enabled. Add
   * nothing if `t` can never be enabled again.
   */
  enablers(state: State, t: number, add: (transition: number) => void): void;
  /**
   * Optional: those of `dependents(state, t)` that can interfere with `t`
   * only through the states they and `t` reach from this one: what they do,
   * and whether they and `t` are enabled, nothing but `t`, they and t's
   * other dependents can change. The explorer tries each in both orders with
   * `t`, here and in every state they reach on their own, and takes those
   * that always end in the same state as independent of `t`
   * (src/explore/commuting-steps.ts).
   */
  checkable?(state: State, t: number, add: (transition: number) => void): void;
  /**
   * Optional: why the step from `before` by `action` to `after` breaks an
   * assumption the answers above rest on, or undefined if it keeps them all.
   * Asked of every step a reduced search takes; one such step and the
   * search starts again, unreduced.
   */
  assumptionBroken?(before: State, action: Action, after: State): string | undefined;
  /**
   * Whether a reduced search keeps the verdict of this property, checked in
   * every state ("always"): it explores only some of the states, so a
   * property that could fail in one of the others and in none it explores
   * would be missed. A property checked at termination is always kept
   * (every terminal state is explored).
   */
  keeps(property: Property<State>): boolean;
}

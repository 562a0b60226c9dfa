/**
 * Properties are values: a short id, the claim in one sentence, and a check
 * that explains a failure in words (as DSLabs' state predicates do).
 *
 * - `always`: the check must pass in every reachable state.
 * - `atTermination`: the check must pass in every terminal state (no action
 *   enabled). On a finite acyclic graph this is "every execution ends well".
 *
 * A check returns `undefined` when the state is fine, or the reason it is not.
 */
export type Verdict = string | undefined;

export interface Property<State> {
  readonly name: string;
  readonly claim: string;
  readonly expectation: "always" | "atTermination";
  readonly check: (state: State) => Verdict;
  /**
   * Optional: the check fails in a state exactly when it fails on what one
   * actor of the model sees of it (a bank process's view), and an actor's
   * view changes by its own steps only. A model's partial-order reduction
   * can keep such a verdict (Reduction.keeps).
   */
  readonly local?: boolean;
  /**
   * Optional, for an `atTermination` claim about how every run ends ("every
   * execution ends with a complete snapshot"): a run that never ends (the
   * state graph has a cycle) breaks it too, though it has no terminal state.
   */
  readonly brokenByEndlessRuns?: boolean;
}

export function always<State>(name: string, claim: string, check: (state: State) => Verdict): Property<State> {
  return { name, claim, expectation: "always", check };
}

export function atTermination<State>(name: string, claim: string, check: (state: State) => Verdict): Property<State> {
  return { name, claim, expectation: "atTermination", check };
}

/**
 * Replays a counterexample's actions from the initial state, checking that
 * each one is enabled where it is taken, and returns the final state. Used to
 * prove that every trace the explorer reports is a real execution.
 */
import { formatAction } from "../../src/models/bank/actions.js";
import type { BankAction } from "../../src/models/bank/actions.js";
import type { BankState } from "../../src/models/bank/bank-state.js";
import type { Model } from "../../src/model-contract/model.js";
import type { Scenario } from "../../src/models/bank/scenario.js";

export function replay(scenario: Scenario, model: Model<BankState, BankAction>, actions: readonly BankAction[]): BankState {
  let state = model.initStates()[0]!;
  for (const action of actions) {
    const enabled = model.actions(state).map((a) => formatAction(scenario, state, a));
    const name = formatAction(scenario, state, action);
    if (!enabled.includes(name)) throw new Error(`${name} is not enabled (enabled: ${enabled.join("; ")})`);
    state = model.nextState(state, action);
  }
  return state;
}

/** The reason the property gives for `state`, or undefined if it holds there. */
export function violationIn(model: Model<BankState, BankAction>, property: string, state: BankState): string | undefined {
  return model
    .properties()
    .find((p) => p.name === property)!
    .check(state);
}

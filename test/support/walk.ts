/**
 * A walk through the bank with the reference rules, each step chosen by the
 * next number (modulo the enabled actions): fast-check draws the numbers, so
 * the walk shrinks with them. It stops at a complete snapshot or at the end.
 */
import { enabledActions } from "../../src/models/bank/actions.js";
import { chandyLamport } from "../../src/models/bank/algorithms/chandy-lamport.js";
import { initialState, isSnapshotComplete, type BankState } from "../../src/models/bank/bank-state.js";
import type { Scenario } from "../../src/models/bank/scenario.js";
import { step } from "../../src/models/bank/system.js";

export function walkToCompleteSnapshot(scenario: Scenario, choices: readonly number[]): BankState {
  let state = initialState(scenario);
  for (const choice of choices) {
    const actions = enabledActions(scenario, state);
    if (actions.length === 0 || isSnapshotComplete(state)) break;
    state = step(scenario, chandyLamport, state, actions[choice % actions.length]!);
  }
  return state;
}

/**
 * A step whose rule answered with effects that cannot be carried out is shown
 * as it happens without them: the environment's part (a message taken off its
 * channel and credited) done, nothing recorded. The trace and the diagram then
 * draw the delivery the rule was answering.
 */
import type { MultiSnapshotAlgorithm } from "../../models/bank/multi-snapshot/multi-snapshot-algorithm.js";
import type { SnapshotAlgorithm } from "../../models/bank/algorithms/snapshot-algorithm.js";
import type { BankAction } from "../../models/bank/actions.js";
import type { MultiSnapshotScenario, MultiSnapshotState } from "../../models/bank/multi-snapshot/multi-snapshot-state.js";
import { multiSnapshotSystem } from "../../models/bank/multi-snapshot/system.js";
import type { Scenario } from "../../models/bank/scenario.js";
import type { BankState } from "../../models/bank/bank-state.js";
import { step } from "../../models/bank/system.js";

const noEffects: SnapshotAlgorithm & MultiSnapshotAlgorithm = { name: "no effects", initiate: () => [], onMarker: () => [], onMessage: () => [] };

export const refusedBankStep = (scenario: Scenario) => (state: BankState, action: BankAction) => step(scenario, noEffects, state, action);

export function refusedMultiStep(scenario: MultiSnapshotScenario): (state: MultiSnapshotState, action: BankAction) => MultiSnapshotState {
  const withoutRules = multiSnapshotSystem(scenario, noEffects);
  return (state, action) => withoutRules.nextState(state, action);
}

/**
 * The dataflow with an operator barrier mode, as a model the explorer can
 * check. Every run fails once, at some point after a checkpoint completes,
 * and then runs to the end from what it restored; the properties judge the
 * end. (A run that never fails processes each record once; it needs no check.)
 */
import type { BarrierMode } from "./barrier-modes.js";
import type { Model } from "../../model-contract/model.js";
import { enabledDataflowActions, type DataflowAction } from "./actions.js";
import { dataflowParts } from "./dataflow-parts.js";
import { dataflowProperties } from "./properties.js";
import { failAndRecover } from "./recovery.js";
import type { DataflowScenario } from "./scenario.js";
import { dataflowStateKey, initialDataflowState, type DataflowState } from "./dataflow-state.js";
import { emitRecord, injectBarrier, operatorTakes, sinkTakes } from "./tasks.js";

export function dataflowSystem(scenario: DataflowScenario, mode: BarrierMode): Model<DataflowState, DataflowAction> {
  const properties = dataflowProperties(scenario);
  return {
    initStates: () => [initialDataflowState(scenario)],
    actions: (state) => enabledDataflowActions(scenario, mode, state),
    nextState: (state, action) => dataflowStep(scenario, mode, state, action),
    properties: () => properties,
    key: dataflowStateKey,
    parts: dataflowParts(),
  };
}

export function dataflowStep(scenario: DataflowScenario, mode: BarrierMode, state: DataflowState, action: DataflowAction): DataflowState {
  switch (action.type) {
    case "emit":
      return emitRecord(scenario, state, action.source);
    case "inject":
      return injectBarrier(state, action.source);
    case "take":
      return operatorTakes(mode, state, action.input);
    case "sink":
      return sinkTakes(state);
    case "fail":
      return failAndRecover(state);
  }
}

/**
 * The dataflow of the dataflow case study as a model snaplab plugs in: two sources,
 * an operator with two inputs, a sink, and checkpoint barriers handled by a
 * barrier mode (spec/case-studies/dataflow-barriers.md).
 */
import type { ModelDescriptor } from "../../check/model-descriptor.js";
import { dataflowFields } from "./fields.js";
import { barrierModeNames, findBarrierMode, type BarrierMode } from "./barrier-modes.js";
import { describeDataflowStep } from "./describe-dataflow-step.js";
import { parseDataflowScenario } from "./parse-scenario.js";
import type { DataflowScenario } from "./scenario.js";
import { dataflowSpaceTime } from "./dataflow-space-time.js";
import type { DataflowAction } from "./actions.js";
import type { DataflowState } from "./dataflow-state.js";
import { dataflowSystem } from "./system.js";
import { isBlocked } from "./tasks.js";

export const dataflowModel: ModelDescriptor<DataflowScenario, DataflowState, DataflowAction, BarrierMode> = {
  name: "dataflow",
  fields: dataflowFields,
  parse: parseDataflowScenario,
  scenarioName: (scenario) => scenario.name,
  algorithms: { names: barrierModeNames, find: findBarrierMode },
  algorithmOf: (scenario) => scenario.algorithm,
  build: dataflowSystem,
  describeStep: describeDataflowStep,
  spaceTime: dataflowSpaceTime,
  measure: {
    label: "executions in which an input is held back",
    marked: (_scenario, mode, state) => [0, 1].some((i) => state.channels[i]!.length > 0 && isBlocked(mode, state.operator, i)),
  },
};

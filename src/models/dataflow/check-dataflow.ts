/**
 * Checks a dataflow scenario with its barrier mode (or another), and measures
 * what alignment costs: the executions in which an input has items waiting
 * while it is blocked.
 */
import { findBarrierMode } from "./barrier-modes.js";
import { checkModel, type ModelReport } from "../../check/check-model.js";
import type { ExploreOptions } from "../../explore/bfs.js";
import { describeDataflowStep } from "./describe-step.js";
import type { DataflowScenario } from "./scenario.js";
import { dataflowSpaceTime } from "./space-time.js";
import { dataflowSystem } from "./system.js";
import { isBlocked } from "./tasks.js";

export function checkDataflow(scenario: DataflowScenario, options: ExploreOptions & { algorithm?: string } = {}): ModelReport {
  const mode = findBarrierMode(options.algorithm ?? scenario.algorithm);
  const model = dataflowSystem(scenario, mode);
  return checkModel(
    { scenario: scenario.name, model: "dataflow", algorithm: mode.name },
    model,
    {
      describe: (before, action, after) => describeDataflowStep(scenario, mode, before, action, after),
      draw: (violation) => dataflowSpaceTime(scenario, mode, violation),
      measure: {
        label: "executions in which an input is held back",
        marked: (state) => [0, 1].some((i) => state.channels[i]!.length > 0 && isBlocked(mode, state.operator, i)),
      },
    },
    options,
  );
}

/** Checks a dataflow scenario with the rules it names (or `algorithm`): the one pipeline with the dataflow's model. */
import { check, type CheckOptions } from "../../check/check.js";
import type { Report } from "../../check/report.js";
import { dataflowModel } from "./dataflow-model.js";
import type { DataflowScenario } from "./scenario.js";

export function checkDataflow(scenario: DataflowScenario, options: CheckOptions = {}): Report {
  return check({ model: dataflowModel, scenario }, options);
}

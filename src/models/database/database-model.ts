/**
 * The distributed database of the distributed-database case study as a model snaplab plugs in:
 * nodes holding accounts, transactions that credit another node, and a
 * snapshot design (spec/case-studies/distributed-database.md).
 */
import type { ModelDescriptor } from "../../check/model-descriptor.js";
import { databaseFields } from "./fields.js";
import { isWaiting } from "./actions.js";
import { describeDatabaseStep } from "./describe-database-step.js";
import type { DatabaseDesign } from "./design.js";
import { designNames, findDesign } from "./designs/registry.js";
import { parseDatabaseScenario } from "./parse-scenario.js";
import type { DatabaseScenario } from "./scenario.js";
import { databaseSpaceTime } from "./database-space-time.js";
import type { DatabaseAction } from "./actions.js";
import type { DatabaseState } from "./database-state.js";
import { databaseSystem } from "./system.js";

export const databaseModel: ModelDescriptor<DatabaseScenario, DatabaseState, DatabaseAction, DatabaseDesign> = {
  name: "database",
  fields: databaseFields,
  parse: parseDatabaseScenario,
  scenarioName: (scenario) => scenario.name,
  algorithms: { names: designNames, find: findDesign },
  algorithmOf: (scenario) => scenario.algorithm,
  build: databaseSystem,
  describeStep: (scenario, _design, before, action, after) => describeDatabaseStep(scenario, before, action, after),
  spaceTime: (scenario, design, violation) => databaseSpaceTime(scenario, design.name, violation),
  measure: {
    label: "executions in which a send waits",
    marked: (scenario, _design, state) => state.nodes.some((_, node) => isWaiting(scenario, state, node)),
  },
};

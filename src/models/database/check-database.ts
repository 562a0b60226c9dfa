/**
 * Checks a database scenario with its design (or another), and measures what
 * blocking costs: the executions in which some node's distributed
 * transaction is held back by its closed gate.
 */
import { findDesign } from "./designs/registry.js";
import { checkModel, type ModelReport } from "../../check/check-model.js";
import type { ExploreOptions } from "../../explore/bfs.js";
import { isWaiting } from "./actions.js";
import { describeDatabaseStep } from "./describe-step.js";
import type { DatabaseScenario } from "./scenario.js";
import { databaseSpaceTime } from "./space-time.js";
import { databaseSystem } from "./system.js";

export function checkDatabase(scenario: DatabaseScenario, options: ExploreOptions & { algorithm?: string } = {}): ModelReport {
  const design = findDesign(options.algorithm ?? scenario.algorithm);
  const model = databaseSystem(scenario, design);
  return checkModel(
    { scenario: scenario.name, model: "database", algorithm: design.name },
    model,
    {
      describe: (before, action, after) => describeDatabaseStep(scenario, before, action, after),
      draw: (violation) => databaseSpaceTime(scenario, design.name, violation),
      measure: {
        label: "executions in which a send waits",
        marked: (state) => state.nodes.some((_, node) => isWaiting(scenario, state, node)),
      },
    },
    options,
  );
}

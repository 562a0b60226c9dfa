/**
 * Exercise 5, snapshots without FIFO: Lai-Yang's rules, graded exhaustively
 * with channels that deliver in any order.
 */
import type { Scenario } from "../../models/bank/scenario.js";
import { colouredSteps } from "../check/coloured-steps.js";
import { submittedRules } from "../check/submitted-rules.js";
import { bankGradedSystem, scenarioChecks } from "./bank-check.js";
import type { RulesExercise } from "./exercise.js";
import { ring, twoNode, twoTransfers } from "./scenarios.js";

const unordered = (scenario: Scenario): Scenario => ({ ...scenario, name: `${scenario.name}, no FIFO`, fifo: false });

export const laiYang: RulesExercise = {
  number: 5,
  slug: "05-lai-yang",
  title: "Snapshots without FIFO (Lai-Yang)",
  file: "05-lai-yang/rules.ts",
  kind: "rules",
  checks: scenarioChecks([twoNode, twoTransfers, ring].map(unordered), 8, (scenario, submission) =>
    colouredSteps(scenario, bankGradedSystem(scenario, submittedRules(submission, scenario))),
  ),
};

/**
 * Exercise 5, snapshots without FIFO: Lai-Yang's rules, graded exhaustively
 * with channels that deliver in any order.
 */
import { tellingColours } from "../../models/bank/message-colours.js";
import type { Scenario } from "../../models/bank/scenario.js";
import type { Submission } from "../graded-rules/remembering-submission.js";
import { submittedRules } from "../graded-rules/submitted-rules.js";
import { bankGradedSystem, exploredWithRules, scenarioChecks } from "./bank-check.js";
import type { RulesExercise } from "./exercise.js";
import { generatedCheck } from "./generated-check.js";
import { ring, twoNode, twoTransfers } from "./scenarios.js";

const unordered = (scenario: Scenario): Scenario => ({ ...scenario, name: `${scenario.name}, no FIFO`, fifo: false });
// Lai-Yang's rules turn on each message's colour: the traces tell it, in the steps and the picture.
const graded = (scenario: Scenario, submission: Submission) => bankGradedSystem(scenario, tellingColours(submittedRules(submission, scenario)));

export const laiYangExercise: RulesExercise = {
  number: 5,
  slug: "05-lai-yang",
  title: "Snapshots without FIFO (Lai-Yang)",
  file: "05-lai-yang/rules.ts",
  kind: "rules",
  explore: exploredWithRules,
  checks: [
    ...scenarioChecks([twoNode, twoTransfers, ring].map(unordered), 6, graded),
    generatedCheck(
      {
        shape: { fifo: false, multiSnapshot: false },
        seed: 11,
        count: 112,
        reach: [
          "stars",
          "hubs",
          "long channel",
          "a hundred transfers",
          "a hundred received",
          "a sender's lookalike",
          "a gap on one channel",
          "an overtaking transfer",
        ],
        rulesRun: true,
      },
      6,
      graded,
    ),
  ],
};

/**
 * Exercise 1, record and forward: the marker-sending rule, and recording on
 * the first marker. Graded on the learner's record-state and send-marker
 * effects, with the reference rules recording the channels, and on the file
 * as a whole where both halves hold apart (rules-file-halves.ts).
 */
import { exploredWithRules, scenarioChecks } from "./bank-check.js";
import type { RulesExercise } from "./exercise.js";
import { generatedCheck } from "./generated-check.js";
import { gradedProcessHalf } from "./rules-file-halves.js";
import { ring, twoInitiators, twoNode } from "./scenarios.js";

export const recordAndForwardExercise: RulesExercise = {
  number: 1,
  slug: "01-record-and-forward",
  title: "Record and forward",
  file: "01-record-and-forward/rules.ts",
  kind: "rules",
  explore: exploredWithRules,
  checks: [
    ...scenarioChecks([twoNode, ring, twoInitiators], 4, gradedProcessHalf),
    generatedCheck({ shape: { fifo: true, multiSnapshot: false }, seed: 12, count: 110, reach: ["stars", "hubs"], rulesRun: true }, 3, gradedProcessHalf),
  ],
};

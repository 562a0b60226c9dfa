/**
 * Exercise 1, record and forward: the marker-sending rule, and recording on
 * the first marker. Graded on the learner's record-state and send-marker
 * effects, with the reference rules recording the channels.
 */
import { chandyLamport } from "../../models/bank/algorithms/chandy-lamport.js";
import type { Scenario } from "../../models/bank/scenario.js";
import { combineRules, ownsProcessEffects } from "../graded-rules/compose.js";
import { referenceChannelStepsMarked } from "../graded-rules/reference-marked-steps.js";
import type { Submission } from "../graded-rules/remembering-submission.js";
import { submittedRules } from "../graded-rules/submitted-rules.js";
import { bankGradedSystem, exploredWithRules, scenarioChecks } from "./bank-check.js";
import type { RulesExercise } from "./exercise.js";
import { generatedCheck } from "./generated-check.js";
import { ring, twoInitiators, twoNode } from "./scenarios.js";

const graded = (scenario: Scenario, submission: Submission) =>
  referenceChannelStepsMarked(
    scenario,
    bankGradedSystem(scenario, combineRules(submittedRules(submission, scenario, "rules", ownsProcessEffects), chandyLamport)),
  );

export const recordAndForwardExercise: RulesExercise = {
  number: 1,
  slug: "01-record-and-forward",
  title: "Record and forward",
  file: "01-record-and-forward/rules.ts",
  kind: "rules",
  explore: exploredWithRules,
  checks: [
    ...scenarioChecks([twoNode, ring, twoInitiators], 4, graded),
    generatedCheck({ shape: { fifo: true, multiSnapshot: false }, seed: 5, count: 30, reach: ["stars"] }, 3, graded),
  ],
};

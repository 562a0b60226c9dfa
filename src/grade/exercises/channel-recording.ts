/**
 * Exercise 2, channel recording: what arrives on a channel after the process
 * recorded and before that channel's marker. Graded on the learner's channel
 * effects, with the reference rules recording the processes and sending the
 * markers, so a mistake in exercise 1 costs nothing here.
 */
import { chandyLamport } from "../../models/bank/algorithms/chandy-lamport.js";
import type { Scenario } from "../../models/bank/scenario.js";
import { combineRules, ownsChannelEffects } from "../graded-rules/compose.js";
import { referenceMarkerStepsMarked } from "../graded-rules/reference-marked-steps.js";
import type { Submission } from "../graded-rules/remembering-submission.js";
import { submittedRules } from "../graded-rules/submitted-rules.js";
import { bankGradedSystem, exploredWithRules, scenarioChecks } from "./bank-check.js";
import type { RulesExercise } from "./exercise.js";
import { generatedCheck } from "./generated-check.js";
import { ring, twoInitiators, twoNode } from "./scenarios.js";

const graded = (scenario: Scenario, submission: Submission) =>
  referenceMarkerStepsMarked(
    scenario,
    bankGradedSystem(scenario, combineRules(chandyLamport, submittedRules(submission, scenario, "rules", ownsChannelEffects))),
  );

export const channelRecordingExercise: RulesExercise = {
  number: 2,
  slug: "02-channel-recording",
  title: "Channel recording",
  // Exercises 1 and 2 fill in the same rules file.
  file: "01-record-and-forward/rules.ts",
  kind: "rules",
  explore: exploredWithRules,
  checks: [
    ...scenarioChecks([twoNode, ring, twoInitiators], 4, graded),
    // Exercise 1's drawn scenarios: the file that answers them there has answered every question they ask here.
    generatedCheck({ shape: { fifo: true, multiSnapshot: false }, seed: 5, count: 30, reach: ["long channel"] }, 3, graded),
  ],
};

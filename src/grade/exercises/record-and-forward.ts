/**
 * Exercise 1, record and forward: the marker-sending rule, and recording on
 * the first marker. Graded on the learner's record-state and send-marker
 * effects, with the reference rules recording the channels.
 */
import { chandyLamport } from "../../models/bank/algorithms/chandy-lamport.js";
import { combineRules, ownsProcessEffects } from "../check/compose.js";
import { kitChannelStepsMarked } from "../check/kit-marked-steps.js";
import { submittedRules } from "../check/submitted-rules.js";
import { bankGradedSystem, scenarioChecks } from "./bank-check.js";
import type { RulesExercise } from "./exercise.js";
import { ring, twoInitiators, twoNode } from "./scenarios.js";

export const recordAndForward: RulesExercise = {
  number: 1,
  slug: "01-record-and-forward",
  title: "Record and forward",
  file: "01-record-and-forward/rules.ts",
  kind: "rules",
  checks: scenarioChecks([twoNode, ring, twoInitiators], 5, (scenario, submission) =>
    kitChannelStepsMarked(scenario, bankGradedSystem(scenario, combineRules(submittedRules(submission, scenario, "rules", ownsProcessEffects), chandyLamport))),
  ),
};

/**
 * Exercises 1 and 2 grade the two halves of one rules file: exercise 1 what
 * a process records and the markers it sends, beside the reference rules'
 * channel recordings; exercise 2 the channel recordings, beside the
 * reference rules' process recordings and markers. Each half's system knows
 * the file as a whole and the other half's, which decide whose a failure is
 * (file-halves.ts).
 */
import { chandyLamport } from "../../models/bank/algorithms/chandy-lamport.js";
import type { BankAction } from "../../models/bank/actions.js";
import type { BankState } from "../../models/bank/bank-state.js";
import type { Scenario } from "../../models/bank/scenario.js";
import { combineRules, ownsChannelEffects, ownsProcessEffects } from "../graded-rules/compose.js";
import type { GradedSystem } from "../graded-rules/graded-system.js";
import { referenceChannelStepsMarked, referenceMarkerStepsMarked } from "../graded-rules/reference-marked-steps.js";
import type { Submission } from "../graded-rules/remembering-submission.js";
import { submittedRules } from "../graded-rules/submitted-rules.js";
import { bankGradedSystem } from "./bank-check.js";

type Built = (scenario: Scenario, submission: Submission) => GradedSystem<BankState, BankAction>;

const wholeFile: Built = (scenario, submission) => bankGradedSystem(scenario, submittedRules(submission, scenario));

const processHalf: Built = (scenario, submission) =>
  referenceChannelStepsMarked(
    scenario,
    bankGradedSystem(scenario, combineRules(submittedRules(submission, scenario, "rules", ownsProcessEffects), chandyLamport)),
  );

const channelHalf: Built = (scenario, submission) =>
  referenceMarkerStepsMarked(
    scenario,
    bankGradedSystem(scenario, combineRules(chandyLamport, submittedRules(submission, scenario, "rules", ownsChannelEffects))),
  );

const beside =
  (half: Built, other: Built): Built =>
  (scenario, submission) => ({ ...half(scenario, submission), halfOf: { whole: wholeFile(scenario, submission), other: other(scenario, submission) } });

/** Exercise 1's half: the learner's process recordings and markers. */
export const gradedProcessHalf = beside(processHalf, channelHalf);

/** Exercise 2's half: the learner's channel recordings. */
export const gradedChannelHalf = beside(channelHalf, processHalf);

/** Grading on the bank with one snapshot: the system, and one check per scenario. */
import type { SnapshotAlgorithm } from "../../models/bank/algorithms/snapshot-algorithm.js";
import type { BankAction } from "../../models/bank/actions.js";
import type { Scenario } from "../../models/bank/scenario.js";
import { recordedSnapshot } from "../../models/bank/snapshot.js";
import type { BankState } from "../../models/bank/bank-state.js";
import { bankSystem } from "../../models/bank/system.js";
import type { Property } from "../../model-contract/property.js";
import { describeBankStep } from "../../models/bank/describe-bank-step.js";
import { bankSpaceTime } from "../../models/bank/bank-space-time.js";
import { tellsColours } from "../../models/bank/message-colours.js";
import { formatSnapshot } from "../../models/bank/snapshot.js";
import type { GradedSystem } from "../graded-rules/graded-system.js";
import { replay, runCheck } from "../graded-rules/run-check.js";
import { refusedBankStep } from "../graded-rules/refused-step.js";
import { markerRules } from "../graded-rules/step-rules.js";
import type { Submission } from "../graded-rules/remembering-submission.js";
import { bankModel } from "../../models/bank/bank-model.js";
import type { FailedOn, RulesCheck } from "./exercise.js";
import type { ScenarioFile } from "./generated-scenarios.js";

/** The bank run by `rules`, checked on the five properties, non-interference, the marker rules and `extra`. */
export function bankGradedSystem(
  scenario: Scenario,
  rules: SnapshotAlgorithm,
  extra: readonly Property<BankState>[] = [],
): GradedSystem<BankState, BankAction> {
  const model = bankSystem(scenario, rules);
  const colours = tellsColours(rules);
  return {
    model,
    stepRules: markerRules(scenario),
    properties: [...model.properties(), ...extra],
    describeStep: (before, action, after) => describeBankStep(scenario, before, action, after, { colours }),
    describeEnd: (state) => formatSnapshot(recordedSnapshot(scenario, state)),
    spaceTime: (violation) => bankSpaceTime(scenario, violation, { colours }),
    refusedStep: refusedBankStep(scenario),
  };
}

/**
 * One check per scenario, each worth `points`, exploring the system `build`
 * makes with the submission. A check that fails gives its scenario as a
 * file, as a generated one does, for the learner to explore.
 */
export function scenarioChecks<Scn extends Scenario, State, Action>(
  scenarios: readonly Scn[],
  points: number,
  build: (scenario: Scn, submission: Submission) => GradedSystem<State, Action>,
): RulesCheck[] {
  return scenarios.map((scenario) => ({
    name: scenario.name,
    points,
    run(submission, limits) {
      const outcome = runCheck({ ...build(scenario, submission), throwsEndRuns: limits.throwsEndRuns }, limits.maxStates, submission, limits);
      return outcome.counterexample ? { ...outcome, scenario: scenarioFileOf(scenario), fixed: true } : outcome;
    },
    replay: (submission, actions, on) => replay(build(scenario, submission), actions as readonly Action[], on?.wholeFile),
  }));
}

/** A fixed scenario as a file, written as a generated one is (ScenarioFile): its channels' FIFO and exercise 6's snapshots said. */
export function scenarioFileOf(scenario: Scenario): ScenarioFile {
  const written = bankModel.trace!.scenarioJson(scenario) as unknown as ScenarioFile;
  return scenario.fifo ? written : { ...written, fifo: false };
}

/**
 * The command that explores a scenario a rules check failed on, saved as it.json, with the learner's rules; or that
 * replays its run, saved as it.json, where the scenario has too many runs to explore (Exercise.explore).
 */
export const exploredWithRules = (file: string, failed: FailedOn) =>
  failed.trace ? `npx snaplab replay it.json --rules ${file}` : failed.scenario ? `npx snaplab explore it.json --rules ${file}` : undefined;

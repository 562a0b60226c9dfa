/**
 * Exercise 6, repeated and concurrent snapshots: markers carry a snapshot
 * id, and several snapshots run in one execution, each of which must be a
 * consistent cut (the five properties, per snapshot).
 */
import type { MultiSnapshotAlgorithm } from "../../models/bank/multi-snapshot/multi-snapshot-algorithm.js";
import type { BankAction } from "../../models/bank/actions.js";
import { describeMultiStep } from "../../models/bank/multi-snapshot/describe-multi-snapshot-step.js";
import { layerState, nextSnapshotOf, type MultiSnapshotScenario, type MultiSnapshotState } from "../../models/bank/multi-snapshot/multi-snapshot-state.js";
import { multiSnapshotSpaceTime } from "../../models/bank/multi-snapshot/multi-snapshot-space-time.js";
import { multiSnapshotSystem } from "../../models/bank/multi-snapshot/system.js";
import { formatSnapshots } from "../../models/bank/multi-snapshot/multi-snapshot-state-text.js";
import type { GradedSystem } from "../graded-rules/graded-system.js";
import { refusedMultiStep } from "../graded-rules/refused-step.js";
import { submittedMultiRules } from "../graded-rules/submitted-multi-rules.js";
import { markerRules } from "../graded-rules/step-rules.js";
import type { Submission } from "../graded-rules/remembering-submission.js";
import { exploredWithRules, scenarioChecks } from "./bank-check.js";
import type { RulesExercise } from "./exercise.js";
import { generatedCheck } from "./generated-check.js";
import { repeated, ringConcurrent, threeConcurrent } from "./scenarios.js";

export const concurrentSnapshotsExercise: RulesExercise = {
  number: 6,
  slug: "06-concurrent-snapshots",
  title: "Repeated and concurrent snapshots",
  file: "06-concurrent-snapshots/rules.ts",
  kind: "rules",
  explore: exploredWithRules,
  checks: [
    ...scenarioChecks([repeated, ringConcurrent, threeConcurrent], 6, graded),
    generatedCheck(
      {
        shape: { fifo: true, multiSnapshot: true },
        seed: 21,
        count: 108,
        // The hubs last, past the cheaper forms: a mistake about many snapshots fails on those first, and shrinks quicker.
        reach: [
          "stars",
          "long channel",
          "snapshots",
          "caught by the last snapshot",
          "caught by every snapshot",
          "relayed snapshots",
          "caught by the first and the last snapshot",
          "a gap on one channel",
          "hubs",
        ],
        rulesRun: true,
      },
      6,
      graded,
    ),
  ],
};

function graded(scenario: MultiSnapshotScenario, submission: Submission) {
  return multiGradedSystem(scenario, submittedMultiRules(submission, scenario));
}

export function multiGradedSystem(scenario: MultiSnapshotScenario, rules: MultiSnapshotAlgorithm): GradedSystem<MultiSnapshotState, BankAction> {
  const model = multiSnapshotSystem(scenario, rules);
  const stepRules = scenario.snapshots.flatMap((_, snapshot) =>
    markerRules<MultiSnapshotState>(scenario, {
      snapshot,
      layer: (state) => layerState(state, snapshot),
      starts: (before, action) => action.type === "initiate" && nextSnapshotOf(scenario, before, action.process) === snapshot,
    }),
  );
  return {
    model,
    stepRules,
    properties: model.properties(),
    describeStep: (before, action, after) => describeMultiStep(scenario, before, action, after),
    describeEnd: (state) => formatSnapshots(scenario, state),
    spaceTime: (violation) => multiSnapshotSpaceTime(scenario, violation),
    refusedStep: refusedMultiStep(scenario),
  };
}

/**
 * A submission's rules for several snapshots in one run (exercise 6), as the
 * multi-snapshot bank runs them: each handler a call into the submission,
 * each answer checked to be effects of one of the run's snapshots, given the
 * view it saw (submitted-rules.ts does the same for one snapshot).
 */
import type { MultiEffect, MultiSnapshotAlgorithm, MultiSnapshotView } from "../../models/bank/multi-snapshot/multi-snapshot-algorithm.js";
import type { MultiSnapshotScenario } from "../../models/bank/multi-snapshot/multi-snapshot-state.js";
import { ruleCall } from "../../models/bank/rule-call.js";
import { validEffects } from "../../models/bank/valid-effects.js";
import type { Submission } from "./remembering-submission.js";

/** The multi-snapshot rules exported as `rules`, called in the submission. */
export function submittedMultiRules(submission: Submission, scenario: MultiSnapshotScenario): MultiSnapshotAlgorithm {
  // `asked`: the snapshot the call is about, where it names one (onMessage names none).
  const effects = (path: string, view: MultiSnapshotView, args: unknown[], rule: string, asked?: number) =>
    validEffects(scenario, submission.call(`rules.${path}`, [view, ...args], rule), {
      rule,
      channels: view,
      snapshots: scenario.snapshots.length,
      asked,
      view,
    }) as MultiEffect[];
  return {
    name: "submission",
    initiate: (view, snapshot) => effects("initiate", view, [snapshot], ruleCall({ rule: "initiate", process: view.process, snapshot }), snapshot),
    onMarker: (view, channel, snapshot) =>
      effects("onMarker", view, [channel, snapshot], ruleCall({ rule: "onMarker", process: view.process, channel, snapshot }), snapshot),
    onMessage: (view, channel, message) =>
      effects("onMessage", view, [channel, message], ruleCall({ rule: "onMessage", process: view.process, channel, message: message.id })),
  };
}

/**
 * A submission's rules for several snapshots in one run (exercise 6), as the
 * multi-snapshot bank runs them: each handler a call into the submission,
 * each answer checked to be effects of one of the run's snapshots, given the
 * view it saw (submitted-rules.ts does the same for one snapshot).
 */
import type { MultiEffect, MultiSnapshotAlgorithm } from "../../models/bank/multi-snapshot/multi-snapshot-algorithm.js";
import type { MultiSnapshotScenario } from "../../models/bank/multi-snapshot/multi-snapshot-state.js";
import { validEffects } from "./effects.js";
import type { Submission } from "./remembered-answers.js";

/** The multi-snapshot rules exported as `rules`, called in the submission. */
export function submittedMultiRules(submission: Submission, scenario: MultiSnapshotScenario): MultiSnapshotAlgorithm {
  const effects = (path: string, args: unknown[], rule: string) =>
    validEffects(scenario, submission.call(`rules.${path}`, args, rule), { rule, snapshots: scenario.snapshots.length, view: args[0] }) as MultiEffect[];
  return {
    name: "submission",
    initiate: (view, snapshot) => effects("initiate", [view, snapshot], `rules.initiate(view, snapshot) at ${view.process} (snapshot ${snapshot})`),
    onMarker: (view, channel, snapshot) =>
      effects("onMarker", [view, channel, snapshot], `rules.onMarker(view, channel, snapshot) at ${view.process} (marker ${snapshot} on ${channel})`),
    onMessage: (view, channel, message) =>
      effects("onMessage", [view, channel, message], `rules.onMessage(view, channel, message) at ${view.process} (${message.id} on ${channel})`),
  };
}

/**
 * A submission's snapshot rules, as the bank runs them: each handler is a
 * call into the submission, and what comes back is checked to be effects its
 * process can carry out, given the view it saw.
 */
import type { Effect, SnapshotAlgorithm } from "../../models/bank/algorithms/snapshot-algorithm.js";
import { ruleCall } from "../../models/bank/rule-call.js";
import type { Scenario } from "../../models/bank/scenario.js";
import { validEffects } from "../../models/bank/valid-effects.js";
import type { Submission } from "./remembering-submission.js";

/**
 * The rules exported as `name` (an object with initiate, onMarker and
 * onMessage). `graded` picks the effects checked against the view, when an
 * exercise grades part of the answer (compose.ts); the others are dropped anyway.
 */
export function submittedRules(submission: Submission, scenario: Scenario, name = "rules", graded?: (effect: Effect) => boolean): SnapshotAlgorithm {
  const only = graded ? { graded } : {};
  return {
    name: "submission",
    initiate(view) {
      const rule = ruleCall({ rule: "initiate", process: view.process }, name);
      return validEffects(scenario, submission.call(`${name}.initiate`, [view], rule), { rule, channels: view, view, ...only });
    },
    onMarker(view, channel, marker) {
      const rule = ruleCall({ rule: "onMarker", process: view.process, channel }, name);
      // A marker is worth showing when it carries something (Lai-Yang's sent list).
      const handed = Object.keys(marker).length > 1 ? { handed: { what: "marker", value: marker } } : {};
      return validEffects(scenario, submission.call(`${name}.onMarker`, [view, channel, marker], rule), { rule, channels: view, view, ...handed, ...only });
    },
    onMessage(view, channel, message) {
      const rule = ruleCall({ rule: "onMessage", process: view.process, channel, message: message.id }, name);
      const value = submission.call(`${name}.onMessage`, [view, channel, message], rule);
      return validEffects(scenario, value, { rule, channels: view, view, handed: { what: "message", value: message }, delivered: message, ...only });
    },
  };
}

/**
 * A submission's snapshot rules, as the bank runs them: each handler is a
 * call into the submission, and what comes back is checked to be effects.
 */
import type { SnapshotAlgorithm } from "../../models/bank/algorithms/snapshot-algorithm.js";
import type { Scenario } from "../../models/bank/scenario.js";
import { validEffects } from "./effects.js";
import type { Submission } from "./submission.js";

/** The rules exported as `name` (an object with initiate, onMarker and onMessage). */
export function submittedRules(submission: Submission, scenario: Scenario, name = "rules"): SnapshotAlgorithm {
  return {
    name: "submission",
    initiate(view) {
      const rule = `${name}.initiate(view) at ${view.process}`;
      return validEffects(scenario, submission.call(`${name}.initiate`, [view], rule), { rule });
    },
    onMarker(view, channel, marker) {
      const rule = `${name}.onMarker(view, channel, marker) at ${view.process} (marker on ${channel})`;
      return validEffects(scenario, submission.call(`${name}.onMarker`, [view, channel, marker], rule), { rule });
    },
    onMessage(view, channel, message) {
      const rule = `${name}.onMessage(view, channel, message) at ${view.process} (${message.id} on ${channel})`;
      const value = submission.call(`${name}.onMessage`, [view, channel, message], rule);
      return validEffects(scenario, value, { rule, delivered: message });
    },
  };
}

/**
 * Exercise 1 runs the learner's recording and markers with the kit's channel
 * rules (compose.ts). Its traces keep the two apart: a step tells what the
 * learner's rules did, then, marked, what the kit's channel rules did, so a
 * learner never takes the kit's work for their own, or their mistake for the kit's.
 */
import type { BankAction } from "../../models/bank/actions.js";
import type { Scenario } from "../../models/bank/scenario.js";
import type { BankState } from "../../models/bank/bank-state.js";
import { snapshotChanges } from "../../models/bank/describe-bank-step.js";
import type { GradedSystem } from "./graded-system.js";

const KIT_MARK = "kit's channel rules";

/** `system` with each step's channel recordings, the kit's part, told apart as "[kit's channel rules: ...]". */
export function kitChannelStepsMarked(scenario: Scenario, system: GradedSystem<BankState, BankAction>): GradedSystem<BankState, BankAction> {
  return {
    ...system,
    describeStep(before, action, after) {
      // The step as it would be without the channels' recordings changing: the learner's part alone.
      const learners: BankState = { ...after, channels: after.channels.map((c, i) => ({ ...c, recording: before.channels[i]!.recording })) };
      const kits = snapshotChanges(scenario, learners, after);
      const text = system.describeStep(before, action, kits.length > 0 ? learners : after);
      return kits.length > 0 ? `${text} [${KIT_MARK}: ${kits.join(", ")}]` : text;
    },
  };
}

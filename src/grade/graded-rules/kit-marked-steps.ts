/**
 * Exercises 1 and 2 each run the learner's part of the rules with the kit's
 * part of the other (compose.ts). Their traces keep the two apart: a step
 * tells what the learner's rules did, then, marked, what the kit's rules did,
 * so a learner never takes the kit's work for their own, or their mistake for
 * the kit's. Exercise 1's kit records the channels; exercise 2's records the
 * processes and sends the markers.
 */
import type { BankAction } from "../../models/bank/actions.js";
import type { Scenario } from "../../models/bank/scenario.js";
import type { BankState } from "../../models/bank/bank-state.js";
import { snapshotChanges } from "../../models/bank/describe-bank-step.js";
import type { GradedSystem } from "./graded-system.js";

/** The kit's part of a step, as a mark names it, and the step's state without it (what the learner's rules alone did). */
interface KitPart {
  readonly mark: string;
  withoutKit(before: BankState, action: BankAction, after: BankState): BankState;
}

/** Exercise 1: the kit records the channels. */
const channelRules: KitPart = {
  mark: "kit's channel rules",
  withoutKit: (before, _action, after) => ({ ...after, channels: after.channels.map((c, i) => ({ ...c, recording: before.channels[i]!.recording })) }),
};

/** Exercise 2: the kit records the processes' states and sends the markers (the marker-sending rule); the learner's rules send none. */
const markerRules: KitPart = {
  mark: "kit's marker rules",
  withoutKit: (before, action, after) => ({
    processes: after.processes.map((p, i) => ({ ...p, recorded: before.processes[i]!.recorded })),
    channels: after.channels.map((c, i) => {
      // What the step put on the channel joins its back, after the delivery (if any) took one message off.
      const taken = action.type === "deliver" && action.channel === i ? 1 : 0;
      const added = c.queue.slice(before.channels[i]!.queue.length - taken);
      return added.some((m) => m.kind === "marker") ? { ...c, queue: c.queue.slice(0, c.queue.length - added.length) } : c;
    }),
  }),
};

/** `system` with each step's channel recordings, the kit's part in exercise 1, told apart as "[kit's channel rules: ...]". */
export function kitChannelStepsMarked(scenario: Scenario, system: GradedSystem<BankState, BankAction>): GradedSystem<BankState, BankAction> {
  return kitStepsMarked(scenario, system, channelRules);
}

/** `system` with each step's recordings of processes and markers sent, the kit's part in exercise 2, told apart as "[kit's marker rules: ...]". */
export function kitMarkerStepsMarked(scenario: Scenario, system: GradedSystem<BankState, BankAction>): GradedSystem<BankState, BankAction> {
  return kitStepsMarked(scenario, system, markerRules);
}

function kitStepsMarked(scenario: Scenario, system: GradedSystem<BankState, BankAction>, kit: KitPart): GradedSystem<BankState, BankAction> {
  return {
    ...system,
    describeStep(before, action, after) {
      // The step as it would be without the kit's part: the learner's part alone.
      const learners = kit.withoutKit(before, action, after);
      const kits = snapshotChanges(scenario, learners, after);
      const text = system.describeStep(before, action, kits.length > 0 ? learners : after);
      return kits.length > 0 ? `${text} [${kit.mark}: ${kits.join(", ")}]` : text;
    },
  };
}

/**
 * Exercises 1 and 2 each run the learner's part of the rules with the other
 * part of the reference rules (compose.ts). Their traces keep the two apart: a
 * step tells what the learner's rules did, then, marked, what the reference
 * rules did, so a learner never takes the reference rules' work for their own,
 * or their mistake for the reference rules'. In exercise 1 the reference rules
 * record the channels; in exercise 2 they record the processes and send the
 * markers.
 */
import type { BankAction } from "../../models/bank/actions.js";
import type { Scenario } from "../../models/bank/scenario.js";
import type { BankState } from "../../models/bank/bank-state.js";
import { snapshotChanges } from "../../models/bank/describe-bank-step.js";
import type { GradedSystem } from "./graded-system.js";

/** The reference rules' part of a step, as a mark names it, and the step's state without it (what the learner's rules alone did). */
interface ReferencePart {
  readonly mark: string;
  withoutReference(before: BankState, action: BankAction, after: BankState): BankState;
}

/** Exercise 1: the reference rules record the channels. */
const channelRules: ReferencePart = {
  mark: "reference channel rules",
  withoutReference: (before, _action, after) => ({ ...after, channels: after.channels.map((c, i) => ({ ...c, recording: before.channels[i]!.recording })) }),
};

/** Exercise 2: the reference rules record the processes' states and send the markers (the marker-sending rule); the learner's rules send none. */
const markerRules: ReferencePart = {
  mark: "reference marker rules",
  withoutReference: (before, action, after) => ({
    processes: after.processes.map((p, i) => ({ ...p, recorded: before.processes[i]!.recorded })),
    channels: after.channels.map((c, i) => {
      // What the step put on the channel joins its back, after the delivery (if any) took one message off.
      const taken = action.type === "deliver" && action.channel === i ? 1 : 0;
      const added = c.queue.slice(before.channels[i]!.queue.length - taken);
      return added.some((m) => m.kind === "marker") ? { ...c, queue: c.queue.slice(0, c.queue.length - added.length) } : c;
    }),
  }),
};

/** `system` with each step's channel recordings, the reference rules' part in exercise 1, told apart as "[reference channel rules: ...]". */
export function referenceChannelStepsMarked(scenario: Scenario, system: GradedSystem<BankState, BankAction>): GradedSystem<BankState, BankAction> {
  return referenceStepsMarked(scenario, system, channelRules);
}

/** `system` with each step's recordings of processes and markers sent, the reference rules' part in exercise 2, told apart as "[reference marker rules: ...]". */
export function referenceMarkerStepsMarked(scenario: Scenario, system: GradedSystem<BankState, BankAction>): GradedSystem<BankState, BankAction> {
  return referenceStepsMarked(scenario, system, markerRules);
}

function referenceStepsMarked(scenario: Scenario, system: GradedSystem<BankState, BankAction>, reference: ReferencePart): GradedSystem<BankState, BankAction> {
  return {
    ...system,
    describeStep(before, action, after) {
      // The step as it would be without the reference rules' part: the learner's part alone.
      const learners = reference.withoutReference(before, action, after);
      const referenceChanges = snapshotChanges(scenario, learners, after);
      const text = system.describeStep(before, action, referenceChanges.length > 0 ? learners : after);
      return referenceChanges.length > 0 ? `${text} [${reference.mark}: ${referenceChanges.join(", ")}]` : text;
    },
  };
}

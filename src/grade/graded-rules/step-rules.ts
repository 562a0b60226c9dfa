/**
 * Rules about steps rather than states: the marker-sending rule of the paper,
 * which no single state can show broken. A step that breaks one ends its run
 * (the explorer prunes it), which also keeps wrong rules from flooding the
 * network with markers forever.
 */
import type { BankAction } from "../../models/bank/actions.js";
import { outgoingChannels, type Scenario } from "../../models/bank/scenario.js";
import type { BankState } from "../../models/bank/bank-state.js";
import { sentAfterRecording } from "../../models/bank/cut.js";

export interface StepRule<State, Action> {
  readonly name: string;
  readonly claim: string;
  /** Why the step from `before` by `action` to `after` breaks the rule, or undefined. */
  check(before: State, action: Action, after: State): string | undefined;
}

/**
 * The rules below by name: only the grader checks them (explore and replay
 * check states), so a run that breaks one is shown as a run that ends in the
 * step that breaks it.
 */
const STEP_RULES = { recordsOnce: "records-once", markerSending: "marker-sending-rule" } as const;

/** Whether `property` is one of the rules below, of one snapshot or of the run ("records-once (snapshot 2)"). */
export const isStepRule = (property: string): boolean => Object.values(STEP_RULES).some((rule) => property === rule || property.startsWith(`${rule} (`));

/** The process whose rules ran in a step: the initiator, or the receiver of a delivery. */
export function actor(scenario: Scenario, action: BankAction): number {
  return "channel" in action ? scenario.channels[action.channel]!.to : action.process;
}

/** Which snapshot the rules are about, when a run has several. */
export interface SnapshotSelector<State> {
  /** Its id, in runs with several (markers carry it); undefined for the one snapshot of a bank run. */
  readonly snapshot?: number;
  /** The bank as this snapshot sees it. */
  layer(state: State): BankState;
  /** Does this step start this snapshot? */
  starts(before: State, action: BankAction): boolean;
}

/** The two rules for the one snapshot of a bank run, or for one snapshot among several. */
export function markerRules(scenario: Scenario): StepRule<BankState, BankAction>[];
export function markerRules<State>(scenario: Scenario, selector: SnapshotSelector<State>): StepRule<State, BankAction>[];
export function markerRules<State>(scenario: Scenario, selector?: SnapshotSelector<State>): StepRule<State, BankAction>[] {
  const layer = selector?.layer ?? ((state: State) => state as BankState);
  const starts = selector?.starts ?? ((_: State, action: BankAction) => action.type === "initiate");
  const snapshot = selector?.snapshot;
  const name = (p: number) => scenario.processes[p]!;
  const markers = (state: BankState, c: number) => {
    let count = 0;
    for (const m of state.channels[c]!.queue) if (m.kind === "marker" && m.snapshot === snapshot) count++;
    return count;
  };
  const suffix = snapshot === undefined ? "" : ` (snapshot ${snapshot})`;
  // What a delivery brings that lets a process record: this snapshot's marker, or a message its sender sent after recording
  // (red, in Lai-Yang's words; under FIFO none reaches a process that has not recorded, so the rule names markers alone).
  const letsRecord = (state: BankState, action: BankAction) => {
    if (action.type !== "deliver") return false;
    const message = state.channels[action.channel]!.queue[action.position]!;
    return message.kind === "marker" ? message.snapshot === snapshot : sentAfterRecording(scenario, state, message.id);
  };

  const recordsOnce: StepRule<State, BankAction> = {
    name: `${STEP_RULES.recordsOnce}${suffix}`,
    claim: "No process records its state twice.",
    check(outerBefore, action, outerAfter) {
      const p = actor(scenario, action);
      const was = layer(outerBefore).processes[p]!.recorded;
      return was !== null && layer(outerAfter).processes[p]!.recorded !== was ? `${name(p)} recorded its state a second time` : undefined;
    },
  };

  const recordsOn = scenario.fifo ? "a marker" : "a marker or a message sent after its sender recorded";
  const markerSending: StepRule<State, BankAction> = {
    name: `${STEP_RULES.markerSending}${suffix}`,
    claim: `A process records when it starts a snapshot or first receives ${recordsOn}, and in that step sends one marker on every outgoing channel; it records and sends markers at no other time.`,
    check(outerBefore, action, outerAfter) {
      const [before, after] = [layer(outerBefore), layer(outerAfter)];
      const p = actor(scenario, action);
      const recordsNow = before.processes[p]!.recorded === null && after.processes[p]!.recorded !== null;
      if (starts(outerBefore, action) && !recordsNow) return `${name(p)} started a snapshot without recording its state`;
      if (recordsNow && !starts(outerBefore, action) && !letsRecord(before, action)) {
        return `${name(p)} recorded its state in a step that neither starts a snapshot nor brings ${recordsOn}`;
      }
      for (const c of outgoingChannels(scenario, p)) {
        const sent = markers(after, c) - markers(before, c);
        const id = scenario.channels[c]!.id;
        if (!recordsNow && sent > 0) return `${name(p)} sent a marker on ${id} without recording its state in that step`;
        if (recordsNow && sent !== 1) return `${name(p)} recorded its state and sent ${sent} markers on ${id} (one is due on every outgoing channel)`;
      }
      return undefined;
    },
  };
  return [recordsOnce, markerSending];
}

/**
 * Rules about steps rather than states: the marker-sending rule of the paper,
 * which no single state can show broken. A step that breaks one ends its run
 * (the explorer prunes it), which also keeps wrong rules from flooding the
 * network with markers forever.
 */
import type { BankAction } from "../../bank/actions.js";
import { outgoingChannels, type Scenario } from "../../bank/scenario.js";
import type { BankState } from "../../bank/state.js";

export interface StepRule<State, Action> {
  readonly name: string;
  readonly claim: string;
  /** Why the step from `before` by `action` to `after` breaks the rule, or undefined. */
  check(before: State, action: Action, after: State): string | undefined;
}

/** The process whose rules ran in a step: the initiator, or the receiver of a delivery. */
export function actor(scenario: Scenario, action: BankAction): number {
  return action.type === "deliver" ? scenario.channels[action.channel]!.to : action.process;
}

/**
 * The two rules for one snapshot; `snapshot` picks its markers when several
 * run at once (the states are then one snapshot's view of the bank).
 */
export function markerRules(scenario: Scenario, snapshot?: number): StepRule<BankState, BankAction>[] {
  const name = (p: number) => scenario.processes[p]!;
  const markers = (state: BankState, c: number) =>
    state.channels[c]!.queue.filter((m) => m.kind === "marker" && m.snapshot === snapshot).length;
  const suffix = snapshot === undefined ? "" : ` (snapshot ${snapshot})`;

  const recordsOnce: StepRule<BankState, BankAction> = {
    name: `records-once${suffix}`,
    claim: "No process records its state twice.",
    check(before, action, after) {
      const p = actor(scenario, action);
      const was = before.processes[p]!.recorded;
      return was !== null && after.processes[p]!.recorded !== was ? `${name(p)} recorded its state a second time` : undefined;
    },
  };

  const markerSending: StepRule<BankState, BankAction> = {
    name: `marker-sending-rule${suffix}`,
    claim: "A process records when it starts a snapshot or gets its first marker, and in that step sends one marker on every outgoing channel; it sends no marker at any other time.",
    check(before, action, after) {
      const p = actor(scenario, action);
      const recordsNow = before.processes[p]!.recorded === null && after.processes[p]!.recorded !== null;
      if (action.type === "initiate" && !recordsNow) return `${name(p)} started a snapshot without recording its state`;
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

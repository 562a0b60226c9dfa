/**
 * One step of a run with several snapshots in words, each snapshot's part
 * tagged with its id, e.g.
 *   "deliver marker 1 on P0->P1: [1] P1 records (pc 0, balance 100), sends markers on P1->P0, closes P0->P1 with []".
 */
import type { BankAction } from "../actions.js";
import { snapshotChanges } from "../describe-bank-step.js";
import { layerState, nextSnapshotOf, type MultiSnapshotScenario, type MultiSnapshotState } from "./multi-snapshot-state.js";

export function describeMultiStep(scenario: MultiSnapshotScenario, before: MultiSnapshotState, action: BankAction, after: MultiSnapshotState): string {
  const who = (p: number) => scenario.processes[p]!;
  const changes = scenario.snapshots.flatMap((_, s) =>
    snapshotChanges(scenario, layerState(before, s), layerState(after, s), (m) => m.kind === "marker" && m.snapshot === s).map((c) => `[${s}] ${c}`),
  );
  const effects = changes.join(", ") || "no effect";
  if (action.type === "send") {
    const transfer = scenario.programs[action.process]![before.bank.processes[action.process]!.pc]!;
    return `${who(action.process)} sends ${transfer.amount} to ${who(scenario.channels[transfer.channel]!.to)} (${transfer.messageId})`;
  }
  if (action.type === "initiate") {
    return `${who(action.process)} starts snapshot ${nextSnapshotOf(scenario, before, action.process)}: ${effects}`;
  }
  if (!("channel" in action)) return `${action.type} ${who(action.process)}`;
  const channel = scenario.channels[action.channel]!;
  const message = before.bank.channels[action.channel]!.queue[action.position]!;
  if (message.kind === "marker") return `deliver marker ${message.snapshot ?? 0} on ${channel.id}: ${effects}`;
  const credit = `${who(channel.to)} balance ${after.bank.processes[channel.to]!.balance}`;
  // In the order they ran: the rule's effects, then the bank's credit.
  return `deliver ${message.id} (${message.amount}) on ${channel.id}: ${[...changes, credit].join(", ")}`;
}

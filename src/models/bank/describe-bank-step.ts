/**
 * Says in words what one step of a trace did, e.g.
 *   "deliver marker P0->P1: P1 records (pc 0, balance 100), sends markers on P1->P0, closes P0->P1 with []".
 * The words come from comparing the states before and after, so they describe
 * what any set of rules did, right or wrong.
 */
import type { BankAction } from "./actions.js";
import { formatMessages } from "./cut.js";
import { colourOf } from "./message-colours.js";
import type { Scenario } from "./scenario.js";
import type { BankState, Message } from "./bank-state.js";

/** With `colours`, each data message sent, delivered or lost is told with its colour: "(P0#1, red)", "P0#1 (10, red)" (message-colours.ts). */
export function describeBankStep(scenario: Scenario, before: BankState, action: BankAction, after: BankState, { colours = false } = {}): string {
  const who = (p: number) => scenario.processes[p]!;
  // The colour a message had where it was sent; on delivery, the one the rules were handed (system.ts).
  const colour = (id: string, state: BankState) => (colours ? `, ${colourOf(scenario, state, id)}` : "");
  if (action.type === "send" || action.type === "debit" || action.type === "transmit") {
    const { messageId, amount, channel } = scenario.programs[action.process]![before.processes[action.process]!.pc]!;
    const [from, to] = [who(action.process), who(scenario.channels[channel]!.to)];
    const balance = after.processes[action.process]!.balance;
    if (action.type === "send") return `${from} sends ${amount} to ${to} (${messageId}${colour(messageId, after)}), balance ${balance}`;
    // Debited, not yet sent: no colour until it is on its channel.
    if (action.type === "debit") return `${from} debits ${amount} for ${to} (${messageId}), balance ${balance}`;
    return `${from} puts ${messageId} (${amount}${colour(messageId, after)}) on its channel to ${to}`;
  }
  if (action.type === "initiate") {
    return `${who(action.process)} starts a snapshot: ${snapshotChanges(scenario, before, after).join(", ") || "nothing recorded"}`;
  }
  const channel = scenario.channels[action.channel]!;
  const message = before.channels[action.channel]!.queue[action.position]!;
  if (action.type === "lose") {
    return `${channel.id} loses ${message.kind === "marker" ? "a marker" : `${message.id} (${message.amount}${colour(message.id, before)})`}${message.copy ? " (a copy)" : ""}`;
  }
  const changes = snapshotChanges(scenario, before, after);
  // Without FIFO a message may arrive before others sent earlier on its channel: say so.
  const overtaken = before.channels[action.channel]!.queue.slice(0, action.position);
  const overtaking = overtaken.length ? ` (overtaking ${overtaken.map((m) => (m.kind === "marker" ? "a marker" : m.id)).join(", ")})` : "";
  // A duplication is a delivery that leaves a copy in flight; a copy says it is one when it arrives.
  const verb = action.type === "duplicate" ? "duplicate" : "deliver";
  const copy = action.type === "duplicate" ? " (a copy stays in flight)" : message.copy ? " (the copy)" : "";
  if (message.kind === "marker") {
    return `${verb} marker ${channel.id}${copy}${overtaking}: ${changes.join(", ") || "no effect"}`;
  }
  const receiver = after.processes[channel.to]!;
  const kept = receiver.buffered !== before.processes[channel.to]!.buffered;
  const credit = kept ? `${who(channel.to)} keeps it in its buffer (balance stays ${receiver.balance})` : `${who(channel.to)} balance ${receiver.balance}`;
  // In the order they ran: the rule's effects, then the bank's credit (system.ts).
  return `${verb} ${message.id} (${message.amount}${colour(message.id, before)}) on ${channel.id}${copy}${overtaking}: ${[...changes, credit].join(", ")}`;
}

/**
 * What changed in the snapshot's part of the state: recordings, markers sent,
 * channels opened, recorded and closed. `isOwnMarker` says which markers in
 * flight belong to the snapshot described (all of them, with one snapshot).
 */
export function snapshotChanges(
  scenario: Scenario,
  before: BankState,
  after: BankState,
  isOwnMarker: (message: Message) => boolean = (m) => m.kind === "marker",
): string[] {
  const changes: string[] = [];
  after.processes.forEach((p, i) => {
    if (p.recorded && p.recorded !== before.processes[i]!.recorded) {
      changes.push(`${scenario.processes[i]} records (pc ${p.recorded.pc}, balance ${p.recorded.balance})`);
    }
  });
  const markers = (state: BankState, c: number) => state.channels[c]!.queue.filter(isOwnMarker).length;
  const markersOn = scenario.channels.filter((_, c) => markers(after, c) > markers(before, c)).map((c) => c.id);
  if (markersOn.length > 0) changes.push(`sends markers on ${markersOn.join(", ")}`);
  const started: string[] = [];
  scenario.channels.forEach((channel, c) => {
    const was = before.channels[c]!.recording;
    const now = after.channels[c]!.recording;
    if (was === now) return;
    if (now.status === "closed") changes.push(`closes ${channel.id} with ${formatMessages(now.messages)}`);
    else if (now.status === "open" && was.status === "open") changes.push(`adds it to the recording of ${channel.id}`);
    else if (now.status === "open") started.push(channel.id);
  });
  if (started.length > 0) changes.push(`starts recording ${started.join(", ")}`);
  return changes;
}

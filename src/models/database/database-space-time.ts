/**
 * A database counterexample as a space-time view (src/view/space-time-view.ts):
 * a lane per node; credits of distributed transactions and the design's
 * signals (dashed) on the channels; local commits and gates closing as dots;
 * ◆ where a node records and where it finishes its snapshot.
 *
 * A node's part of the cut is where its finished snapshot stands in its log:
 * where it recorded, if redo added only credits from its channels (as
 * Chandy-Lamport's channel state), or where it finished, if redo took in
 * everything it committed since recording (the snapshot is then the node as
 * it was at that moment). Judged on the finished snapshots, a credit breaks
 * the cut when only one half of its transaction is in it, or when it is
 * redone over a hole in its node's log.
 */
import type { Violation } from "../../explore/exploration.js";
import { SpaceTimeDrawing } from "../../view/space-time-drawing.js";
import type { SpaceTime, SpaceTimeMessage, SpaceTimeOffence } from "../../view/space-time-view.js";
import type { DatabaseAction } from "./actions.js";
import { describeDatabaseStep, signalName } from "./describe-database-step.js";
import type { DatabaseScenario } from "./scenario.js";
import { firstHole, heldPositions, type DatabaseMessage, type DatabaseState, type NodeImage } from "./database-state.js";
import { plural } from "../../render/count-words.js";

const WORDS = { data: "credit", marker: "signal", records: "records, finishes its snapshot", before: "before its part", never: "never recorded" };

/** Per node, where it recorded and where it finished its snapshot (the same event if in one step). */
interface Parts {
  readonly recorded: (number | undefined)[];
  readonly finished: (number | undefined)[];
}

/** Per node, its log: the transactions it committed, in order (log position k at index k - 1). */
type Logs = string[][];

export function databaseSpaceTime(scenario: DatabaseScenario, design: string, violation: Violation<DatabaseState, DatabaseAction>): SpaceTime {
  const { states, actions } = violation.path;
  const drawing = new SpaceTimeDrawing(scenario.channels.length);
  const parts: Parts = { recorded: [], finished: [] };
  const logs: Logs = scenario.nodes.map(() => []);
  const steps = actions.map((action, step) => {
    const [before, after] = [states[step]!, states[step + 1]!];
    const text = describeDatabaseStep(scenario, before, action, after);
    const actor = action.type === "deliver" ? scenario.channels[action.channel]!.to : action.node;
    const first = drawing.events.length;
    if (action.type === "deliver") deliver(scenario, drawing, logs, step, action.channel, before);
    if (action.type === "commit") commit(scenario, drawing, logs, step, action.node, before, text);
    nodeChanges(scenario, drawing, step, before, after, parts);
    sendNew(scenario, drawing, step, after);
    if (drawing.events.length === first) drawing.quiet(step, actor, text);
    drawing.sayAllInOne(first, text);
    return { actor, text };
  });

  const last = states[states.length - 1]!;
  // Redo that took in the node's own later commits makes its snapshot the node as it was when it finished.
  const cut = last.nodes.map((n, i) => (n.restored && n.recorded && n.restored.upTo > n.recorded.upTo ? parts.finished[i] : parts.recorded[i]));
  return drawing.view(violation, {
    lanes: scenario.nodes,
    setting: `${scenario.name}: database, ${design}, FIFO channels`,
    steps,
    cut,
    offences: findDatabaseOffences(scenario, drawing.messages, logs, last),
    words: WORDS,
  });
}

/** A node commits its next transaction: a local one is a dot on its lane; a distributed one sends its credit (sendNew draws it). */
function commit(scenario: DatabaseScenario, drawing: SpaceTimeDrawing, logs: Logs, step: number, node: number, before: DatabaseState, text: string): void {
  const transaction = scenario.programs[node]![before.nodes[node]!.pc]!;
  logs[node]!.push(transaction.id);
  if (transaction.channel === undefined) drawing.quiet(step, node, text, `${transaction.id} (log ${logs[node]!.length})`);
}

function deliver(scenario: DatabaseScenario, drawing: SpaceTimeDrawing, logs: Logs, step: number, channel: number, before: DatabaseState): void {
  const { from, to } = scenario.channels[channel]!;
  const message = before.channels[channel]!.queue[0]!;
  if (message.kind === "credit") logs[to]!.push(message.txn);
  const [sender, receiver] = [scenario.nodes[from]!, scenario.nodes[to]!];
  const words =
    message.kind === "signal" ? `${receiver} receives ${signalName(message.signal)} from ${sender}` : `${receiver} commits the credit of ${message.txn}`;
  drawing.deliver(step, to, drawing.take(channel, 0), words);
}

/** A node recording, finishing its snapshot, closing or opening its gate. */
function nodeChanges(scenario: DatabaseScenario, drawing: SpaceTimeDrawing, step: number, before: DatabaseState, after: DatabaseState, parts: Parts): void {
  after.nodes.forEach((n, i) => {
    const was = before.nodes[i]!;
    const who = scenario.nodes[i]!;
    const records = n.recorded !== null && was.recorded === null;
    const finishes = n.restored !== null && was.restored === null;
    const recording = records ? `records after ${n.recorded!.upTo} ${plural("commit", n.recorded!.upTo)}` : "";
    const image = n.restored ?? n.recorded;
    if (records || finishes) {
      const finishing = finishes ? `finishes its snapshot: ${describeImage(n.restored!)}` : "";
      const row = drawing.record(step, i, `${who} ${[recording, finishing].filter(Boolean).join(" and ")}`, `log ${heldPositions(image!)}`);
      if (records) parts.recorded[i] = row;
      if (finishes) parts.finished[i] = row;
    }
    const gate = n.gateClosed ? "blocks" : "unblocks";
    if (n.gateClosed !== was.gateClosed) drawing.quiet(step, i, `${who} ${gate} distributed transactions`, gate);
  });
}

function describeImage(image: NodeImage): string {
  return `log ${heldPositions(image)}, balances ${image.balances.join(", ")}`;
}

/** What the step put on the channels: a distributed transaction's credit, the design's signals. */
function sendNew(scenario: DatabaseScenario, drawing: SpaceTimeDrawing, step: number, after: DatabaseState): void {
  after.channels.forEach(({ queue }, c) => {
    const { from, to } = scenario.channels[c]!;
    for (const message of queue.slice(drawing.queued(c))) {
      const label = messageLabel(message);
      const what = message.kind === "signal" ? signalName(message.signal) : `the credit of ${message.txn}`;
      drawing.send(step, c, from, to, label, `${scenario.nodes[from]} sends ${what} to ${scenario.nodes[to]}`);
    }
  });
}

function messageLabel(message: DatabaseMessage) {
  return message.kind === "signal"
    ? { kind: "marker" as const, id: undefined, label: message.signal }
    : { kind: "data" as const, id: message.txn, label: `${message.txn} (${message.amount})` };
}

/** The credits that break the finished snapshots, once both their nodes have finished. */
function findDatabaseOffences(scenario: DatabaseScenario, messages: readonly SpaceTimeMessage[], logs: Logs, last: DatabaseState): SpaceTimeOffence[] {
  const name = (node: number) => scenario.nodes[node]!;
  return messages.flatMap((m, message): SpaceTimeOffence[] => {
    const [sender, receiver] = [last.nodes[m.from]!.restored, last.nodes[m.to]!.restored];
    if (m.id === undefined || sender === null || receiver === null) return [];
    const debited = sender.pc > scenario.programs[m.from]!.findIndex((t) => t.id === m.id);
    const credited = receiver.credits.includes(m.id);
    if (credited && !debited) {
      return [{ message, name: "credit without its debit", why: `its credit is in ${name(m.to)}'s snapshot, its debit is not in ${name(m.from)}'s` }];
    }
    if (debited && !credited) {
      return [{ message, name: "debit without its credit", why: `its debit is in ${name(m.from)}'s snapshot, its credit is not in ${name(m.to)}'s` }];
    }
    const recording = last.channels[m.channel]!.recording;
    const position = recording.status === "idle" ? undefined : recording.credits.find((c) => c.txn === m.id)?.position;
    const hole = firstHole(receiver);
    if (position !== undefined && hole !== undefined && receiver.redone.includes(position) && position > hole) {
      const missing = `log ${hole} (${logs[m.to]![hole - 1]})`;
      return [{ message, name: "redone over a hole", why: `redone onto ${name(m.to)}'s snapshot as log ${position}, but ${missing} is not in it` }];
    }
    return [];
  });
}

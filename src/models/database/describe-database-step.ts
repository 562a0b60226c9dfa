/**
 * Says in words what one step of a database trace did, e.g.
 *   "B receives a marker on A->B: B records after 1 commit, blocks distributed transactions, …, sends a marker on B->A".
 * The words come from comparing the states before and after.
 */
import type { DatabaseAction } from "./actions.js";
import { accountName, type DatabaseScenario } from "./scenario.js";
import { heldPositions, logLength, type DatabaseState, type LoggedCredit, type Signal } from "./database-state.js";
import { plural } from "../../render/count-words.js";

export function describeDatabaseStep(scenario: DatabaseScenario, before: DatabaseState, action: DatabaseAction, after: DatabaseState): string {
  const changes = designChanges(scenario, before, after);
  const withChanges = (what: string) => (changes.length ? `${what}: ${changes.join(", ")}` : what);
  if (action.type === "protocol") return withChanges(`${scenario.nodes[action.node]} ${action.step}`);
  if (action.type === "commit") {
    const node = before.nodes[action.node]!;
    const t = scenario.programs[action.node]![node.pc]!;
    const [from, to] = [accountName(scenario, t.from), accountName(scenario, t.to)];
    const what = t.channel === undefined ? `moves ${t.amount} from ${from} to ${to}` : `debits ${t.amount} from ${from} and sends the credit to ${to}`;
    return `${scenario.nodes[action.node]} commits ${t.id} (log ${logLength(node) + 1}): ${what}`;
  }
  const channel = scenario.channels[action.channel]!;
  const message = before.channels[action.channel]!.queue[0]!;
  const who = scenario.nodes[channel.to]!;
  if (message.kind === "signal") return withChanges(`${who} receives ${signalName(message.signal)} on ${channel.id}`);
  const log = logLength(before.nodes[channel.to]!) + 1;
  const to = accountName(scenario, { node: channel.to, account: message.account });
  return withChanges(`${who} commits the credit of ${message.txn} (log ${log}): ${message.amount} to ${to}`);
}

function designChanges(scenario: DatabaseScenario, before: DatabaseState, after: DatabaseState): string[] {
  const changes: string[] = [];
  after.nodes.forEach((n, i) => {
    const was = before.nodes[i]!;
    const who = scenario.nodes[i]!;
    if (n.recorded && !was.recorded) changes.push(`${who} records after ${n.recorded.upTo} ${plural("commit", n.recorded.upTo)}`);
    if (n.restored && !was.restored) {
      changes.push(`finishes its snapshot: log ${heldPositions(n.restored)}, balances ${n.restored.balances.join(", ")}`);
    }
    if (n.gateClosed !== was.gateClosed) changes.push(`${n.gateClosed ? "blocks" : "unblocks"} distributed transactions`);
  });
  const sent = new Map<Signal, string[]>();
  const started: string[] = [];
  scenario.channels.forEach((channel, c) => {
    const added = after.channels[c]!.queue.slice(before.channels[c]!.queue.length);
    for (const m of added) if (m.kind === "signal") sent.set(m.signal, [...(sent.get(m.signal) ?? []), channel.id]);
    const [was, now] = [before.channels[c]!.recording, after.channels[c]!.recording];
    if (was === now) return;
    if (now.status === "closed") changes.push(`closes ${channel.id} with ${formatCredits(now.credits)}`);
    else if (now.status === "open" && was.status === "open") changes.push(`records it on ${channel.id}`);
    else if (now.status === "open") started.push(channel.id);
  });
  if (started.length) changes.push(`starts recording ${started.join(", ")}`);
  for (const [signal, channels] of sent) changes.push(`sends ${signalName(signal)} on ${channels.join(", ")}`);
  return changes;
}

/** "a marker", "a checkpoint", "a snapshot" command; the replies quoted: “ready”, “done”, “resume”. */
export function signalName(signal: Signal): string {
  return ["marker", "checkpoint", "snapshot"].includes(signal) ? `a ${signal}` : `“${signal}”`;
}

function formatCredits(credits: readonly LoggedCredit[]): string {
  return `[${credits.map((c) => `${c.txn} (${c.amount}, log ${c.position})`).join(", ")}]`;
}

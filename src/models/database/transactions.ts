/**
 * The application's half of Next: the database committing transactions. It
 * knows nothing of snapshots; system.ts joins it with a design.
 */
import type { DatabaseScenario } from "./scenario.js";
import type { Credit, DatabaseMessage, DatabaseState, NodeState } from "./database-state.js";

function withNode(state: DatabaseState, node: number, change: Partial<NodeState>): DatabaseState {
  const nodes = state.nodes.slice();
  nodes[node] = { ...nodes[node]!, ...change };
  return { ...state, nodes };
}

function adjusted(balances: readonly number[], account: number, by: number): number[] {
  return balances.map((b, i) => (i === account ? b + by : b));
}

/**
 * `commit n`: n's next transaction. A local one moves the money between two
 * accounts; a distributed one debits here and sends the credit on its way.
 */
export function commitTransaction(scenario: DatabaseScenario, state: DatabaseState, node: number): DatabaseState {
  const n = state.nodes[node]!;
  const { id, from, to, amount, channel } = scenario.programs[node]![n.pc]!;
  const debited = adjusted(n.balances, from.account, -amount);
  const balances = channel === undefined ? adjusted(debited, to.account, amount) : debited;
  const committed = withNode(state, node, { pc: n.pc + 1, balances });
  if (channel === undefined) return committed;
  const credit: Credit = { kind: "credit", txn: id, account: to.account, amount };
  const channels = committed.channels.slice();
  channels[channel] = { ...channels[channel]!, queue: [...channels[channel]!.queue, credit] };
  return { ...committed, channels };
}

/** A credit reaches its node, which commits it as its next log entry. */
export function commitCredit(state: DatabaseState, node: number, credit: Credit): DatabaseState {
  const n = state.nodes[node]!;
  return withNode(state, node, { balances: adjusted(n.balances, credit.account, credit.amount), credits: [...n.credits, credit.txn].sort() });
}

/** Take the first message off a channel (channels are FIFO). */
export function takeFirst(state: DatabaseState, channel: number): [DatabaseMessage, DatabaseState] {
  const c = state.channels[channel]!;
  const channels = state.channels.slice();
  channels[channel] = { ...c, queue: c.queue.slice(1) };
  return [c.queue[0]!, { ...state, channels }];
}

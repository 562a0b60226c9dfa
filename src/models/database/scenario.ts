/**
 * A distributed database (the distributed-database case study): nodes holding accounts, and for each node
 * the transactions it will run, in order. A local transaction moves money
 * between two accounts of its node; a distributed one debits an account here
 * and sends the credit to an account on another node, over a FIFO channel.
 * Every node has a channel to every other. This is the resolved form;
 * `parseDatabaseScenario` builds it from a JSON file and checks it.
 */
import type { Channel } from "../../scenario/channels.js";

export interface Account {
  readonly node: number;
  readonly account: number;
}

export interface Transaction {
  /** "<node>#<k>": the node's k-th transaction (1-based). */
  readonly id: string;
  readonly from: Account;
  readonly to: Account;
  readonly amount: number;
  /** The channel that carries the credit; undefined for a local transaction. */
  readonly channel: number | undefined;
}

export interface DatabaseScenario {
  readonly name: string;
  readonly nodes: readonly string[];
  /** Per node, its account names, in file order. */
  readonly accounts: readonly (readonly string[])[];
  /** Per node, per account, the opening balance. */
  readonly initialBalances: readonly (readonly number[])[];
  /** Every ordered pair of distinct nodes, in node order. */
  readonly channels: readonly Channel[];
  readonly programs: readonly (readonly Transaction[])[];
  /** Nodes that may start a snapshot (the coordinator design uses the first). */
  readonly initiators: readonly number[];
  /** The snapshot design to run. */
  readonly algorithm: string;
}

export function isDistributed(transaction: Transaction): boolean {
  return transaction.channel !== undefined;
}

export function accountName(scenario: DatabaseScenario, { node, account }: Account): string {
  return `${scenario.nodes[node]}.${scenario.accounts[node]![account]}`;
}

export function totalDatabaseMoney(scenario: DatabaseScenario): number {
  return scenario.initialBalances.flat().reduce((sum, b) => sum + b, 0);
}

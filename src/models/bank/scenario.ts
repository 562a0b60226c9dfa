/**
 * A scenario: the processes of a bank, the directed channels between them,
 * what each process will send, and who may start a snapshot. This is the
 * resolved form; `parseScenario` builds it from a JSON file and checks it.
 * Processes and channels are numbered in file order, which is also the order
 * in which the explorer lists their actions.
 */
import type { ProcessId } from "../../../api/index.js";
import type { Channel } from "../../scenario/channels.js";

export type { Channel, ChannelId } from "../../scenario/channels.js";
export { channelName, completeGraph } from "../../scenario/channels.js";

export type { ProcessId } from "../../../api/index.js";

/** One program step: a transfer on an outgoing channel. */
export interface Transfer {
  /** The message id of this send, "<sender>#<k>" for the sender's k-th send. */
  readonly messageId: string;
  readonly channel: number;
  readonly amount: number;
}

export interface Scenario {
  readonly name: string;
  readonly processes: readonly ProcessId[];
  readonly initialBalances: readonly number[];
  readonly channels: readonly Channel[];
  readonly programs: readonly (readonly Transfer[])[];
  readonly initiators: readonly number[];
  readonly fifo: boolean;
  /**
   * Whether a send is one action (default). When false, a send is two: the
   * debit, then putting the message on its channel, with anything else
   * (a snapshot, say) able to happen in between.
   */
  readonly atomicSend?: boolean;
  /** Unreliable channels (faults.ts): the channels that may lose a message in flight, absent when none may. */
  readonly lossy?: readonly number[];
  /** The channels that may deliver a message in flight and keep a copy of it in flight, absent when none may. */
  readonly duplicating?: readonly number[];
  /** The snapshot algorithm the scenario is meant to run (default "chandy-lamport"). */
  readonly algorithm: string;
}

/** Each process's incoming and outgoing channels: a scenario never changes, and the step rules ask at every step. */
const neighbours = new WeakMap<Scenario, { readonly incoming: readonly (readonly number[])[]; readonly outgoing: readonly (readonly number[])[] }>();

function neighboursOf(scenario: Scenario) {
  let found = neighbours.get(scenario);
  if (!found) {
    const ends = (end: "from" | "to") => scenario.processes.map((_, p) => scenario.channels.flatMap((c, i) => (c[end] === p ? [i] : [])));
    neighbours.set(scenario, (found = { incoming: ends("to"), outgoing: ends("from") }));
  }
  return found;
}

export function incomingChannels(scenario: Scenario, process: number): readonly number[] {
  return neighboursOf(scenario).incoming[process] ?? [];
}

export function outgoingChannels(scenario: Scenario, process: number): readonly number[] {
  return neighboursOf(scenario).outgoing[process] ?? [];
}

export function totalMoney(scenario: Scenario): number {
  return scenario.initialBalances.reduce((sum, b) => sum + b, 0);
}

/**
 * The application's half of Next: the bank moving money. It knows nothing of
 * snapshots; the system (system.ts) joins it with a snapshot algorithm.
 */
import type { Scenario } from "./scenario.js";
import { messageOf, type BankState, type DataMessage, type Message } from "./bank-state.js";

/** `send p`: take p's next program step, debit p and put the message on the channel. */
export function sendTransfer(scenario: Scenario, state: BankState, process: number): BankState {
  return transmitTransfer(scenario, debitTransfer(scenario, state, process), process);
}

/** `debit p`, the first half of a non-atomic send: take the amount of p's next step from its balance. */
export function debitTransfer(scenario: Scenario, state: BankState, process: number): BankState {
  const p = state.processes[process]!;
  const transfer = scenario.programs[process]![p.pc]!;
  const processes = state.processes.slice();
  processes[process] = { ...p, balance: p.balance - transfer.amount, debited: true };
  return { ...state, processes };
}

/** `transmit p`, the second half: put the debited step's message on its channel; the step is done. */
export function transmitTransfer(scenario: Scenario, state: BankState, process: number): BankState {
  const { debited: _, ...p } = state.processes[process]!;
  const transfer = scenario.programs[process]![p.pc]!;
  const message = messageOf(transfer);
  const processes = state.processes.slice();
  processes[process] = { ...p, pc: p.pc + 1 };
  const channels = state.channels.slice();
  const channel = channels[transfer.channel]!;
  channels[transfer.channel] = { ...channel, queue: [...channel.queue, message] };
  return { processes, channels };
}

/** Take the message at `position` off a channel. */
export function takeMessage(state: BankState, channel: number, position: number): [Message, BankState] {
  const c = state.channels[channel]!;
  const message = c.queue[position]!;
  const channels = state.channels.slice();
  channels[channel] = { ...c, queue: c.queue.filter((_, i) => i !== position) };
  return [message, { ...state, channels }];
}

/** A data message reaches its receiver: credit the amount and remember the id. */
export function creditTransfer(state: BankState, process: number, message: DataMessage): BankState {
  const p = state.processes[process]!;
  const processes = state.processes.slice();
  processes[process] = { ...p, balance: p.balance + message.amount, received: [...p.received, message.id].sort() };
  return { ...state, processes };
}

/** A data message reaches its receiver but is kept in its buffer: no credit, not received. */
export function bufferTransfer(state: BankState, process: number, message: DataMessage): BankState {
  const p = state.processes[process]!;
  const processes = state.processes.slice();
  processes[process] = { ...p, buffered: [...(p.buffered ?? []), message] };
  return { ...state, processes };
}

/** On a duplicating channel: a copy of a message just delivered stays in flight at its place in the queue. */
export function keepCopy(state: BankState, channel: number, position: number, message: Message): BankState {
  const c = state.channels[channel]!;
  const channels = state.channels.slice();
  channels[channel] = { ...c, queue: [...c.queue.slice(0, position), { ...message, copy: true }, ...c.queue.slice(position)] };
  return { ...state, channels };
}

/**
 * The actions of the bank (spec/model.md, "Actions"), each a verb with its
 * subject. `send` belongs to the application, `initiate` to the snapshot
 * algorithm, `deliver` to the network (what it delivers decides who reacts).
 */
import type { Scenario } from "./scenario.js";
import type { BankState, Message, ProcessState } from "./bank-state.js";
import { hasFaults, isDuplicating, isLossy } from "./faults.js";

export type BankAction =
  | { readonly type: "send"; readonly process: number }
  /** With `atomicSend: false`, a send is a debit followed by a transmit. */
  | { readonly type: "debit"; readonly process: number }
  | { readonly type: "transmit"; readonly process: number }
  | { readonly type: "initiate"; readonly process: number }
  /** Deliver the message at `position` in the channel's queue (always 0 under FIFO). */
  | { readonly type: "deliver"; readonly channel: number; readonly position: number }
  /** A duplicating channel delivers the message at `position` and keeps a copy of it in its place. */
  | { readonly type: "duplicate"; readonly channel: number; readonly position: number }
  /** A lossy channel loses the message at `position`. */
  | { readonly type: "lose"; readonly channel: number; readonly position: number };

/**
 * The enabled actions, in a fixed order: per process send (or debit,
 * transmit) then initiate; then per channel its deliveries, then (on a
 * duplicating channel) its duplications of originals, then (on a lossy one)
 * its losses, each by position.
 */
export function enabledActions(scenario: Scenario, state: BankState): BankAction[] {
  const actions: BankAction[] = [];
  for (let process = 0; process < state.processes.length; process++) processActions(scenario, process, state.processes[process]!, actions);
  for (let channel = 0; channel < state.channels.length; channel++) channelActions(scenario, channel, state.channels[channel]!.queue, actions);
  return actions;
}

/** A process's own actions, which depend on its state alone: its send (or debit, transmit), then initiate; added to `actions`. */
export function processActions(scenario: Scenario, process: number, p: ProcessState, actions: BankAction[] = []): BankAction[] {
  if (p.debited) actions.push({ type: "transmit", process });
  else if (p.pc < scenario.programs[process]!.length) actions.push({ type: scenario.atomicSend === false ? "debit" : "send", process });
  if (p.recorded === null && scenario.initiators.includes(process)) actions.push({ type: "initiate", process });
  return actions;
}

/** A channel's actions, which depend on its queue alone: its deliveries, duplications and losses, each by position; added to `actions`. */
export function channelActions(scenario: Scenario, channel: number, queue: readonly Message[], actions: BankAction[] = []): BankAction[] {
  const deliverable = scenario.fifo ? Math.min(queue.length, 1) : queue.length;
  for (let position = 0; position < deliverable; position++) actions.push({ type: "deliver", channel, position });
  if (!hasFaults(scenario)) return actions;
  if (isDuplicating(scenario, channel)) {
    for (let position = 0; position < deliverable; position++) if (!queue[position]!.copy) actions.push({ type: "duplicate", channel, position });
  }
  // Losing takes a message out of anywhere in the queue: it breaks no order among those delivered.
  if (isLossy(scenario, channel)) for (let position = 0; position < queue.length; position++) actions.push({ type: "lose", channel, position });
  return actions;
}

/**
 * A short, stable name for an action, e.g. "send P0", "deliver P0->P1 P0#1",
 * "deliver P1->P0 marker", "lose P0->P1 P0#1", "deliver P0->P1 P0#1 copy".
 */
export function formatAction(scenario: Scenario, state: BankState, action: BankAction): string {
  if (!("channel" in action)) return `${action.type} ${scenario.processes[action.process]}`;
  const message = state.channels[action.channel]!.queue[action.position];
  const label = message === undefined ? "?" : `${message.kind === "marker" ? "marker" : message.id}${message.copy ? " copy" : ""}`;
  return `${action.type} ${scenario.channels[action.channel]!.id} ${label}`;
}

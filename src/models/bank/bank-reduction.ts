/**
 * The bank's partial-order reduction for any rules (Model.reduction;
 * spec/reduction.md says why it is sound). A rule sees only its own process
 * (process-view.ts), and the bank carries out only effects on that process's
 * own channels (valid-effects.ts), so every step belongs to one process and
 * touches only what that process owns: its state, its incoming recordings,
 * the tails of its outgoing queues, the head of the incoming queue it takes
 * from. Steps of different processes therefore commute; steps of one
 * process are all taken to interfere, since its rules may read anything
 * they see.
 *
 * Transitions, numbered: each process's own step (its next send, or debit
 * and transmit), its `initiate`, the delivery of each data message, and the
 * delivery of the marker of each snapshot on each channel.
 *
 * Three assumptions about the rules, which the reference rules keep and a
 * grader's step rules enforce (a graded run that breaks one ends there):
 * a process records at most once per snapshot, and only in a step that
 * starts the snapshot it initiates; it sends a snapshot's markers only in
 * the step in which it records for it, at most one on each channel; and its
 * part of a snapshot, once done (recorded, every incoming channel closed),
 * never changes. The first two give the enabling sets below and keep a
 * message's colour fixed from its send on; the last keeps the four snapshot
 * properties, which judge complete snapshots only. A step that breaks one
 * is reported (assumptionBroken), and the explorer searches unreduced.
 */
import type { Property } from "../../model-contract/property.js";
import type { Reduction } from "../../model-contract/reduction.js";
import type { BankAction } from "./actions.js";
import { localKey, recordingKey, type BankState, type ChannelRecording, type LocalSnapshot, type Message } from "./bank-state.js";
import { incomingChannels, outgoingChannels, type Scenario } from "./scenario.js";

/** What the reduction reads of a state: the bank itself, and what each snapshot recorded (one snapshot, or several in a run). */
export interface RecordedLayers<State> {
  readonly snapshots: number;
  bank(state: State): BankState;
  recorded(state: State, snapshot: number, process: number): LocalSnapshot | null;
  recording(state: State, snapshot: number, channel: number): ChannelRecording;
}

/** The one snapshot of a bank run, recorded in the bank's own state. */
export const oneSnapshot: RecordedLayers<BankState> = {
  snapshots: 1,
  bank: (state) => state,
  recorded: (state, _, p) => state.processes[p]!.recorded,
  recording: (state, _, c) => state.channels[c]!.recording,
};

/** `kept`: the properties checked in every state that judge a complete snapshot's recorded part alone. */
export function bankReduction<State>(scenario: Scenario, layers: RecordedLayers<State>, kept: readonly Property<State>[]): Reduction<State, BankAction> {
  const P = scenario.processes.length;
  const S = layers.snapshots;
  const messages = scenario.programs.flatMap((program, sender) => program.map((transfer, k) => ({ ...transfer, sender, step: k + 1 })));
  const M = messages.length;
  const messageIndex = new Map(messages.map((m, i) => [m.messageId, i]));
  const own = (p: number) => p;
  const initiate = (p: number) => P + p;
  const data = (m: number) => 2 * P + m;
  const marker = (c: number, s: number) => 2 * P + M + c * S + s;
  const snapshotOf = (message: Message) => (message.kind === "marker" ? (message.snapshot ?? 0) : -1);
  const delivery = (c: number, message: Message) => (message.kind === "data" ? data(messageIndex.get(message.id)!) : marker(c, snapshotOf(message)));

  // Each process's transitions: its own step, its initiate, the deliveries into it (those are its rules' steps too).
  const deliveriesInto = scenario.processes.map((_, p) => [
    ...incomingChannels(scenario, p).flatMap((c) => [
      ...messages.flatMap((m, i) => (m.channel === c ? [data(i)] : [])),
      ...[...Array(S).keys()].map((s) => marker(c, s)),
    ]),
  ]);
  const owned = scenario.processes.map((_, p) => [own(p), initiate(p), ...deliveriesInto[p]!]);
  const transitions = 2 * P + M + scenario.channels.length * S;
  const owner = new Int32Array(transitions);
  owned.forEach((ts, p) => ts.forEach((t) => (owner[t] = p)));

  const queue = (state: State, c: number) => layers.bank(state).channels[c]!.queue;
  const markers = (state: State, c: number, s: number) => queue(state, c).reduce((n, m) => n + (snapshotOf(m) === s ? 1 : 0), 0);
  const done = (state: State, s: number, p: number) =>
    layers.recorded(state, s, p) !== null && incomingChannels(scenario, p).every((c) => layers.recording(state, s, c).status === "closed");
  const partKey = (state: State, s: number, p: number) =>
    [localKey(layers.recorded(state, s, p)!), ...incomingChannels(scenario, p).map((c) => recordingKey(layers.recording(state, s, c)))].join("/");
  const snapshotWords = (s: number) => (S === 1 ? "" : ` for snapshot ${s}`);

  return {
    transitions,

    transition(state, action) {
      switch (action.type) {
        case "send":
        case "debit":
        case "transmit":
          return own(action.process);
        case "initiate":
          return initiate(action.process);
        case "deliver":
          return delivery(action.channel, queue(state, action.channel)[action.position]!);
        default:
          throw new Error(`the bank's reduction models reliable channels only, not ${action.type}`);
      }
    },

    dependents(_state, t, add) {
      for (const u of owned[owner[t]!]!) add(u);
    },

    // Of the process's own transitions, those whose input is already there: its sends and initiate, and the
    // deliveries of what is in its incoming queues. What they do depends on the process alone, so trying them
    // shows whether they commute; a message not sent yet could arrive when the process is anywhere.
    checkable(state, t, add) {
      const p = owner[t]!;
      add(own(p));
      add(initiate(p));
      for (const c of incomingChannels(scenario, p)) for (const message of queue(state, c)) add(delivery(c, message));
    },

    enablers(state, t, add) {
      if (t < 2 * P) return; // a finished program, or an initiate done, stays so
      const isData = t < 2 * P + M;
      const c = isData ? messages[t - 2 * P]!.channel : Math.floor((t - 2 * P - M) / S);
      const { from } = scenario.channels[c]!;
      const inFlight = queue(state, c);
      const id = isData ? messages[t - 2 * P]!.messageId : undefined;
      const s = isData ? -1 : (t - 2 * P - M) % S;
      // In the queue and disabled: behind the head of a FIFO queue, which must go first.
      if (inFlight.some((m) => (isData ? m.kind === "data" && m.id === id : snapshotOf(m) === s))) add(delivery(c, inFlight[0]!));
      else if (isData) {
        if (layers.bank(state).processes[from]!.pc < messages[t - 2 * P]!.step) add(own(from));
      } else if (layers.recorded(state, s, from) === null) {
        // The sender sends this marker in the step in which it records, by initiating or on a delivery.
        add(initiate(from));
        for (const u of deliveriesInto[from]!) add(u);
      }
    },

    assumptionBroken(before, action, after) {
      if (action.type !== "initiate" && action.type !== "deliver") return undefined; // the environment's steps run no rule
      const p = action.type === "initiate" ? action.process : scenario.channels[action.channel]!.to;
      const name = scenario.processes[p]!;
      let records = false;
      for (let s = 0; s < S; s++) {
        const was = layers.recorded(before, s, p);
        const is = layers.recorded(after, s, p);
        if (was !== null && (is === null || localKey(is) !== localKey(was))) return `${name} recorded its state${snapshotWords(s)} a second time`;
        const recordsNow = was === null && is !== null;
        records ||= recordsNow;
        for (const c of outgoingChannels(scenario, p)) {
          const sent = markers(after, c, s) - markers(before, c, s);
          if (sent > (recordsNow ? 1 : 0)) {
            const when = recordsNow ? "in the step in which it recorded (one is due)" : "in a step in which it did not record";
            return `${name} sent ${sent} markers${snapshotWords(s)} on ${scenario.channels[c]!.id} ${when}`;
          }
        }
        if (done(before, s, p) && partKey(after, s, p) !== partKey(before, s, p)) {
          return `${name} changed its part of the snapshot${snapshotWords(s)} after it was done`;
        }
      }
      return action.type === "initiate" && !records ? `${name} started a snapshot without recording its state` : undefined;
    },

    keeps: (property) => kept.includes(property),
  };
}

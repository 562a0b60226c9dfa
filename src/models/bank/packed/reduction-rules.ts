/**
 * The independence relation of the bank with the reference rules, for
 * partial-order reduction (spec/reduction.md says why it is sound).
 *
 * Transitions, numbered: `send p` (p's next send), `initiate p`, `deliver m`
 * for each data message m, `deliver marker c` for each channel c. A transition
 * belongs to one process: the sender for send and initiate, the receiver for
 * a delivery. Transitions of different processes always commute. Within a
 * process p, the dependent pairs are:
 *
 * - while p has not recorded, any recording transition (initiate p, a marker
 *   into p) with any other transition of p: the order decides what p records;
 * - without FIFO, two deliveries on the same channel unless its recording is
 *   closed: the order decides the recorded list (or whether the data is in it).
 *
 * Everything else of p commutes: sends and data deliveries (debit and credit
 * add up), markers with each other, and anything at all once p has recorded,
 * except the channel case above.
 *
 * A disabled transition is enabled only by: for a message not yet sent, its
 * sender's send; for a marker not yet sent, whatever makes the sender record
 * (its initiate, a marker into it); for anything behind the head of a FIFO
 * queue, the delivery of the head.
 */
import type { ReductionRules } from "../../../model-contract/packed-model.js";
import { read } from "./bit-fields.js";
import { CLOSED } from "./bank-layout.js";
import { MARKER_ITEM, type CompactBank } from "./compact-bank.js";

export function bankReductionRules(bank: CompactBank): ReductionRules {
  const { scenario, catalogue, layout } = bank;
  const P = scenario.processes.length;
  const M = catalogue.messages.length;
  const send = (p: number) => p;
  const initiate = (p: number) => P + p;
  const deliverData = (m: number) => 2 * P + m;
  const deliverMarker = (c: number) => 2 * P + M + c;
  const isMarker = (t: number) => t >= 2 * P + M;
  const channelOf = (t: number) => (isMarker(t) ? t - 2 * P - M : catalogue.messages[t - 2 * P]!.channel);
  const deliverable = scenario.fifo ? 1 : bank.maxQueue;
  const items = new Int32Array(bank.maxQueue);
  const delivery = (c: number, item: number) => (item === MARKER_ITEM ? deliverMarker(c) : deliverData(item));

  /** The transitions that can make p record: its initiate and every marker into it. */
  const recordingOf = (p: number, add: (t: number) => void) => {
    add(initiate(p));
    for (const c of catalogue.incoming[p]!) add(deliverMarker(c));
  };
  /** The transitions whose order against p's recording decides what p records: its send and its data deliveries. */
  const recordedBy = (p: number, add: (t: number) => void) => {
    add(send(p));
    for (const m of catalogue.toProcess[p]!) add(deliverData(m));
  };

  return {
    transitions: 2 * P + M + scenario.channels.length,

    enabled(v, at, into) {
      let n = 0;
      for (let p = 0; p < P; p++) {
        if (bank.hasSendsLeft(v, at, p)) into[n++] = send(p);
        if (catalogue.isInitiator[p] && !bank.hasRecorded(v, at, p)) into[n++] = initiate(p);
      }
      for (let c = 0; c < scenario.channels.length; c++) {
        const length = bank.queue(v, at, c, items, deliverable);
        for (let i = 0; i < length; i++) into[n++] = delivery(c, items[i]!);
      }
      return n;
    },

    dependents(v, at, t, add) {
      const sendOrInitiate = t < 2 * P;
      const c = sendOrInitiate ? -1 : channelOf(t);
      const p = sendOrInitiate ? t % P : scenario.channels[c]!.to;
      if (!bank.hasRecorded(v, at, p)) {
        // A recording transition depends on everything p records, and initiate on every marker
        // too (a marker disables it); markers commute with each other (each closes its channel).
        if (t === initiate(p) || isMarker(t)) recordedBy(p, add);
        if (t === initiate(p) || !isMarker(t)) recordingOf(p, add);
        else add(initiate(p));
      }
      if (!sendOrInitiate && !scenario.fifo && read(v, at, layout.recording[c]!) !== CLOSED) {
        for (const m of catalogue.onChannel[c]!) add(deliverData(m));
        add(deliverMarker(c));
      }
    },

    enablers(v, at, t, add) {
      if (t < 2 * P) return; // a disabled send or initiate stays disabled
      const c = channelOf(t);
      const sender = scenario.channels[c]!.from;
      const m = t - 2 * P;
      const inQueue = isMarker(t) ? read(v, at, layout.marker[c]!) === 1 : read(v, at, layout.inFlight[m]!) === 1;
      if (inQueue) {
        // FIFO, and behind the head: only delivering the head lets it move up.
        bank.queue(v, at, c, items, 1);
        add(delivery(c, items[0]!));
      } else if (!isMarker(t) && read(v, at, layout.pc[sender]!) <= catalogue.messages[m]!.step) {
        add(send(sender));
      } else if (isMarker(t) && !bank.hasRecorded(v, at, sender)) {
        recordingOf(sender, add);
      }
    },
  };
}

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
 */
import type { ReductionRules } from "../model/packed-model.js";
import { read } from "./bit-fields.js";
import { CLOSED } from "./bank-layout.js";
import { MARKER_ITEM, type CompactBank } from "./compact-bank.js";

export function bankReductionRules(bank: CompactBank): ReductionRules {
  const { scenario, catalogue, layout } = bank;
  const P = scenario.processes.length;
  const M = catalogue.messages.length;
  const sendOf = (p: number) => p;
  const initiateOf = (p: number) => P + p;
  const deliverData = (m: number) => 2 * P + m;
  const deliverMarker = (c: number) => 2 * P + M + c;
  const deliverable = scenario.fifo ? 1 : bank.maxQueue;
  const items = new Int32Array(bank.maxQueue);
  const itemTransition = (c: number, item: number) => (item === MARKER_ITEM ? deliverMarker(c) : deliverData(item));

  const dataInto = (p: number, into: number[]) => {
    for (const m of catalogue.toProcess[p]!) into.push(deliverData(m));
  };
  const markersInto = (p: number, into: number[]) => {
    for (const c of catalogue.incoming[p]!) into.push(deliverMarker(c));
  };
  const sameChannel = (c: number, into: number[]) => {
    for (const m of catalogue.onChannel[c]!) into.push(deliverData(m));
    into.push(deliverMarker(c));
  };
  /** The transition that delivers c's head (c is not empty). */
  const head = (v: Uint32Array, at: number, c: number) => (bank.queue(v, at, c, items, 1), itemTransition(c, items[0]!));

  return {
    transitions: 2 * P + M + scenario.channels.length,

    enabled(v, at, into) {
      let n = 0;
      for (let p = 0; p < P; p++) {
        if (bank.hasSendsLeft(v, at, p)) into[n++] = sendOf(p);
        if (catalogue.isInitiator[p] && !bank.hasRecorded(v, at, p)) into[n++] = initiateOf(p);
      }
      for (let c = 0; c < scenario.channels.length; c++) {
        const length = bank.queue(v, at, c, items, deliverable);
        for (let i = 0; i < length; i++) into[n++] = itemTransition(c, items[i]!);
      }
      return n;
    },

    dependents(v, at, t, into) {
      if (t < 2 * P) {
        const p = t % P;
        const recorded = bank.hasRecorded(v, at, p);
        if (t === initiateOf(p)) into.push(sendOf(p));
        else if (!recorded) into.push(initiateOf(p));
        if (!recorded) markersInto(p, into);
        if (t === initiateOf(p)) dataInto(p, into);
        return;
      }
      const marker = t >= 2 * P + M;
      const c = marker ? t - 2 * P - M : catalogue.messages[t - 2 * P]!.channel;
      const p = scenario.channels[c]!.to;
      if (!bank.hasRecorded(v, at, p)) {
        into.push(initiateOf(p));
        if (marker) into.push(sendOf(p));
        if (marker) dataInto(p, into);
        else markersInto(p, into);
      }
      if (!scenario.fifo && read(v, at, layout.recording[c]!) !== CLOSED) sameChannel(c, into);
    },

    enablers(v, at, t, into) {
      if (t < 2 * P) return; // a disabled send or initiate stays disabled
      const marker = t >= 2 * P + M;
      const m = t - 2 * P;
      const c = marker ? m - M : catalogue.messages[m]!.channel;
      const sender = scenario.channels[c]!.from;
      const inQueue = marker ? read(v, at, layout.marker[c]!) === 1 : read(v, at, layout.inFlight[m]!) === 1;
      if (inQueue) into.push(head(v, at, c)); // FIFO: behind the head
      else if (!marker && read(v, at, layout.pc[sender]!) <= catalogue.messages[m]!.step) into.push(sendOf(sender));
      else if (marker && !bank.hasRecorded(v, at, sender)) {
        if (catalogue.isInitiator[sender]) into.push(initiateOf(sender));
        markersInto(sender, into);
      }
    },
  };
}

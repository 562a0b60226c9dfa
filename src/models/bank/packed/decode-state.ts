/**
 * Turns a packed vector back into the readable BankState, field for field
 * what src/models/bank/system.ts would have built, so that traces found by the
 * compact engine read and replay exactly like the generic explorer's.
 */
import { MARKER, type BankState, type ChannelRecording, type DataMessage, type Message } from "../bank-state.js";
import { read } from "./bit-fields.js";
import { CLOSED, IDLE } from "./bank-layout.js";
import { MARKER_ITEM, type CompactBank } from "./compact-bank.js";

export function decodeState(bank: CompactBank, v: Uint32Array, at = 0): BankState {
  const { scenario, layout, catalogue } = bank;
  const dataMessage = (m: number): DataMessage => {
    const { id, amount } = catalogue.messages[m]!;
    return { kind: "data", id, amount };
  };
  const sentAmount = (p: number, steps: number) => catalogue.bySend[p]!.slice(0, steps).reduce((sum, m) => sum + catalogue.messages[m]!.amount, 0);
  const receivedBy = (p: number, has: (m: number) => boolean) => catalogue.toProcess[p]!.filter(has);
  const total = (ms: number[]) => ms.reduce((sum, m) => sum + catalogue.messages[m]!.amount, 0);
  const ids = (ms: number[]) => ms.map((m) => catalogue.messages[m]!.id).sort();

  const processes = scenario.initialBalances.map((initial, p) => {
    const pc = read(v, at, layout.pc[p]!);
    const received = receivedBy(p, (m) => bank.isDelivered(v, at, m));
    const recordedAt = read(v, at, layout.recordedAt[p]!);
    const kept = receivedBy(p, (m) => read(v, at, layout.recordedReceived[m]!) === 1);
    const recorded = recordedAt === 0 ? null : { pc: recordedAt - 1, balance: initial - sentAmount(p, recordedAt - 1) + total(kept), received: ids(kept) };
    return { pc, balance: initial - sentAmount(p, pc) + total(received), received: ids(received), recorded };
  });

  const items = new Int32Array(bank.maxQueue);
  const channels = scenario.channels.map((_, c) => {
    const length = bank.queue(v, at, c, items, items.length);
    const queue: Message[] = Array.from(items.subarray(0, length), (m) => (m === MARKER_ITEM ? MARKER : dataMessage(m)));
    const status = read(v, at, layout.recording[c]!);
    const recorded = layout.recordedEntry[c]!.slice(0, read(v, at, layout.recordedLength[c]!));
    const messages = recorded.map((field) => dataMessage(catalogue.onChannel[c]![read(v, at, field)]!));
    const recording: ChannelRecording = status === IDLE ? { status: "idle" } : { status: status === CLOSED ? "closed" : "open", messages };
    return { queue, recording };
  });
  return { processes, channels };
}

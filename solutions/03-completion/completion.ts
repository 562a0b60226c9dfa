/**
 * Exercise 3, answered: a process's part is done once it has recorded and a
 * marker has closed every incoming channel; the global snapshot is every
 * part put together, and the money it holds is the balances plus what was in
 * flight on the channels.
 */
import type { GlobalSnapshot, LocalPart, ProcessView } from "../../api/index.js";

export function isPartDone(view: ProcessView): boolean {
  return view.hasRecorded && view.incoming.every((channel) => view.recordings[channel]?.status === "closed");
}

export function assembleSnapshot(parts: readonly LocalPart[]): GlobalSnapshot {
  const processes: Record<string, { pc: number; balance: number }> = {};
  const channels: Record<string, number[]> = {};
  let total = 0;
  for (const part of parts) {
    processes[part.process] = part.state;
    total += part.state.balance;
    for (const [channel, messages] of Object.entries(part.channels)) {
      channels[channel] = messages.map((message) => message.amount);
      total += messages.reduce((sum, message) => sum + message.amount, 0);
    }
  }
  return { processes, channels, total };
}

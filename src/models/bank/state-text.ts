/**
 * A whole state of the bank in a few aligned lines, as `snaplab replay` prints
 * it after every step: each process (pc, balance, what it received and what
 * it recorded), then each channel (what is in flight, what is recorded).
 */
import { formatMessages } from "./cut.js";
import type { Scenario } from "./scenario.js";
import type { BankState, ChannelRecording } from "./bank-state.js";

export function stateLines(scenario: Scenario, state: BankState): string[] {
  const processes = state.processes.map((p, i) => [
    scenario.processes[i]!,
    `pc ${p.pc}`,
    `balance ${p.balance}`,
    `received [${p.received.join(", ")}]`,
    p.recorded ? `recorded (pc ${p.recorded.pc}, balance ${p.recorded.balance}, received [${p.recorded.received.join(", ")}])` : "not recorded",
  ]);
  const channels = state.channels.map((c, i) => [
    scenario.channels[i]!.id,
    `in flight [${c.queue.map((m) => `${m.kind === "marker" ? "marker" : `${m.id} (${m.amount})`}${m.copy ? " copy" : ""}`).join(", ")}]`,
    recordingText(c.recording),
  ]);
  const nameWidth = Math.max(...[...processes, ...channels].map((row) => row[0]!.length));
  return [...aligned(processes, nameWidth), ...aligned(channels, nameWidth)];
}

function recordingText(recording: ChannelRecording): string {
  return recording.status === "idle" ? "not recording" : `${recording.status === "open" ? "recording" : "recorded"} ${formatMessages(recording.messages)}`;
}

function aligned(rows: string[][], nameWidth: number): string[] {
  const widths = rows[0]?.map((_, col) => (col === 0 ? nameWidth : Math.max(...rows.map((r) => r[col]!.length)))) ?? [];
  return rows.map((row) => row.map((cell, col) => (col === row.length - 1 ? cell : cell.padEnd(widths[col]!))).join("  "));
}

/**
 * A whole state of the bank in a few aligned lines, as `snaplab replay` prints
 * it after every step: each process (pc, balance, what it received and what
 * it recorded), then each channel (what is in flight, what is recorded).
 */
import { formatMessages } from "./cut.js";
import type { Scenario } from "./scenario.js";
import type { BankState, ChannelRecording, LocalSnapshot } from "./bank-state.js";

export function stateLines(scenario: Scenario, state: BankState): string[] {
  return alignedLines(
    state.processes.map((p, i) => [...processCells(scenario, state, i), recordedText(p.recorded)]),
    state.channels.map((c, i) => [...channelCells(scenario, state, i), recordingText(c.recording)]),
  );
}

/** What a process has done and holds, before what it recorded: its name, pc, balance and received set. */
export function processCells(scenario: Scenario, state: BankState, i: number): string[] {
  const p = state.processes[i]!;
  return [scenario.processes[i]!, `pc ${p.pc}`, `balance ${p.balance}`, `received [${p.received.join(", ")}]`];
}

/** A channel's name and what is in flight on it (a marker of a run with several snapshots names its snapshot). */
export function channelCells(scenario: Scenario, state: BankState, i: number): string[] {
  const queue = state.channels[i]!.queue.map(
    (m) => `${m.kind === "marker" ? `marker${m.snapshot === undefined ? "" : ` ${m.snapshot}`}` : `${m.id} (${m.amount})`}${m.copy ? " copy" : ""}`,
  );
  return [scenario.channels[i]!.id, `in flight [${queue.join(", ")}]`];
}

export function recordedText(recorded: LocalSnapshot | null): string {
  return recorded ? `recorded (pc ${recorded.pc}, balance ${recorded.balance}, received [${recorded.received.join(", ")}])` : "not recorded";
}

export function recordingText(recording: ChannelRecording): string {
  return recording.status === "idle" ? "not recording" : `${recording.status === "open" ? "recording" : "recorded"} ${formatMessages(recording.messages)}`;
}

/** The processes' rows and then the channels', each a line of its cells in columns, the names in one column. */
export function alignedLines(processes: string[][], channels: string[][]): string[] {
  const nameWidth = Math.max(...[...processes, ...channels].map((row) => row[0]!.length));
  return [...aligned(processes, nameWidth), ...aligned(channels, nameWidth)];
}

function aligned(rows: string[][], nameWidth: number): string[] {
  const widths = rows[0]?.map((_, col) => (col === 0 ? nameWidth : Math.max(...rows.map((r) => r[col]!.length)))) ?? [];
  return rows.map((row) => row.map((cell, col) => (col === row.length - 1 ? cell : cell.padEnd(widths[col]!))).join("  "));
}

/**
 * The global snapshot a run recorded: each process's (pc, balance) and each
 * channel's recorded list. Two runs recorded the same snapshot when these are
 * equal (spec/model.md, "Figures"); the received sets are not part of it.
 */
import type { Scenario } from "./scenario.js";
import { recordingKey, type BankState } from "./bank-state.js";

export interface RecordedSnapshot {
  /** Per process, what it recorded, or null if it never did. */
  readonly processes: Readonly<Record<string, { pc: number; balance: number } | null>>;
  /** Per channel, the recorded amounts in order; null if the channel was never closed. */
  readonly channels: Readonly<Record<string, number[] | null>>;
}

export function snapshotKey(state: BankState): string {
  const processes = state.processes.map((p) => (p.recorded ? `${p.recorded.pc},${p.recorded.balance}` : "-"));
  return `${processes.join(";")}/${state.channels.map((c) => recordingKey(c.recording)).join(";")}`;
}

/** The distinct recorded snapshots among `states`, in first-seen order. */
export function distinctSnapshots(scenario: Scenario, states: readonly BankState[]): RecordedSnapshot[] {
  const seen = new Map<string, RecordedSnapshot>();
  for (const state of states) {
    const key = snapshotKey(state);
    if (!seen.has(key)) seen.set(key, recordedSnapshot(scenario, state));
  }
  return [...seen.values()];
}

export function recordedSnapshot(scenario: Scenario, state: BankState): RecordedSnapshot {
  // Object.fromEntries makes each name an own key: assigning obj["__proto__"] would set the prototype instead.
  const processes = Object.fromEntries(
    state.processes.map((p, i) => [scenario.processes[i]!, p.recorded ? { pc: p.recorded.pc, balance: p.recorded.balance } : null]),
  );
  const channels = Object.fromEntries(
    state.channels.map(({ recording }, c) => [scenario.channels[c]!.id, recording.status === "closed" ? recording.messages.map((m) => m.amount) : null]),
  );
  return { processes, channels };
}

/** A recorded snapshot in one line: "P0 (pc 1, balance 90), P1 (pc 0, balance 100); P0->P1 [], P1->P0 []". */
export function formatSnapshot(snapshot: RecordedSnapshot): string {
  const processes = Object.entries(snapshot.processes).map(([id, p]) => (p ? `${id} (pc ${p.pc}, balance ${p.balance})` : `${id} (not recorded)`));
  const channels = Object.entries(snapshot.channels).map(([id, amounts]) => (amounts ? `${id} [${amounts.join(", ")}]` : `${id} (not closed)`));
  return [processes.join(", "), channels.join(", ")].filter(Boolean).join("; ");
}

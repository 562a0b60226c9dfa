/**
 * A state of a run with several snapshots in aligned lines, as `snaplab
 * replay` prints it and the page tabulates it: each process and channel once,
 * with what every snapshot recorded of it, tagged with the snapshot's id as
 * the steps tag each snapshot's part ("[1] P1 records ..."); then each
 * snapshot recorded so far, in one line. And what every snapshot recorded,
 * all in one line, as explore's and grade's reports say what a run recorded.
 */
import { formatSnapshot, recordedSnapshot } from "../snapshot.js";
import { alignedLines, channelCells, processCells, recordedText, recordingText } from "../state-text.js";
import type { MultiSnapshotScenario, MultiSnapshotState } from "./multi-snapshot-state.js";
import { layerState } from "./multi-snapshot-state.js";

export function multiStateLines(scenario: MultiSnapshotScenario, state: MultiSnapshotState): string[] {
  // The bank's own recording fields are not used in a run with several snapshots: each layer holds one snapshot's.
  const rows = alignedLines(
    state.bank.processes.map((_, i) => [
      ...processCells(scenario, state.bank, i),
      ...state.layers.map((layer, s) => `[${s}] ${recordedText(layer.recorded[i]!)}`),
    ]),
    state.bank.channels.map((_, i) => [
      ...channelCells(scenario, state.bank, i),
      ...state.layers.map((layer, s) => `[${s}] ${recordingText(layer.recordings[i]!)}`),
    ]),
  );
  return [...rows, ...scenario.snapshots.map((_, s) => `snapshot ${s}: ${formatSnapshot(recordedSnapshot(scenario, layerState(state, s)))}`)];
}

/** What each snapshot recorded, in one line, each tagged with its id: "[0] P0 (pc 0, balance 100), ... | [1] ...". */
export function formatSnapshots(scenario: MultiSnapshotScenario, state: MultiSnapshotState): string {
  return scenario.snapshots.map((_, s) => `[${s}] ${formatSnapshot(recordedSnapshot(scenario, layerState(state, s)))}`).join(" | ");
}

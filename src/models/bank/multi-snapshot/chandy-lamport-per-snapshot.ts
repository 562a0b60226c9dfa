/**
 * The reference rules for several snapshots in one run: Chandy-Lamport once
 * per snapshot id, each snapshot with its own recordings. A message in flight
 * may belong to the channel state of several snapshots at once.
 */
import type { MultiEffect, MultiSnapshotAlgorithm, MultiSnapshotView, SnapshotId } from "./multi-snapshot-algorithm.js";

function recordAndForwardSnapshot(view: MultiSnapshotView, snapshot: SnapshotId): MultiEffect[] {
  return [
    { type: "record-state", snapshot },
    ...view.outgoing.map((channel): MultiEffect => ({ type: "send-marker", channel, snapshot })),
    ...view.incoming.map((channel): MultiEffect => ({ type: "start-recording", channel, snapshot })),
  ];
}

export const chandyLamportPerSnapshot: MultiSnapshotAlgorithm = {
  name: "chandy-lamport",
  initiate: recordAndForwardSnapshot,
  onMarker(view, channel, snapshot) {
    const record = snapshot in view.snapshots ? [] : recordAndForwardSnapshot(view, snapshot);
    return [...record, { type: "stop-recording", channel, snapshot }];
  },
  onMessage(view, channel, message) {
    return Object.entries(view.snapshots)
      .filter(([, recorded]) => recorded.recordings[channel]?.status === "open")
      .map(([id]): MultiEffect => ({ type: "record-message", channel, message, snapshot: Number(id) }));
  },
};

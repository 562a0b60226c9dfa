/**
 * Exercise 6, answered: Chandy-Lamport once per snapshot id. Each snapshot
 * keeps its own recordings, so the rules are those of exercises 1 and 2
 * with an id on every effect; a message in flight may belong to the channel
 * state of several snapshots at once.
 */
import type { MultiEffect, MultiSnapshotAlgorithm, MultiSnapshotView, SnapshotId } from "../../api/index.js";

function startSnapshot(view: MultiSnapshotView, snapshot: SnapshotId): MultiEffect[] {
  return [
    { type: "record-state", snapshot },
    ...view.outgoing.map((channel): MultiEffect => ({ type: "send-marker", channel, snapshot })),
    ...view.incoming.map((channel): MultiEffect => ({ type: "start-recording", channel, snapshot })),
  ];
}

export const rules: MultiSnapshotAlgorithm = {
  name: "my-concurrent-snapshots",

  initiate: startSnapshot,

  onMarker(view, channel, snapshot) {
    const seen = snapshot in view.snapshots;
    return [...(seen ? [] : startSnapshot(view, snapshot)), { type: "stop-recording", channel, snapshot }];
  },

  onMessage(view, channel, message) {
    return Object.entries(view.snapshots)
      .filter(([, recorded]) => recorded.recordings[channel]?.status === "open")
      .map(([id]): MultiEffect => ({ type: "record-message", channel, message, snapshot: Number(id) }));
  },
};

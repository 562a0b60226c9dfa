/**
 * Exercise 6: several snapshots in one run.
 *
 * Snapshots have ids 0, 1, ...; any number may be in progress at once, some
 * started by the same process. A marker carries the id of its snapshot, and
 * every effect names the snapshot it is for, e.g.
 *   { type: "record-state", snapshot }
 *   { type: "record-message", channel, message, snapshot }
 * view.snapshots holds, for each snapshot this process has recorded, its
 * incoming channels' recordings for that snapshot.
 *
 * Fill in the gaps marked TODO (the types: api/several-snapshots.ts).
 */
import type { MultiSnapshotAlgorithm } from "../../api/index.js";

export const rules: MultiSnapshotAlgorithm = {
  name: "my-concurrent-snapshots",

  initiate(view, snapshot) {
    // TODO (exercise 6): the marker-sending rule, for this snapshot.
    return [];
  },

  onMarker(view, channel, snapshot) {
    // TODO (exercise 6): the marker-receiving rule, for the marker's snapshot.
    return [];
  },

  onMessage(view, channel, message) {
    // TODO (exercise 6): the message belongs to the state of this channel in every snapshot that is recording it.
    return [];
  },
};

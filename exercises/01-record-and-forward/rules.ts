/**
 * Exercises 1 and 2: the Chandy-Lamport rules, written by you.
 *
 * Each rule sees one process (its view) and answers with effects, plain data
 * that the bank carries out in order (api/effects.ts says each in full):
 *   { type: "record-state" }                           save this process's state
 *   { type: "send-marker", channel }                   a marker on an outgoing channel
 *   { type: "start-recording", channel }               begin recording an incoming channel
 *   { type: "record-message", channel, message }       add a delivered message to it
 *   { type: "stop-recording", channel }                close it with what it holds
 *
 * Fill in the gaps marked TODO. Exercise 1 is graded on record-state and
 * send-marker (`npx snaplab grade --only 1`), exercise 2 on the channel
 * effects (`npx snaplab grade --only 2`).
 */
import type { SnapshotAlgorithm } from "../../api/index.js";

export const rules: SnapshotAlgorithm = {
  name: "my-chandy-lamport",

  // The process starts a snapshot on its own.
  initiate(view) {
    // TODO (exercise 1): record this process's state, then send a marker on every outgoing channel (view.outgoing).
    // TODO (exercise 2): start recording every incoming channel (view.incoming).
    return [];
  },

  // A marker arrives on the incoming channel `channel`.
  onMarker(view, channel, marker) {
    // TODO (exercise 1): if this process has not recorded yet (view.hasRecorded), the marker makes it do what initiate does.
    // TODO (exercise 2): a marker ends the recording of the channel it came on.
    return [];
  },

  // A data message arrives on `channel`; the bank credits it after these effects.
  onMessage(view, channel, message) {
    // TODO (exercise 2): a message arriving while its channel is recorded (view.recordings[channel]) was in flight at the cut.
    return [];
  },
};

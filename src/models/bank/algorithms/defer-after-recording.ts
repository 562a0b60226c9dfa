/**
 * The receive rule of a three-cashier Python demo of Chandy-Lamport, which
 * defers every message that arrives after recording, transcribed as a snapshot algorithm. Case
 * study: spec/case-studies/three-cashiers.md.
 *
 * The demo records its state and forwards markers exactly as the paper says,
 * and its channel states are right: `channel_snap[sender]` is a copy of what
 * arrived from the sender after recording and before the sender's marker.
 * What it gets wrong is the computation itself: once a process has recorded,
 * every data message goes to `deferred[sender]` and is never added to the
 * counter, before the channel's marker or after it. The snapshot is correct;
 * the run it was taken of is not the run that would have happened without it.
 */
import { recordAndForward } from "./chandy-lamport.js";
import type { Effect, SnapshotAlgorithm } from "./snapshot-algorithm.js";

export const deferAfterRecording: SnapshotAlgorithm = {
  name: "defer-after-recording",

  // Phase 3 of the demo: P0 records `count` and puts a marker on every channel.
  initiate: (view) => recordAndForward(view),

  // `if kind == "marker"`: a first marker records and forwards; a repeated one
  // copies deferred[sender] into channel_snap[sender]. The demo keeps no
  // channel state for the first marker's channel, which reads as empty.
  onMarker(view, channel) {
    const record = view.hasRecorded ? [] : recordAndForward(view);
    return [...record, { type: "stop-recording", channel }];
  },

  // `if self.recorded: self.deferred[sender].append(value)`: recorded or not,
  // the channel's marker seen or not, the message is kept and never counted.
  onMessage(view, channel, message) {
    if (!view.hasRecorded) return [];
    const inFlight: Effect[] = view.recordings[channel]?.status === "open" ? [{ type: "record-message", channel, message }] : [];
    return [...inFlight, { type: "buffer-message" }];
  },
};

/**
 * Exercises 1 and 2, answered: the Chandy-Lamport rules.
 *
 * The marker-sending rule: a process records its state, then sends a marker
 * on every outgoing channel before it sends anything else. The
 * marker-receiving rule: the first marker makes the process follow the
 * marker-sending rule (so the channel it came on is recorded empty); every
 * marker closes its channel with what arrived on it since the process recorded.
 */
import type { Effect, ProcessView, SnapshotAlgorithm } from "../../api/index.js";

/** Exercise 1: save the local state and put a marker on every outgoing channel. */
function recordAndSendMarkers(view: ProcessView): Effect[] {
  const markers = view.outgoing.map((channel): Effect => ({ type: "send-marker", channel }));
  return [{ type: "record-state" }, ...markers];
}

/** Exercise 2: from now on, what arrives on an incoming channel may belong to the snapshot. */
function recordIncomingChannels(view: ProcessView): Effect[] {
  return view.incoming.map((channel): Effect => ({ type: "start-recording", channel }));
}

function takeSnapshot(view: ProcessView): Effect[] {
  return [...recordAndSendMarkers(view), ...recordIncomingChannels(view)];
}

export const rules: SnapshotAlgorithm = {
  name: "my-chandy-lamport",

  initiate: takeSnapshot,

  onMarker(view, channel) {
    const firstMarker = !view.hasRecorded;
    // On the first marker the channel was opened just now, so it closes empty.
    return [...(firstMarker ? takeSnapshot(view) : []), { type: "stop-recording", channel }];
  },

  onMessage(view, channel, message) {
    const recording = view.recordings[channel];
    if (recording?.status !== "open") return [];
    // Sent before its sender recorded (the marker is still behind it), received after we did.
    return [{ type: "record-message", channel, message }];
  },
};

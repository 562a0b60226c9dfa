/**
 * The Chandy-Lamport snapshot algorithm, the reference rules.
 *
 *   K. M. Chandy and L. Lamport, "Distributed Snapshots: Determining Global
 *   States of Distributed Systems", ACM TOCS 3(1), 1985.
 *
 * Channels are FIFO. A marker separates, on each channel, the messages sent
 * before the sender recorded from those sent after. The recorded state of a
 * channel is what the receiver gets after it recorded and before the marker.
 */
import type { ChannelId } from "../scenario.js";
import { chandyLamportPerSnapshot } from "../multi-snapshot/chandy-lamport-per-snapshot.js";
import type { Effect, ProcessView, SnapshotAlgorithm } from "./snapshot-algorithm.js";

/**
 * Marker-sending rule: record the local state, then, before sending anything
 * else, send a marker on every outgoing channel; start recording every
 * incoming channel.
 */
export function recordAndForward(view: ProcessView): Effect[] {
  return [
    { type: "record-state" },
    ...view.outgoing.map((channel): Effect => ({ type: "send-marker", channel })),
    ...view.incoming.map((channel): Effect => ({ type: "start-recording", channel })),
  ];
}

export const chandyLamport: SnapshotAlgorithm = {
  name: "chandy-lamport",

  // Any process may start a snapshot by following the marker-sending rule.
  initiate: (view) => recordAndForward(view),

  // Marker-receiving rule: a first marker makes the process record (and so
  // the channel it came on is recorded empty); every marker closes its channel
  // with whatever was recorded on it since the process recorded.
  onMarker(view, channel: ChannelId) {
    const record = view.hasRecorded ? [] : recordAndForward(view);
    return [...record, { type: "stop-recording", channel }];
  },

  // A message that arrives while its channel is being recorded was in flight
  // when the cut was taken: it belongs to the channel's state.
  onMessage(view, channel, message) {
    return view.recordings[channel]?.status === "open" ? [{ type: "record-message", channel, message }] : [];
  },

  // With several snapshots in one run: these rules once per snapshot id.
  perSnapshot: chandyLamportPerSnapshot,
};

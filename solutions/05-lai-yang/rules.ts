/**
 * Exercise 5, answered: Lai-Yang's rules (T. H. Lai and T. H. Yang, "On
 * distributed snapshots", Information Processing Letters 25, 1987).
 *
 * A process is white until it records, red after; its messages take its
 * colour. A white process that gets a red message records before taking it,
 * so no recorded state receives a message sent after the cut: that is what
 * replaces FIFO. A channel's state is its white messages that the receiver
 * had not received when it recorded: the sender's history (carried by its
 * marker) minus the receiver's.
 */
import type { Effect, ProcessView, SnapshotAlgorithm } from "../../api/index.js";

/** Turn red: record, tell every neighbour what was sent to it while white, and open the incoming channels. */
function turnRed(view: ProcessView): Effect[] {
  return [
    { type: "record-state" },
    ...view.outgoing.map((channel): Effect => ({ type: "send-marker", channel, sent: view.sent[channel] })),
    ...view.incoming.map((channel): Effect => ({ type: "start-recording", channel })),
  ];
}

export const rules: SnapshotAlgorithm = {
  name: "my-lai-yang",

  initiate: turnRed,

  onMarker(view, channel, marker) {
    // If this marker turns the process red, its history is what it has received until now.
    const receivedWhileWhite = view.recorded?.received ?? view.received;
    const inFlight = (marker.sent ?? []).filter((message) => !receivedWhileWhite.includes(message.id));
    return [
      ...(view.hasRecorded ? [] : turnRed(view)),
      ...inFlight.map((message): Effect => ({ type: "record-message", channel, message })),
      { type: "stop-recording", channel },
    ];
  },

  onMessage(view, channel, message) {
    return message.colour === "red" && !view.hasRecorded ? turnRed(view) : [];
  },
};

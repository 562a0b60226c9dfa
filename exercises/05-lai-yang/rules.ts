/**
 * Exercise 5: Lai-Yang's snapshot rules, for channels that are not FIFO.
 *
 * Without FIFO a marker no longer separates a channel's messages into those
 * sent before its sender recorded and those sent after. Lai-Yang colour the
 * messages instead: every delivered message tells its colour
 * (message.colour: "white" if its sender had not recorded when it sent it,
 * "red" after). Markers still go out when a process records, so that every
 * process records; here they carry the sender's history of the channel
 * ({ type: "send-marker", channel, sent: view.sent[channel] }).
 *
 * Fill in the gaps marked TODO; the effects are those of exercise 1 and 2.
 */
import type { SnapshotAlgorithm } from "../../api/index.js";

export const rules: SnapshotAlgorithm = {
  name: "my-lai-yang",

  initiate(view) {
    // TODO (exercise 5): record, send on every outgoing channel a marker carrying the messages sent on it,
    // and open every incoming channel's recording.
    return [];
  },

  onMarker(view, channel, marker) {
    // TODO (exercise 5): record first if this process has not. Then the channel's state is the messages
    // marker.sent lists that this process had not received when it recorded (view.recorded, or view.received
    // if it records now): record them, and close the channel.
    return [];
  },

  onMessage(view, channel, message) {
    // TODO (exercise 5): a process that has not recorded must record before it takes a red message.
    return [];
  },
};

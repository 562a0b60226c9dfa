/**
 * The distributed database, design 1: the paper's rules on a database, the recorded channel
 * messages redone onto the snapshot. Case study: spec/case-studies/distributed-database.md.
 *
 * Each node records at its first marker and records, on every other incoming
 * channel, the credits that arrive before that channel's marker: distributed
 * transactions whose debit is in the sender's snapshot and whose credit is
 * not in the receiver's. When its last marker has arrived, the node redoes
 * those credits onto its snapshot, so that no transaction is left half done.
 */
import type { DatabaseDesign, DatabaseEffect, NodeView } from "../design.js";
import { isLastMarker } from "../design.js";

/** Record the node, send a marker on every outgoing channel, start recording every incoming one. */
export function recordNodeAndForward(view: NodeView): DatabaseEffect[] {
  return [
    { type: "record-state" },
    ...view.outgoing.map((channel): DatabaseEffect => ({ type: "send-signal", channel, signal: "marker" })),
    ...view.incoming.map((channel): DatabaseEffect => ({ type: "start-recording", channel })),
  ];
}

export const chandyLamportRedo: DatabaseDesign = {
  name: "chandy-lamport-redo",

  steps: (view) => (view.isInitiator && !view.hasRecorded ? [{ name: "starts a snapshot", effects: recordNodeAndForward(view) }] : []),

  // Flow steps 3-5: a first marker records (its channel is recorded empty);
  // every marker closes its channel; the last one finishes the snapshot.
  onSignal(view, channel) {
    const record = view.hasRecorded ? [] : recordNodeAndForward(view);
    const finish: DatabaseEffect[] = isLastMarker(view, channel) ? [{ type: "redo", what: "recorded-channels" }] : [];
    return [...record, { type: "stop-recording", channel }, ...finish];
  },

  onCredit: (view, channel) => (view.recordings[channel]?.status === "open" ? [{ type: "record-credit" }] : []),
};

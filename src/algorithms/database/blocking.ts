/**
 * Seed 002, design 2: the document's own method. Case study:
 * spec/case-studies/002.md.
 *
 * A node records at its first marker, as in Chandy-Lamport, but then starts
 * no distributed transaction ("block C_ab") until a marker has arrived on
 * every incoming channel. It then redoes onto its snapshot everything it
 * committed in between, [X1 + 1, X2max]: the recorded channel messages and
 * its local transactions alike, so that its snapshot stays a prefix of its
 * log. Blocking is meant to keep that interval free of its own distributed
 * transactions.
 */
import type { DatabaseDesign, DatabaseEffect, NodeView } from "../../models/database/design.js";
import { isLastMarker } from "../../models/database/design.js";
import { chandyLamportRedo, recordAndForward } from "./chandy-lamport-redo.js";

function recordAndBlock(view: NodeView): DatabaseEffect[] {
  return [...recordAndForward(view), { type: "close-gate" }];
}

export const blocking: DatabaseDesign = {
  name: "blocking",

  steps: (view) => (view.isInitiator && !view.hasRecorded ? [{ name: "starts a snapshot", effects: recordAndBlock(view) }] : []),

  onSignal(view, channel) {
    const record = view.hasRecorded ? [] : recordAndBlock(view);
    const finish: DatabaseEffect[] = isLastMarker(view, channel)
      ? [{ type: "redo", what: "since-recording" }, { type: "open-gate" }]
      : [];
    return [...record, { type: "stop-recording", channel }, ...finish];
  },

  // The credits are recorded as the paper says, to show them; the redo takes
  // them in with the rest of the interval.
  onCredit: chandyLamportRedo.onCredit,
};

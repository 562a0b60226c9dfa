/**
 * The distributed database, design 2: the document's own method. Case study:
 * spec/case-studies/distributed-database.md.
 *
 * A node records at its first marker, as in Chandy-Lamport, but then starts
 * no distributed transaction ("block C_ab") until a marker has arrived on
 * every incoming channel. It then redoes onto its snapshot everything it
 * committed in between, [X1 + 1, X2max]: the recorded channel messages and
 * its local transactions alike, so that its snapshot stays a prefix of its
 * log. Blocking is meant to keep that interval free of its own distributed
 * transactions.
 *
 * `blocking` reopens as soon as the node has finished, as the document says.
 * `blocking-until-all-done` is the repair the explorer suggests: a node that
 * has finished tells every other node ("done") and reopens only once every
 * other node has told it the same.
 */
import type { DatabaseDesign, DatabaseEffect, NodeView } from "../design.js";
import { isLastMarker } from "../design.js";
import { chandyLamportRedo, recordNodeAndForward } from "./chandy-lamport-redo.js";

const FINISHED = "finished";
const doneOn = (channel: string) => `done on ${channel}`;
const heardFromAll = (view: NodeView, notes: readonly string[]) => view.incoming.every((c) => notes.includes(doneOn(c)));

function recordAndBlock(view: NodeView): DatabaseEffect[] {
  return [...recordNodeAndForward(view), { type: "close-gate" }];
}

function blockingDesign(name: string, reopen: "when-finished" | "when-all-finished"): DatabaseDesign {
  const onFinishing = (view: NodeView): DatabaseEffect[] => {
    if (reopen === "when-finished") return [{ type: "open-gate" }];
    const tell = view.outgoing.map((channel): DatabaseEffect => ({ type: "send-signal", channel, signal: "done" }));
    return [{ type: "note", text: FINISHED }, ...tell, ...(heardFromAll(view, view.notes) ? [{ type: "open-gate" } as const] : [])];
  };
  return {
    name,

    steps: (view) => (view.isInitiator && !view.hasRecorded ? [{ name: "starts a snapshot", effects: recordAndBlock(view) }] : []),

    onSignal(view, channel, signal) {
      if (signal === "done") {
        const notes = [...view.notes, doneOn(channel)];
        const open = notes.includes(FINISHED) && heardFromAll(view, notes);
        return [{ type: "note", text: doneOn(channel) }, ...(open ? [{ type: "open-gate" } as const] : [])];
      }
      const record = view.hasRecorded ? [] : recordAndBlock(view);
      const finish: DatabaseEffect[] = isLastMarker(view, channel) ? [{ type: "redo", what: "since-recording" }, ...onFinishing(view)] : [];
      return [...record, { type: "stop-recording", channel }, ...finish];
    },

    // The credits are recorded as the paper says, to show them; the redo takes
    // them in with the rest of the interval.
    onCredit: chandyLamportRedo.onCredit,
  };
}

export const blocking = blockingDesign("blocking", "when-finished");
export const blockingUntilAllDone = blockingDesign("blocking-until-all-done", "when-all-finished");

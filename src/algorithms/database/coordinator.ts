/**
 * Seed 002, design 3: the document's "simple implementation", a coordinated
 * checkpoint. Case study: spec/case-studies/002.md.
 *
 * The coordinator (the initiator) sends every node a checkpoint command. A
 * node that has it starts no new distributed transaction, waits until those
 * it started have committed on the other side, and replies. Once every node
 * (itself included) is ready, the coordinator records and tells every node to
 * record. Nothing is in flight then, so no channel is recorded and there is
 * nothing to redo. A node goes back to work once it has recorded; the
 * document says no more than that.
 */
import type { DatabaseDesign, DatabaseEffect, DesignStep, NodeView } from "../../models/database/design.js";
import { reverseChannel } from "../../models/database/design.js";

const ASKING = "asking";
const REPLIED = "replied";
const askedOn = (channel: string) => `asked on ${channel}`;
const readyOn = (channel: string) => `ready on ${channel}`;

const recordAndResume: DatabaseEffect[] = [{ type: "record-state" }, { type: "redo", what: "recorded-channels" }, { type: "open-gate" }];

function broadcast(view: NodeView, signal: "checkpoint" | "snapshot"): DatabaseEffect[] {
  return view.outgoing.map((channel) => ({ type: "send-signal", channel, signal }));
}

export const coordinator: DatabaseDesign = {
  name: "coordinator",

  steps(view): DesignStep[] {
    if (view.hasRecorded) return [];
    const asking = view.notes.includes(ASKING);
    if (view.isInitiator && !asking) {
      return [{ name: "asks every node to checkpoint", effects: [{ type: "close-gate" }, { type: "note", text: ASKING }, ...broadcast(view, "checkpoint")] }];
    }
    const allReady = view.incoming.every((c) => view.notes.includes(readyOn(c)));
    if (asking && allReady && view.unfinished === 0) {
      return [{ name: "starts the snapshot", effects: [...recordAndResume, ...broadcast(view, "snapshot")] }];
    }
    const asked = view.incoming.find((c) => view.notes.includes(askedOn(c)));
    if (asked && !view.notes.includes(REPLIED) && view.unfinished === 0) {
      return [{ name: "replies", effects: [{ type: "send-signal", channel: reverseChannel(asked), signal: "ready" }, { type: "note", text: REPLIED }] }];
    }
    return [];
  },

  onSignal(_view, channel, signal): DatabaseEffect[] {
    if (signal === "checkpoint") return [{ type: "close-gate" }, { type: "note", text: askedOn(channel) }];
    if (signal === "ready") return [{ type: "note", text: readyOn(channel) }];
    return signal === "snapshot" ? recordAndResume : [];
  },

  onCredit: () => [],
};

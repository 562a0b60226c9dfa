/**
 * The distributed database, design 3: the document's "simple implementation", a coordinated
 * checkpoint. Case study: spec/case-studies/distributed-database.md.
 *
 * The coordinator (the initiator) sends every node a checkpoint command. A
 * node that has it starts no new distributed transaction, waits until those
 * it started have committed on the other side, and replies. Once every node
 * (itself included) is ready, the coordinator records and tells every node to
 * record. Nothing is in flight then, so no channel is recorded and there is
 * nothing to redo.
 *
 * The document does not say when distributed transactions start again.
 * `coordinator` takes the natural reading: once the node has recorded.
 * `coordinator-with-resume` adds the third round the explorer calls for: a
 * node reports "done" once it has recorded, and the coordinator, with every
 * report in, tells every node to resume.
 */
import type { DatabaseDesign, DatabaseEffect, DesignStep, NodeView } from "../design.js";
import { reverseChannel } from "../design.js";

const ASKING = "asking";
const REPLIED = "replied";
const RESUMED = "resumed";
const askedOn = (channel: string) => `asked on ${channel}`;
const readyOn = (channel: string) => `ready on ${channel}`;
const doneOn = (channel: string) => `done on ${channel}`;

const RECORD: DatabaseEffect[] = [{ type: "record-state" }, { type: "redo", what: "recorded-channels" }];
const OPEN: DatabaseEffect = { type: "open-gate" };

function broadcast(view: NodeView, signal: "checkpoint" | "snapshot" | "resume"): DatabaseEffect[] {
  return view.outgoing.map((channel) => ({ type: "send-signal", channel, signal }));
}

function coordinatedCheckpoint(name: string, resume: "when-recorded" | "when-all-recorded"): DatabaseDesign {
  const afterRecording = resume === "when-recorded" ? [OPEN] : [];
  return {
    name,

    steps(view): DesignStep[] {
      const all = (note: (channel: string) => string) => view.incoming.every((c) => view.notes.includes(note(c)));
      if (view.hasRecorded) {
        const due = resume === "when-all-recorded" && view.isInitiator && !view.notes.includes(RESUMED) && all(doneOn);
        return due ? [{ name: "tells every node to resume", effects: [OPEN, { type: "note", text: RESUMED }, ...broadcast(view, "resume")] }] : [];
      }
      const asking = view.notes.includes(ASKING);
      if (view.isInitiator && !asking) {
        return [{ name: "asks every node to checkpoint", effects: [{ type: "close-gate" }, { type: "note", text: ASKING }, ...broadcast(view, "checkpoint")] }];
      }
      if (asking && all(readyOn) && view.unfinished === 0) {
        return [{ name: "starts the snapshot", effects: [...RECORD, ...afterRecording, ...broadcast(view, "snapshot")] }];
      }
      const asked = view.incoming.find((c) => view.notes.includes(askedOn(c)));
      if (asked && !view.notes.includes(REPLIED) && view.unfinished === 0) {
        return [
          {
            name: "replies",
            effects: [
              { type: "send-signal", channel: reverseChannel(asked), signal: "ready" },
              { type: "note", text: REPLIED },
            ],
          },
        ];
      }
      return [];
    },

    onSignal(_view, channel, signal): DatabaseEffect[] {
      switch (signal) {
        case "checkpoint":
          return [{ type: "close-gate" }, { type: "note", text: askedOn(channel) }];
        case "ready":
          return [{ type: "note", text: readyOn(channel) }];
        case "snapshot": {
          const report: DatabaseEffect[] = resume === "when-all-recorded" ? [{ type: "send-signal", channel: reverseChannel(channel), signal: "done" }] : [];
          return [...RECORD, ...afterRecording, ...report];
        }
        case "done":
          return [{ type: "note", text: doneOn(channel) }];
        case "resume":
          return [OPEN];
        default:
          return [];
      }
    },

    onCredit: () => [],
  };
}

export const coordinator = coordinatedCheckpoint("coordinator", "when-recorded");
export const coordinatorWithResume = coordinatedCheckpoint("coordinator-with-resume", "when-all-recorded");

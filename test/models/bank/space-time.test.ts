import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseScenario } from "../../../src/models/bank/parse-scenario.js";
import { findOffences } from "../../../src/models/bank/offences.js";
import { bankSpaceTime } from "../../../src/models/bank/bank-space-time.js";
import type { BankState } from "../../../src/models/bank/bank-state.js";
import { textDiagram } from "../../../src/render/text-diagram.js";
import { chandyLamport } from "../../../src/models/bank/algorithms/chandy-lamport.js";
import type { ProcessView } from "../../../src/models/bank/algorithms/snapshot-algorithm.js";
import { checked, counterexampleOf, randomWalk, threeWay, walk } from "../../support/counterexamples.js";

const twoNode = () => checked("two-node", false);

describe("bankSpaceTime", () => {
  it("should list a ghost receive's events in order, with its cut and the offending message", () => {
    const view = bankSpaceTime(twoNode().scenario, counterexampleOf(twoNode(), "no-ghost-receive"));
    const kinds = view.events.map((e) => `${e.step + 1} ${e.kind} ${"process" in e ? view.lanes[e.process] : "every lane"}`);
    expect(kinds).toEqual([
      "1 record P0",
      "1 send P0", // the marker
      "2 send P0", // P0#1
      "3 deliver P1", // P0#1 overtakes the marker
      "4 deliver P1", // the marker
      "4 record P1",
      "4 send P1", // P1's marker
      "5 deliver P0",
    ]);
    expect(view.messages.map((m) => [m.label, m.sent, m.delivered])).toEqual([
      ["marker", 1, 4],
      ["P0#1 (10)", 2, 3],
      ["marker", 6, 7],
    ]);
    expect(view.cut).toEqual([0, 5]);
    expect(view.offences).toEqual([{ message: 1, name: "ghost receive", why: "sent after P0 recorded, received before P1 recorded" }]);
  });

  it("should keep a message still in flight at the end, and call it lost when the channel state misses it", () => {
    const view = bankSpaceTime(twoNode().scenario, counterexampleOf(twoNode(), "conservation"));
    expect(view.messages[0]).toMatchObject({ label: "P0#1 (10)", sent: 0, delivered: undefined });
    expect(view.offences).toEqual([
      {
        message: 0,
        name: "lost money",
        why: "sent before P0 recorded, not received before P1 recorded, and missing from P0->P1's recorded state",
      },
    ]);
  });

  it("should call a message extra when it is on a recorded channel but was sent after its sender recorded", () => {
    // Without FIFO, P1#1 (sent after P1 recorded) overtakes P1's marker and P0 records it on P1->P0.
    const scenario = twoNode().scenario;
    const path = walk(scenario, ["initiate P0", "deliver P0->P1 marker", "send P1", "deliver P1->P0 P1#1", "deliver P1->P0 marker"]);
    const view = bankSpaceTime(scenario, path);
    expect(view.offences).toEqual([
      { message: view.messages.findIndex((m) => m.id === "P1#1"), name: "extra on the channel", why: "recorded on P1->P0, but sent after P1 recorded" },
    ]);
  });

  it("should call a message extra when it is recorded on its channel and in its receiver's state", () => {
    const scenario = parseScenario(JSON.stringify({ processes: { P0: 100, P1: 100 }, programs: { P0: [{ to: "P1", amount: 10 }] }, initiators: ["P0"] }));
    const d = { kind: "data", id: "P0#1", amount: 10 } as const;
    const last: BankState = {
      processes: [
        { pc: 1, balance: 90, received: [], recorded: { pc: 1, balance: 90, received: [] } },
        { pc: 0, balance: 110, received: ["P0#1"], recorded: { pc: 0, balance: 110, received: ["P0#1"] } },
      ],
      channels: [
        { queue: [], recording: { status: "closed", messages: [d] } },
        { queue: [], recording: { status: "closed", messages: [] } },
      ],
    };
    expect(findOffences(scenario, last, [{ id: "P0#1", channel: 0 }])).toEqual([
      { message: 0, kind: "extra", why: "recorded on P0->P1, but already received before P1 recorded" },
    ]);
  });

  it("should accuse nobody while a snapshot is unfinished", () => {
    const report = checked("disconnected");
    const view = bankSpaceTime(report.scenario, counterexampleOf(report, "termination"));
    expect(view.offences).toEqual([]);
    expect(view.cut[2]).toBeUndefined();
  });

  it("should draw a recording made on a data message before the delivery it excludes", () => {
    // Rules that record on the first message, before the process takes it (as Lai-Yang's white process does).
    const scenario = twoNode().scenario;
    const recordsOnMessage = {
      name: "records-on-message",
      initiate: () => [{ type: "record-state" } as const],
      onMarker: () => [],
      onMessage: (view: { hasRecorded: boolean }) => (view.hasRecorded ? [] : [{ type: "record-state" } as const]),
    };
    const view = bankSpaceTime(scenario, walk(scenario, ["send P0", "deliver P0->P1 P0#1"], recordsOnMessage));
    expect(view.events.map((e) => e.kind)).toEqual(["send", "record", "deliver"]);
  });

  it("should draw a second recording of a process, though it records the same values", () => {
    // Rules that record on every marker: P0 records when it starts, and again when P1's marker comes back.
    const scenario = twoNode().scenario;
    const recordsOnEveryMarker = {
      ...chandyLamport,
      name: "records-on-every-marker",
      onMarker: (view: ProcessView, channel: string) => [...chandyLamport.initiate(view), { type: "stop-recording", channel } as const],
    };
    const view = bankSpaceTime(scenario, walk(scenario, ["initiate P0", "deliver P0->P1 marker", "deliver P1->P0 marker"], recordsOnEveryMarker));
    expect(view.events.filter((e) => e.kind === "record").map((e) => [e.step, e.process])).toEqual([
      [0, 0],
      [1, 1],
      [2, 0],
    ]);
  });

  it("should keep a step that changed nothing as a quiet event of its actor", () => {
    const scenario = twoNode().scenario;
    const doesNothing = { name: "does-nothing", initiate: () => [], onMarker: () => [], onMessage: () => [] };
    const view = bankSpaceTime(scenario, walk(scenario, ["initiate P0"], doesNothing));
    expect(view.events).toEqual([{ kind: "quiet", step: 0, process: 0, text: "P0 starts a snapshot: nothing recorded" }]);
    expect(view.steps).toEqual([{ actor: 0, text: "P0 starts a snapshot: nothing recorded" }]);
  });
});

describe("bankSpaceTime on random runs", () => {
  it("should account for every message and recording, and draw lines of one width", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (choices) => {
        const run = randomWalk(threeWay, choices);
        const view = bankSpaceTime(threeWay, run);
        const last = run.path.states[run.path.states.length - 1]!;
        // A message is delivered after it is sent; what is left in flight is what the queues still hold.
        for (const m of view.messages) expect(m.delivered ?? Infinity).toBeGreaterThan(m.sent);
        const queued = last.channels.reduce((n, c) => n + c.queue.length, 0);
        expect(view.messages.filter((m) => m.delivered === undefined)).toHaveLength(queued);
        // The cut points at each recording process's record event, and only recorders have one.
        view.cut.forEach((row, p) => {
          if (row === undefined) expect(last.processes[p]!.recorded).toBeNull();
          else expect(view.events[row]).toMatchObject({ kind: "record", process: p });
        });
        // Every event row of the text diagram has its picture the same width (notes start in one column).
        const rows = textDiagram(view).slice(1, 1 + view.events.length);
        const noteColumn = (row: string) => row.search(/ {3}[A-Z]/);
        expect(new Set(rows.map(noteColumn)).size).toBeLessThanOrEqual(1);
      }),
      { numRuns: 150 },
    );
  });
});

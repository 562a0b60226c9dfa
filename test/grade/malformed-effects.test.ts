// A rule that answers with effects its process cannot carry out (a message recorded
// on a closed channel, a marker on a channel that is not its own, a snapshot that
// does not exist) is a violation the explorer finds, shown with the shortest run to
// it, the channel's real status, and the view the rule saw. Rules run in this process:
// they are trusted test code.
import { describe, expect, it } from "vitest";
import { recordAndForward } from "../../src/models/bank/algorithms/chandy-lamport.js";
import type { ProcessView } from "../../src/models/bank/algorithms/snapshot-algorithm.js";
import { counterexampleReport } from "../../src/grade/graded-rules/graded-counterexample.js";
import { inProcessSubmission } from "../../src/grade/graded-rules/remembering-submission.js";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import type { RulesExercise } from "../../src/grade/exercises/exercise.js";
import { defaultLimits } from "../../src/grade/grade.js";

const exercise = (n: number) => findExercise(n) as RulesExercise;
const opens = (view: ProcessView) => view.incoming.map((channel) => ({ type: "start-recording", channel }));

/** Chandy-Lamport, but a message is recorded whenever its channel is not idle: closed ones too. */
const recordsOnClosed = {
  rules: {
    name: "records on closed channels",
    initiate: (view: ProcessView) => [...recordAndForward(view), ...opens(view)],
    onMarker: (view: ProcessView, channel: string) => [
      ...(view.hasRecorded ? [] : [...recordAndForward(view), ...opens(view)]),
      { type: "stop-recording", channel },
    ],
    onMessage: (view: ProcessView, channel: string, message: unknown) =>
      view.recordings[channel]!.status !== "idle" ? [{ type: "record-message", channel, message }] : [],
  },
};

describe("a message recorded on a closed channel (exercise 2)", () => {
  const check = exercise(2).checks[0]!;
  const outcome = check.run(inProcessSubmission(recordsOnClosed), defaultLimits);
  const c = counterexampleReport(outcome.counterexample!);

  it("should be a violation of well-formed-effects with the shortest run to it", () => {
    expect(c.property).toBe("well-formed-effects");
    expect(c.reason).toBe("rules.onMessage(view, channel, message) at P1 (P0#1 on P0->P1) returned effect 1 (record-message) on P0->P1, which is closed");
    expect(c.steps).toEqual([
      "P0 starts a snapshot: starts recording P1->P0 [reference marker rules: P0 records (pc 0, balance 100), sends markers on P0->P1]",
      "P0 sends 10 to P1 (P0#1), balance 90",
      "deliver marker P0->P1: closes P0->P1 with [] [reference marker rules: P1 records (pc 0, balance 100), sends markers on P1->P0]",
      "deliver P0#1 (10) on P0->P1: P1 balance 110 [the rule's effects refused]",
    ]);
  });

  it("should give the channel's real status and the view and message the rule saw", () => {
    expect(c.details).toEqual([
      "the channel's status: P0->P1 is closed with [] at effect 1; a message is recorded only between start-recording and stop-recording",
      `the view it saw: {"process":"P1","hasRecorded":true,"incoming":["P0->P1"],"outgoing":["P1->P0"],"recordings":{"P0->P1":{"status":"closed","messages":[]}},"recorded":{"pc":0,"balance":100,"received":[]},"received":[],"sent":{"P1->P0":[]}}`,
      `the message it was handed: {"kind":"data","id":"P0#1","amount":10,"colour":"red"}`,
    ]);
  });

  it("should be drawn like a property's counterexample, the refused delivery included", () => {
    expect(c.diagram).toContain("  4   │  ╎     └───▶●   P1 receives P0#1 (10)");
    expect(c.diagram.at(-1)).toMatch(/●─▶● data +○╌▷○ marker +◆ records/);
  });

  it("should replay: the same actions break the same rule for the same reason", () => {
    expect(check.replay(inProcessSubmission(recordsOnClosed), outcome.counterexample!.path.actions)).toEqual({
      property: "well-formed-effects",
      reason: c.reason,
    });
  });

  it("should cost nothing in exercise 1, which grades only the process's own effects", () => {
    expect(exercise(1).checks.map((k) => k.run(inProcessSubmission(recordsOnClosed), defaultLimits).counterexample?.property)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("an effect on a channel that is not the process's", () => {
  // Exercise 1's rules, with the marker sent back on the channel it came on.
  const markerBack = {
    rules: {
      name: "marker back",
      initiate: (view: ProcessView) => recordAndForward(view),
      onMarker: (view: ProcessView, channel: string) => (view.hasRecorded ? [] : [{ type: "record-state" }, { type: "send-marker", channel }]),
      onMessage: () => [],
    },
  };

  it("should name the channel, where it runs, and the process's own channels", () => {
    const c = counterexampleReport(exercise(1).checks[0]!.run(inProcessSubmission(markerBack), defaultLimits).counterexample!);
    expect(c.property).toBe("well-formed-effects");
    expect(c.reason).toBe(
      "rules.onMarker(view, channel, marker) at P1 (marker on P0->P1) returned effect 2 (send-marker) on P0->P1, which is not an outgoing channel of P1",
    );
    expect(c.steps.at(-1)).toBe("deliver marker P0->P1: no effect [the rule's effects refused]");
    expect(c.details![0]).toBe("where the channels run: P0->P1 runs from P0 to P1; P1's incoming channels: P0->P1; outgoing: P1->P0");
    expect(c.details![1]).toMatch(/^the view it saw: \{"process":"P1","hasRecorded":false,/);
  });

  it("should say when there is no such channel at all", () => {
    const nowhere = { rules: { ...markerBack.rules, initiate: () => [{ type: "record-state" }, { type: "send-marker", channel: "P0->P9" }] } };
    const c = counterexampleReport(exercise(1).checks[0]!.run(inProcessSubmission(nowhere), defaultLimits).counterexample!);
    expect(c.reason).toBe("rules.initiate(view) at P0 returned effect 2 (send-marker) on P0->P9, which is not an outgoing channel of P0");
    expect(c.details![0]).toBe(`where the channels run: there is no channel "P0->P9" in two-node; P0's incoming channels: P1->P0; outgoing: P0->P1`);
  });
});

describe("a message recorded on a channel the same answer closed", () => {
  it("should follow the answer's own effects in order, and give the status before them too", () => {
    const laiYang = exercise(5);
    const opensThenRecords = {
      rules: {
        name: "opens then records",
        initiate: (view: ProcessView) => [
          { type: "record-state" },
          ...view.outgoing.map((channel) => ({ type: "send-marker", channel, sent: view.sent[channel] })),
          { type: "stop-recording", channel: view.incoming[0] },
          { type: "record-message", channel: view.incoming[0], message: { id: "P1#1", amount: 20 } },
        ],
        onMarker: () => [],
        onMessage: () => [],
      },
    };
    const c = counterexampleReport(laiYang.checks[0]!.run(inProcessSubmission(opensThenRecords), defaultLimits).counterexample!);
    expect(c.reason).toBe("rules.initiate(view) at P0 returned effect 4 (record-message) on P1->P0, which is closed");
    expect(c.details![0]).toBe(
      "the channel's status: P1->P0 is closed with [] at effect 4 (it was idle (not opened) when the rule was called); a message is recorded only between start-recording and stop-recording",
    );
  });
});

describe("a snapshot that does not exist (exercise 6)", () => {
  it("should be a violation with the view the rule saw", () => {
    const wrongId = {
      rules: {
        name: "wrong id",
        initiate: (_: unknown, snapshot: number) => [{ type: "record-state", snapshot: snapshot + 5 }],
        onMarker: () => [],
        onMessage: () => [],
      },
    };
    const c = counterexampleReport(exercise(6).checks[0]!.run(inProcessSubmission(wrongId), defaultLimits).counterexample!);
    expect(c.property).toBe("well-formed-effects");
    expect(c.reason).toBe("rules.initiate(view, snapshot) at P0 (snapshot 0) returned effect 1 (record-state) with snapshot 5 (snapshots are numbered 0 to 1)");
    expect(c.steps).toEqual([expect.stringMatching(/^P0 starts snapshot 0.*\[the rule's effects refused\]$/)]);
    expect(c.details).toEqual([`the view it saw: {"process":"P0","incoming":["P1->P0"],"outgoing":["P0->P1"],"snapshots":{}}`]);
  });

  it("should say, of an id written as a string (a key of view.snapshots), that it is one and how to get the number", () => {
    const keyAsId = {
      rules: {
        name: "keys as ids",
        initiate: (_: unknown, snapshot: number) => [{ type: "record-state", snapshot: String(snapshot) }],
        onMarker: () => [],
        onMessage: () => [],
      },
    };
    const c = counterexampleReport(exercise(6).checks[0]!.run(inProcessSubmission(keyAsId), defaultLimits).counterexample!);
    expect(c.reason).toBe(
      `rules.initiate(view, snapshot) at P0 (snapshot 0) returned effect 1 (record-state) with snapshot "0", a string: ids are numbers, 0 to 1 (view.snapshots' keys are strings: Number(key))`,
    );
  });
});

describe("effects of runs with several snapshots (exercise 6)", () => {
  const answer = (effects: (view: { outgoing: string[]; incoming: string[] }, snapshot: number) => object[]) => ({
    rules: { name: "several", initiate: effects, onMarker: () => [], onMessage: () => [] },
  });

  it("should name a channel that is not the process's, as in one snapshot", () => {
    const markerIn = answer((view, snapshot) => [
      { type: "record-state", snapshot },
      { type: "send-marker", channel: view.incoming[0], snapshot },
    ]);
    const c = counterexampleReport(exercise(6).checks[0]!.run(inProcessSubmission(markerIn), defaultLimits).counterexample!);
    expect(c.reason).toBe(
      "rules.initiate(view, snapshot) at P0 (snapshot 0) returned effect 2 (send-marker, snapshot 0) on P1->P0, which is not an outgoing channel of P0",
    );
    expect(c.details![0]).toBe("where the channels run: P1->P0 runs from P1 to P0; P0's incoming channels: P1->P0; outgoing: P0->P1");
  });

  it("should follow each snapshot's recording of a channel apart", () => {
    // Snapshot 0's recording is opened and closed, then a message recorded on it.
    const closedThenRecorded = answer((view, snapshot) => [
      { type: "start-recording", channel: view.incoming[0], snapshot },
      { type: "stop-recording", channel: view.incoming[0], snapshot },
      { type: "record-message", channel: view.incoming[0], message: { id: "P1#1", amount: 20 }, snapshot },
    ]);
    const c = counterexampleReport(exercise(6).checks[0]!.run(inProcessSubmission(closedThenRecorded), defaultLimits).counterexample!);
    expect(c.reason).toBe("rules.initiate(view, snapshot) at P0 (snapshot 0) returned effect 3 (record-message, snapshot 0) on P1->P0, which is closed");
    expect(c.details![0]).toBe(
      "the channel's status: P1->P0 is closed with [] at effect 3; a message is recorded only between start-recording and stop-recording",
    );
  });
});

describe("an answer of onMessage refused (exercise 6): onMessage names no snapshot", () => {
  // Right but for a message recorded in snapshot 1, which it names as no message sent.
  const wrongInOne = {
    rules: {
      name: "wrong in snapshot 1",
      initiate: (view: { outgoing: string[]; incoming: string[] }, snapshot: number) => [
        { type: "record-state", snapshot },
        ...view.outgoing.map((channel) => ({ type: "send-marker", channel, snapshot })),
        ...view.incoming.map((channel) => ({ type: "start-recording", channel, snapshot })),
      ],
      onMarker: () => [],
      onMessage: (view: { snapshots: Record<string, unknown> }, channel: string, message: unknown) =>
        Object.keys(view.snapshots).map((id) => ({ type: "record-message", channel, message: id === "1" ? "none" : message, snapshot: Number(id) })),
    },
  };

  it("should name and draw the snapshot the effect refused is for", () => {
    const ring = exercise(6).checks[1]!;
    expect(ring.name).toBe("ring, P0 and P1 at once");
    const c = counterexampleReport(ring.run(inProcessSubmission(wrongInOne), defaultLimits).counterexample!);
    expect(c.reason).toBe(
      'rules.onMessage(view, channel, message) at P1 (P0#1 on P0->P1) returned effect 1 (record-message, snapshot 1) with "none", which is not a message sent on P0->P1',
    );
    expect(c.diagram).toContain("never recorded snapshot 1: P0, P2");
    expect(c.diagram.at(-1)).toContain("║ before recording snapshot 1 (inside the cut)");
  });

  it("should say so where the answer names no snapshot of the run, and draw snapshot 0's cut", () => {
    const notAList = { rules: { ...wrongInOne.rules, name: "not a list", onMessage: () => "none" } };
    const c = counterexampleReport(exercise(6).checks[1]!.run(inProcessSubmission(notAList), defaultLimits).counterexample!);
    expect(c.reason).toBe('rules.onMessage(view, channel, message) at P1 (P0#1 on P0->P1) returned "none", not a list of effects');
    expect(c.details![0]).toBe(
      "the snapshot it is for cannot be told (the call names none, nor does the effect refused): a picture of the run shows snapshot 0's cut",
    );
    expect(c.diagram.at(-1)).toContain("║ before recording snapshot 0 (inside the cut)");
  });
});

describe("a misspelt effect type", () => {
  const misspelt = (type: string) => ({
    rules: { name: `says ${type}`, initiate: () => [{ type }], onMarker: () => [], onMessage: () => [] },
  });
  const reason = (type: string) => exercise(1).checks[0]!.run(inProcessSubmission(misspelt(type)), defaultLimits).counterexample?.reason;

  it("should be told the type it was likely meant to be, as a mistyped command is", () => {
    expect(reason("record_state")).toBe(
      'rules.initiate(view) at P0 returned effect 1 (record_state): unknown effect type "record_state", did you mean "record-state"?',
    );
    expect(reason("sendMarker")).toMatch(/unknown effect type "sendMarker", did you mean "send-marker"\?$/);
  });

  it("should suggest nothing for a type that is no effect's misspelling", () => {
    expect(reason("snapshot")).toBe('rules.initiate(view) at P0 returned effect 1 (snapshot): unknown effect type "snapshot"');
  });
});

// What a graded trace tells a learner beyond the bank's own words: in exercise 5 each
// data message's colour where it is sent and where it arrives; in exercises 1 and 2 what
// the reference rules did, marked apart from what the learner's rules did; and every step's
// effects in the order they ran.
import { describe, expect, it } from "vitest";
import { chandyLamport } from "../../src/models/bank/algorithms/chandy-lamport.js";
import type { ProcessView } from "../../src/models/bank/algorithms/snapshot-algorithm.js";
import { rules as laiYang } from "../../solutions/05-lai-yang/rules.js";
import { counterexampleReport } from "../../src/grade/graded-rules/graded-counterexample.js";
import { inProcessSubmission } from "../../src/grade/graded-rules/remembering-submission.js";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import type { RulesExercise } from "../../src/grade/exercises/exercise.js";
import { defaultLimits } from "../../src/grade/grade.js";
import type { BankAction } from "../../src/models/bank/actions.js";
import { initialState } from "../../src/models/bank/bank-state.js";
import { describeBankStep } from "../../src/models/bank/describe-bank-step.js";
import { step } from "../../src/models/bank/system.js";
import { twoNode } from "../../src/grade/exercises/scenarios.js";
import { chandyLamportPerSnapshot } from "../../src/models/bank/multi-snapshot/chandy-lamport-per-snapshot.js";
import type { MultiSnapshotAlgorithm } from "../../src/models/bank/multi-snapshot/multi-snapshot-algorithm.js";

const counterexample = (exercise: number, check: number, rules: object) =>
  counterexampleReport((findExercise(exercise) as RulesExercise).checks[check]!.run(inProcessSubmission({ rules }), defaultLimits).counterexample!);

describe("Lai-Yang's traces (exercise 5)", () => {
  it("should tell each data message's colour where it is sent and where it arrives", () => {
    // Chandy-Lamport's rules without FIFO: the marker overtakes a white message.
    expect(counterexample(5, 0, chandyLamport).steps).toEqual([
      "P0 sends 10 to P1 (P0#1, white), balance 90",
      "P0 starts a snapshot: P0 records (pc 1, balance 90), sends markers on P0->P1, starts recording P1->P0",
      "deliver marker P0->P1 (overtaking P0#1): P1 records (pc 0, balance 100), sends markers on P1->P0, closes P0->P1 with []",
      "deliver marker P1->P0: closes P1->P0 with []",
    ]);
  });

  it("should call a message red when its sender recorded before sending it, there and on arrival", () => {
    // Lai-Yang's rules, but a white process takes a red message without recording first.
    const takesRed = { ...laiYang, onMessage: () => [] };
    expect(counterexample(5, 0, takesRed).steps).toEqual([
      "P0 starts a snapshot: P0 records (pc 0, balance 100), sends markers on P0->P1, starts recording P1->P0",
      "P0 sends 10 to P1 (P0#1, red), balance 90",
      "deliver P0#1 (10, red) on P0->P1 (overtaking a marker): P1 balance 110",
      "deliver marker P0->P1: P1 records (pc 0, balance 110), sends markers on P1->P0, closes P0->P1 with []",
      "deliver marker P1->P0: closes P1->P0 with []",
    ]);
  });

  it("should name each data message with its colour in the picture too", () => {
    const takesRed = { ...laiYang, onMessage: () => [] };
    expect(counterexample(5, 0, takesRed).diagram.join("\n")).toBe(
      [
        "   P0            P1",
        "1   ◆             ║   P0 records: balance 100, pc 0",
        "    ○╌╌╌╌╌╌╌╌╌╌┐  ║   P0 sends a marker to P1",
        "2   ●━━━━━━━━┓ ╎  ║   P0 sends P0#1 (10, red) to P1   ✗ ghost receive",
        "3   │        ┗━╎━▶●   P1 receives P0#1 (10, red)   ✗ ghost receive",
        "4   │          └╌▷○   P1 receives the marker from P0",
        "    │             ◆   P1 records: balance 110, pc 0",
        "    │  ┌╌╌╌╌╌╌╌╌╌╌○   P1 sends a marker to P0",
        "5   ○◁╌┘          │   P0 receives the marker from P1",
        "✗ P0#1 (10, red), ghost receive: sent after P0 recorded, received before P1 recorded",
        "●─▶● data   ○╌▷○ marker   ◆ records   ║ before recording (inside the cut)   │ after   ━ breaks the cut",
      ].join("\n"),
    );
  });
});

describe("exercise 1's traces", () => {
  it("should mark what the reference channel rules did, apart from the learner's part", () => {
    // The learner's onMarker never records: only the reference channel rules act on a marker.
    const neverOnMarker = {
      ...chandyLamport,
      onMarker: (view: ProcessView, channel: string) => chandyLamport.onMarker({ ...view, hasRecorded: true }, channel, { kind: "marker" }),
    };
    expect(counterexample(1, 0, neverOnMarker).steps).toEqual([
      "P0 sends 10 to P1 (P0#1), balance 90",
      "P0 starts a snapshot: P0 records (pc 1, balance 90), sends markers on P0->P1 [reference channel rules: starts recording P1->P0]",
      "P1 sends 20 to P0 (P1#1), balance 80",
      "deliver P0#1 (10) on P0->P1: P1 balance 90",
      "deliver marker P0->P1: no effect [reference channel rules: closes P0->P1 with []]",
      "deliver P1#1 (20) on P1->P0: P0 balance 110 [reference channel rules: adds it to the recording of P1->P0]",
    ]);
  });
});

describe("exercise 2's traces", () => {
  it("should mark what the reference marker rules did (recording processes, sending markers), apart from the learner's channels", () => {
    // The learner's rules record every channel but never record a message.
    const { steps } = counterexample(2, 0, { ...chandyLamport, onMessage: () => [] });
    expect(steps).toEqual([
      "P0 starts a snapshot: starts recording P1->P0 [reference marker rules: P0 records (pc 0, balance 100), sends markers on P0->P1]",
      "P1 sends 20 to P0 (P1#1), balance 80",
      "deliver marker P0->P1: closes P0->P1 with [] [reference marker rules: P1 records (pc 1, balance 80), sends markers on P1->P0]",
      "deliver P1#1 (20) on P1->P0: P0 balance 120",
      "deliver marker P1->P0: closes P1->P0 with []",
    ]);
  });
});

describe("a step's effects", () => {
  it("should be told in the order they ran: a rule's recording on a message before the bank credits it (exercise 5)", () => {
    // Lai-Yang's rules without FIFO: P0 records, then sends; its red transfer overtakes its marker, and P1 records before taking it.
    const scenario = { ...twoNode, fifo: false };
    const actions: BankAction[] = [
      { type: "initiate", process: 0 },
      { type: "send", process: 0 },
      { type: "deliver", channel: 0, position: 1 },
    ];
    const states = [initialState(scenario)];
    for (const action of actions) states.push(step(scenario, laiYang, states.at(-1)!, action));
    expect(describeBankStep(scenario, states[2]!, actions[2]!, states[3]!)).toBe(
      "deliver P0#1 (10) on P0->P1 (overtaking a marker): P1 records (pc 0, balance 100), sends markers on P1->P0, starts recording P0->P1, P1 balance 110",
    );
  });
});

describe("exercise 6's pictures", () => {
  it("should name the snapshot of every marker and every recording, and draw every snapshot's ◆", () => {
    // Records a message only in the newest snapshot recording its channel: snapshot 0 loses P1#1.
    const newestOnly: MultiSnapshotAlgorithm = {
      ...chandyLamportPerSnapshot,
      onMessage: (view, channel, message) => {
        const open = Object.keys(view.snapshots)
          .map(Number)
          .filter((s) => view.snapshots[s]!.recordings[channel]?.status === "open");
        return open.length === 0 ? [] : [{ type: "record-message", channel, message, snapshot: Math.max(...open) }];
      },
    };
    const { property, diagram } = counterexample(6, 0, newestOnly);
    expect(property).toBe("channel-state (snapshot 0)");
    expect(diagram.join("\n")).toBe(
      [
        "     P0            P1",
        "  1   ◆             ║   P0 records snapshot 0: balance 100, pc 0",
        "      ○╌╌╌╌╌╌╌╌╌╌┐  ║   P0 sends marker 0 to P1",
        "  2   ◆          ╎  ║   P0 records snapshot 1: balance 100, pc 0",
        "      ○╌╌╌╌╌╌╌╌┐ ╎  ║   P0 sends marker 1 to P1",
        "  3   │  ┏━━━━━╎━╎━━●   P1 sends P1#1 (20) to P0   ✗ lost money",
        "  4   │  ┃     ╎ └╌▷○   P1 receives marker 0 from P0",
        "      │  ┃     ╎    ◆   P1 records snapshot 0: balance 80, pc 1",
        "      │  ┃ ┌╌╌╌╎╌╌╌╌○   P1 sends marker 0 to P0",
        "  5   ●◀━┛ ╎   ╎    │   P0 receives P1#1 (20)   ✗ lost money",
        "  6   ○◁╌╌╌┘   ╎    │   P0 receives marker 0 from P1",
        "end   │        ▽    │   still in flight: marker 1",
        "✗ P1#1 (20), lost money: sent before P1 recorded, not received before P0 recorded, and missing from P1->P0's recorded state",
        "●─▶● data   ○╌▷○ marker   ◆ records (for the snapshot its note names)   ║ before recording snapshot 0 (inside the cut)   │ after   ━ breaks the cut",
      ].join("\n"),
    );
  });
});

// What a graded trace tells a learner beyond the bank's own words: in exercise 5 each
// data message's colour where it is sent and where it arrives; in exercise 1 what the
// kit's channel rules did, marked apart from what the learner's rules did.
import { describe, expect, it } from "vitest";
import { chandyLamport } from "../../src/models/bank/algorithms/chandy-lamport.js";
import type { ProcessView } from "../../src/models/bank/algorithms/snapshot-algorithm.js";
import { rules as laiYang } from "../../solutions/05-lai-yang/rules.js";
import { counterexampleReport } from "../../src/grade/check/graded-counterexample.js";
import { inProcessSubmission } from "../../src/grade/check/submission.js";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import type { RulesExercise } from "../../src/grade/exercises/exercise.js";
import { defaultLimits } from "../../src/grade/grade.js";

const counterexample = (exercise: number, check: number, rules: object) =>
  counterexampleReport((findExercise(exercise) as RulesExercise).checks[check]!.run(inProcessSubmission({ rules }), defaultLimits).counterexample!);

describe("Lai-Yang's traces (exercise 5)", () => {
  it("should tell each data message's colour where it is sent and where it arrives", () => {
    // Chandy-Lamport's rules without FIFO: the marker overtakes a white message.
    expect(counterexample(5, 0, chandyLamport).steps).toEqual([
      " 1. P0 sends 10 to P1 (P0#1, white), balance 90",
      " 2. P0 starts a snapshot: P0 records (pc 1, balance 90), sends markers on P0->P1, starts recording P1->P0",
      " 3. deliver marker P0->P1 (overtaking P0#1): P1 records (pc 0, balance 100), sends markers on P1->P0, closes P0->P1 with []",
      " 4. deliver marker P1->P0: closes P1->P0 with []",
    ]);
  });

  it("should call a message red when its sender recorded before sending it, there and on arrival", () => {
    // Lai-Yang's rules, but a white process takes a red message without recording first.
    const takesRed = { ...laiYang, onMessage: () => [] };
    expect(counterexample(5, 0, takesRed).steps).toEqual([
      " 1. P0 starts a snapshot: P0 records (pc 0, balance 100), sends markers on P0->P1, starts recording P1->P0",
      " 2. P0 sends 10 to P1 (P0#1, red), balance 90",
      " 3. deliver P0#1 (10, red) on P0->P1 (overtaking a marker): P1 balance 110",
      " 4. deliver marker P0->P1: P1 records (pc 0, balance 110), sends markers on P1->P0, closes P0->P1 with []",
      " 5. deliver marker P1->P0: closes P1->P0 with []",
    ]);
  });
});

describe("exercise 1's traces", () => {
  it("should mark what the kit's channel rules did, apart from the learner's part", () => {
    // The learner's onMarker never records: only the kit's channel rules act on a marker.
    const neverOnMarker = {
      ...chandyLamport,
      onMarker: (view: ProcessView, channel: string) => chandyLamport.onMarker({ ...view, hasRecorded: true }, channel, { kind: "marker" }),
    };
    expect(counterexample(1, 0, neverOnMarker).steps).toEqual([
      " 1. P0 sends 10 to P1 (P0#1), balance 90",
      " 2. P0 starts a snapshot: P0 records (pc 1, balance 90), sends markers on P0->P1 [kit's channel rules: starts recording P1->P0]",
      " 3. P1 sends 20 to P0 (P1#1), balance 80",
      " 4. deliver P0#1 (10) on P0->P1: P1 balance 90",
      " 5. deliver marker P0->P1: no effect [kit's channel rules: closes P0->P1 with []]",
      " 6. deliver P1#1 (20) on P1->P0: P0 balance 110 [kit's channel rules: adds it to the recording of P1->P0]",
    ]);
  });

  it("should leave exercise 2's traces unmarked: there the channels are the learner's", () => {
    const { steps } = counterexample(2, 0, { ...chandyLamport, onMessage: () => [] });
    expect(steps.join("\n")).not.toContain("kit's");
    expect(steps.join("\n")).toContain("starts recording");
  });
});

// Exercise 4 asks for a scenario no file the learner is handed answers as it is: the snapshot is
// started only by processes that send nothing, so the marker that overtakes a transfer is one a
// process passes on. Every shipped scenario starts it at a process that sends.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import type { ScenarioExercise } from "../../src/grade/exercises/exercise.js";
import { defaultLimits } from "../../src/grade/grade.js";
import { tempFile } from "../support/cli.js";

const exercise = findExercise(4) as ScenarioExercise;

/** The points `file` gets in exercise 4, and why it lost them: a file that does not load, or a check that fails. */
function graded(file: string): { points: number; why?: string } {
  try {
    const outcome = exercise.checks[0]!.run(exercise.load(file, file), defaultLimits);
    const failed = outcome.failure ?? outcome.counterexample?.reason;
    return failed === undefined ? { points: 12 } : { points: 0, why: failed };
  } catch (error) {
    return { points: 0, why: (error as Error).message };
  }
}

const jsonUnder = (folder: string): string[] =>
  readdirSync(folder, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".json"))
    .map((f) => join(folder, f))
    .sort();

describe("exercise 4, break FIFO", () => {
  const shipped = [...jsonUnder("spec/scenarios"), ...jsonUnder("bench/scenarios"), "exercises/04-break-fifo/scenario.json"];

  it("should be answered by no scenario file the kit ships, the exercise's own stub among them", () => {
    expect(shipped.length).toBeGreaterThanOrEqual(25);
    const answering = shipped.filter((file) => graded(file).points > 0);
    expect(answering).toEqual([]);
  });

  it("should refuse two-node.json, which answered it before, for its initiator's transfer", () => {
    expect(graded("spec/scenarios/two-node.json")).toEqual({
      points: 0,
      why: "P0 may start the snapshot and sends transfers: here only processes that send nothing may start it, so that the marker that overtakes is one passed on",
    });
  });

  it("should take two-node.json once its initiator sends nothing: P1's marker then overtakes P1's transfer", () => {
    const twoNode = JSON.parse(readFileSync("spec/scenarios/two-node.json", "utf8")) as { programs: Record<string, unknown> };
    const auditor = { ...twoNode, programs: { P1: twoNode.programs.P1 } };
    expect(graded(tempFile("auditor.json", auditor))).toEqual({ points: 12 });
  });

  it("should take a right scenario within its bounds whose full graphs are past the grade's state limit: four processes every pair connected", () => {
    const ring = {
      processes: { P0: 100, P1: 100, P2: 100, P3: 100 },
      programs: { P1: [{ to: "P2", amount: 1 }], P2: [{ to: "P3", amount: 4 }], P3: [{ to: "P1", amount: 16 }] },
      initiators: ["P0"],
    };
    expect(graded(tempFile("ring.json", ring))).toEqual({ points: 12 });
  });

  it("should still ask that the snapshot need FIFO: an initiator that sends nothing is not enough", () => {
    const noTransfer = { processes: { P0: 100, P1: 100 }, initiators: ["P0"] };
    expect(graded(tempFile("quiet.json", noTransfer)).why).toMatch(/^without FIFO, conservation still holds/);
  });

  it("should place a JSON mistake in the learner's file by line and column", () => {
    const file = tempFile("scenario.json", '{\n  "processes": { "P0": 100, "P1": 100 },\n  "initiators": ["P0"],\n}\n');
    expect(graded(file).why).toBe(`${file}: not valid JSON at line 4, column 1: expected double-quoted property name`);
  });

  it("should be answered by the solution", () => {
    expect(graded("solutions/04-break-fifo/scenario.json")).toEqual({ points: 12 });
  });
});

// Exercises 1 and 2 fill in the same file: a grade answers both from one sandbox (a child's start
// fewer), with the results each gets in a sandbox of its own. Each exercise has budgets of its own, a
// sandbox that fails leaves the next exercise a fresh one, and what its child printed counts against
// every exercise it answered.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { callOf } from "../../src/grade/sandbox/protocol.js";
import { chosenExercises, exercises, findExercise } from "../../src/grade/exercises/catalogue.js";
import { defaultLimits, type GradeOptions, gradeExercise, gradeSubmission, groupsOf } from "../../src/grade/grade.js";
import type { ExerciseResult } from "../../src/grade/result.js";
import { submissionBundle } from "../../src/grade/sandbox/bundle.js";
import { Sandbox } from "../../src/grade/sandbox/sandbox.js";
import { processesLeftUnder, sandboxScratch } from "./sandbox/support.js";

let scratch: string;
let sandboxes: string;
beforeAll(() => {
  ({ scratch, sandboxes } = sandboxScratch("shared-sandbox"));
  process.env.TMPDIR = sandboxes;
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => expect(await processesLeftUnder(sandboxes)).toEqual([]));

const rulesFile = "01-record-and-forward/rules.ts";
const solution = readFileSync(join("solutions", rulesFile), "utf8");
let folders = 0;

/** A submission folder with `code` as exercises 1 and 2's file. */
function student(code: string): string {
  const directory = join(scratch, `student-${++folders}`);
  cpSync(join("solutions", "01-record-and-forward"), join(directory, "01-record-and-forward"), { recursive: true });
  writeFileSync(join(directory, rulesFile), code);
  return directory;
}

/** Exercises 1 and 2 of `directory` graded by one grade, and how many children the grade started (each loads its submission once). */
async function gradedTogether(directory: string, options: GradeOptions = {}) {
  const loads = vi.spyOn(Sandbox.prototype, "load");
  const report = await gradeSubmission(directory, { ...options, only: [1, 2] });
  return { exercises: report.exercises, children: loads.mock.calls.length };
}

function withoutTimes({ elapsedMs: _elapsed, ...rest }: ExerciseResult) {
  return rest;
}

describe("the exercises graded in one sandbox", () => {
  it("should be the runs of rules exercises that fill in the same file, after the exercises that need no sandbox", () => {
    expect(groupsOf(exercises)).toEqual([[3], [0, 1], [2], [4], [5]]);
    expect(groupsOf(chosenExercises([2, 3]))).toEqual([[0], [1]]);
    expect(groupsOf(chosenExercises([1, 4]))).toEqual([[1], [0]]);
  });

  it("should grade exercises 1 and 2 from one child, each as it is graded alone", async () => {
    const together = await gradedTogether("solutions");
    expect(together.children).toBe(1);
    const alone = [await gradeExercise(findExercise(1), "solutions"), await gradeExercise(findExercise(2), "solutions")];
    expect(together.exercises.map(withoutTimes)).toEqual(alone.map(withoutTimes));
    expect(together.exercises.map((e) => e.passed)).toEqual([true, true]);
  });

  it("should start a fresh child for exercise 2 where exercise 1's failed, and judge it on its own", async () => {
    // The first question ever asked loops for good: exercise 1's child fails on it at the time limit; exercise 2, asked
    // it again, has the answer kept from exercise 1 (the same file's), and its own child answers the rest.
    const looping = `${solution}\nlet asked = false;\nconst initiate = rules.initiate;\nrules.initiate = (view) => { if (!asked) { asked = true; for (;;); } return initiate(view); };\n`;
    const { exercises: graded, children } = await gradedTogether(student(looping), { timeLimitMs: 300 });
    expect(children).toBe(2);
    const late = { kind: "timeout", message: "rules.initiate(view) at P0 did not answer within 300ms (an endless loop?)", check: 0, run: { length: 1 } };
    expect(graded.map((e) => e.fault)).toMatchObject([late, late]);
  });

  it("should count what the child printed against every exercise it answered", async () => {
    // Printed once, while exercise 1 is graded: exercise 2, answered by the same child, has printed too.
    const printing = `${solution}\nlet printed = false;\nconst initiate = rules.initiate;\nrules.initiate = (view) => { if (!printed) { printed = true; console.log("my snapshot"); } return initiate(view); };\n`;
    const { exercises: graded, children } = await gradedTogether(student(printing));
    expect(children).toBe(1);
    const said = 'printed to stdout ("my snapshot"): rules must not print';
    expect(graded.map((e) => [e.points, e.fault?.kind, e.fault?.message.startsWith(said)])).toEqual([
      [0, "stdout", true],
      [0, "stdout", true],
    ]);
  });

  it("should count nothing of what the child printed to stderr, the way the READMEs give to print while debugging", async () => {
    const printing = `${solution}\nconst initiate = rules.initiate;\nrules.initiate = (view) => { console.error("my snapshot"); return initiate(view); };\n`;
    const { exercises: graded } = await gradedTogether(student(printing));
    expect(graded.map((e) => [e.points, e.passed, e.fault])).toEqual([
      [15, true, undefined],
      [15, true, undefined],
    ]);
  });
});

describe("a sandbox's budgets", () => {
  it("should start again for each exercise it answers", async () => {
    // A 60 KB answer, where the answers may come to 100 KB in all.
    const file = join(scratch, "big.ts");
    writeFileSync(file, `export function big() { return "x".repeat(60_000); }\n`);
    const sandbox = new Sandbox(await submissionBundle(file, "big.ts"), { ...defaultLimits, answersLimitMb: 100 / 1024 });
    try {
      sandbox.load();
      expect(sandbox.call([callOf("big", [])])[0]!.ok).toBe(true);
      sandbox.renewBudget();
      expect(sandbox.call([callOf("big", [])])[0]!.ok).toBe(true);
      expect(() => sandbox.call([callOf("big", [])])).toThrow("answered more than 0.09765625 MB in all");
    } finally {
      await sandbox.close();
    }
  });
});

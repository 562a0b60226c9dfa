// Exercises 1 and 2 grade the same file: with the answers remembered for a bundle's code kept from
// one exercise to the next (answersByCode, as a grade keeps them), exercise 2's sandbox is
// asked only what exercise 1's was not, and grades the same. A file changed between the two is a
// different bundle: exercise 2 then asks everything itself.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { KnownAnswers } from "../../src/grade/graded-rules/remembering-submission.js";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import { answersByCode, gradeExercise } from "../../src/grade/grade.js";
import type { ExerciseResult } from "../../src/grade/result.js";
import { Sandbox } from "../../src/grade/sandbox/sandbox.js";
import { tempDir } from "../support/temp-dir.js";

afterEach(() => vi.restoreAllMocks());

/** Grades `exercise` of `directory`, and says which questions its sandbox was asked (function and input). */
async function graded(number: number, directory: string, answersFor?: (code: string) => KnownAnswers) {
  const asked = new Set<string>();
  const call = Sandbox.prototype.call;
  const spy = vi.spyOn(Sandbox.prototype, "call").mockImplementation(function (this: Sandbox, calls) {
    for (const { path, input } of calls) asked.add(`${path} ${input}`);
    return call.call(this, calls);
  });
  const result = await gradeExercise(findExercise(number), directory, {}, undefined, answersFor);
  spy.mockRestore();
  return { result: withoutTimes(result), asked };
}

function withoutTimes(result: ExerciseResult) {
  const { elapsedMs: _elapsed, ...rest } = result;
  return rest;
}

const minus = (a: Set<string>, b: Set<string>) => new Set([...a].filter((q) => !b.has(q)));

describe("answers kept from one exercise to the next", () => {
  it("should ask exercise 2's sandbox only what exercise 1's was not asked, and grade the same", async () => {
    const [first, second] = [await graded(1, "solutions"), await graded(2, "solutions")];
    const answersFor = answersByCode();
    const [firstShared, secondShared] = [await graded(1, "solutions", answersFor), await graded(2, "solutions", answersFor)];

    expect(firstShared).toEqual(first);
    expect(secondShared.result).toEqual(second.result);
    expect(second.result.passed).toBe(true);
    // New to exercise 2 (316 of its 599 questions here): asked, each of them, and nothing else new.
    const newToSecond = minus(second.asked, first.asked);
    expect(newToSecond.size).toBeGreaterThan(0);
    expect(newToSecond.size).toBeLessThan(second.asked.size);
    expect(minus(secondShared.asked, first.asked)).toEqual(newToSecond);
    // Of exercise 1's questions, exercise 2 asks again only the few its end-of-check recheck picks
    // (32 remembered answers: whether a rule keeps hidden state, now across two processes).
    expect(secondShared.asked.size - newToSecond.size).toBeLessThanOrEqual(32);
  });

  it("should ask everything again once the file has changed between the two exercises", async () => {
    const directory = join(tempDir("shared-answers"), "changed");
    cpSync(join("solutions", "01-record-and-forward"), join(directory, "01-record-and-forward"), { recursive: true });
    const answersFor = answersByCode();
    await graded(1, directory, answersFor);
    // The same rules, in a different bundle.
    const file = join(directory, "01-record-and-forward", "rules.ts");
    writeFileSync(file, `${readFileSync(file, "utf8")}\nexport const edited = true;\n`);
    const alone = await graded(2, directory);
    const afterEdit = await graded(2, directory, answersFor);
    expect(afterEdit.result).toEqual(alone.result);
    expect(afterEdit.asked).toEqual(alone.asked);
  });
});

// Exercise 3's direct calls: a wrong answer is shown on the smallest drawn input, as fast-check
// shrinks it, with its processes' names made plain (P0, P1, ...) where it still fails with them, as
// a generated scenario's are; a mistake that needs its names keeps them. Rules run in this process.
import { describe, expect, it } from "vitest";
import * as answer from "../../solutions/03-completion/completion.js";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import type { GlobalSnapshot, LocalPart } from "../../src/grade/exercises/completion.js";
import type { RulesExercise } from "../../src/grade/exercises/exercise.js";
import { inProcessSubmission } from "../../src/grade/graded-rules/remembering-submission.js";
import { defaultLimits } from "../../src/grade/grade.js";

/** The direct calls' check run on exercise 3's answer with `functions` in place of its own. */
function directCalls(functions: Partial<typeof answer>) {
  const check = (findExercise(3) as RulesExercise).checks.find((c) => c.name.startsWith("direct calls"))!;
  return check.run(inProcessSubmission({ ...answer, ...functions }), defaultLimits);
}

describe("exercise 3's functions called directly", () => {
  it("should show the smallest input that fails with plain names, where it fails with them too", () => {
    // Drawn and shrunk, the view's process was "branch office of the bank, account 00006".
    const outcome = directCalls({ isPartDone: () => true });
    expect(outcome.failure).toBe("knows-when-done is violated: P0 says its part is done, but it has not recorded");
    expect(outcome.input).toEqual({
      what: "this drawn view",
      value: { process: "P0", hasRecorded: false, incoming: [], outgoing: [], recordings: {}, recorded: null, received: [], sent: {} },
    });
  });

  it("should call isPartDone on a sink with an incoming channel still open", () => {
    // Right wherever the process sends on some channel: a sink is taken as done as soon as it records.
    const outcome = directCalls({ isPartDone: (view) => answer.isPartDone(view) || (view.hasRecorded && view.outgoing.length === 0) });
    expect(outcome.violated).toEqual(["knows-when-done"]);
    const view = outcome.input!.value as { outgoing: string[]; recordings: Record<string, { status: string }> };
    expect(view.outgoing).toEqual([]);
    expect(Object.values(view.recordings).some((r) => r.status === "open")).toBe(true);
  });

  it("should keep the names drawn where the mistake needs them", () => {
    // Right for P0, P1, ...; wrong for a name an object already has ("constructor" is there before any is put in).
    const outcome = directCalls({
      assembleSnapshot: (parts: readonly LocalPart[]): GlobalSnapshot => {
        const whole = answer.assembleSnapshot(parts);
        const processes: Record<string, { pc: number; balance: number }> = {};
        for (const part of parts) if (!processes[part.process]) processes[part.process] = part.state;
        return { ...whole, processes };
      },
    });
    expect(outcome.violated).toEqual(["assembled-snapshot"]);
    const names = (outcome.input!.value as LocalPart[]).map((part) => part.process);
    expect(names.some((name) => name in {})).toBe(true);
  });
});

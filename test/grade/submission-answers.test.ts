// A submission's answers are remembered by their question, and only the first answers that kept
// the contract keep what they were asked about: those are what `recheck` asks again at the end,
// to catch rules that keep hidden state. These are the rules that follow from it, in this process.
import { describe, expect, it } from "vitest";
import { RuleFault } from "../../src/grade/graded-rules/rule-fault.js";
import { inProcessSubmission } from "../../src/grade/graded-rules/remembering-submission.js";

/** A module whose `f` doubles a number's field, refuses 13, and counts how often each number was run. */
function counting() {
  const runs = new Map<number, number>();
  const module = {
    f({ n }: { n: number }) {
      runs.set(n, (runs.get(n) ?? 0) + 1);
      if (n === 13) throw new Error("no 13");
      return 2 * n;
    },
  };
  return { module, runs };
}

describe("remembered questions", () => {
  it("should ask each distinct question once, however its arguments were built, and hand back the same answer", () => {
    const { module, runs } = counting();
    const submission = inProcessSubmission(module);
    const first = submission.call("f", [{ n: 4 }], "f(4)");
    // Equal arguments as other objects, with their keys written in the same order: the same question.
    expect(submission.call("f", [JSON.parse('{"n":4}')], "f(4)")).toBe(first);
    expect(first).toBe(8);
    // The harness runs each call twice (the rules must answer the same): 2 runs, for 2 calls.
    expect(runs.get(4)).toBe(2);
    expect(submission.counts()).toMatchObject({ calls: 2, questions: 1, asked: 1 });
  });

  it("should name an argument a rule changed as the call names it, with where it changed", () => {
    const submission = inProcessSubmission({ rules: { onMessage: (_view: unknown, _channel: string, message: { id: string }) => ((message.id = "x"), []) } });
    expect(() => submission.call("rules.onMessage", [{}, "P0->P1", { id: "P0#1" }], "rules.onMessage(view, channel, message) at P1")).toThrow(
      new RuleFault("mutates", "rules.onMessage(view, channel, message) at P1 changed message.id (rules must not change what they are given)"),
    );
  });

  it("should hand every caller the same answer frozen all the way down, so no caller can change it for the next", () => {
    const submission = inProcessSubmission({ effects: () => [{ type: "send-marker", channel: "A->B", sent: [{ id: "t1" }] }] });
    const answer = submission.call("effects", [], "effects()") as { sent: { id: string }[] }[];
    expect(submission.call("effects", [], "effects()")).toBe(answer);
    expect([answer, answer[0], answer[0]!.sent, answer[0]!.sent[0]].every(Object.isFrozen)).toBe(true);
  });

  it("should take answers nested up to 100 levels deep, and refuse deeper ones as not data, however deep", () => {
    const nested = (levels: number) => {
      let value: unknown = 7;
      for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { inner: value };
      return value;
    };
    const submission = inProcessSubmission({ nested: ({ levels }: { levels: number }) => nested(levels) });
    expect(submission.call("nested", [{ levels: 100 }], "nested(100)")).toEqual(nested(100));
    for (const levels of [101, 3000]) {
      const refused = (() => {
        try {
          submission.call("nested", [{ levels }], `nested(${levels})`);
        } catch (error) {
          return error;
        }
      })() as RuleFault;
      expect(refused).toBeInstanceOf(RuleFault);
      expect([refused.fault, refused.message]).toEqual([
        "not-data",
        `nested(${levels}) returned data nested more than 100 levels deep (rules return effects: lists of small objects)`,
      ]);
    }
  });

  it("should ask again, at the end, the first 32 questions answered within the contract, in the order they were asked", () => {
    const { module, runs } = counting();
    const submission = inProcessSubmission(module);
    const asked = Array.from({ length: 40 }, (_, i) => i);
    for (const n of asked) {
      try {
        submission.call("f", [{ n }], `f(${n})`);
      } catch (error) {
        // 13 breaks the contract: it is not asked again.
        expect(error).toBeInstanceOf(RuleFault);
      }
    }
    runs.clear();
    submission.recheck();
    const again = asked.filter((n) => n !== 13).slice(0, 32);
    expect([...runs.keys()]).toEqual(again);
    expect(submission.counts()).toMatchObject({ questions: 40, asked: 40 + 32 });
  });

  it("should catch an answer that changed when asked again, naming the call", () => {
    let calls = 0;
    // Answers 1 to its first two runs, 2 after: the harness's two runs agree, the recheck does not.
    const submission = inProcessSubmission({ g: () => (++calls <= 2 ? 1 : 2) });
    expect(submission.call("g", [], "g() at P0")).toBe(1);
    expect(() => submission.recheck()).toThrow(
      new RuleFault("non-deterministic", "g() at P0 answered 1 and, asked again later, 2: rules must be pure (no state kept between calls)"),
    );
  });
});

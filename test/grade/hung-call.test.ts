// A batch of calls the sandbox does not answer in time is asked again one call at a time, in a fresh
// sandbox, until one does not answer: that call is the fault, with its process and step, and every
// question not answered yet meets it (the sandbox is gone). Where every call answers alone, the
// functions the batch asked are named. Stand-ins for sandboxes here; endless-loop.system.test.ts
// grades a submission that loops, in real ones.
import { describe, expect, it } from "vitest";
import { RuleFault } from "../../src/grade/graded-rules/rule-fault.js";
import { sandboxedSubmission } from "../../src/grade/graded-rules/submission.js";
import { type Answer, type Call, noAnswerWithin } from "../../src/grade/sandbox/protocol.js";
import { type Sandbox, SandboxFailed } from "../../src/grade/sandbox/sandbox.js";

const limits = { timeLimitMs: 300, totalTimeLimitMs: 60_000, memoryLimitMb: 256, answersLimitMb: 64 };

/**
 * A stand-in for a sandbox: each call answered with its argument, but "late" where `hangs` says
 * so, which fails it for good as a sandbox that did not answer in time fails.
 */
function standIn(hangs: (call: Call, asked: number) => boolean): Sandbox {
  let failed = false;
  let asked = 0;
  const late = () => new SandboxFailed({ kind: "timeout", message: noAnswerWithin(limits.timeLimitMs) });
  return {
    limits,
    load() {},
    call(calls: readonly Call[]): Answer[] {
      if (failed) throw late();
      const answers: Answer[] = [];
      for (const call of calls) {
        failed = hangs(call, ++asked);
        if (failed) throw late();
        answers.push({ ok: true, json: JSON.stringify(JSON.parse(call.input)[0]) });
      }
      return answers;
    },
    close: async () => ({ stdout: "", stderr: "" }),
  } as unknown as Sandbox;
}

/** The questions `n` for 1 to 6, asked as a check gathers them (one batch of one, then one of four...), then `n` on its own. */
function asked(submission: ReturnType<typeof sandboxedSubmission>, n: number) {
  const ask = (k: number) => submission.call(k % 2 ? "rules.onMarker" : "rules.onMessage", [k], `rules.f(${k}) at P${k}`);
  submission.gather(() => {
    for (let k = 1; k <= 6; k++) {
      try {
        ask(k);
      } catch {}
    }
  });
  return () => ask(n);
}

describe("a batch that does not answer in time", () => {
  it("should be asked again one call at a time in a fresh sandbox, the call that does not answer named", () => {
    const fresh: Sandbox[] = [];
    const hangsOn4 = (call: Call) => call.input === "[4]";
    const submission = sandboxedSubmission(standIn(hangsOn4), undefined, () => fresh[fresh.push(standIn(hangsOn4)) - 1]!);
    const late = new RuleFault("timeout", "rules.f(4) at P4 did not answer within 300ms (an endless loop?)");
    expect(asked(submission, 4)).toThrow(late);
    expect(fresh).toHaveLength(1);
    // Answered before it, in the fresh sandbox: remembered.
    expect(asked(submission, 3)()).toBe(3);
    // Never answered: the sandbox is gone, and the call that hung is why.
    expect(asked(submission, 5)).toThrow(late);
  });

  it("should name the call of a batch of one without asking again", () => {
    let started = 0;
    const submission = sandboxedSubmission(
      standIn((call) => call.input === "[1]"),
      undefined,
      () => (started++, standIn(() => false)),
    );
    expect(asked(submission, 1)).toThrow(new RuleFault("timeout", "rules.f(1) at P1 did not answer within 300ms (an endless loop?)"));
    expect(started).toBe(0);
  });

  it("should name the functions the batch asked where each of its calls answers alone", () => {
    // Hidden state: the sandbox that answered four questions before hangs on the fifth, the fresh one never gets there.
    const submission = sandboxedSubmission(
      standIn((_, n) => n === 5),
      undefined,
      () => standIn((_, n) => n === 5),
    );
    // Gathering asks them, and meets it.
    expect(() => asked(submission, 5)).toThrow(
      new SandboxFailed({ kind: "timeout", message: "rules.onMessage or rules.onMarker did not answer within 300ms (an endless loop?)" }),
    );
  });
});

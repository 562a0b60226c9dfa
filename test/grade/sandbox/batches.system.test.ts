// Questions cross to a sandbox in batches: a batch's answers stop at the first that breaks
// the contract (the child runs nothing after it), the grader takes such a shorter reply and
// no other, and a learner's distinct questions are each run once, in fewer round trips.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxedSubmission } from "../../../src/grade/graded-rules/submission.js";
import { defaultLimits } from "../../../src/grade/grade.js";
import { submissionBundle } from "../../../src/grade/sandbox/bundle.js";
import { callOf } from "../../../src/grade/sandbox/protocol.js";
import { Sandbox } from "../../../src/grade/sandbox/sandbox.js";
import { processesLeftUnder, sandboxScratch } from "./support.js";

let scratch: string;
let sandboxes: string;
beforeAll(() => {
  ({ scratch, sandboxes } = sandboxScratch("batches"));
  process.env.TMPDIR = sandboxes;
});

describe("batches to a real sandbox", () => {
  let sandbox: Sandbox;
  let closed = false;
  beforeAll(async () => {
    const file = join(scratch, "rules.ts");
    // Doubles a number, refuses 3; says on stderr which numbers it ran.
    writeFileSync(file, `export function f(n: number) { console.error("ran " + n); if (n === 3) throw new Error("no 3"); return 2 * n; }\n`);
    sandbox = new Sandbox(await submissionBundle(file, "rules.ts"), defaultLimits);
    sandbox.load();
  });
  afterAll(async () => {
    if (!closed) await sandbox.close();
    expect(await processesLeftUnder(sandboxes)).toEqual([]);
  });

  it("should run each distinct question once, stop a batch at the answer that breaks the contract, and run nothing after it", async () => {
    const submission = sandboxedSubmission(sandbox);
    const asked = [1, 2, 1, 4, 2, 5, 1];
    const gathered = submission.gather(() => {
      for (const n of asked) {
        try {
          submission.call("f", [n], `f(${n})`);
        } catch {
          // not answered yet: noted
        }
      }
    });
    expect(gathered).toBe(true);
    expect(asked.map((n) => submission.call("f", [n], `f(${n})`))).toEqual([2, 4, 2, 8, 4, 10, 2]);
    // Four distinct questions, in batches of 1 and then 4 at most: two round trips, not four.
    expect(submission.counts()).toEqual({ calls: 7, questions: 4, asked: 4, roundTrips: 2 });

    const answers = sandbox.call([6, 3, 7].map((n) => callOf("f", [n])));
    expect(answers).toEqual([
      { ok: true, json: "12" },
      { ok: false, fault: "throws", message: expect.stringMatching(/^threw no 3 \(rules\.ts:1:\d+\)$/) },
    ]);
    closed = true;
    const { stderr } = await sandbox.close();
    // Each call runs twice (to catch rules that change what they are given); 7 never ran.
    expect(stderr.match(/ran \d+/g)).toEqual(["ran 1", "ran 1", "ran 2", "ran 2", "ran 4", "ran 4", "ran 5", "ran 5", "ran 6", "ran 6", "ran 3"]);
  });
});

// A rule that loops for good is named, with its process and step, as every other fault is: the
// sandbox answers calls in batches, so a batch that does not answer is asked again one call at a
// time, in a fresh sandbox, until one does not answer; the report shows the shortest run to that
// call, found from the answers given before (no call is asked again, so a loop costs one time limit
// more, at most). The calls of a batch that each answer alone are named by their functions.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { gradeSubmission } from "../../src/grade/grade.js";
import { textReport } from "../../src/grade/report/text-report.js";
import { Sandbox } from "../../src/grade/sandbox/sandbox.js";
import { processesLeftUnder, sandboxScratch } from "./sandbox/support.js";

let scratch: string;
let sandboxes: string;
beforeAll(() => {
  ({ scratch, sandboxes } = sandboxScratch("endless-loop"));
  process.env.TMPDIR = sandboxes;
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => expect(await processesLeftUnder(sandboxes)).toEqual([]));

const rulesFile = "01-record-and-forward/rules.ts";

/** A copy of exercise 1's answer with `replace` applied. */
function submissionWith(name: string, replace: (solution: string) => string): string {
  const dir = join(scratch, name);
  cpSync(join("solutions", "01-record-and-forward"), join(dir, "01-record-and-forward"), { recursive: true });
  writeFileSync(join(dir, rulesFile), replace(readFileSync(join(dir, rulesFile), "utf8")));
  return dir;
}

describe("a rule that does not answer in time", () => {
  it("should be named with its process and step, and the run to it, from one sandbox more", async () => {
    // P1 loops on the first message P0 sends it: a question asked among others, in a batch.
    const dir = submissionWith("loops", (solution) =>
      solution.replace(/onMessage\(view, channel, message\) \{\n/, '$&    if (view.process === "P1" && message.id === "P0#1") for (;;);\n'),
    );
    const loads = vi.spyOn(Sandbox.prototype, "load");
    const report = await gradeSubmission(dir, { only: [1], timeLimitMs: 1000 });
    const [first] = report.exercises;
    expect(first!.fault).toMatchObject({
      kind: "timeout",
      message: "rules.onMessage(view, channel, message) at P1 (P0#1 on P0->P1) did not answer within 1s (an endless loop?)",
      run: {
        property: "no-throw",
        length: 2,
        steps: ["P0 sends 10 to P1 (P0#1), balance 90", "deliver P0#1 (10) on P0->P1: P1 balance 110 [the rule did not answer in time]"],
      },
      check: 0,
    });
    // The exercise's own sandbox, and the one that asked the batch again.
    expect(loads).toHaveBeenCalledTimes(2);
    expect(textReport([report])).toContain(
      `failed: ${first!.fault!.message}\n       on this scenario (the check's own): ${JSON.stringify(first!.fault!.scenario)}\n       to explore it, save that scenario as it.json, then: npx snaplab explore it.json --rules exercises/01-record-and-forward/rules.ts\n       shortest run to it, 2 steps:\n`,
    );
  });

  it("should be shown on the smallest generated scenario where only a generated one meets it", async () => {
    // A process no channel leads to, which loops as it starts a snapshot: only among the generated scenarios.
    const dir = submissionWith("source", (solution) =>
      solution.replace(/initiate: (\w+),/, "initiate: (view: ProcessView) => { if (view.incoming.length === 0) for (;;); return $1(view); },"),
    );
    const [first] = (await gradeSubmission(dir, { only: [1], timeLimitMs: 1000 })).exercises;
    expect(first!.fault).toMatchObject({
      kind: "timeout",
      message: expect.stringMatching(/^rules\.initiate\(view\) at .+ did not answer within 1s \(an endless loop\?\)$/),
      scenario: { name: expect.stringMatching(/^generated #\d+, shrunk$/) },
      run: { property: "no-throw", length: 1 },
    });
  });
});

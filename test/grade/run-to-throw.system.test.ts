// A rule that throws costs its exercise, with the message and where in the learner's files; the
// report also shows the shortest run to a throw (no-throw), as DSLabs shows an exception's trace:
// on the smallest generated scenario where the check is on generated ones. A rule the properties
// call (exercise 3's) has no run to it: the message alone, as before.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../src/grade/grade.js";
import { jsonReport } from "../../src/grade/report/json-report.js";
import { textReport } from "../../src/grade/report/text-report.js";
import { tempDir } from "../support/temp-dir.js";

let scratch: string;
beforeAll(() => {
  scratch = tempDir("run-to-throw");
});

/** A copy of solutions/' `exercise` folder whose `file` is the solution with `replace` applied. */
function submissionWith(name: string, exercise: string, file: string, replace: (solution: string) => string): string {
  const dir = join(scratch, name);
  cpSync(join("solutions", exercise), join(dir, exercise), { recursive: true });
  const path = join(dir, exercise, file);
  writeFileSync(path, replace(readFileSync(path, "utf8")));
  return dir;
}

const throwing = (condition: string, message: string) => (solution: string) =>
  solution.replace("export const rules", `const threw = (view: ProcessView) => {\n  if (${condition}) throw new Error(${message});\n};\nexport const rules`);

describe("a rule that throws", () => {
  it("should show the shortest run to the throw under the fault, in the text and the JSON report", async () => {
    // Every delivery to a process that has not recorded throws: the first one can be two steps in.
    const dir = submissionWith("delivery", "01-record-and-forward", "rules.ts", (solution) =>
      throwing("view.recorded === null", '"not recorded yet"')(solution).replace(/onMessage\(view, channel, message\) \{\n/, "$&    threw(view);\n"),
    );
    const report = await gradeSubmission(dir, { only: [1] });
    const [first] = report.exercises;
    expect(first!.fault).toMatchObject({
      kind: "throws",
      message: expect.stringMatching(
        /^rules\.onMessage\(view, channel, message\) at P1 \(P0#1 on P0->P1\) threw not recorded yet \(01-record-and-forward\/rules\.ts:\d+:\d+\)$/,
      ),
      run: {
        property: "no-throw",
        length: 2,
        steps: ["P0 sends 10 to P1 (P0#1), balance 90", "deliver P0#1 (10) on P0->P1: P1 balance 110 [the rule threw]"],
      },
    });
    // Met on a fixed scenario: that scenario, as a file, and the command that explores it, as for a generated one.
    expect(first!.fault).toMatchObject({
      scenario: { name: "two-node" },
      fixed: true,
      explore: "npx snaplab explore it.json --rules exercises/01-record-and-forward/rules.ts",
    });
    const text = textReport([report]);
    expect(text).toContain(
      [
        `failed: ${first!.fault!.message}`,
        `       on this scenario (the check's own): ${JSON.stringify(first!.fault!.scenario)}`,
        "       to explore it, save that scenario as it.json, then: npx snaplab explore it.json --rules exercises/01-record-and-forward/rules.ts",
        "       shortest run to it, 2 steps:",
        "        1. P0 sends 10 to P1 (P0#1), balance 90\n",
      ].join("\n"),
    );
    const [failure] = (jsonReport([report]) as { failures: object[] }).failures;
    expect(failure).toMatchObject({
      exercise: 1,
      fault: { kind: "throws", message: first!.fault!.message },
      scenario: first!.fault!.scenario,
      fixed: true,
      steps: first!.fault!.run!.steps,
    });
  });

  it("should show it on the smallest generated scenario where only a generated one meets it", async () => {
    // A process no channel leads to: only among the generated scenarios.
    const dir = submissionWith("source", "01-record-and-forward", "rules.ts", (solution) =>
      throwing(
        "view.incoming.length === 0",
        '"no way in"',
      )(solution).replace(/initiate\(view\) \{\n|initiate: (\w+),/, (match, name) =>
        name ? `initiate: (view: ProcessView) => (threw(view), ${name}(view)),` : `${match}    threw(view);\n`,
      ),
    );
    const [first] = (await gradeSubmission(dir, { only: [1] })).exercises;
    expect(first!.fault).toMatchObject({
      kind: "throws",
      message: expect.stringMatching(/^rules\.initiate\(view\) at P\d threw no way in \(01-record-and-forward\/rules\.ts:\d+:\d+\)$/),
      scenario: { name: "generated #1, shrunk" },
      run: { property: "no-throw", length: 1 },
    });
  });

  it("should say the message alone where no run leads to it: exercise 3's functions, which the properties call", async () => {
    const dir = submissionWith("completion", "03-completion", "completion.ts", (solution) =>
      solution.replace(/export function isPartDone\(view: ProcessView\): boolean \{\n/, '$&  if (view.hasRecorded) throw new Error("done?");\n'),
    );
    const [completion] = (await gradeSubmission(dir, { only: [3] })).exercises;
    expect(completion!.fault).toEqual({
      kind: "throws",
      message: expect.stringMatching(/^isPartDone\(view\) at P\d threw done\? \(03-completion\/completion\.ts:\d+:\d+\)$/),
      // Met in the first check, two-node, where P0 and P1 record: told under it.
      check: 0,
    });
  });
});

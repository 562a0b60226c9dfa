// A check on a fixed scenario that fails gives that scenario as a file, as a check on generated ones
// gives its smallest, with the kit's command that explores it: in every report, and the command, run
// on the file, meets what the grade met.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gradeSubmission } from "../../src/grade/grade.js";
import { gradescopeReport } from "../../src/grade/report/gradescope-report.js";
import { jsonReport } from "../../src/grade/report/json-report.js";
import { junitReport } from "../../src/grade/report/junit-report.js";
import { textReport } from "../../src/grade/report/text-report.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

describe("a failed check on a fixed scenario", () => {
  it("should give its scenario as a file and the command that explores it, and the command should meet the same failure", async () => {
    const dir = join(tempDir("fixed"), "wrong-in-snapshot-1");
    mkdirSync(join(dir, "06-concurrent-snapshots"), { recursive: true });
    const rules = join(dir, "06-concurrent-snapshots", "rules.ts");
    writeFileSync(rules, WRONG_IN_SNAPSHOT_1);
    const report = await gradeSubmission(dir, { only: [6], filesNamedByPath: true });
    const ring = report.exercises[0]!.checks[1]!;
    const command = `npx snaplab explore it.json --rules ${rules}`;
    expect(ring).toMatchObject({ name: "ring, P0 and P1 at once", passed: false, fixed: true, explore: command });
    expect(ring.scenario).toEqual({
      name: "ring, P0 and P1 at once",
      processes: { P0: 100, P1: 100, P2: 100 },
      channels: [
        ["P0", "P1"],
        ["P1", "P2"],
        ["P2", "P0"],
      ],
      programs: { P0: [{ to: "P1", amount: 10 }], P1: [{ to: "P2", amount: 20 }], P2: [{ to: "P0", amount: 30 }] },
      initiators: ["P0", "P1"],
      snapshots: ["P0", "P1"],
    });

    const lines = [`on this scenario (the check's own): ${JSON.stringify(ring.scenario)}`, `to explore it, save that scenario as it.json, then: ${command}`];
    expect(textReport([report])).toContain(lines.map((line) => `         ${line}`).join("\n"));
    expect(junitReport([report])).toContain(lines.join("\n").replace(/"/g, "&quot;").replace(/>/g, "&gt;"));
    const tests = (gradescopeReport(report) as { tests: { name: string; output: string }[] }).tests;
    expect(tests.find((t) => t.name.endsWith(": ring, P0 and P1 at once"))!.output).toContain(lines.join("\n"));
    const json = jsonReport([report]) as { failures: object[] };
    expect(json.failures).toContainEqual(expect.objectContaining({ check: ring.name, scenario: ring.scenario, fixed: true, explore: command }));

    // The learner saves the scenario as it.json and runs the command: the search stops where the grade did.
    const saved = join(dir, "it.json");
    writeFileSync(saved, JSON.stringify(ring.scenario));
    const explored = await runCli("explore", saved, "--rules", rules);
    expect(explored.status).toBe(1);
    expect(explored.stdout).toContain(`well-formed-effects is violated: ${ring.counterexample!.reason}\n`);
  });
});

/** Exercise 6 answered right, but for a message recorded in snapshot 1, named as no message sent. */
const WRONG_IN_SNAPSHOT_1 = `
function start(view, snapshot) {
  return [
    { type: "record-state", snapshot },
    ...view.outgoing.map((channel) => ({ type: "send-marker", channel, snapshot })),
    ...view.incoming.map((channel) => ({ type: "start-recording", channel, snapshot })),
  ];
}
export const rules = {
  name: "wrong in snapshot 1",
  initiate: start,
  onMarker: (view, channel, snapshot) => [...(snapshot in view.snapshots ? [] : start(view, snapshot)), { type: "stop-recording", channel, snapshot }],
  onMessage: (view, channel, message) =>
    Object.entries(view.snapshots)
      .filter(([, recorded]) => recorded.recordings[channel]?.status === "open")
      .map(([id]) => ({ type: "record-message", channel, message: id === "1" ? "none" : message, snapshot: Number(id) })),
};
`;

// `snaplab explore` runs every model's scenario from the file alone; the `model` field says which.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../support/temp-dir.js";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, withoutProgress } from "../support/cli.js";
import { runExplore } from "../support/run-explore.js";
import { parseXml } from "../support/xml.js";

let dir: string;
beforeAll(() => {
  dir = tempDir("models");
});
function scenarioFile(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe("snaplab explore with a database scenario", () => {
  it("should run the design the scenario names and exit 0 when everything holds", async () => {
    const { stdout, exitCode } = await runExplore(["spec/scenarios/case-studies/database-two-nodes-blocking.json"]);
    expect(stdout).toMatch(/^database-two-nodes-blocking: database, blocking\n {2}states {28}238\n/);
    expect(stdout).toMatch(/^ {2}executions in which a send waits {2}306$/m);
    expect(exitCode).toBe(0);
  });

  it("should run another design with --algorithm, print JSON with --format json, and exit 1 on a violation", async () => {
    const { stdout, exitCode } = await runExplore([
      "spec/scenarios/case-studies/database-two-nodes-blocking.json",
      "--algorithm",
      "chandy-lamport-redo",
      "--format",
      "json",
    ]);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({
      scenario: "database-two-nodes-blocking",
      model: "database",
      algorithm: "chandy-lamport-redo",
      states: 303,
      executions: "1839",
    });
    expect(report.figures).toEqual({ "executions in which a send waits": "0" });
    expect(report.properties["contiguous-log"]).toBe("violated");
    expect(report.counterexamples[0].steps).toHaveLength(6);
    expect(exitCode).toBe(1);
  });

  it("should refuse bank-only flags and unknown designs", async () => {
    for (const flag of ["--fifo", "--no-fifo"]) {
      await expect(runExplore(["spec/scenarios/case-studies/database-two-nodes-blocking.json", flag])).rejects.toThrow(
        `${flag} applies to bank scenarios only (spec/scenarios/case-studies/database-two-nodes-blocking.json is a database scenario)`,
      );
    }
    await expect(runExplore(["spec/scenarios/case-studies/database-two-nodes-blocking.json", "--save-trace", "t.json"])).rejects.toThrow(
      "--save-trace applies to bank scenarios only (spec/scenarios/case-studies/database-two-nodes-blocking.json is a database scenario)",
    );
    await expect(runExplore(["spec/scenarios/case-studies/database-two-nodes-blocking.json", "--algorithm", "defer-after-recording"])).rejects.toThrow(
      'unknown database design "defer-after-recording" (known: chandy-lamport-redo, blocking, coordinator, blocking-until-all-done, coordinator-with-resume)',
    );
  });
});

describe("snaplab explore: which model", () => {
  it("should name an unknown model, with the file and the field", async () => {
    const file = scenarioFile("odd.json", '{ "model": "spreadsheet" }');
    await expect(runExplore([file])).rejects.toThrow(`${file}: model: unknown model "spreadsheet" (known: bank, database, dataflow)`);
  });

  it('should read a file without a model, or with "bank", as a bank, with the bank\'s exact errors', async () => {
    const bank = scenarioFile("bank.json", '{ "model": "bank", "processes": { "P0": 1 }, "initiators": ["P0"] }');
    expect((await runExplore([bank])).stdout).toMatch(/^bank: chandy-lamport, FIFO channels$/m);
    const broken = scenarioFile("broken.json", "{ nope");
    await expect(runExplore([broken])).rejects.toThrow(`${broken}: not valid JSON`);
    await expect(runExplore([join(dir, "missing.json")])).rejects.toThrow(`${join(dir, "missing.json")}: cannot read the scenario (no such file)`);
  });
});

describe("snaplab explore with a dataflow scenario", () => {
  it("should run the barrier mode the scenario names, or another with --algorithm", async () => {
    const { stdout, exitCode } = await runExplore(["spec/scenarios/case-studies/dataflow-aligned.json"]);
    expect(stdout).toMatch(/^dataflow-aligned: dataflow, aligned$/m);
    expect(exitCode).toBe(0);
    const other = await runExplore(["spec/scenarios/case-studies/dataflow-aligned.json", "--algorithm", "at-least-once"]);
    expect(other.stdout).toMatch(/^exactly-once is violated; shortest counterexample, 18 steps:$/m);
    expect(other.exitCode).toBe(1);
  });
});

describe("snaplab explore draws a case study's counterexamples", () => {
  it("should print the diagram under the steps, the failure as a row across the lanes", async () => {
    const { stdout } = await runExplore(["spec/scenarios/case-studies/dataflow-at-least-once.json"]);
    expect(stdout).toContain("  why: S2#1 is twice in the sink's result: [S1#1, S1#2, S2#1, S2#1]\n\n      S1            S2         operator        sink\n");
    expect(stdout).toMatch(/^ {2}15 {3}╳┈+╳┈+╳┈+╳ {3}the job fails and restarts from checkpoint 1/m);
    expect(stdout).toMatch(/^ {2}17 .*counts it \[S1#1, S1#2, S2#1, S2#1\] {3}✗ duplicate$/m);
  });

  it("should write the SVG and the Mermaid diagram of each counterexample, named after its property when there are several", async () => {
    const run = await runCli(
      "explore",
      // The smallest case study with several counterexamples (1,738 states).
      "spec/scenarios/case-studies/database-three-nodes-coordinator.json",
      "--svg",
      join(dir, "b.svg"),
      "--mermaid",
      join(dir, "b.md"),
    );
    expect(run.status).toBe(1);
    const files = ["b.atomicity.svg", "b.conservation.svg", "b.atomicity.md", "b.conservation.md"].map((f) => join(dir, f));
    expect(withoutProgress(run.stderr)).toBe(files.map((f) => `wrote ${f}\n`).join(""));
    expect(parseXml(readFileSync(files[0]!, "utf8")).name).toBe("svg");
    expect(readFileSync(files[2]!, "utf8")).toMatch(/^sequenceDiagram\n {4}participant A\n/);
  });
});

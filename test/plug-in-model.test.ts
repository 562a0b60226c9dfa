/**
 * Adding a model is one folder plus one registry line: the token ring of
 * test/support/token-ring.ts, which no file outside test/ knows, registered
 * here and run through every command (explore, --format json, the pictures,
 * --save-trace and replay) exactly as the shipped models are.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./support/temp-dir.js";
import { describe, expect, it } from "vitest";
import { check } from "../src/check/check.js";
import { models, parseModelScenario } from "../src/models/registry.js";
import { runCli, runCliWith, tempFile, withoutProgress } from "./support/cli.js";
import { parseXml } from "./support/xml.js";
import { tokenRingModel } from "./support/token-ring.js";

const registry = [...models, tokenRingModel];
const ring = (algorithm: string) => tempFile("ring.json", { model: "token-ring", nodes: ["A", "B", "C"], algorithm });
const withoutTime = (text: string) => text.replace(/^ {2}time .*\n/m, "");

describe("a model defined in a test", () => {
  it("is unknown to snaplab until it is registered", async () => {
    const { status, stderr } = await runCli("explore", ring("pass"));
    expect(status).toBe(2);
    expect(stderr).toMatch(/ring\.json: model: unknown model "token-ring" \(known: bank, database, dataflow\)\n$/);
  });

  it("is checked by the one pipeline: one token going round three nodes once is 7 states in a line", () => {
    const report = check(parseModelScenario(readFileSync(ring("pass"), "utf8"), "ring.json", registry));
    expect([report.model, report.algorithm, report.states, report.transitions, report.executions]).toEqual(["token-ring", "pass", 7, 6, 1n]);
    expect(report.properties).toEqual([{ name: "one-token", claim: "exactly one token is held or on its way", holds: true }]);
  });

  it("explores and prints its report once", async () => {
    const { status, stdout } = await runCliWith(registry, "explore", ring("pass"));
    expect(status).toBe(0);
    // How it was searched, as every model's report says: the one search, with what the states cost in memory.
    const searched = /\n {2}search {7}generic explorer, breadth-first, [\d.]+ MB \(\d+ bytes\/state\) and 7 distinct parts\n/;
    expect(withoutTime(stdout)).toMatch(searched);
    expect(withoutTime(stdout).replace(searched, "\n")).toBe(
      ["ring: token-ring, pass", "  states       7", "  transitions  6", "  executions   1", "", "  one-token  holds", ""].join("\n"),
    );
  });

  it("shows the shortest counterexample of rules that copy the token, as steps and a space-time diagram", async () => {
    const { status, stdout } = await runCliWith(registry, "explore", ring("copy-first"));
    expect(status).toBe(1);
    const text = withoutTime(stdout);
    expect(text).toContain("  one-token  VIOLATED\n");
    expect(text).toContain(
      ["one-token is violated; shortest counterexample, 1 step:", "   1. A passes T1 to B, keeps a copy T2", "  why: 2 tokens: T2 at A, T1 on A->B"].join("\n"),
    );
    // The diagram: a lane per node, the token leaving A on the step's row and still on its way at the end.
    expect(text).toContain(
      [
        "       A             B             C",
        "    1  ●──────────┐  ║             ║   A passes T1 to B, keeps a copy T2",
        "  end  ║          ▼  ║             ║   still in flight: T1",
        "  never recorded: A, B, C",
      ].join("\n"),
    );
  });

  it("answers --format json with the figures and the counterexample", async () => {
    const { status, stdout } = await runCliWith(registry, "explore", ring("copy-first"), "--format", "json");
    expect(status).toBe(1);
    const { search, ...json } = JSON.parse(stdout);
    expect(search).toMatchObject({ engine: "generic", search: "bfs", reduction: "none", fingerprint: false });
    expect({ ...json, elapsedMs: 0, states: 0, transitions: 0, executions: "0" }).toEqual({
      scenario: "ring",
      model: "token-ring",
      algorithm: "copy-first",
      states: 0,
      transitions: 0,
      executions: "0",
      figures: {},
      properties: { "one-token": "violated" },
      counterexamples: [{ property: "one-token", length: 1, reason: "2 tokens: T2 at A, T1 on A->B", steps: ["A passes T1 to B, keeps a copy T2"] }],
      elapsedMs: 0,
    });
  });

  it("draws the counterexample as SVG, Mermaid and ShiViz, and saves a trace that replay reproduces", async () => {
    const dir = tempDir("ring");
    const [svg, mermaid, shiviz, trace] = ["r.svg", "r.md", "r.log", "r.json"].map((f) => join(dir, f));
    const explored = await runCliWith(
      registry,
      "explore",
      ring("copy-first"),
      "--svg",
      svg!,
      "--mermaid",
      mermaid!,
      "--shiviz",
      shiviz!,
      "--save-trace",
      trace!,
    );
    expect(withoutProgress(explored.stderr)).toBe([svg, mermaid, shiviz, trace].map((f) => `wrote ${f}\n`).join(""));
    expect(parseXml(readFileSync(svg!, "utf8")).name).toBe("svg");
    expect(readFileSync(mermaid!, "utf8")).toMatch(/^sequenceDiagram\n {4}participant A\n {4}participant B\n {4}participant C\n/);
    expect(readFileSync(shiviz!, "utf8").split("\n").slice(2, 4)).toEqual(["1. A passes T1 to B, keeps a copy T2", 'A {"A":1}']);
    expect(JSON.parse(readFileSync(trace!, "utf8"))).toEqual({
      format: "snaplab-trace",
      version: 2,
      scenario: { model: "token-ring", name: "ring", nodes: ["A", "B", "C"], rounds: 1 },
      algorithm: "copy-first",
      violation: { property: "one-token", reason: "2 tokens: T2 at A, T1 on A->B" },
      actions: ["pass A"],
    });

    const replayed = await runCliWith(registry, "replay", trace!);
    expect(replayed.status).toBe(1);
    expect(replayed.stdout).toContain(`replaying ${trace}: ring, token-ring, copy-first, 1 step\n`);
    expect(replayed.stdout).toContain("step 1: A passes T1 to B, keeps a copy T2\n  A holds [T2]\n  B holds []\n  C holds []\n  A->B carries [T1]\n");
    expect(replayed.stdout).toContain("reproduced: one-token is violated after step 1: 2 tokens: T2 at A, T1 on A->B\n");
    // A learner's rules file is the bank's.
    const withRules = await runCliWith(registry, "replay", trace!, "--rules", "solutions/01-record-and-forward/rules.ts");
    expect([withRules.status, withRules.stderr]).toEqual([2, `snaplab: --rules applies to bank traces only (${trace} is a token-ring trace)\n`]);
  });

  it("refuses the options of other models, naming the models that take them", async () => {
    const file = ring("pass");
    const { status, stderr } = await runCliWith(registry, "explore", file, "--no-fifo", "--list-snapshots");
    expect(status).toBe(2);
    expect(stderr).toBe(`snaplab: --no-fifo, --list-snapshots apply to bank scenarios only (${file} is a token-ring scenario)\n`);
  });

  it("is refused by promela, which only the models with a Promela translation take", async () => {
    const file = ring("pass");
    const { status, stderr } = await runCliWith(registry, "promela", file);
    expect(status).toBe(2);
    expect(stderr).toBe(`snaplab: ${file}: model: snaplab promela writes bank scenarios only, not token-ring\n`);
  });
});

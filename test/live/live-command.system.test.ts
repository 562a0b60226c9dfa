/** `snaplab live` with rules that fail: one line and exit 2, whether they fail to build, to load or in a node, which ends the run; what rules print is shown, apart from the nodes' reports. */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";
import { childrenOf } from "./processes.js";

describe("snaplab live, given bad input", () => {
  it("refuses a rules file that does not build, naming the file and the line", async () => {
    const file = join(tempDir("live-rules"), "rules.ts");
    writeFileSync(file, "export const rules = {\n  initiate: (view) => [,\n};\n");
    const result = await runCli("live", "spec/scenarios/bank.json", "--rules", file);
    expect(result.status).toBe(2);
    // The place named as the file was given, as a throw's place is.
    expect(result.stderr).toBe(`snaplab: ${file}: does not build: ${file}:3:1: Unexpected "}"\n`);
  });

  it("refuses rules whose top-level code throws in one line, with where, exit 2 (it was Node's stack trace, exit 1)", async () => {
    const file = join(tempDir("live-rules"), "rules.ts");
    writeFileSync(file, "const x: any = null;\nconst y = x.field;\nexport const rules = { initiate: () => [], onMarker: () => [], onMessage: () => [] };\n");
    const result = await runCli("live", "spec/scenarios/bank.json", "--transfers", "10", "--rules", file);
    expect([result.status, result.stderr]).toEqual([2, `snaplab: ${file}: TypeError: Cannot read properties of null (reading 'field') (${file}:2:13)\n`]);
  });

  it("stops the run when a node's rules throw, with one line naming the rule, the process and the snapshot", async () => {
    const file = join(tempDir("live-rules"), "rules.ts");
    writeFileSync(file, 'export const rules = { name: "throws", initiate: () => { throw new Error("not yet"); }, onMarker: () => [], onMessage: () => [] };\n');
    const result = await runCli("live", "spec/scenarios/bank.json", "--transfers", "100", "--rules", file);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      // Where, in the learner's file: line 1, column 64 (`new Error`).
      `snaplab: A: initiate at A (snapshot 0) threw: not yet (${file}:1:64) (a live run calls the rules once per snapshot, with one snapshot's view, as exercises 1, 2 and 5 write them)\n`,
    );
    expect(childrenOf(process.pid)).toEqual([]);
  });

  it("says which rules it takes when given exercise 6's, written for several snapshots in one view", async () => {
    const result = await runCli("live", "spec/scenarios/bank.json", "--transfers", "100", "--rules", "solutions/06-concurrent-snapshots/rules.ts");
    expect(result.status).toBe(2);
    // One line, whichever node fails first (a node failing before the start once crashed, and the line was "Node.js v20…").
    expect(result.stderr).toMatch(
      /^snaplab: [ABC]: on(Message|Marker) at [ABC] \(snapshot \d+\) threw: .+ \(a live run calls the rules once per snapshot, with one snapshot's view, as exercises 1, 2 and 5 write them\)\n$/,
    );
    expect(childrenOf(process.pid)).toEqual([]);
  });
});

describe("snaplab live with a learner's rules that print", () => {
  it("shows what the rules print, on stderr, and keeps the nodes' reports apart (a console.log once ended the run in a stack trace)", () => {
    const file = join(tempDir("live-rules"), "printing.ts");
    const solution = readFileSync("solutions/01-record-and-forward/rules.ts", "utf8");
    writeFileSync(
      file,
      solution.replace(
        "initiate: takeSnapshot,",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the learner's code, a template literal in it
        'initiate(view) {\n    console.log(`{"type":"started","at":"${view.process}"}`);\n    return takeSnapshot(view);\n  },',
      ),
    );
    const run = spawnSync(
      process.execPath,
      ["bin/snaplab.js", "live", "spec/scenarios/bank.json", "--transfers", "50", "--snapshots", "1", "--rules", file, "--format", "json"],
      {
        encoding: "utf8",
      },
    );
    // Snapshot 0 is started by one initiator, once; nothing else is said. A failing run says why on stderr, or in the report.
    const started = /^\{"type":"started","at":"[ABC]"\}\n/gm;
    expect([run.status, run.stderr.replace(started, "")], run.stdout).toEqual([0, ""]);
    expect(run.stderr.match(started)).toHaveLength(1);
    expect(JSON.parse(run.stdout).snapshots).toHaveLength(1);
  });
});

describe("snaplab live with many transfers", () => {
  it("checks a run whose logs hold more events than a function takes arguments (200,000 transfers ended in a RangeError)", () => {
    // The check took the latest time as Math.max(...every event): 200,000 transfers overflowed the stack. On a stack a
    // fifth of the default, 20,000 do, in a second or two.
    const run = spawnSync(process.execPath, ["--stack-size=200", "bin/snaplab.js", "live", "spec/scenarios/bank.json", "--transfers", "20000"], {
      encoding: "utf8",
    });
    expect([run.status, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toMatch(/\nevery property holds in all 3 snapshots\n$/);
  });
});

describe("snaplab live with a kill the run ends before", () => {
  it("says the process was not killed, and when the run ended (it said nothing, as if the run had survived the kill)", async () => {
    // Fifty transfers are over in well under a minute, whatever the machine.
    const text = await runCli("live", "spec/scenarios/bank.json", "--transfers", "50", "--kill", "B@60s");
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/\n {2}not killed {3}B at 1min: the run had ended, at \d+(ms|s)\n/);
    expect(text.stdout).not.toMatch(/\n {2}killed /);
    const json = await runCli("live", "spec/scenarios/bank.json", "--transfers", "50", "--kill", "B@60s", "--format", "json");
    expect(JSON.parse(json.stdout)).toMatchObject({ killed: [], notKilled: ["B"] });
  });
});

describe("snaplab live with a scenario whose channels do not keep order", () => {
  it('runs over reordering relays unless --network says otherwise (it ran over TCP, ignoring "fifo": false)', async () => {
    const file = join(tempDir("live-fifo"), "unordered.json");
    writeFileSync(file, JSON.stringify({ processes: { A: 100, B: 100 }, initiators: ["A"], fifo: false }));
    const header = async (...flags: string[]) => (await runCli("live", file, "--transfers", "20", "--snapshots", "1", ...flags)).stdout.split("\n")[0];
    expect(await header()).toBe("unordered live: 2 processes, 2 channels over reordering relays (non-FIFO), chandy-lamport, seed 1");
    expect(await header("--network", "tcp")).toBe("unordered live: 2 processes, 2 channels over TCP (FIFO), chandy-lamport, seed 1");
  });
});

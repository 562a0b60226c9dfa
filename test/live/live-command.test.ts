/** `snaplab live` refuses bad input with one line and exit 2, before it starts any process; a node whose rules fail ends the run so. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";
import { childrenOf } from "./processes.js";

describe("snaplab live, given bad input", () => {
  it.each([
    [["--kill", "B"], "--kill B: must be PROCESS@TIME, e.g. P1@300ms"],
    [["--kill", "Z@10ms"], "--kill Z@10ms: Z is not a process (the processes are A, B, C)"],
    [["--transfers", "-1"], "--transfers -1: must be an integer of at least 0"],
    [["--seed", "abc"], "snaplab: --seed: must be an integer of at least 0\n"],
    [["--algorithm", "nope"], 'unknown algorithm "nope"'],
    [["--rules", "no-such-rules.ts"], "no-such-rules.ts: cannot read the rules file (not a file)"],
  ])("%j: %s", async (flags, message) => {
    const result = await runCli("live", "spec/scenarios/bank.json", ...flags);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain(message);
  });

  it("refuses a scenario with no money to transfer, saying what to change", async () => {
    const result = await runCli("live", "spec/scenarios/three-node.json");
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "snaplab: spec/scenarios/three-node.json: processes: every balance is 0 or less, so a live run has no money to transfer (give a process a balance, as spec/scenarios/bank.json does)\n",
    );
  });

  it("refuses a rules file that does not build, naming the file and the line", async () => {
    const file = join(tempDir("live-rules"), "rules.ts");
    writeFileSync(file, "export const rules = {\n  initiate: (view) => [,\n};\n");
    const result = await runCli("live", "spec/scenarios/bank.json", "--rules", file);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`snaplab: ${file}: does not build: rules.ts:3:1: Unexpected "}"\n`);
  });

  it("stops the run when a node's rules throw, with one line naming the rule, the process and the snapshot", async () => {
    const file = join(tempDir("live-rules"), "rules.ts");
    writeFileSync(file, 'export const rules = { name: "throws", initiate: () => { throw new Error("not yet"); }, onMarker: () => [], onMessage: () => [] };\n');
    const result = await runCli("live", "spec/scenarios/bank.json", "--transfers", "100", "--rules", file);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("snaplab: A: initiate at A (snapshot 0) threw: not yet\n");
    expect(childrenOf(process.pid)).toEqual([]);
  });
});

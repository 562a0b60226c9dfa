/** `snaplab live` refuses bad input with one line and exit 2, before it starts any process (live-command.system.test.ts: rules that fail, and what they print). */
import { describe, expect, it, vi } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { liveCommand } from "../../src/cli/live-command.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

describe("snaplab live, given bad input", () => {
  it.each([
    [["--kill", "B"], "--kill B: must be PROCESS@TIME, e.g. P1@300ms"],
    [["--kill", "Z@10ms"], "--kill Z@10ms: Z is not a process (the processes are A, B, C)"],
    // A length of time takes its unit (duration-option.ts), the kill's time as --timeout: a bare number ran as milliseconds.
    [["--kill", "B@300"], "--kill B@300: give a unit, as in B@300ms or B@300s"],
    [["--kill", "B@-1s"], "--kill B@-1s: must be at least 0ms"],
    [["--kill", "B@soon"], "--kill B@soon: write a length of time with its unit, as in B@300ms, B@2.5s or B@5min"],
    [["--timeout", "60000"], "--timeout 60000: give a unit, as in 60000ms or 60000s"],
    [["--timeout", "0s"], "--timeout 0s: must be at least 1ms"],
    [["--timeout", "0.5ms"], "--timeout 0.5ms: must be a whole number of milliseconds"],
    [["--transfers", "-1"], "--transfers -1: must be an integer of at least 0"],
    // Bounded before any process starts (1e12 ran on without a word, its logs growing in memory).
    [["--transfers", "1e12"], "--transfers 1e12: at most 1,000,000 (the run is checked from its logs, which are kept in memory until it ends)"],
    [["--snapshots", "1001"], "--snapshots 1001: at most 1,000 (each process keeps a copy of what its rules see for every snapshot)"],
    [["--seed", "abc"], "snaplab: --seed abc: a seed is a whole number from 0 to 2,147,483,647\n"],
    [["--seed", "2147483648"], "snaplab: --seed 2147483648: a seed is a whole number from 0 to 2,147,483,647\n"],
    [["--algorithm", "nope"], 'unknown algorithm "nope"'],
    [["--rules", "no-such-rules.ts"], "no-such-rules.ts: cannot read the rules file (not a file)"],
    [["--logs", "no-such-folder"], "--logs no-such-folder: there is no folder no-such-folder to keep the logs in"],
    [["--logs", "package.json"], "--logs package.json: there is no folder package.json to keep the logs in"],
  ])("%j: %s", async (flags, message) => {
    const result = await runCli("live", "spec/scenarios/bank.json", ...flags);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain(message);
  });

  it("takes each length of time with its unit, in milliseconds for the run", async () => {
    const handler = vi.spyOn(liveCommand, "handler").mockImplementation(async () => {});
    try {
      const parsed = async (...flags: string[]) => {
        expect(await runCli("live", "spec/scenarios/bank.json", ...flags)).toEqual({ status: 0, stdout: "", stderr: "" });
        const { timeout, kill } = handler.mock.lastCall![0];
        return { timeout, kill: kill.map(({ process, atMs }) => ({ process, atMs })) };
      };
      expect(await parsed()).toEqual({ timeout: 60_000, kill: [] });
      expect(await parsed("--timeout", "2.5s", "--kill", "B@300ms", "--kill", "C@1.5s")).toEqual({
        timeout: 2500,
        kill: [
          { process: "B", atMs: 300 },
          { process: "C", atMs: 1500 },
        ],
      });
      expect(await parsed("--timeout", "5min", "--kill", "A@0ms")).toEqual({ timeout: 300_000, kill: [{ process: "A", atMs: 0 }] });
    } finally {
      handler.mockRestore();
    }
  });

  it.each([
    [
      { snapshots: ["A", "A"] },
      "snapshots: snaplab live does not take a list of snapshots: --snapshots K starts K, by the initiators in turn (leave snapshots out)",
    ],
    [{ lossy: true }, "lossy: snaplab live runs its channels over TCP, which loses no message (leave lossy out)"],
    [{ duplicating: ["A->B"] }, "duplicating: snaplab live runs its channels over TCP, which duplicates no message (leave duplicating out)"],
    [{ atomicSend: false }, "atomicSend: snaplab live debits and sends a transfer in one step (leave atomicSend out)"],
  ])("refuses a scenario with %j, a field it cannot honour, in one line naming the file and the field", async (fields, problem) => {
    const file = join(tempDir("live-fields"), "two.json");
    writeFileSync(file, JSON.stringify({ processes: { A: 100, B: 100 }, initiators: ["A"], ...fields }));
    expect(await runCli("live", file)).toEqual({ status: 2, stdout: "", stderr: `snaplab: ${file}: ${problem}\n` });
  });

  it("refuses a scenario with no money to transfer, saying what to change", async () => {
    const result = await runCli("live", "spec/scenarios/three-node.json");
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "snaplab: spec/scenarios/three-node.json: processes: every balance is 0 or less, so a live run has no money to transfer (give a process a balance, as spec/scenarios/bank.json does)\n",
    );
  });
});

/**
 * `snaplab live` stopped at its --timeout, over real sockets on 127.0.0.1: a
 * limit reached before an answer, as explore's --max-states is, so exit 2 and
 * "stopped at the limit", not a violated property; and check-logs says the
 * same of the logs such a run keeps.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dir.js";

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `snaplab ...args` as a user runs it, without blocking this process, so that two runs can go at once. */
function snaplab(...args: string[]): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/snaplab.js", ...args], { env: { ...process.env, NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

// At most 100 transfers a second, of 100,000: the run would take many minutes, and its one snapshot starts halfway through
// its initiator's transfers, long after the timeout, however fast or slow the machine.
const run = ["live", "spec/scenarios/bank.json", "--transfers", "100000", "--rate", "100", "--snapshots", "1", "--timeout", "3s"];
const verdict = "stopped at the limit, after 3s (--timeout), with the snapshot incomplete; raise --timeout, or give fewer --transfers";

describe("snaplab live stopped at its --timeout", () => {
  const logs = tempDir("live-timeout");
  let text: Ran;
  let json: Ran;
  beforeAll(async () => {
    [text, json] = await Promise.all([snaplab(...run, "--logs", logs), snaplab(...run, "--format", "json")]);
  });

  it("says the run reached the limit, and that termination is not judged rather than violated, exit 2", () => {
    expect([text.status, text.stderr]).toEqual([2, ""]);
    expect(text.stdout).toContain("\n  ended        stopped at the timeout, 3s after the start (--timeout)\n");
    expect(text.stdout).toContain("\nsnapshot 0 (initiator A): INCOMPLETE\n");
    expect(text.stdout).toMatch(/\n {2}termination {7}not judged\n {4}why: the run ended with the snapshot incomplete \(never recorded: A, B, C;/);
    expect(text.stdout).not.toContain("VIOLATED");
    expect(text.stdout.endsWith(`\n${verdict}\n`)).toBe(true);
  });

  it("says so in --format json too, exit 2", () => {
    expect([json.status, json.stderr]).toEqual([2, ""]);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ verdict: "stopped at the limit", timeout: "3s", money: { verdict: "holds" } });
    expect(report.snapshots[0]).toMatchObject({ complete: false, properties: { termination: "not judged" } });
  });

  it("check-logs says the same of the run's logs, whose end lines keep the timeout", async () => {
    const files = readdirSync(logs)
      .filter((file) => file.endsWith(".events.jsonl"))
      .map((file) => join(logs, file));
    const checked = await snaplab("check-logs", "--cluster", join(logs, "cluster.json"), ...files);
    expect([checked.status, checked.stderr]).toEqual([2, ""]);
    expect(checked.stdout).toContain("\n  ended        A, B, C were stopped at the timeout, 3s after the start (--timeout)\n");
    expect(checked.stdout).toMatch(/\n {2}termination {7}not judged\n/);
    expect(checked.stdout.endsWith(`\n${verdict}\n`)).toBe(true);
    const asJson = await snaplab("check-logs", "--cluster", join(logs, "cluster.json"), ...files, "--format", "json");
    expect([asJson.status, JSON.parse(asJson.stdout).verdict]).toEqual([2, "stopped at the limit"]);
  });
});

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../support/temp-dir.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PassThrough } from "node:stream";
import { lineWaiter, replayCommand } from "../../src/cli/replay-command.js";
import { formatTrace, savedTrace } from "../../src/trace/saved-trace.js";
import { checked } from "../support/counterexamples.js";
import { bankModel } from "../../src/models/bank/bank-model.js";
import { runCli } from "../support/cli.js";

// The handler run in this process (the spawned CLI is tested in pictures-and-replay.system.test.ts).
async function replay(file: string): Promise<{ out: string; exitCode: number | undefined }> {
  const writes: string[] = [];
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (writes.push(String(chunk)), true));
  try {
    await replayCommand().handler({ trace: file, step: false, _: [], $0: "snaplab" });
  } finally {
    spy.mockRestore();
  }
  const exitCode = process.exitCode as number | undefined;
  process.exitCode = undefined;
  return { out: writes.join(""), exitCode };
}

describe("replayCommand", () => {
  afterEach(() => {
    process.exitCode = undefined;
  });

  it("should show what the file says as data: an escape sequence in a trace's reason, or in a key it refuses, reached the terminal", async () => {
    const report = checked("two-node", false);
    const trace = JSON.parse(formatTrace(savedTrace(bankModel, report.scenario, { algorithm: "chandy-lamport" }, report.counterexamples[0]!)));
    const dir = tempDir("replay");
    writeFileSync(join(dir, "reason.json"), JSON.stringify({ ...trace, violation: { ...trace.violation, reason: "red\u001b[31m" } }));
    expect((await replay(join(dir, "reason.json"))).out).toContain("saved with: no-ghost-receive is violated (red\\x1B[31m)\n");
    writeFileSync(join(dir, "key.json"), JSON.stringify({ ...trace, "clear\u001b[2J": 1 }));
    const refused = await runCli("replay", join(dir, "key.json"));
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^snaplab: .*key\.json: clear\\x1B\[2J: unknown key \(/);
  });

  it("should print the trace's states and verdict and exit 1 when it reproduces", async () => {
    const report = checked("two-node", false);
    const file = join(tempDir("replay"), "ghost.json");
    writeFileSync(file, formatTrace(savedTrace(bankModel, report.scenario, { algorithm: "chandy-lamport" }, report.counterexamples[0]!)));
    const { out, exitCode } = await replay(file);
    expect(exitCode).toBe(1);
    expect(out).toContain("saved with: no-ghost-receive is violated (P1 recorded receiving P0#1, but P0 recorded after 0 sends, before sending it)\n");
    expect(out).toContain("\nstep 3: deliver P0#1 (10) on P0->P1 (overtaking a marker): P1 balance 110\n");
    expect(out).toContain("  P1      pc 0  balance 110  received [P0#1]  not recorded\n");
    expect(out).toContain("reproduced: no-ghost-receive is violated after step 5");
    expect(out).toContain("also violated: conservation (after step 5), reachable (after step 5)\n");
  });
});

describe("lineWaiter", () => {
  it("should wait for a line, use up lines typed ahead, and stop waiting once input ends", async () => {
    const input = new PassThrough();
    const enter = lineWaiter(input);
    let passed = 0;
    const first = enter.next().then(() => passed++);
    await new Promise(setImmediate);
    expect(passed).toBe(0);
    input.write("\n\n");
    await first;
    await enter.next(); // the second line was typed ahead
    input.end();
    await enter.next(); // nothing more will come
    enter.close();
    expect(passed).toBe(1);
  });
});

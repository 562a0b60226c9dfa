// `snaplab ... | head -3`: when the reader of its output goes away early, a command ends as a Unix
// tool does, at once and without a word (no stack trace), with the status a shell gives a program
// SIGPIPE ended (128 + 13). The real binary runs with its output piped to this process, which plays
// the reader and closes its end of the pipe.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/exit-code.js";
import { runCli, withoutProgress } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

interface Ended {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `snaplab args`; the reader of `stream` goes away at once (before the command writes anything)
 * or after the first chunk it reads (as `head` does), and the other stream is read to its end.
 */
function runWhileReaderGoes(args: string[], stream: "stdout" | "stderr", when: "at once" | "after its first chunk"): Promise<Ended> {
  const child = spawn(process.execPath, ["bin/snaplab.js", ...args], { env: { ...process.env, NO_COLOR: "1" } });
  const heard = { stdout: "", stderr: "" };
  for (const name of ["stdout", "stderr"] as const) {
    child[name].on("data", (chunk: Buffer) => {
      heard[name] += String(chunk);
      if (name === stream) child[name].destroy();
    });
  }
  if (when === "at once") child[stream].destroy();
  return new Promise((resolve) => child.once("close", (status) => resolve({ status, ...heard })));
}

describe("a command whose reader goes away", () => {
  it("replay: ends quietly, status 141, when the reader has gone before its first line", async () => {
    const trace = join(tempDir("reader-gone"), "t.json");
    expect((await runCli("explore", "spec/scenarios/two-node.json", "--no-fifo", "--save-trace", trace)).status).toBe(ExitCode.Violated);
    const ended = await runWhileReaderGoes(["replay", join(trace, "..", "t.no-ghost-receive.json")], "stdout", "at once");
    expect(ended).toEqual({ status: ExitCode.ReaderGone, stdout: "", stderr: "" });
  });

  it("explore: ends quietly, status 141, when the reader goes after its first chunk of a report larger than a pipe holds", async () => {
    // --list-snapshots --format json of three-node without FIFO is hundreds of kB: the write is still going when the reader goes.
    const ended = await runWhileReaderGoes(
      ["explore", "spec/scenarios/three-node.json", "--no-fifo", "--list-snapshots", "--format", "json"],
      "stdout",
      "after its first chunk",
    );
    expect(ended.stdout).toMatch(/^\{\n {2}"scenario": "three-node",/);
    expect({ status: ended.status, stderr: withoutProgress(ended.stderr) }).toEqual({ status: ExitCode.ReaderGone, stderr: "" });
  });

  it("a mistake's one line: ends quietly, status 141, when the reader of stderr has gone", async () => {
    const ended = await runWhileReaderGoes(["explore", "spec/scenarios/no-such-scenario.json"], "stderr", "at once");
    expect(ended).toEqual({ status: ExitCode.ReaderGone, stdout: "", stderr: "" });
  });
});

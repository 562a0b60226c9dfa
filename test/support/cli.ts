/**
 * Two ways to run `snaplab` in tests: `snaplab(...)` spawns the real binary,
 * as a user would; `runCli(...)` calls the same `main` in this process (fast,
 * and counted by coverage), capturing what it writes and the exit code;
 * `runCliWith(registry, ...)` does so with other models than the standard ones.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./temp-dir.js";
import { vi } from "vitest";
import { main } from "../../src/cli/main.js";
import { models, type ModelRegistry } from "../../src/models/registry.js";

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs bin/snaplab.js, so the CLI as built into dist/ (test/support/build-once.ts builds it before the tests start). */
export function snaplab(...args: string[]): CliResult {
  const result = spawnSync(process.execPath, ["bin/snaplab.js", ...args], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export async function runCli(...args: string[]): Promise<CliResult> {
  return runCliWith(models, ...args);
}

/** `runCli` with the models of `registry`, e.g. the standard ones plus a model a test defines. */
export async function runCliWith(registry: ModelRegistry, ...args: string[]): Promise<CliResult> {
  const captured = { stdout: "", stderr: "" };
  const capture = (stream: "stdout" | "stderr") =>
    vi.spyOn(process[stream], "write").mockImplementation((chunk: string | Uint8Array) => {
      captured[stream] += String(chunk);
      return true;
    });
  const spies = [capture("stdout"), capture("stderr")];
  const before = process.exitCode;
  process.exitCode = 0;
  try {
    await main(args, registry);
    return { status: Number(process.exitCode ?? 0), ...captured };
  } finally {
    process.exitCode = before;
    spies.forEach((spy) => spy.mockRestore());
  }
}

/** Writes `content` (a string, or JSON for anything else) to a fresh temporary file. */
export function tempFile(name: string, content: unknown): string {
  const file = join(tempDir("tmp"), name);
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

/** What a command wrote to stderr without its progress lines, which come only when a run is slow. */
export const withoutProgress = (stderr: string): string => stderr.replace(/^exploring: .*\n/gm, "");

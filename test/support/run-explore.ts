// Runs `snaplab explore …` in-process: what it prints, its exit code, or the error a person would see.
import { vi } from "vitest";
import yargs from "yargs";
import { exploreCommand } from "../../src/cli/explore-command.js";

export async function runExplore(args: readonly string[]): Promise<{ stdout: string; exitCode: number | undefined }> {
  const printed: string[] = [];
  const stdout = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    printed.push(String(chunk));
    return true;
  });
  const before = process.exitCode;
  try {
    await yargs(["explore", ...args])
      .command(exploreCommand())
      .strict()
      .parserConfiguration({ "boolean-negation": false }) // as main.ts: --no-fifo is an option of its own
      .fail((message, error) => {
        throw error ?? new Error(message);
      })
      .parseAsync();
    return { stdout: printed.join(""), exitCode: process.exitCode as number | undefined };
  } finally {
    stdout.mockRestore();
    process.exitCode = before;
  }
}

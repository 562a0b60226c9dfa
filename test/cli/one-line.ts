/** A mistake's refusal, as test/cli/mistakes*.test.ts expect it: one line on stderr, nothing on stdout, exit 2. */
import { expect } from "vitest";
import { type CliResult, runCli } from "../support/cli.js";

/** The one line `result` (of `snaplab args`) holds, after checking that it is one line, on stderr only, with exit 2. */
export function oneLine({ status, stdout, stderr }: CliResult, args: readonly string[]): string {
  expect({ status, stdout }, `snaplab ${args.join(" ")}`).toEqual({ status: 2, stdout: "" });
  expect(stderr.split("\n"), `snaplab ${args.join(" ")}`).toHaveLength(2);
  expect(stderr).toMatch(/^snaplab: .*\n$/);
  return stderr;
}

/** The one line `snaplab args` refuses with, run through `main` in this process. */
export const refusal = async (...args: string[]): Promise<string> => oneLine(await runCli(...args), args);

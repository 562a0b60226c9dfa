// Runs `snaplab explore …` in-process, parsed as the real command parses it (runCli, main's parser): what it prints and its
// exit code, or, for a refusal (exit 2), an error with the line a person would see.
import { runCli } from "./cli.js";

export async function runExplore(args: readonly string[]): Promise<{ stdout: string; exitCode: number | null }> {
  const { status, stdout, stderr } = await runCli("explore", ...args);
  if (status === 2) throw new Error(stderr.replace(/^snaplab: /, "").trimEnd());
  return { stdout, exitCode: status };
}

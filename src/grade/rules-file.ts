/**
 * A learner's rules file run as the grader runs it: bundled, loaded in a
 * sandbox, each handler a call into it and each answer checked to be effects.
 * `snaplab explore SCENARIO --rules FILE` explores any bank scenario with it,
 * and `snaplab replay TRACE --rules FILE` replays a trace, so a learner can
 * take apart a scenario the grader showed them, and see what their rules print.
 */
import { statSync } from "node:fs";
import { SnaplabError } from "../errors/snaplab-error.js";
import type { Gather } from "../explore/gather.js";
import type { SnapshotAlgorithm } from "../models/bank/algorithms/snapshot-algorithm.js";
import type { Scenario } from "../models/bank/scenario.js";
import type { KnownAnswers } from "./graded-rules/remembering-submission.js";
import { answeredBefore, sandboxedSubmission } from "./graded-rules/submission.js";
import { defaultLimits } from "./grade.js";
import { learnerRules, rulesFileFault, rulesFileRefusal } from "./learner-rules.js";
import { BuildError, submissionBundle, type SubmissionBundle } from "./sandbox/bundle.js";
import { keptStderrChars, keptStdoutChars } from "./sandbox/protocol.js";
import { Sandbox, SandboxFailed } from "./sandbox/sandbox.js";
import { asData, lineAsData } from "../render/shown-as-data.js";
import { checkTemporaryFolder } from "../files/temporary-folder.js";

/** The grader's limits, but for the time spent answering in all: exploring a scenario bigger than the grader's may take longer than grading does. */
export const rulesFileLimits = { ...defaultLimits, totalTimeLimitMs: 10 * 60_000 };

/**
 * Runs `use` with the rules `file` exports as `rules`, the way to ask their
 * questions a chunk of states at a time (CheckOptions.gather), and the same
 * rules answering only what they were asked so far: after a call that did
 * not answer in time the sandbox is gone, and the run to that call is found
 * from the answers known, as the grader finds it (a question not asked ends
 * its run). A file that cannot be run gives one SnaplabError naming it.
 */
export async function withRulesFile<T>(
  file: string,
  scenario: Scenario,
  use: (rules: SnapshotAlgorithm, gather: Gather, answeredSoFar: () => SnapshotAlgorithm) => T,
): Promise<T> {
  checkRulesFile(file);
  checkTemporaryFolder();

  const sandbox = await Sandbox.start(rulesFileBundle(file), rulesFileLimits);
  try {
    sandbox.load();
    const answers: KnownAnswers = new Map();
    const submission = sandboxedSubmission(sandbox, answers);
    return use(
      learnerRules(submission, scenario, file),
      (run) => submission.gather(run),
      () => learnerRules(answeredBefore(answers), scenario, file),
    );
  } catch (error) {
    if (error instanceof SandboxFailed) throw rulesFileRefusal(file, asData(error.message));
    throw rulesFileFault(file, error) ?? error;
  } finally {
    showPrinted(file, await sandbox.close());
  }
}

/** Refuses, in one SnaplabError naming it, a rules `file` that is not there to bundle. */
export function checkRulesFile(file: string): void {
  let isFile = false;
  try {
    isFile = statSync(file).isFile();
  } catch (error) {
    throw rulesFileRefusal(file, `cannot read the rules file (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`);
  }
  if (!isFile) throw rulesFileRefusal(file, "is not a file");
}

/**
 * The rules `file` bundled as the grader bundles a submission (only the files
 * of its folder and below): with the sandbox's harness, or `forPage`, as an
 * ES module alone for the page to import (snaplab ui --rules). A file that
 * does not build is one SnaplabError.
 */
export async function rulesFileBundle(file: string, { forPage = false }: { forPage?: boolean } = {}): Promise<SubmissionBundle> {
  try {
    return await submissionBundle(file, file, undefined, forPage ? { withHarness: false, format: "esm" } : {});
  } catch (error) {
    // The bundler's message already starts with the file, line and column.
    if (error instanceof BuildError) throw new SnaplabError("BAD_RULES", `does not build: ${error.message}`);
    throw error;
  }
}

/**
 * What the rules printed, on stderr after the report: exploring with the
 * rules is where a learner debugs them (the grader keeps stdout as a fault,
 * and neither stream in its reports). Each line shown as data.
 */
function showPrinted(file: string, printed: { stdout: string; stderr: string }): void {
  for (const [stream, text] of Object.entries(printed)) {
    if (text === "") continue;
    const lines = text
      .replace(/\n$/, "")
      .split("\n")
      .map((line) => `  | ${lineAsData(line)}`);
    const kept =
      stream === "stderr" ? `the last ${keptStderrChars.toLocaleString("en-US")} characters at most` : `the first ${keptStdoutChars / 1024} KB at most`;
    process.stderr.write(`${file} printed to ${stream} (each distinct question is answered twice; ${kept}):\n${lines.join("\n")}\n`);
  }
}

/**
 * A learner's rules file run as the grader runs it: bundled, loaded in a
 * sandbox, each handler a call into it and each answer checked to be effects.
 * `snaplab explore SCENARIO --rules FILE` explores any scenario with it, so a
 * learner can take apart a scenario the grader showed them.
 */
import { statSync } from "node:fs";
import type { SnapshotAlgorithm } from "../algorithms/snapshot-algorithm.js";
import type { Scenario } from "../bank/scenario.js";
import { SnaplabError } from "../errors.js";
import { RuleFault } from "./check/rule-fault.js";
import { sandboxedSubmission } from "./check/submission.js";
import { submittedRules } from "./check/submitted-rules.js";
import { defaultLimits } from "./grade.js";
import { BuildError, submissionEntry } from "./sandbox/bundle.js";
import { Sandbox, SandboxFailed } from "./sandbox/sandbox.js";

/** Exploring a scenario bigger than the grader's may take longer than grading does. */
const TOTAL_TIME_LIMIT_MS = 10 * 60_000;

/** Runs `use` with the rules `file` exports as `rules`; a file that cannot be run gives one SnaplabError naming it. */
export async function withRulesFile<T>(file: string, scenario: Scenario, use: (rules: SnapshotAlgorithm) => T): Promise<T> {
  const refuse = (problem: string) => new SnaplabError("BAD_RULES", `${file}: ${problem}`);
  let isFile = false;
  try {
    isFile = statSync(file).isFile();
  } catch (error) {
    throw refuse(`cannot read the rules file (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`);
  }
  if (!isFile) throw refuse("is not a file");

  let entry: string;
  try {
    entry = submissionEntry(file, file);
  } catch (error) {
    // The bundler's message already starts with the file, line and column.
    if (error instanceof BuildError) throw new SnaplabError("BAD_RULES", `does not build: ${error.message}`);
    throw error;
  }
  const sandbox = new Sandbox(entry, { ...defaultLimits, totalTimeLimitMs: TOTAL_TIME_LIMIT_MS });
  try {
    sandbox.load();
    return use(submittedRules(sandboxedSubmission(sandbox), scenario));
  } catch (error) {
    if (error instanceof RuleFault || error instanceof SandboxFailed) throw refuse(oneLine(error.message));
    throw error;
  } finally {
    await sandbox.close();
  }
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ");

/**
 * A learner's rules file run as the grader runs it: bundled, loaded in a
 * sandbox, each handler a call into it and each answer checked to be effects.
 * `snaplab explore SCENARIO --rules FILE` explores any bank scenario with it,
 * and `snaplab replay TRACE --rules FILE` replays a trace, so a learner can
 * take apart a scenario the grader showed them, and see what their rules print.
 */
import { statSync } from "node:fs";
import type { ModelDescriptor } from "../check/model-descriptor.js";
import { MalformedEffectError } from "../errors/malformed-effect-error.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import type { Gather } from "../explore/gather.js";
import type { Effect, SnapshotAlgorithm } from "../models/bank/algorithms/snapshot-algorithm.js";
import { bankModel } from "../models/bank/bank-model.js";
import { tellingColours } from "../models/bank/message-colours.js";
import type { MultiEffect } from "../models/bank/multi-snapshot/multi-snapshot-algorithm.js";
import { hasSeveralSnapshots } from "../models/bank/multi-snapshot/several-snapshots.js";
import type { Scenario } from "../models/bank/scenario.js";
import { RuleFault } from "./graded-rules/rule-fault.js";
import { sandboxedSubmission, type Submission } from "./graded-rules/submission.js";
import { submittedMultiRules } from "./graded-rules/submitted-multi-rules.js";
import { submittedRules } from "./graded-rules/submitted-rules.js";
import { defaultLimits } from "./grade.js";
import { BuildError, submissionBundle } from "./sandbox/bundle.js";
import { keptStderrChars, keptStdoutChars } from "./sandbox/protocol.js";
import { Sandbox, SandboxFailed } from "./sandbox/sandbox.js";
import { asData, lineAsData } from "../render/shown-as-data.js";
import { checkTemporaryFolder } from "../files/temporary-folder.js";

/** Exploring a scenario bigger than the grader's may take longer than grading does. */
const TOTAL_TIME_LIMIT_MS = 10 * 60_000;

/** Learners write the bank's snapshot rules; the other models' designs are the kit's. */
export const takesRulesFile = (model: ModelDescriptor): boolean => model === bankModel;

/**
 * Runs `use` with the rules `file` exports as `rules`, and the way to ask
 * their questions a chunk of states at a time (CheckOptions.gather); a file
 * that cannot be run gives one SnaplabError naming it.
 */
export async function withRulesFile<T>(file: string, scenario: Scenario, use: (rules: SnapshotAlgorithm, gather: Gather) => T): Promise<T> {
  const refuse = (problem: string) => new SnaplabError("BAD_RULES", `${file}: ${problem}`);
  let isFile = false;
  try {
    isFile = statSync(file).isFile();
  } catch (error) {
    throw refuse(`cannot read the rules file (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`);
  }
  if (!isFile) throw refuse("is not a file");
  checkTemporaryFolder();

  let sandbox: Sandbox;
  try {
    sandbox = await Sandbox.start(submissionBundle(file, file), { ...defaultLimits, totalTimeLimitMs: TOTAL_TIME_LIMIT_MS });
  } catch (error) {
    // The bundler's message already starts with the file, line and column.
    if (error instanceof BuildError) throw new SnaplabError("BAD_RULES", `does not build: ${error.message}`);
    throw error;
  }
  try {
    sandbox.load();
    const submission = sandboxedSubmission(sandbox);
    return use(rulesFor(submission, scenario, file), (run) => submission.gather(run));
  } catch (error) {
    // What the submission said is data: escaped, one line.
    if (error instanceof RuleFault && error.fault === "missing") {
      // Exercise 3's completion.ts, say: its functions are asked by the grader's properties, not by the bank.
      throw refuse(`${asData(error.message)} (--rules takes a file that exports \`rules\`, as exercises 1, 2, 5 and 6 write it)`);
    }
    if (error instanceof RuleFault || error instanceof MalformedEffectError || error instanceof SandboxFailed) throw refuse(asData(error.message));
    throw error;
  } finally {
    showPrinted(file, await sandbox.close());
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

/**
 * The file's rules, as the bank runs them for the scenario: for one snapshot
 * a run, or, where the scenario lists several (`snapshots`), as exercise 6
 * writes them, once per snapshot. Named by the file, as the learner gave it;
 * with one snapshot, each message's colour is told, as the grader tells it
 * for exercise 5: the rules are handed it, and may turn on it.
 */
function rulesFor(submission: Submission, scenario: Scenario, file: string): SnapshotAlgorithm {
  const single = tellingColours({ ...recordingWhenStarting(submittedRules(submission, scenario)), name: file });
  if (!hasSeveralSnapshots(scenario)) return single;
  const several = submittedMultiRules(submission, scenario);
  return { ...single, perSnapshot: { ...several, initiate: (view, snapshot) => recorded(view.process, several.initiate(view, snapshot), snapshot) } };
}

/**
 * The rules, with an `initiate` that does not record refused. `initiate p`
 * is enabled while p has not recorded (spec/model.md), so such rules are
 * asked to start the snapshot again and again: with no effects that loops on
 * one state, and the run never ends, so no property ever fails (the stub
 * explored as "every property holds"); with markers it floods the channels
 * until the state limit. The grader's step rules catch it at the first step;
 * exploring with the rules alone, it is an answer that cannot be carried
 * out, shown with the run to it (run-to-rule-fault.ts).
 */
function recordingWhenStarting(rules: SnapshotAlgorithm): SnapshotAlgorithm {
  return { ...rules, initiate: (view) => recorded(view.process, rules.initiate(view)) };
}

/** `effects`, if they record the process's state (for `snapshot`, with several); a RuleFault otherwise. */
function recorded<E extends Effect | MultiEffect>(process: string, effects: readonly E[], snapshot?: number): readonly E[] {
  if (effects.some((effect) => effect.type === "record-state" && (effect as { snapshot?: number }).snapshot === snapshot)) return effects;
  const returned = JSON.stringify(effects);
  const call = snapshot === undefined ? "rules.initiate(view)" : `rules.initiate(view, ${snapshot})`;
  throw new RuleFault(
    "malformed",
    `${call} at ${process} returned ${returned.length > 60 ? `${returned.slice(0, 57)}...` : returned}, without record-state: a process that starts a snapshot records its state (or it is asked again and again)`,
  );
}

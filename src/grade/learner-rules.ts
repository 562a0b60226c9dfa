/**
 * A learner's rules file, as `--rules FILE` runs it: the rules it exports as
 * `rules`, for one snapshot a run or, on a scenario with several, as
 * exercise 6 writes them; each answer checked as the grader checks it; and
 * what is wrong with a file that cannot be run, in one line naming it. The
 * CLI asks the rules in the grader's sandbox (rules-file.ts); the page asks
 * them in the learner's own browser (src/web/page/system.ts).
 */
import type { ModelDescriptor } from "../check/model-descriptor.js";
import { MalformedEffectError } from "../errors/malformed-effect-error.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import type { Effect, SnapshotAlgorithm } from "../models/bank/algorithms/snapshot-algorithm.js";
import { bankModel } from "../models/bank/bank-model.js";
import { tellingColours } from "../models/bank/message-colours.js";
import type { MultiEffect } from "../models/bank/multi-snapshot/multi-snapshot-algorithm.js";
import { hasSeveralSnapshots } from "../models/bank/multi-snapshot/several-snapshots.js";
import type { Scenario } from "../models/bank/scenario.js";
import { asData } from "../render/shown-as-data.js";
import type { Submission } from "./graded-rules/remembering-submission.js";
import { RuleFault } from "./graded-rules/rule-fault.js";
import { submittedMultiRules } from "./graded-rules/submitted-multi-rules.js";
import { submittedRules } from "./graded-rules/submitted-rules.js";

/** Learners write the bank's snapshot rules; the other models' designs are the kit's. */
export const takesRulesFile = (model: ModelDescriptor): boolean => model === bankModel;

/**
 * The file's rules, as the bank runs them for the scenario: for one snapshot
 * a run, or, where the scenario lists several (`snapshots`), as exercise 6
 * writes them, once per snapshot. Named by the file, as the learner gave it;
 * with one snapshot, each message's colour is told, as the grader tells it
 * for exercise 5: the rules are handed it, and may turn on it.
 */
export function learnerRules(submission: Submission, scenario: Scenario, file: string): SnapshotAlgorithm {
  const single = tellingColours({ ...recordingWhenStarting(submittedRules(submission, scenario)), name: file });
  if (!hasSeveralSnapshots(scenario)) return single;
  const several = submittedMultiRules(submission, scenario);
  return { ...single, perSnapshot: { ...several, initiate: (view, snapshot) => recorded(view.process, several.initiate(view, snapshot), snapshot) } };
}

/**
 * The rules, with an `initiate` that does not record refused. `initiate p`
 * is enabled while p has not recorded (spec/model.md), so such rules are
 * asked to start the snapshot again and again: with no effects that loops on
 * one state, a run that never ends, which termination alone would blame on
 * the run rather than on the answer; with markers it floods the channels
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

/**
 * What is wrong with the rules `file`, as one SnaplabError naming it, where
 * `error` is the rules' fault (one of their answers broke the contract), or
 * undefined. What the file said is data: escaped, one line.
 */
export function rulesFileFault(file: string, error: unknown): SnaplabError | undefined {
  // Effects the bank cannot carry out: told as the grader tells them (valid-effects.ts).
  if (error instanceof MalformedEffectError) return rulesFileRefusal(file, asData(error.message));
  if (!(error instanceof RuleFault)) return undefined;
  // Exercise 3's completion.ts, say: its functions are asked by the grader's properties, not by the bank.
  if (error.fault === "missing") {
    return rulesFileRefusal(file, `${asData(error.message)} (--rules takes a file that exports \`rules\`, as exercises 1, 2, 5 and 6 write it)`);
  }
  return rulesFileRefusal(file, asData(error.message));
}

/** `problem` with the rules `file`, as one line naming it. */
export function rulesFileRefusal(file: string, problem: string): SnaplabError {
  return new SnaplabError("BAD_RULES", `${file}: ${problem}`);
}

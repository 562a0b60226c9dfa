/**
 * The exhaustive search, off the page's thread: `check`, the pipeline
 * `snaplab explore` runs, with its progress posted as it goes, stopped by
 * the same limit of states. Where a learner's rules stop it with an answer a
 * run leads to, the run to it is found as `snaplab explore --rules` finds
 * it. The page cancels a search by ending this worker.
 */
import { check } from "../../check/check.js";
import { StateLimitError } from "../../explore/state-limit-error.js";
import type { GradedState } from "../../grade/graded-rules/graded-model.js";
import { counterexampleAsData } from "../../grade/results-as-data.js";
import type { SnapshotAlgorithm } from "../../models/bank/algorithms/snapshot-algorithm.js";
import type { Scenario } from "../../models/bank/scenario.js";
import type { SearchReply, SearchRequest, SearchStoppedAtRule } from "./search-protocol.js";
import { actionPlaces } from "./stepper.js";
import { buildSystem, importYourRules, oneLine, type System } from "./system.js";

const PROGRESS_EVERY_MS = 200;

const post = (reply: SearchReply) => postMessage(reply);

addEventListener("message", (event: MessageEvent<SearchRequest>) => void search(event.data));

async function search({ choice, maxStates }: SearchRequest): Promise<void> {
  let system: System | undefined;
  try {
    // A learner's rules: the same bundle the page runs, imported again in this worker.
    const yourRules = choice.yourRules ? await importYourRules(choice.yourRules) : undefined;
    system = buildSystem(choice, yourRules);
    const { descriptor, scenario, rules, model } = system;
    const report = check(
      { model: descriptor, scenario },
      {
        rules,
        maxStates,
        onProgress: ({ states, elapsedMs }) => post({ type: "progress", states, elapsedMs }),
        progressEveryMs: PROGRESS_EVERY_MS,
      },
    );
    post({
      type: "result",
      states: report.states,
      transitions: report.transitions,
      executions: report.executions === undefined ? null : report.executions.toString(),
      ...(report.snapshots ? { snapshots: report.snapshots.length } : {}),
      figures: report.figures.map(({ label, value }) => ({ label, value: value.toString() })),
      properties: report.properties,
      counterexamples: report.counterexamples.map(({ property, reason, steps, path }) => ({ property, reason, steps, path: actionPlaces(model, path) })),
      elapsedMs: report.elapsedMs,
    });
  } catch (error) {
    // The CLI's message, naming the page's field instead of --max-states.
    const limit = error instanceof StateLimitError ? error.limit.toLocaleString("en-US") : undefined;
    post(
      (system && (await runToYourRulesFault(system, error, maxStates))) ?? {
        type: "error",
        message: limit ? `stopped after ${limit} states ("stop after" above); raise the limit or shrink the scenario` : oneLine(error, choice.yourRules?.file),
      },
    );
  }
}

/**
 * Where the learner's rules stopped the search with an answer a run leads to,
 * the shortest run to it, found as explore --rules finds it; undefined
 * otherwise, or where it is not found again (then the one line is all there is to say).
 */
async function runToYourRulesFault({ choice, scenario, rules, model }: System, error: unknown, maxStates: number): Promise<SearchStoppedAtRule | undefined> {
  if (!choice.yourRules) return undefined;
  // The grader's models: a chunk of their own, fetched only when a search of a learner's rules fails.
  const { hasRunToIt, runToRuleFault, stoppedAt } = await import("../../grade/graded-rules/run-to-rule-fault.js");
  if (!hasRunToIt(error)) return undefined;
  let found: ReturnType<typeof runToRuleFault>;
  try {
    found = runToRuleFault(scenario as Scenario, rules as SnapshotAlgorithm, undefined, maxStates);
  } catch {
    return undefined;
  }
  if (!found) return undefined;
  // What the rule said is data, escaped, as explore --rules shows it.
  const { property, reason, steps } = counterexampleAsData(found.report);
  const { states, actions } = found.counterexample.path;
  // The bank's states, inside the grader's; up to the step the rule answered, which the page's model cannot take.
  const before = { states: states.slice(0, -1).map((graded) => (graded as GradedState<unknown>).state), actions: actions.slice(0, -1) };
  return { type: "stopped-at-rule", stoppedAt: stoppedAt(found), run: { property, reason, steps, path: actionPlaces(model, before) } };
}

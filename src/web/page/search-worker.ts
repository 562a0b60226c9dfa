/**
 * The exhaustive search, off the page's thread: `check`, the pipeline
 * `snaplab explore` runs, with its progress posted as it goes, stopped by
 * the same limit of states. The page cancels a search by ending this worker.
 */
import { check } from "../../check/check.js";
import { StateLimitError } from "../../explore/state-limit-error.js";
import type { SearchReply, SearchRequest } from "./search-protocol.js";
import { actionPlaces } from "./stepper.js";
import { buildSystem, importYourRules, oneLine } from "./system.js";

const PROGRESS_EVERY_MS = 200;

const post = (reply: SearchReply) => postMessage(reply);

addEventListener("message", (event: MessageEvent<SearchRequest>) => void search(event.data));

async function search({ choice, maxStates }: SearchRequest): Promise<void> {
  try {
    // A learner's rules: the same bundle the page runs, imported again in this worker.
    const yourRules = choice.yourRules ? await importYourRules(choice.yourRules) : undefined;
    const { descriptor, scenario, rules, model } = buildSystem(choice, yourRules);
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
    post({
      type: "error",
      message: limit ? `stopped after ${limit} states ("stop after" above); raise the limit or shrink the scenario` : oneLine(error, choice.yourRules?.file),
    });
  }
}

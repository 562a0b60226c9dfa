/**
 * The exhaustive search, off the page's thread: `check`, the pipeline
 * `snaplab explore` runs, with its progress posted as it goes. The page
 * cancels a search by ending this worker.
 */
import { check } from "../../check/check.js";
import type { SearchReply, SearchRequest } from "./search-protocol.js";
import { actionPlaces } from "./stepper.js";
import { buildSystem, oneLine } from "./system.js";

const PROGRESS_EVERY_MS = 200;

const post = (reply: SearchReply) => postMessage(reply);

addEventListener("message", (event: MessageEvent<SearchRequest>) => {
  try {
    const { descriptor, scenario, rules, model } = buildSystem(event.data);
    const report = check(
      { model: descriptor, scenario },
      {
        rules,
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
    post({ type: "error", message: oneLine(error) });
  }
});

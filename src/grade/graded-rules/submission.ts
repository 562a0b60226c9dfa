/**
 * A submission's exported functions called through its sandbox, in batches,
 * each distinct question once (remembered-answers.ts).
 */
import { hash } from "node:crypto";
import type { Answer, Call } from "../sandbox/protocol.js";
import type { Sandbox } from "../sandbox/sandbox.js";
import { type Ask, type KnownAnswers, rememberingSubmission, type Submission } from "./remembered-answers.js";

/**
 * A question's key: the SHA-256 of the function's path and its arguments as
 * JSON. The arguments are views of a few kilobytes, and a search asks
 * hundreds of distinct questions; their digests keep the remembered answers
 * to a few kilobytes in all.
 */
function questionKey({ path, input }: Call): string {
  // One call, no Hash object to make for each question.
  return hash("sha256", `${path}\0${input}`, "base64");
}

/** The most calls in one batch to a sandbox. */
const MAX_BATCH = 4096;

/**
 * Sends calls in batches that grow (1, 4, 16, ...) while the calls are quick:
 * a batch is given no more calls than take a tenth of the time one batch may
 * take, judging by the calls so far, so that batching never turns rules that
 * answer each question in time into a batch that runs out of it.
 */
export function sandboxedSubmission(sandbox: Sandbox, answers?: KnownAnswers): Submission {
  let size = 1;
  let trips = 0;
  let spentMs = 0;
  let answered = 0;
  const ask: Ask = (calls) => {
    const answers: Answer[] = [];
    for (let from = 0; from < calls.length; ) {
      const batch = calls.slice(from, from + size);
      const started = performance.now();
      const got = sandbox.call(batch);
      trips++;
      spentMs += performance.now() - started;
      answered += got.length;
      answers.push(...got);
      if (got.length < batch.length) break;
      from += batch.length;
      const perCall = spentMs / answered;
      size = Math.max(1, Math.min(MAX_BATCH, size * 4, Math.floor(sandbox.limits.timeLimitMs / 10 / perCall)));
    }
    return answers;
  };
  return rememberingSubmission(ask, () => trips, questionKey, answers);
}

/**
 * A submission's exported functions called through its sandbox, in batches,
 * each distinct question once (remembering-submission.ts).
 */
import { hash } from "node:crypto";
import { type Answer, type Call, callOf, noAnswerWithin } from "../sandbox/protocol.js";
import { Sandbox, SandboxFailed } from "../sandbox/sandbox.js";
import { NotAsked } from "./not-asked.js";
import {
  type Ask,
  type Broken,
  type KnownAnswers,
  knownValue,
  type Question,
  type Remembered,
  rememberingSubmission,
  ruleFault,
  type Submission,
} from "./remembering-submission.js";
import type { RuleFault } from "./rule-fault.js";

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

/** How long a batch's calls are sized to take, of the time one batch may take: a tenth (sandboxedSubmission). */
const batchShare = (timeLimitMs: number) => timeLimitMs / 10;

/**
 * Sends calls in batches that grow (1, 4, 16, ...) while the calls are quick:
 * a batch is given no more calls than take a tenth of the time one batch may
 * take, judging by the calls so far, so that batching never turns rules that
 * answer each question in time into a batch that runs out of it. A batch
 * that does not answer in time is asked again one call at a time in
 * `freshSandbox()` (hungCall), to say which call does not answer; every
 * question not answered by then meets that fault, the sandbox being gone.
 */
export function sandboxedSubmission(
  sandbox: Sandbox,
  answers?: KnownAnswers,
  freshSandbox: () => Sandbox = () => new Sandbox(sandbox.bundle, sandbox.limits),
): Submission {
  let size = 1;
  let trips = 0;
  let spentMs = 0;
  let answered = 0;
  let stopped: RuleFault | SandboxFailed | undefined;
  const ask: Ask = (questions) => {
    if (stopped) throw stopped;
    const got: Remembered[] = [];
    for (let from = 0; from < questions.length; ) {
      const batch = questions.slice(from, from + size);
      const started = performance.now();
      let replied: readonly Answer[];
      try {
        replied = sandbox.call(batch.map((q) => q.call));
      } catch (error) {
        if (!outOfTime(error, sandbox)) throw error;
        const found = hungCall(sandbox.limits.timeLimitMs, batch, freshSandbox);
        if (!found) {
          // No call to blame: the functions the batch asked are named.
          stopped = new SandboxFailed({ kind: "timeout", message: `${askedIn(batch)} ${noAnswerWithin(sandbox.limits.timeLimitMs)}` });
          throw stopped;
        }
        stopped = ruleFault(found.at(-1) as Broken, batch[found.length - 1]!.context);
        return [...got, ...found];
      }
      trips++;
      spentMs += performance.now() - started;
      answered += replied.length;
      got.push(...replied);
      if (replied.length < batch.length) break;
      from += batch.length;
      const perCall = spentMs / answered;
      size = Math.max(1, Math.min(MAX_BATCH, size * 4, Math.floor(batchShare(sandbox.limits.timeLimitMs) / perCall)));
    }
    return got;
  };
  return rememberingSubmission(ask, () => trips, questionKey, answers);
}

/** The functions `batch` asks: "rules.onMarker or rules.onMessage". */
const askedIn = (batch: readonly Question[]) => [...new Set(batch.map((q) => q.call.path))].join(" or ");

/** Whether `error` is `sandbox`'s time limit for one request running out (not the grade's, nor its budget for them all). */
function outOfTime(error: unknown, sandbox: Sandbox): boolean {
  return error instanceof SandboxFailed && error.failure.kind === "timeout" && error.failure.message === noAnswerWithin(sandbox.limits.timeLimitMs);
}

/**
 * Which call of `batch`, which a sandbox did not answer within `timeLimitMs`,
 * does not answer alone: the calls asked again one at a time, in order, in
 * `freshSandbox()`, each with the whole time limit, until one does not
 * answer (or breaks the contract otherwise). The answers up to it, it the
 * last; undefined where no call can be blamed so: each answers alone,
 * those that answer take more together than a batch is sized to (batchShare),
 * or the fresh sandbox fails otherwise. A submission that loops costs the
 * grade one time limit more, and that share, at most. A batch of one call is
 * that call.
 */
function hungCall(timeLimitMs: number, batch: readonly Question[], freshSandbox: () => Sandbox): [...Answer[], Broken] | undefined {
  const late: Broken = { ok: false, fault: "timeout", message: noAnswerWithin(timeLimitMs) };
  if (batch.length === 1) return [late];
  const fresh = freshSandbox();
  try {
    fresh.load();
    const answers: Answer[] = [];
    let spentMs = 0;
    for (const { call } of batch) {
      const started = performance.now();
      let answer: Answer | undefined;
      try {
        [answer] = fresh.call([call]);
      } catch (error) {
        if (outOfTime(error, fresh)) return [...answers, late];
        throw error;
      }
      if (!answer) return undefined;
      if (!answer.ok) return [...answers, answer];
      answers.push(answer);
      spentMs += performance.now() - started;
      if (spentMs > batchShare(timeLimitMs)) return undefined;
    }
    return undefined;
  } catch (error) {
    if (error instanceof SandboxFailed) return undefined;
    throw error;
  } finally {
    // Its child is stopped at once; what it printed is not judged (the first sandbox's is).
    void fresh.close();
  }
}

/**
 * The answers `answers` holds, and no others: a question not among them
 * throws NotAsked. For a check explored again once its sandbox is gone (a
 * call that did not answer in time stopped it), to find the run to that
 * call (grade.ts).
 */
export function answeredBefore(answers: KnownAnswers): Submission {
  let calls = 0;
  return {
    call(path, args, context) {
      const known = answers.get(questionKey(callOf(path, args)));
      if (!known) throw new NotAsked();
      calls++;
      return knownValue(known, context);
    },
    // Nothing to ask in batches: the explorer expands what the answers known allow, in its own order.
    gather: () => false,
    recheck() {},
    counts: () => ({ calls, questions: answers.size, asked: 0, roundTrips: 0 }),
  };
}

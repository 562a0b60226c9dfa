/**
 * A submission's exported functions, as the grader calls them: through a
 * sandbox (submission.ts), or in this process with the same checks (the
 * grader's tests, and the page running a learner's rules in the browser).
 * Rules are pure by contract, so answers are remembered: each distinct
 * question is asked once, and a few are asked again at the end to catch
 * rules that keep hidden state. The explorer may also gather the questions
 * of many states before it expands them (gather), so that they cross to the
 * sandbox in a few batches rather than one round trip each.
 */
import { answer, differentAnswers, mustBePure, mustNotChange } from "../sandbox/checked-answer.js";
import { placedMessage } from "../sandbox/place-in-submission.js";
import { type Answer, type Call, callOf, maxAnswerDepth, nestedTooDeep } from "../sandbox/protocol.js";
import { RuleFault } from "./rule-fault.js";

/** Thrown by a call, while questions are gathered, whose answer is not known yet. */
export class Unanswered extends Error {
  constructor() {
    super("not answered yet (questions are being gathered)");
  }
}

/** Thrown thousands of times a check: one, made once (an error's stack is costly to take). */
const unanswered = new Unanswered();

/** How many questions a submission was asked, and how they reached it. */
export interface QuestionCounts {
  /** Calls the grader made (each step or property that asked a question). */
  readonly calls: number;
  /** Distinct questions among them: the answers remembered. */
  readonly questions: number;
  /** Calls run by the submission (distinct questions, and those asked again by recheck). */
  readonly asked: number;
  /** Batches sent to it: each one round trip to the sandbox. */
  readonly roundTrips: number;
}

export interface Submission {
  /** Calls the function exported at `path`; throws RuleFault if it breaks the contract. `context` names the call in a reason. */
  call(path: string, args: readonly unknown[], context: string): unknown;
  /**
   * Runs `run`, during which a call not answered yet throws Unanswered and is
   * noted, then asks every noted question in as few batches as it may.
   * Says whether it is worth gathering again: some were asked, and every one
   * got an answer that keeps the contract (after the first that breaks it,
   * the grader asks one question at a time again, in the order it needs them).
   */
  gather(run: () => void): boolean;
  /** Asks some earlier questions again; throws RuleFault if an answer changed. */
  recheck(): void;
  counts(): QuestionCounts;
}

/** How many remembered answers `recheck` asks for again. */
const RECHECKED = 32;

/** A call the grader asks, and how a reason names it ("rules.onMarker(view, channel, marker) at P1 (marker on P0->P1)"). */
export interface Question {
  readonly call: Call;
  readonly context: string;
}

/** An answer as the grader keeps it: the submission's, or the grader's finding that the call did not answer in time. */
export type Remembered = Answer | { readonly ok: false; readonly fault: "timeout"; readonly message: string };

/** An answer that broke the contract. */
export type Broken = Exclude<Remembered, { ok: true }>;

/** Asks a batch of questions; the answers stop early after one that breaks the contract. */
export type Ask = (questions: readonly Question[]) => readonly Remembered[];

/**
 * Answers remembered by their question's key (see rememberingSubmission's `keyOf`). `call` is kept
 * only for the answers `recheck` asks again: a call holds the views it was
 * asked about, a few kilobytes each.
 */
export type KnownAnswers = Map<string, { call?: Call; answer: Remembered; context: string; value?: unknown }>;

/**
 * A submission whose answers are remembered by `keyOf` their question, each
 * asked by `ask`. `countTrips` says how many round trips the asking took.
 */
export function rememberingSubmission(ask: Ask, countTrips: () => number, keyOf: (call: Call) => string, answers: KnownAnswers = new Map()): Submission {
  let toRecheck = 0;
  const remember = (key: string, call: Call, answer: Remembered, context: string) => {
    const kept = answer.ok && toRecheck < RECHECKED;
    if (kept) toRecheck++;
    const entry = kept ? { call, answer, context } : { answer, context };
    answers.set(key, entry);
    return entry;
  };
  let calls = 0;
  let asked = 0;
  let gathering: Map<string, { call: Call; context: string }> | undefined;
  let broken = false;
  const askCounted = (batch: readonly Question[]) => {
    const got = ask(batch);
    asked += got.length;
    return got;
  };
  return {
    call(path, args, context) {
      const call = callOf(path, args);
      const key = keyOf(call);
      let known = answers.get(key);
      if (!known && gathering) {
        if (!gathering.has(key)) gathering.set(key, { call, context });
        throw unanswered;
      }
      calls++;
      if (!known) {
        known = remember(key, call, askCounted([{ call, context }])[0]!, context);
        if (!known.answer.ok) broken = true;
      }
      return knownValue(known, context);
    },
    gather(run) {
      if (broken) return false;
      const noted = new Map<string, { call: Call; context: string }>();
      gathering = noted;
      try {
        run();
      } finally {
        gathering = undefined;
      }
      if (noted.size === 0) return false;
      const questions = [...noted];
      const got = askCounted(questions.map(([, question]) => question));
      got.forEach((answer, i) => {
        const [key, { call, context }] = questions[i]!;
        remember(key, call, answer, context);
        if (!answer.ok) broken = true;
      });
      return !broken && got.length === questions.length;
    },
    recheck() {
      // Only answers that kept the contract: one that broke it ended its check already, or was gathered and never needed.
      const earlier = [...answers.values()].filter((e): e is typeof e & { call: Call } => e.call !== undefined);
      const again = askCounted(earlier.map(({ call, context }) => ({ call, context })));
      earlier.forEach(({ answer, context }, i) => {
        const now = again[i];
        const [before, after] = [JSON.stringify(answer), JSON.stringify(now)];
        if (now === undefined || before !== after) {
          const said = (a: Remembered | undefined) => (a === undefined ? "nothing" : a.ok ? a.json : a.message);
          throw new RuleFault("non-deterministic", `${context} ${differentAnswers(said(answer), said(now), "and, asked again later,")}${mustBePure}`);
        }
      });
    },
    counts: () => ({ calls, questions: answers.size, asked, roundTrips: countTrips() }),
  };
}

/**
 * A remembered answer's value, parsed once and frozen: the same question
 * asked again gets the same answer, and no caller can change it for the next.
 */
export function knownValue(known: { answer: Remembered; value?: unknown }, context: string): unknown {
  if (!("value" in known)) known.value = answeredValue(known.answer, context);
  return known.value;
}

/** The answer's value, frozen all the way down; throws RuleFault for an answer that broke the contract, or nests too deep. */
function answeredValue(answer: Remembered, context: string): unknown {
  if (!answer.ok) throw ruleFault(answer, context);
  if (answer.json === undefined) return undefined;
  const value: unknown = JSON.parse(answer.json);
  if (!frozenWithin(value, maxAnswerDepth)) throw new RuleFault("not-data", `${context} ${nestedTooDeep}`);
  return value;
}

/** How an answer that broke the contract is told, of the call `context` names. */
export function ruleFault(answer: Broken, context: string): RuleFault {
  const said = answer.fault === "mutates" ? namedArgument(answer.message, context) : answer.message;
  return new RuleFault(answer.fault, answer.fault === "missing" ? `the submission ${said}` : `${context} ${said}`);
}

/**
 * The harness's "changed its argument 2 at .id", of a call named
 * `rules.onMessage(view, channel, message) at P1`: "changed message.id",
 * the argument by the name the learner's API gives it.
 */
function namedArgument(message: string, context: string): string {
  const parameters = /\(([^)]*)\)/.exec(context)?.[1]?.split(", ");
  const changed = message.endsWith(mustNotChange) ? /^changed its argument (\d+)(?: at (.*))?$/.exec(message.slice(0, -mustNotChange.length)) : null;
  const name = changed && parameters?.[Number(changed[1]) - 1];
  return name ? `changed ${name}${changed[2] ?? ""}${mustNotChange}` : message;
}

/** Freezes `value` all the way down, without recursion; false (and left part frozen) where it nests more than `limit` levels of arrays and objects. */
function frozenWithin(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [inner, depth] = next;
    if (typeof inner !== "object" || inner === null) continue;
    if (depth >= limit) return false;
    Object.freeze(inner);
    for (const child of Object.values(inner)) stack.push([child, depth + 1]);
  }
  return true;
}

/** Where a module was imported from: its address, and the source map of it that leads to the submission's files. */
export interface ImportedBundle {
  readonly url: string;
  readonly sourceMap: string;
}

/**
 * A module already loaded in this process (trusted code: the grader's tests;
 * on the page, the learner's own rules, imported from `bundle`, whose throws
 * are placed in their files as the sandbox places them).
 */
export function inProcessSubmission(module: Record<string, unknown>, bundle?: ImportedBundle): Submission {
  let trips = 0;
  return rememberingSubmission(
    (questions) => {
      trips++;
      const answers: Answer[] = [];
      for (const { call } of questions) {
        const got = answer(module, call, bundle?.url);
        answers.push(placed(got, bundle));
        if (!got.ok) break;
      }
      return answers;
    },
    () => trips,
    // A browser has no digest to take synchronously; the page and the grader's tests ask few enough questions to keep them whole.
    ({ path, input }) => `${path}\0${input}`,
  );
}

/** A throw's answer with the place it threw from in words, as the sandbox tells it (sandbox.ts), where `bundle` is known. */
function placed(got: Answer, bundle: ImportedBundle | undefined): Answer {
  if (got.ok || got.at === undefined || bundle === undefined) return got;
  const { at, ...fault } = got;
  return { ...fault, message: placedMessage(fault.message, bundle.sourceMap, at) };
}

/**
 * What the grader and a submission's sandbox say to each other. Everything
 * crosses as JSON text, so a submission only ever sees copies of plain data.
 * The child's replies are untrusted (the submission runs in the same process
 * as the harness and can write to the reply pipe): each is one line of at
 * most `maxReplyBytes`, and is checked here against the request it answers.
 */
import { formatDuration } from "../../render/duration.js";

/**
 * Run the function exported at `path` ("rules.onMarker", "isPartDone") on
 * the arguments `input`, a JSON array. The grader makes that text once, to
 * know the question again (submission.ts); the harness parses a fresh copy of
 * it for each run and compares against it, so it crosses as text.
 */
export interface Call {
  readonly path: string;
  readonly input: string;
}

/** The call of the function at `path` on `args`. */
export function callOf(path: string, args: readonly unknown[]): Call {
  return { path, input: JSON.stringify(args) };
}

/**
 * What a call gave: its result as JSON text, or the way it broke the rules'
 * contract. A batch's answers stop at the first that breaks it.
 */
export type Answer =
  | { readonly ok: true; readonly json: string | undefined }
  | { readonly ok: false; readonly fault: CallFault; readonly message: string; readonly at?: readonly BundlePlace[] };

/**
 * A place in the sandbox's bundle, [line, column] from 1, as a stack trace
 * names it: where a call threw, innermost frame first. The grader finds the
 * submission's file and line from its own source map of the bundle.
 */
export type BundlePlace = readonly [line: number, column: number];

/** The most places an answer may carry: a stack trace's usual depth. */
export const maxPlaces = 10;

/** Where `error` was thrown, as places in the bundle run as `bundle` (its URL or file name), innermost first; none if its stack says nothing of them. */
export function bundlePlaces(error: unknown, bundle: string): BundlePlace[] {
  try {
    const stack = typeof error === "object" && error !== null ? (error as { stack?: unknown }).stack : undefined;
    if (typeof stack !== "string") return [];
    const frame = new RegExp(`${bundle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:(\\d+):(\\d+)`, "g");
    return [...stack.matchAll(frame)].slice(0, maxPlaces).map((m): BundlePlace => [Number(m[1]), Number(m[2])]);
  } catch {
    // A stack getter of the submission's that throws: no place, the message is enough.
    return [];
  }
}

export type CallFault = "missing" | "throws" | "mutates" | "non-deterministic" | "not-data" | "exits";
const callFaults: readonly string[] = ["missing", "throws", "mutates", "non-deterministic", "not-data", "exits"] satisfies CallFault[];

/** Why a request (a batch of calls, or loading) got no reply within its time limit: the broker says so, and the grader of the call it finds that does not answer alone (submission.ts). */
export const noAnswerWithin = (timeLimitMs: number) => `did not answer within ${formatDuration(timeLimitMs)} (an endless loop?)`;

/** Why a sandbox stopped answering at all. */
export interface SandboxFailure {
  readonly kind: "load" | "timeout" | "memory" | "exit" | "stdout" | "lost" | "protocol";
  readonly message: string;
}

/** What the child is asked: to load the submission, or to answer a batch of calls. */
export type Request = { readonly type: "load" } | { readonly type: "calls"; readonly calls: readonly Call[] };

/** What a reply must answer: loading, or a batch of `count` calls. */
export type Asked = { readonly type: "load" } | { readonly type: "calls"; readonly count: number };

/** A request as the sandbox sends it: what it asks (to check the reply against), and the line the child reads. */
export interface Posted {
  readonly asked: Asked;
  readonly line: string;
}

export function posted(request: Request): Posted {
  const asked: Asked = request.type === "load" ? request : { type: "calls", count: request.calls.length };
  return { asked, line: `${JSON.stringify(request)}\n` };
}

export type Reply =
  | { readonly type: "loaded" }
  | { readonly type: "answers"; readonly answers: readonly Answer[] }
  | { readonly type: "failed"; readonly failure: SandboxFailure & { readonly at?: readonly BundlePlace[] } };

/**
 * How deep an answer may nest. Effects are a list of small objects, a few
 * levels deep. JSON.parse takes any depth, but what walks the value
 * afterwards (the checks, the reports) recurses: a child that forged a reply
 * 100,000 levels deep made the grader fail on its own stack. The harness
 * refuses a deeper answer as it writes it out, the grader again as it reads it.
 */
export const maxAnswerDepth = 100;

/** Why an answer nested deeper than that is refused, after the call's name. */
export const nestedTooDeep = `returned data nested more than ${maxAnswerDepth} levels deep (rules return effects: lists of small objects)`;

/** The longest reply line a child may send (a batch of answers is a few kilobytes). */
export const maxReplyBytes = 8 * 1024 * 1024;
/** The longest message text kept from a child (a fault's reason). */
export const maxMessageChars = 2000;
/** What is kept of what a child prints: enough for a reason or a learner's debugging, not enough to flood the grader. */
export const keptStdoutChars = 64 * 1024;
/** Of stderr, the end: where an error's report is. */
export const keptStderrChars = 4000;

/** The child's reply line to `request`, checked; a string saying what is wrong with it otherwise. */
export function checkedReply(line: string, request: Asked | undefined): Reply | string {
  if (!request) return "sent a reply when none was asked for";
  let reply: unknown;
  try {
    reply = JSON.parse(line);
  } catch {
    return "sent a reply that is not JSON";
  }
  if (!isRecord(reply)) return "sent a reply that is not an object";
  if (request.type === "load") {
    if (reply.type === "loaded" && Object.keys(reply).length === 1) return { type: "loaded" };
    const failure = reply.failure;
    if (reply.type === "failed" && isRecord(failure) && failure.kind === "load" && typeof failure.message === "string") {
      const at = checkedPlaces(failure.at);
      if (!at) return "sent a malformed reply to loading";
      return { type: "failed", failure: { kind: "load", message: failure.message.slice(0, maxMessageChars), ...at } };
    }
    return "sent a malformed reply to loading";
  }
  if (request.type === "calls") {
    const answers = reply.answers;
    if (reply.type !== "answers" || !Array.isArray(answers) || answers.length > request.count) return "sent a malformed reply to a batch of calls";
    const checked: Answer[] = [];
    for (const answer of answers as unknown[]) {
      if (!isRecord(answer)) return "sent an answer that is not an object";
      if (answer.ok === true && (answer.json === undefined || isJson(answer.json))) {
        checked.push(answer.json === undefined ? { ok: true, json: undefined } : { ok: true, json: answer.json });
      } else if (answer.ok === false && typeof answer.fault === "string" && callFaults.includes(answer.fault) && typeof answer.message === "string") {
        const at = checkedPlaces(answer.at);
        if (!at) return "sent a malformed answer";
        checked.push({ ok: false, fault: answer.fault as CallFault, message: answer.message.slice(0, maxMessageChars), ...at });
      } else {
        return "sent a malformed answer";
      }
    }
    // Fewer answers than calls only after one that breaks the contract: the batch stopped there.
    if (checked.length < request.count && checked[checked.length - 1]?.ok !== false) return "sent a malformed reply to a batch of calls";
    return { type: "answers", answers: checked };
  }
  return "sent a reply when none was asked for";
}

/** A reply's `at`, checked: nothing where there is none, the places where they are well-formed, undefined where they are not. */
function checkedPlaces(value: unknown): { at?: BundlePlace[] } | undefined {
  if (value === undefined) return {};
  const place = (p: unknown) => Array.isArray(p) && p.length === 2 && p.every((n) => Number.isSafeInteger(n) && n >= 1);
  return Array.isArray(value) && value.length <= maxPlaces && value.every(place) ? { at: value as BundlePlace[] } : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isJson(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

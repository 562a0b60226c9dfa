/**
 * The checks a rule's answer gets, wherever the rule runs: each call runs
 * twice on fresh copies of its input, so that a rule that changes what it was
 * given, or answers differently the second time, is caught (as DSLabs'
 * --checks does), and what it returns must be plain data. The sandbox's
 * harness (harness.ts) answers the grader with it; the page (src/web/page/)
 * runs a learner's rules in the browser with it, which has no Node to import.
 */
import { type Answer, type BundlePlace, bundlePlaces, type Call, maxAnswerDepth, nestedTooDeep } from "./protocol.js";

type Module = Record<string, unknown>;

/**
 * What the checks below use of JavaScript's own functions, taken before the
 * submission loads: a submission that replaces JSON.stringify or Object.is
 * afterwards does not change how its answers are read.
 */
const { parse, stringify } = JSON;
const { is, getPrototypeOf, isExtensible, values } = Object;
const { ownKeys, getOwnPropertyDescriptor } = Reflect;
const { isArray } = Array;

/** Thrown in place of process.exit, so that a rule that calls it is told apart from a crash. */
export class ExitCalled extends Error {}

/** Ends the child when an allocation failed (in a sandbox; in the grader's own tests, and on the page, it only reports). */
let outOfMemory: (error: unknown) => void = () => {};

/** What `answer` does with an allocation that failed in a call: the harness ends its child with it. */
export function whenOutOfMemory(handle: (error: unknown) => void): void {
  outOfMemory = handle;
}

export function isAllocationFailure(error: unknown): boolean {
  return lookedAt(() => error instanceof RangeError && /allocation failed/i.test(error.message), false);
}

/**
 * What looking at a thrown value gives, or `otherwise` where looking throws:
 * the submission chooses what it throws, and a Proxy throws at `instanceof`
 * (which crashed this process, the child, in the middle of its reply).
 */
function lookedAt<T>(look: () => T, otherwise: T): T {
  try {
    return look();
  } catch {
    return otherwise;
  }
}

/**
 * Runs one call twice and reports the result, or the first way it broke the
 * contract. `bundle`: the address the submission's code runs from, where its
 * throws are placed: in a sandbox, this module's own, bundled with it; on
 * the page, the bundle of the learner's rules it imported.
 */
export function answer(submission: Module, call: Call, bundle = import.meta.url): Answer {
  const [ownerPath, name] = splitPath(call.path);
  const owner = ownerPath === "" ? submission : submission[ownerPath];
  let fn: unknown;
  try {
    // The submission's own code may run here: `rules` may be a Proxy, `initiate` a getter.
    fn = typeof owner === "object" && owner !== null ? (owner as Module)[name] : undefined;
  } catch (error) {
    return { ok: false, fault: "throws", message: `threw ${describeError(error)} when ${call.path} was looked up`, ...thrownAt(error, bundle) };
  }
  if (typeof fn !== "function") return { ok: false, fault: "missing", message: `exports no function ${call.path}${whatIsThere(submission, ownerPath, owner)}` };

  const input = call.input;
  // The second run is there for a rule that answers differently; what JSON does not show of its arguments, the first tells.
  const run = (unseenToo: boolean): Answer | { json: string | undefined } => {
    const args = parse(input) as unknown[];
    let value: unknown;
    try {
      value = fn.apply(owner, args);
    } catch (error) {
      if (lookedAt(() => error instanceof ExitCalled, false)) return { ok: false, fault: "exits", message: (error as ExitCalled).message };
      if (isAllocationFailure(error)) outOfMemory(error);
      return { ok: false, fault: "throws", message: `threw ${describeError(error)}`, ...thrownAt(error, bundle) };
    }
    // The arguments as a whole first (one serialisation a run); which one changed only when one did
    // (the rule gets copies of the array's items, never the array: an item changed). A getter or a
    // toJSON the rule put there runs as they are written out: if it throws, that argument was changed.
    // What JSON does not show is changed too: a property added to an array, a symbol, a frozen object.
    const written = (value: unknown) => lookedAt(() => stringify(value), undefined);
    // Its getters have run as it was written out: looking again may run them again, and what throws was changed.
    const parsed = (value: unknown) => lookedAt(() => asParsed(value), false);
    if (written(args) !== input || (unseenToo && !parsed(args))) {
      const given = parse(input) as unknown[];
      const changed = args.findIndex((arg, i) => written(arg) !== stringify(given[i]) || !parsed(arg));
      const now = written(args[changed]);
      const where = now === undefined ? undefined : lookedAt(() => whereChanged(parse(now), given[changed], ""), undefined);
      return { ok: false, fault: "mutates", message: `changed its argument ${changed + 1}${where ? ` at ${where}` : ""}${mustNotChange}` };
    }
    try {
      return { json: stringify(value, asRead()) };
    } catch (error) {
      if (error instanceof NestedTooDeep) return { ok: false, fault: "not-data", message: nestedTooDeep };
      return { ok: false, fault: "not-data", message: `returned something that is not plain data (${describeError(error)})` };
    }
  };

  const first = run(true);
  if ("ok" in first) return first;
  const second = run(false);
  if ("ok" in second) return second;
  if (first.json !== second.json) {
    return { ok: false, fault: "non-deterministic", message: `${differentAnswers(first.json, second.json, "and then")}${mustBePure}` };
  }
  return { ok: true, json: first.json };
}

/** What a message about a rule that changed its argument ends with: why that is wrong. */
export const mustNotChange = " (rules must not change what they are given)";

/**
 * Where `now` first differs from `was`, both as JSON.parse made them, as a
 * path from the argument: ".outgoing", '.recordings["P0->P1"].messages[0]';
 * undefined where they are the same (what changed is what JSON does not show).
 */
function whereChanged(now: unknown, was: unknown, at: string): string | undefined {
  const record = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !isArray(value);
  if (isArray(now) && isArray(was)) {
    // Items added or taken away: the list changed, whichever item it was.
    if (now.length !== was.length) return at;
    for (let i = 0; i < now.length; i++) {
      const inner = whereChanged(now[i], was[i], `${at}[${i}]`);
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  if (record(now) && record(was)) {
    for (const key of new Set([...ownKeys(was), ...ownKeys(now)]) as Set<string>) {
      const path = `${at}${/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${stringify(key)}]`}`;
      const inner = key in now && key in was ? whereChanged(now[key], was[key], path) : path;
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  return is(now, was) ? undefined : at;
}

/** Thrown where an answer nests deeper than maxAnswerDepth. */
class NestedTooDeep extends Error {}

/**
 * JSON.stringify's replacer for an answer: each value written out must be
 * the one its property holds when read again. A toJSON that writes other
 * effects than the rule returned, a getter or a Proxy that answers one
 * read one way and the next another, or a primitive boxed as an object, is
 * not plain data: the answer written would not be the answer the rule gave.
 * Its depth is bounded here too: the replacer's own frames would not bear
 * the depths JSON.stringify alone does.
 */
function asRead(): (this: object, key: string, written: unknown) => unknown {
  const depths = new WeakMap<object, number>();
  return function (this: object, key: string, written: unknown) {
    // Named only for a message: this runs for every value of every answer.
    const named = () => (key === "" ? "the answer" : stringify(key));
    if (!is((this as Record<string, unknown>)[key], written)) throw new Error(`${named()} is written out as other than it reads: a toJSON, or a getter`);
    // JSON writes new Boolean(false) as false, which JavaScript takes as true.
    if (written instanceof Boolean || written instanceof Number || written instanceof String) {
      throw new Error(`${named()} is a ${written.constructor.name} object, not a ${typeof written.valueOf()}`);
    }
    if (typeof written === "object" && written !== null) {
      const getter = classGetter(written);
      if (getter !== undefined)
        throw new Error(`${named()} is an object whose class has a getter, ${getter}, which JSON does not write: answer with plain objects`);
      const depth = (depths.get(this) ?? -1) + 1;
      if (depth >= maxAnswerDepth) throw new NestedTooDeep();
      depths.set(written, depth);
    }
    return written;
  };
}

/**
 * A getter `value` has from its class, if any: JSON writes an object's own
 * properties, and a class's getters are its prototype's, so the answer
 * written would lack what the rule meant it to hold (a snapshot's `total`).
 */
function classGetter(value: object): string | undefined {
  for (let proto = getPrototypeOf(value); proto !== null && proto !== Object.prototype && proto !== Array.prototype; proto = getPrototypeOf(proto)) {
    for (const key of ownKeys(proto)) if (typeof key === "string" && getOwnPropertyDescriptor(proto, key)?.get) return key;
  }
  return undefined;
}

/**
 * Whether `value` (whose JSON is the same as it was given) is still made as
 * JSON.parse makes a value: plain objects and arrays, extensible, whose own
 * properties are the ones JSON writes (an array: its items, and its length).
 * A frozen argument, one with a property added that JSON does not write (a
 * symbol, an array's named property, one not enumerable), or a prototype
 * changed, was changed by the rule.
 */
function asParsed(value: unknown): boolean {
  const unread = [value];
  for (let left = 1; left > 0; ) {
    const next = unread[--left];
    if (typeof next !== "object" || next === null) continue;
    const array = isArray(next);
    if (getPrototypeOf(next) !== (array ? Array.prototype : Object.prototype) || !isExtensible(next)) return false;
    const written = values(next);
    if (ownKeys(next).length !== written.length + (array ? 1 : 0) || (array && written.length !== next.length)) return false;
    for (let k = 0; k < written.length; k++) unread[left++] = written[k];
  }
  return true;
}

/** What a message about a rule that answered one question two ways ends with: why that is wrong. */
export const mustBePure = ": rules must be pure (no state kept between calls)";

/**
 * How much of two answers such a message shows in all, "…" included: both
 * fit on one line of a report (src/render/shown-as-data.ts), the words
 * between them too.
 */
const answersShown = 68;

/** How much of an answer, at least, is shown past where the two part: enough to read what it has there. */
const shownPastTheParting = 8;

/**
 * "answered A and then B" for two answers (JSON, or a fault's words) to one
 * question, each shown around where the two part: from the effect (the
 * object) there, or a few characters before, with "…" for what is left out.
 * The two share the room: an answer shown whole, where that leaves the
 * other room to show where it parts, rather than both cut at the same
 * length (a rule that forgets what it did answers the second time with the
 * first answer's tail, which is only seen whole). `between` is never cut.
 */
export function differentAnswers(first: string | undefined, second: string | undefined, between: string): string {
  const [a, b] = [Array.from(String(first)), Array.from(String(second))];
  let same = 0;
  while (same < a.length && a[same] === b[same]) same++;
  // From the effect the difference is in, if it began near; else from a few characters before. A "…" for one character hides nothing.
  const brace = same > 0 ? a.lastIndexOf("{", same - 1) : -1;
  const near = brace >= 0 && same - brace <= 24 ? brace : Math.max(0, same - 12);
  const from = near <= 1 ? 0 : near;
  const marked = (chars: string[]) => (from > 0 ? ["…", ...chars.slice(from)] : chars);
  // Shown whole (from `from`), or as much as shows where it parts.
  const whole = (chars: string[]) => (chars.length <= answersShown / 2 ? chars.length : marked(chars).length);
  const least = (chars: string[]) => Math.min(whole(chars), same - from + (from > 0 ? 1 : 0) + shownPastTheParting + 1);
  const [wholeA, wholeB] = [whole(a), whole(b)];
  const room: [number, number] =
    wholeA + wholeB <= answersShown
      ? [wholeA, wholeB]
      : wholeB <= wholeA && wholeB + least(a) <= answersShown
        ? [answersShown - wholeB, wholeB]
        : wholeA + least(b) <= answersShown
          ? [wholeA, answersShown - wholeA]
          : [answersShown / 2, answersShown / 2];
  const shown = (chars: string[], length: number) => {
    if (chars.length <= length) return chars.join("");
    const kept = marked(chars);
    return kept.length > length ? `${kept.slice(0, length - 1).join("")}…` : kept.join("");
  };
  return `answered ${shown(a, room[0])} ${between} ${shown(b, room[1])}`;
}

/** What the submission has where a function was looked for, so that a misspelt name shows: "(rules has initiate, onMarker, onmessage)". */
function whatIsThere(submission: Module, ownerPath: string, owner: unknown): string {
  try {
    const found = ownerPath !== "" && typeof owner === "object" && owner !== null;
    // Own names and inherited ones: rules may be an object of a class, whose methods are its prototype's.
    const names = new Set<string>();
    for (let o: object | null = found ? (owner as object) : submission; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
      for (const name of Object.getOwnPropertyNames(o)) if (name !== "constructor") names.add(name);
    }
    const listed = names.size === 0 ? "nothing" : `${[...names].slice(0, 12).join(", ")}${names.size > 12 ? ", ..." : ""}`;
    return found ? ` (${ownerPath} has ${listed})` : ` (the module exports ${listed})`;
  } catch {
    // A proxy that refuses to list its keys: the message without the list.
    return "";
  }
}

function splitPath(path: string): [string, string] {
  const dot = path.lastIndexOf(".");
  return dot < 0 ? ["", path] : [path.slice(0, dot), path.slice(dot + 1)];
}

/** Where in `bundle` (this one, unless named) `error` was thrown, to be found in the submission's files (none if its stack does not say). */
export function thrownAt(error: unknown, bundle = import.meta.url): { at?: BundlePlace[] } {
  const at = bundlePlaces(error, bundle);
  return at.length > 0 ? { at } : {};
}

export function describeError(error: unknown): string {
  return lookedAt(() => {
    if (error instanceof Error) {
      // Node's own errors carry a code (ERR_ACCESS_DENIED): it says more than their message.
      const code = (error as NodeJS.ErrnoException).code;
      if (typeof code === "string") return `${error.name} [${code}]: ${error.message}`;
      return `${error.name === "Error" ? "" : `${error.name}: `}${error.message}`;
    }
    return JSON.stringify(error) ?? String(error);
  }, "a value that throws when it is looked at");
}

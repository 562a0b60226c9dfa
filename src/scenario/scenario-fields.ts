/**
 * The parts every model's scenario parser is made of: the JSON object with
 * its known keys and its name, and checks of one field each, so that a
 * mistake in any model's scenario is one line naming the file and the field.
 */
import { ScenarioError } from "../errors/scenario-error.js";
import { JsonRepeatedKeyError, type JsonSyntaxError, parseJson } from "../files/parse-json.js";
import { unknownKey } from "./unknown-key.js";

/**
 * What every scenario file starts with, whatever its model: a JSON object
 * with only `keys` in it, a name (the file's, if not given), and `fail`, which
 * reports a problem with one field of this file.
 */
export function scenarioObject(text: string, file: string, keys: readonly string[]): { raw: Record<string, unknown>; fail: Fail; name: string } {
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (error) {
    if (error instanceof JsonRepeatedKeyError) throw new ScenarioError(file, error.path, error.problem);
    throw new ScenarioError(file, "", `not valid JSON at ${(error as JsonSyntaxError).message}`);
  }
  const fail = (field: string, problem: string): never => {
    throw new ScenarioError(file, field, problem);
  };
  const raw = asObject(json, "", fail);
  for (const key of Object.keys(raw)) {
    if (!keys.includes(key)) fail(key, unknownKey(key, keys));
  }
  const name = raw.name === undefined ? file.replace(/^.*\//, "").replace(/\.json$/, "") : raw.name;
  if (typeof name !== "string" || name === "") fail("name", "must be a non-empty string");
  // It heads every report: a newline would split the line, an escape sequence would reach the terminal.
  if (/\p{Cc}/u.test(name as string)) fail("name", "cannot contain control characters (a newline, a tab, an escape)");
  return { raw, fail, name: name as string };
}

export type Fail = (field: string, problem: string) => never;

/**
 * How big a scenario may be, checked before any search starts so that a huge
 * file is one line rather than gigabytes of memory: every shipped scenario
 * has at most 5 parties and 6 program steps. They are also as far as the
 * grader reaches (src/grade/exercises/generated-scenarios.ts): rules graded
 * right are right on every scenario the format allows, up to its limits.
 * The names of parties are joined into channel names ("A->B") and used as
 * keys in reports, so a name may not contain "->" (two pairs would share a
 * channel name) nor control characters.
 */
export const SCENARIO_LIMITS = { nameLength: 64, parties: 16, programSteps: 100, snapshots: 64 } as const;

/**
 * Money is added up in JavaScript numbers, exact only up to 2^53−1: a scenario
 * whose balances and amounts, all added up as magnitudes, exceed it could
 * round, so it is refused (every balance and every sum stays within it then).
 */
const MAX_MONEY = Number.MAX_SAFE_INTEGER;

/** A party's name (a process, a node, an account, a source), or a failure saying what a name may be. */
function checkName(name: string, field: string, fail: Fail): string {
  const problem =
    name === ""
      ? "a name cannot be empty"
      : characters(name) > SCENARIO_LIMITS.nameLength
        ? `a name has at most ${SCENARIO_LIMITS.nameLength} characters, this one has ${characters(name)}`
        : name.includes("->")
          ? 'a name cannot contain "->" (channels are named "from->to")'
          : /\p{Cc}/u.test(name)
            ? "a name cannot contain control characters"
            : undefined;
  if (problem) fail(field, problem);
  return name;
}

// Code points, not UTF-16 units: an emoji is one character to whoever wrote the name.
const characters = (name: string): number => [...name].length;

/** The names of an object's keys (the parties), each checked, at most SCENARIO_LIMITS.parties of them. */
export function partyNames(value: Record<string, unknown>, field: string, plural: string, fail: Fail): string[] {
  const names = Object.keys(value);
  if (names.length > SCENARIO_LIMITS.parties) fail(field, `at most ${SCENARIO_LIMITS.parties} ${plural}, got ${names.length}`);
  return names.map((name) => checkName(name, `${field}.${name}`, fail));
}

/** Refuses money that could round: `magnitudes` are the absolute values of every balance and amount so far. */
export function checkMoney(magnitudes: readonly number[], field: string, fail: Fail): void {
  const total = magnitudes.reduce((sum, m) => sum + m, 0);
  if (total > MAX_MONEY) {
    fail(field, `the balances and amounts, added up as magnitudes, must stay within ${MAX_MONEY.toLocaleString("en-US")} (2^53−1) so that every sum is exact`);
  }
}
type Index = (id: unknown, field: string) => number;

/** Where a name is in `names`, or a failure saying it is not a `noun`. */
export function indexIn(names: readonly string[], noun: string, plural: string, fail: Fail): Index {
  return (id, field) => {
    const i = typeof id === "string" ? names.indexOf(id) : -1;
    if (id === undefined) fail(field, `missing: name a ${noun} (${plural} are ${names.join(", ")})`);
    if (i < 0) fail(field, `${JSON.stringify(id)} is not a ${noun} (${plural} are ${names.join(", ")})`);
    return i;
  };
}

/**
 * `programs`: for each owner (process or node) by name, a list of steps, each
 * an object with only `keys` that `step` checks and converts. An owner left
 * out has an empty program.
 */
export function parsePrograms<T>(
  value: unknown,
  owners: readonly string[],
  ownerIndex: Index,
  keys: readonly string[],
  noun: string,
  fail: Fail,
  step: (fields: Record<string, unknown>, field: string, owner: number, k: number) => T,
): T[][] {
  const raw = value === undefined ? {} : asObject(value, "programs", fail);
  for (const owner of Object.keys(raw)) ownerIndex(owner, `programs.${owner}`);
  // Own keys only: an owner named "constructor" or "__proto__" is a name like any other.
  const lists = owners.map((name) => {
    const steps = Object.hasOwn(raw, name) ? raw[name] : [];
    if (!Array.isArray(steps)) fail(`programs.${name}`, `must be a list of { ${keys.join(", ")} } ${noun}`);
    return steps as unknown[];
  });
  const total = lists.reduce((sum, steps) => sum + steps.length, 0);
  if (total > SCENARIO_LIMITS.programSteps)
    fail("programs", `at most ${SCENARIO_LIMITS.programSteps.toLocaleString("en-US")} ${noun} in all, got ${total.toLocaleString("en-US")}`);
  return lists.map((steps, owner) => {
    const name = owners[owner]!;
    return steps.map((s, k) => {
      const field = `programs.${name}[${k}]`;
      const fields = asObject(s, field, fail);
      for (const key of Object.keys(fields)) {
        if (!keys.includes(key)) fail(`${field}.${key}`, unknownKey(key, keys, "expected"));
      }
      return step(fields, field, owner, k);
    });
  });
}

/** `initiators`: a non-empty list of distinct names. */
export function parseInitiators(value: unknown, names: readonly string[], index: Index, noun: string, fail: Fail): number[] {
  if (!Array.isArray(value) || value.length === 0) fail("initiators", `must be a non-empty list of ${noun}`);
  const initiators = (value as unknown[]).map((id, i) => index(id, `initiators[${i}]`));
  initiators.forEach((p, i) => {
    if (initiators.indexOf(p) !== i) fail(`initiators[${i}]`, `${names[p]} is listed twice`);
  });
  return initiators;
}

export function positiveAmount(value: unknown, field: string, fail: Fail): number {
  const amount = asInteger(value, field, fail);
  if (amount <= 0) fail(field, `must be a positive integer, got ${amount}`);
  return amount;
}

export function asObject(value: unknown, field: string, fail: Fail): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return fail(field, `must be an object, got ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}

export function asInteger(value: unknown, field: string, fail: Fail): number {
  // A whole number past 2^53−1 (1e20, or 1e400 read as Infinity) is out of range, not a fraction.
  if (typeof value === "number" && (Number.isInteger(value) || !Number.isFinite(value)) && !Number.isSafeInteger(value)) {
    const got = Number.isFinite(value) ? String(value) : `a number too large for JavaScript (read as ${value})`;
    return fail(field, `must be an integer within ±${MAX_MONEY.toLocaleString("en-US")} (2^53−1), got ${got}`);
  }
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    return fail(field, `must be an integer, got ${describe(value)}`);
  }
  return value;
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  return JSON.stringify(value);
}

/**
 * One row of a model's field table: a scenario file's key, what it means (the
 * spec's field reference lists the same rows), and how it is read.
 */
export interface ScenarioField<Scenario = unknown> {
  readonly key: string;
  readonly meaning: string;
  /**
   * Checks the file's value (undefined when the key is absent), given the
   * fields read before it, and gives the resolved scenario's properties it
   * sets; `fail` reports a problem as one line naming the file and the field.
   */
  read(value: unknown, before: Partial<Scenario>, context: { readonly fail: Fail; readonly name: string }): Partial<Scenario>;
}

/** The `model` row of a model other than the bank: its files must name it. */
export function modelField<Scenario>(model: string): ScenarioField<Scenario> {
  return {
    key: "model",
    meaning: `\`"${model}"\``,
    read: (value, _before, { fail }) => {
      if (value !== model) fail("model", `must be "${model}"`);
      return {};
    },
  };
}

/** The `name` row: optional, the file's name without `.json` when absent. */
export function nameField<Scenario extends { readonly name: string }>(): ScenarioField<Scenario> {
  return {
    key: "name",
    meaning: "optional; defaults to the file name without `.json`. No control characters: it heads every report",
    read: (_value, _before, { name }) => ({ name }) as Partial<Scenario>,
  };
}

/** A scenario file read with its model's field table: only the table's keys, each read in the table's order. */
export function parseFields<Scenario>(text: string, file: string, fields: readonly ScenarioField<Scenario>[]): Scenario {
  const { raw, fail, name } = scenarioObject(
    text,
    file,
    fields.map((field) => field.key),
  );
  let scenario: Partial<Scenario> = {};
  for (const field of fields) scenario = { ...scenario, ...field.read(raw[field.key], scenario, { fail, name }) };
  return scenario as Scenario;
}

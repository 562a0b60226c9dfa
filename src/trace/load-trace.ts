/**
 * Reads a saved trace and checks every field, so that a damaged or hand-edited
 * file is one line naming the file and the field, never a stack trace.
 */
import type { ModelDescriptor } from "../check/model-descriptor.js";
import { models, parseModelScenario, UndeclaredModelError, type ModelRegistry } from "../models/registry.js";
import { READ_TRACE_VERSIONS, TRACE_FORMAT, type TraceRules } from "./saved-trace.js";
import { TraceError } from "./trace-error.js";
import { unknownKey } from "../scenario/unknown-key.js";
import { JsonRepeatedKeyError, type JsonSyntaxError, parseJson } from "../files/parse-json.js";

/** A trace ready to replay: its model, its scenario resolved with the trace's settings (the bank's FIFO mode), and the rules it names. */
export interface LoadedTrace<Scenario = any> {
  readonly file: string;
  readonly model: ModelDescriptor<Scenario>;
  readonly scenario: Scenario;
  readonly madeWith: TraceRules;
  /** Absent from a trace of a path that broke no property when it was saved. */
  readonly violation?: { readonly property: string; readonly reason: string };
  readonly actions: readonly string[];
}

export function parseTrace(text: string, file = "<trace>", registry: ModelRegistry = models): LoadedTrace {
  const fail = (field: string, problem: string): never => {
    throw new TraceError(file, field, problem);
  };
  let raw: unknown;
  try {
    raw = parseJson(text);
  } catch (error) {
    if (error instanceof JsonRepeatedKeyError) return fail(error.path, error.problem);
    return fail("", `not valid JSON at ${(error as JsonSyntaxError).message}`);
  }
  if (!isObject(raw)) return fail("", "must be a JSON object (a trace saved by snaplab explore --save-trace)");
  if (!("format" in raw) && isScenario(text, file, registry))
    fail("", "this is a scenario, not a trace (check it with snaplab explore; replay takes a file saved by explore --save-trace)");
  // The model's settings are fields of the trace, so which keys belong depends on the model the scenario names.
  const declared = isObject(raw.scenario) ? raw.scenario.model : undefined;
  const settings = (registry.find((m) => m.name === declared) ?? registry[0]!).settings ?? [];
  const KEYS = ["format", "version", "scenario", "algorithm", "rules", ...settings.map((s) => s.key), "violation", "actions"];
  const OPTIONAL = ["algorithm", "rules", "violation"];
  for (const key of Object.keys(raw)) if (!KEYS.includes(key)) fail(key, unknownKey(key, KEYS, "expected"));
  for (const key of KEYS) if (!(key in raw) && !OPTIONAL.includes(key)) fail(key, "missing");

  if (raw.format !== TRACE_FORMAT) fail("format", `must be "${TRACE_FORMAT}", got ${JSON.stringify(raw.format)}`);
  if (!READ_TRACE_VERSIONS.includes(raw.version as number))
    fail("version", `this snaplab reads version ${READ_TRACE_VERSIONS.join(" or ")}, got ${JSON.stringify(raw.version)}`);
  if (!isObject(raw.scenario)) fail("scenario", "must be a scenario object");
  const madeWith = traceRules(raw, fail);
  for (const { key } of settings) if (typeof raw[key] !== "boolean") fail(key, "must be true or false");
  const violation = raw.violation;
  if (violation !== undefined) {
    if (!isObject(violation)) return fail("violation", "must be an object { property, reason }, or left out for a path that breaks no property");
    if (typeof violation.property !== "string") fail("violation.property", "must be the name of a property");
    if (typeof violation.reason !== "string") fail("violation.reason", "must be a string");
  }
  const actions = raw.actions;
  if (!Array.isArray(actions)) return fail("actions", "must be a list of actions");
  actions.forEach((action, i) => {
    if (typeof action !== "string") fail(`actions[${i}]`, `must be an action such as "send P0", got ${JSON.stringify(action)}`);
  });

  const { model, scenario } = parseModelScenario(JSON.stringify(raw.scenario), `${file}: scenario`, registry);
  return {
    file,
    model,
    scenario: (model.settings ?? []).reduce((s, { key, apply }) => apply(s, raw[key] as boolean), scenario),
    madeWith,
    ...(violation === undefined ? {} : { violation: { property: violation.property as string, reason: violation.reason as string } }),
    actions: actions as string[],
  };
}

/**
 * The rules the trace names: `algorithm`, the model's rules by name, or
 * `rules`, a learner's file (from version 2 on); exactly one of the two.
 * Version 1 named a learner's file in `algorithm` too: replay tells such a
 * name apart by the model not knowing it.
 */
function traceRules(raw: Record<string, unknown>, fail: (field: string, problem: string) => never): TraceRules {
  const { algorithm, rules } = raw;
  if (algorithm !== undefined && rules !== undefined) fail("rules", "give either algorithm or rules, not both");
  if (rules !== undefined) {
    if (typeof rules !== "string" || rules === "") return fail("rules", "must be the path of a rules file");
    return { file: rules };
  }
  if (algorithm === undefined) return fail("algorithm", "missing (or rules, for a trace made with a learner's rules file)");
  if (typeof algorithm !== "string" || algorithm === "") return fail("algorithm", "must be the name of a snapshot algorithm");
  return { algorithm };
}

function isScenario(text: string, file: string, registry: ModelRegistry): boolean {
  try {
    parseModelScenario(text, file, registry);
    return true;
  } catch (error) {
    return error instanceof UndeclaredModelError;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

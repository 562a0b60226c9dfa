/**
 * Reads a saved trace and checks every field, so that a damaged or hand-edited
 * file is one line naming the file and the field, never a stack trace.
 */
import { readTextFile } from "../files/read-text-file.js";
import { parseScenario } from "../models/bank/parse-scenario.js";
import type { Scenario } from "../models/bank/scenario.js";
import { TRACE_FORMAT, TRACE_VERSION } from "./saved-trace.js";
import { TraceError } from "./trace-error.js";

/** A trace ready to replay: its scenario resolved, with the trace's FIFO mode and algorithm. */
export interface LoadedTrace {
  readonly file: string;
  readonly scenario: Scenario;
  readonly violation: { readonly property: string; readonly reason: string };
  readonly actions: readonly string[];
}

const KEYS = ["format", "version", "scenario", "algorithm", "fifo", "violation", "actions"];

export function loadTrace(file: string): LoadedTrace {
  const text = readTextFile(file, (reason) => {
    throw new TraceError(file, "", `cannot read the trace (${reason})`);
  });
  return parseTrace(text, file);
}

export function parseTrace(text: string, file = "<trace>"): LoadedTrace {
  const fail = (field: string, problem: string): never => {
    throw new TraceError(file, field, problem);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return fail("", `not valid JSON, perhaps cut short (${(error as Error).message})`);
  }
  if (!isObject(raw)) return fail("", "must be a JSON object (a trace saved by snaplab explore --save-trace)");
  for (const key of Object.keys(raw)) if (!KEYS.includes(key)) fail(key, `unknown key (expected ${KEYS.join(", ")})`);
  for (const key of KEYS) if (!(key in raw)) fail(key, "missing");

  if (raw.format !== TRACE_FORMAT) fail("format", `must be "${TRACE_FORMAT}", got ${JSON.stringify(raw.format)}`);
  if (raw.version !== TRACE_VERSION) fail("version", `this snaplab reads version ${TRACE_VERSION}, got ${JSON.stringify(raw.version)}`);
  if (!isObject(raw.scenario)) fail("scenario", "must be a scenario object");
  if (typeof raw.algorithm !== "string" || raw.algorithm === "") fail("algorithm", "must be the name of a snapshot algorithm");
  if (typeof raw.fifo !== "boolean") fail("fifo", "must be true or false");
  const violation = raw.violation;
  if (!isObject(violation)) return fail("violation", "must be an object { property, reason }");
  if (typeof violation.property !== "string") fail("violation.property", "must be the name of a property");
  if (typeof violation.reason !== "string") fail("violation.reason", "must be a string");
  const actions = raw.actions;
  if (!Array.isArray(actions)) return fail("actions", "must be a list of actions");
  actions.forEach((action, i) => {
    if (typeof action !== "string") fail(`actions[${i}]`, `must be an action such as "send P0", got ${JSON.stringify(action)}`);
  });

  const scenario = parseScenario(JSON.stringify(raw.scenario), `${file}: scenario`);
  return {
    file,
    scenario: { ...scenario, fifo: raw.fifo as boolean, algorithm: raw.algorithm as string },
    violation: { property: violation.property as string, reason: violation.reason as string },
    actions: actions as string[],
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A counterexample saved to a file, as DSLabs saves traces: the system
 * (scenario, rules, settings such as the bank's channel order) and the
 * actions in their stable names ("deliver P0->P1 P0#1"), so that it can be
 * replayed after the rules change.
 *
 * The scenario is embedded rather than referred to by path: the trace then
 * replays on another machine, after the scenario file moved or changed, and
 * a learner can send it to a teacher as one file. A learner's rules file is
 * named, not embedded: replay runs it only when given it again (--rules),
 * since the trace outlives the file's path and its contents.
 */
import type { ModelDescriptor } from "../check/model-descriptor.js";
import type { Path } from "../explore/path.js";

export const TRACE_FORMAT = "snaplab-trace";
/** Version 2 tells a learner's rules file (`rules`) from the model's rules (`algorithm`); version 1 named both in `algorithm`. */
export const TRACE_VERSION = 2;
/** The versions this snaplab reads: a version-1 trace replays as it always did. */
export const READ_TRACE_VERSIONS: readonly number[] = [1, TRACE_VERSION];

/**
 * The rules a trace was made with: the model's, by name (an algorithm, a
 * design, a barrier mode), or a learner's rules file, as it was given. Kept
 * apart so that a file named like an algorithm is never taken for it.
 */
export type TraceRules = { readonly algorithm: string } | { readonly file: string };

/** The file's fields, in order; a model's settings (the bank's `fifo`) come between the rules and `violation`. */
export interface SavedTrace {
  readonly format: typeof TRACE_FORMAT;
  readonly version: typeof TRACE_VERSION;
  /** The scenario in its file format (a model other than the first in the registry names itself in it). */
  readonly scenario: object;
  /** The name of the model's rules that ran; a trace made with a learner's file has `rules` instead. */
  readonly algorithm?: string;
  /** The learner's rules file that ran, as it was given (explore --rules, live --rules). */
  readonly rules?: string;
  readonly [setting: string]: unknown;
  /** The violation the trace ends in when it was saved; absent from a path that broke no property (the page saves such paths too). */
  readonly violation?: { readonly property: string; readonly reason: string };
  /** The actions, each named as the model names it in the state it was taken from. */
  readonly actions: readonly string[];
}

/** What a trace is saved from: a counterexample (its property and why it breaks), or a path alone that breaks none. */
export interface SavedRun<State, Action> {
  readonly path: Path<State, Action>;
  readonly property?: string;
  readonly reason?: string;
}

/** The trace's field that names `madeWith`: `algorithm` for the model's rules, `rules` for a learner's file. */
export function rulesField(madeWith: TraceRules): Pick<SavedTrace, "algorithm" | "rules"> {
  return "file" in madeWith ? { rules: madeWith.file } : { algorithm: madeWith.algorithm };
}

/** The trace of `run`, made in `scenario` of `model` with the rules `madeWith`. */
export function savedTrace<Scenario, State, Action>(
  model: ModelDescriptor<Scenario, State, Action>,
  scenario: Scenario,
  madeWith: TraceRules,
  run: SavedRun<State, Action>,
): SavedTrace {
  const trace = model.trace;
  if (!trace) throw new Error(`the ${model.name} model cannot save traces`);
  const { states, actions } = run.path;
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    scenario: trace.scenarioJson(scenario),
    ...rulesField(madeWith),
    ...Object.fromEntries((model.settings ?? []).map((setting) => [setting.key, setting.value(scenario)])),
    ...(run.property === undefined ? {} : { violation: { property: run.property, reason: run.reason ?? "" } }),
    actions: actions.map((action, i) => trace.actionName(scenario, states[i]!, action)),
  };
}

/** The file's text: JSON with a field per line and an action per line. */
export function formatTrace(trace: SavedTrace): string {
  const fields = Object.entries(trace).map(([key, value]) =>
    key === "actions"
      ? `  "actions": [\n${trace.actions.map((a) => `    ${JSON.stringify(a)}`).join(",\n")}\n  ]`
      : `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  );
  return `{\n${fields.join(",\n")}\n}\n`;
}

/**
 * Replays a saved trace against a model's rules: each action, by its stable
 * name, must be enabled where it is taken; every property is checked along
 * the way, as the explorer checks it. The result says whether the violation
 * the trace was saved with happens again, so a learner can fix their rules
 * and replay the trace that failed them.
 */
import type { Named } from "../check/model-descriptor.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import { endlessRunReason } from "../explore/endless-run.js";
import type { Path } from "../explore/path.js";
import type { LoadedTrace } from "./load-trace.js";
import { TraceError } from "./trace-error.js";

export interface ReplayViolation {
  readonly property: string;
  readonly reason: string;
  /** Number of actions taken when it was first seen. */
  readonly step: number;
}

export interface Replay<State = any, Action = any> {
  readonly trace: LoadedTrace;
  /** The rules the trace ran with. */
  readonly rules: Named;
  readonly path: Path<State, Action>;
  /** The first violation of each property along the trace, in the model's property order. */
  readonly violations: readonly ReplayViolation[];
  /** The violation the trace was saved with happened again (never, for a trace saved without one). */
  readonly reproduces: boolean;
}

/** Replays `trace` with the rules it names, or with `rules` (a learner's, say). */
export function replayTrace(trace: LoadedTrace, rules: Named = namedRules(trace)): Replay {
  const { scenario, model: descriptor } = trace;
  const actionName = descriptor.trace?.actionName;
  if (!actionName) throw new TraceError(trace.file, "scenario", `the ${descriptor.name} model cannot replay traces`);
  const model = descriptor.build(scenario, rules);
  const properties = model.properties();
  const saved = trace.violation?.property;
  if (saved !== undefined && !properties.some((p) => p.name === saved)) {
    const known = properties.map((p) => p.name).join(", ");
    throw new TraceError(trace.file, "violation.property", `unknown property "${saved}" (known: ${known})`);
  }
  const states: unknown[] = [...model.initStates()];
  const actions: unknown[] = [];
  const found = new Map<string, ReplayViolation>();
  const check = (state: unknown, expectation: "always" | "atTermination") => {
    for (const property of properties) {
      if (property.expectation !== expectation || found.has(property.name)) continue;
      const reason = property.check(state);
      if (reason !== undefined) found.set(property.name, { property: property.name, reason, step: actions.length });
    }
  };

  check(states[0]!, "always");
  trace.actions.forEach((name, i) => {
    const state = states[i]!;
    const enabled = model.actions(state);
    const action = enabled.find((a) => actionName(scenario, state, a) === name);
    if (action === undefined) {
      const names = enabled.map((a) => actionName(scenario, state, a)).join(", ") || "none";
      throw new TraceError(trace.file, `actions[${i}]`, `"${name}" is not enabled after step ${i} (enabled: ${names})`);
    }
    actions.push(action);
    try {
      states.push(model.nextState(state, action));
    } catch (error) {
      // Rules that throw (a learner's, replayed after a change): say at which step of the trace, keeping the error as it is otherwise.
      if (error instanceof Error) error.message = `at step ${i + 1} (${name}): ${error.message}`;
      throw error;
    }
    check(states[i + 1]!, "always");
  });
  const last = states[states.length - 1]!;
  if (model.actions(last).length === 0) check(last, "atTermination");
  // A trace back in a state it was in can take its last steps again forever: a run that never ends.
  const lastKey = model.key(last);
  const back = states.slice(0, -1).findIndex((state) => model.key(state) === lastKey);
  if (back >= 0) {
    for (const property of properties) {
      if (!property.brokenByEndlessRuns || found.has(property.name)) continue;
      found.set(property.name, { property: property.name, reason: endlessRunReason(back, actions.length), step: actions.length });
    }
  }

  const violations = properties.flatMap((p) => found.get(p.name) ?? []);
  return {
    trace,
    rules,
    path: { states, actions },
    violations,
    reproduces: saved !== undefined && found.has(saved),
  };
}

function namedRules(trace: LoadedTrace): Named {
  const { madeWith } = trace;
  // A learner's file is run only when given: the trace names it as it was given, wherever explore or live ran.
  if ("file" in madeWith) {
    throw new TraceError(
      trace.file,
      "rules",
      `made with the rules file ${madeWith.file}, which replay runs only when given it (snaplab replay ${trace.file} --rules ${madeWith.file})`,
    );
  }
  try {
    return trace.model.algorithms.find(madeWith.algorithm);
  } catch (error) {
    // Not one of the model's: a version-1 trace of a learner's rules named them here (by their file, or as the file names them).
    if (error instanceof SnaplabError) {
      throw new TraceError(
        trace.file,
        "algorithm",
        `${error.message}; a trace saved with a learner's rules replays with their file (snaplab replay TRACE --rules FILE)`,
      );
    }
    throw error;
  }
}

/**
 * Replays a saved trace against a set of snapshot rules: each action, by its
 * stable name, must be enabled where it is taken; every property is checked
 * along the way, as the explorer checks it. The result says whether the
 * violation the trace was saved with happens again, so a learner can fix
 * their rules and replay the trace that failed them.
 */
import { findAlgorithm } from "../models/bank/algorithms/registry.js";
import type { SnapshotAlgorithm } from "../models/bank/algorithms/snapshot-algorithm.js";
import { formatAction, type BankAction } from "../models/bank/actions.js";
import type { BankState } from "../models/bank/state.js";
import { bankSystem } from "../models/bank/system.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import type { Path } from "../explore/path.js";
import type { LoadedTrace } from "./load-trace.js";
import { TraceError } from "./trace-error.js";

export interface ReplayViolation {
  readonly property: string;
  readonly reason: string;
  /** Number of actions taken when it was first seen. */
  readonly step: number;
}

export interface Replay {
  readonly trace: LoadedTrace;
  readonly algorithm: SnapshotAlgorithm;
  readonly path: Path<BankState, BankAction>;
  /** The first violation of each property along the trace, in the model's property order. */
  readonly violations: readonly ReplayViolation[];
  /** The violation the trace was saved with happened again. */
  readonly reproduces: boolean;
}

/** Replays `trace` with the algorithm it names, or with `algorithm` (a learner's rules, say). */
export function replayTrace(trace: LoadedTrace, algorithm: SnapshotAlgorithm = namedAlgorithm(trace)): Replay {
  const { scenario } = trace;
  const model = bankSystem(scenario, algorithm);
  const properties = model.properties();
  if (!properties.some((p) => p.name === trace.violation.property)) {
    const known = properties.map((p) => p.name).join(", ");
    throw new TraceError(trace.file, "violation.property", `unknown property "${trace.violation.property}" (known: ${known})`);
  }
  const states: BankState[] = [...model.initStates()];
  const actions: BankAction[] = [];
  const found = new Map<string, ReplayViolation>();
  const check = (state: BankState, expectation: "always" | "atTermination") => {
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
    const action = enabled.find((a) => formatAction(scenario, state, a) === name);
    if (action === undefined) {
      const names = enabled.map((a) => formatAction(scenario, state, a)).join(", ") || "none";
      throw new TraceError(trace.file, `actions[${i}]`, `"${name}" is not enabled after step ${i} (enabled: ${names})`);
    }
    actions.push(action);
    states.push(model.nextState(state, action));
    check(states[i + 1]!, "always");
  });
  const last = states[states.length - 1]!;
  if (model.actions(last).length === 0) check(last, "atTermination");

  const violations = properties.flatMap((p) => found.get(p.name) ?? []);
  return {
    trace,
    algorithm,
    path: { states, actions },
    violations,
    reproduces: found.has(trace.violation.property),
  };
}

function namedAlgorithm(trace: LoadedTrace): SnapshotAlgorithm {
  try {
    return findAlgorithm(trace.scenario.algorithm);
  } catch (error) {
    if (error instanceof SnaplabError) throw new TraceError(trace.file, "algorithm", error.message);
    throw error;
  }
}

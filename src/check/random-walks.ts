/**
 * Checks a scenario of any model by random walks instead of every
 * interleaving (`snaplab explore --search random`): for systems beyond
 * exhaustive reach. Each violation a walk meets is shortened by delta
 * debugging and told and drawn as the exhaustive check's are. Finding none
 * proves nothing: only the states the walks met were checked.
 */
import { shortenViolation } from "../explore/shorten-violation.js";
import { simulate, type WalkProgress } from "../explore/simulate.js";
import { counterexampleOf } from "./counterexample.js";
import { reportTitle, type ModelDescriptor, type Named } from "./model-descriptor.js";
import type { Counterexample } from "./report.js";

export interface RandomWalkOptions<Rules extends Named = Named> {
  readonly walks: number;
  readonly seed: number;
  /** Give up on a walk after this many steps. */
  readonly maxSteps: number;
  readonly rules?: Rules;
  readonly algorithm?: string;
  readonly onProgress?: (progress: WalkProgress) => void;
  readonly progressEveryMs?: number;
}

/** A counterexample a walk found, shortened, with the length it had when found. */
export interface WalkCounterexample<State = unknown, Action = unknown> extends Counterexample<State, Action> {
  /** The walk that found it, numbered from 1. */
  readonly walk: number;
  /** Its length before shortening. */
  readonly foundLength: number;
}

export interface RandomWalkReport<Scenario = unknown, State = unknown, Action = unknown, Rules = unknown> {
  readonly model: string;
  readonly scenario: Scenario;
  readonly name: string;
  readonly rules: Rules;
  readonly algorithm: string;
  /** The report's first line (reportTitle in model-descriptor.ts), e.g. "two-node: chandy-lamport, non-FIFO channels". */
  readonly title: string;
  readonly seed: number;
  readonly maxSteps: number;
  readonly walks: number;
  readonly steps: number;
  readonly distinctStates: number;
  /** Every property, in the model's order, and whether a walk broke it. */
  readonly properties: readonly { name: string; claim: string; holds: boolean }[];
  readonly counterexamples: readonly WalkCounterexample<State, Action>[];
  readonly elapsedMs: number;
}

export function checkByRandomWalks<Scenario, State, Action, Rules extends Named>(
  { model: descriptor, scenario }: { readonly model: ModelDescriptor<Scenario, State, Action, Rules>; readonly scenario: Scenario },
  options: RandomWalkOptions<Rules>,
): RandomWalkReport<Scenario, State, Action, Rules> {
  const started = performance.now();
  const rules = options.rules ?? descriptor.algorithms.find(options.algorithm ?? descriptor.algorithmOf(scenario));
  const model = descriptor.build(scenario, rules);
  const simulation = simulate(model, {
    walks: options.walks,
    seed: options.seed,
    maxSteps: options.maxSteps,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.progressEveryMs === undefined ? {} : { progressEveryMs: options.progressEveryMs }),
  });
  // The model's stable action names where it saves traces; otherwise the action itself.
  const trace = descriptor.trace;
  const name = trace ? (state: State, action: Action) => trace.actionName(scenario, state, action) : (_: State, action: Action) => JSON.stringify(action);
  const properties = model.properties().map(({ name, claim }) => ({ name, claim, holds: !simulation.violations.some((v) => v.property === name) }));
  const counterexamples = properties.flatMap(({ name: property }) =>
    simulation.violations
      .filter((v) => v.property === property)
      .map((violation) => ({
        ...counterexampleOf(descriptor, scenario, rules, shortenViolation(model, violation, name)),
        walk: violation.walk,
        foundLength: violation.path.actions.length,
      })),
  );
  return {
    model: descriptor.name,
    scenario,
    name: descriptor.scenarioName(scenario),
    rules,
    algorithm: rules.name,
    title: reportTitle(descriptor, scenario, rules),
    seed: options.seed,
    maxSteps: options.maxSteps,
    walks: simulation.walks,
    steps: simulation.steps,
    distinctStates: simulation.distinctStates,
    properties,
    counterexamples,
    elapsedMs: performance.now() - started,
  };
}

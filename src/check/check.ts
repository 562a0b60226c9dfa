/**
 * Checks a scenario of any model: builds the model with the rules asked for,
 * explores every interleaving (with the model's own packed engine where it
 * has one), and gathers what a person or a program needs to know: the
 * figures, each property's verdict, and each violated property's shortest
 * counterexample as a path, as numbered steps and as a space-time view.
 * This is the one pipeline explore, replay, promela and the library use.
 */
import { exploreModel } from "../explore/generic-explorer.js";
import type { Exploration } from "../explore/exploration.js";
import type { SearchSummary } from "../explore/search-mode.js";
import { reportTitle, type ModelDescriptor, type Named, type SearchOptions } from "./model-descriptor.js";
import { counterexampleOf } from "./counterexample.js";
import type { Report } from "./report.js";

export interface CheckOptions<Rules extends Named = Named> extends SearchOptions {
  /** Run these rules instead of the ones the scenario names (a learner's, say). */
  readonly rules?: Rules;
  /** Run the rules of this name instead of the ones the scenario names. */
  readonly algorithm?: string;
}

export function check<Scenario, State, Action, Rules extends Named, Snapshot>(
  { model: descriptor, scenario }: { readonly model: ModelDescriptor<Scenario, State, Action, Rules, Snapshot>; readonly scenario: Scenario },
  options: CheckOptions<Rules> = {},
): Report<Scenario, State, Action, Rules, Snapshot> {
  const rules = options.rules ?? descriptor.algorithms.find(options.algorithm ?? descriptor.algorithmOf(scenario));
  const model = descriptor.build(scenario, rules);
  const measure = descriptor.measure;
  const exploreOptions: SearchOptions<State> = {
    ...(options as SearchOptions<State>),
    ...(measure ? { measureExecutionsThrough: (state: State) => measure.marked(scenario, rules, state) } : {}),
  };
  const result: Exploration<State, Action> & { readonly search?: SearchSummary } = descriptor.explore
    ? descriptor.explore(scenario, rules, model, exploreOptions)
    : exploreModel(model, exploreOptions);
  const properties = model.properties().map(({ name, claim }) => ({ name, claim, holds: !result.violated.includes(name) }));
  const counterexamples = properties.flatMap(({ name }) =>
    result.violations.filter((v) => v.property === name).map((violation) => counterexampleOf(descriptor, scenario, rules, violation)),
  );
  const { states, transitions, executions, executionsThrough, elapsedMs } = result;
  return {
    model: descriptor.name,
    scenario,
    name: descriptor.scenarioName(scenario),
    rules,
    algorithm: rules.name,
    title: reportTitle(descriptor, scenario, rules),
    states,
    transitions,
    executions,
    figures: measure && executionsThrough !== undefined ? [{ label: measure.label, value: executionsThrough }] : [],
    ...(descriptor.recordedSnapshots ? { snapshots: descriptor.recordedSnapshots(scenario, result.terminalStates) } : {}),
    properties,
    counterexamples,
    violated: result.violated,
    elapsedMs,
    ...(result.search ? { search: result.search } : {}),
  };
}

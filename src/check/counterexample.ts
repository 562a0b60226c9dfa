/** A violation as a person reads it: the path, its steps in words, its picture and what it recorded. */
import type { Violation } from "../explore/exploration.js";
import type { ModelDescriptor, Named } from "./model-descriptor.js";
import type { Counterexample } from "./report.js";

export function counterexampleOf<Scenario, State, Action, Rules extends Named>(
  descriptor: ModelDescriptor<Scenario, State, Action, Rules>,
  scenario: Scenario,
  rules: Rules,
  violation: Violation<State, Action>,
): Counterexample<State, Action> {
  const { property, reason, path } = violation;
  const end = path.states[path.states.length - 1]!;
  return {
    property,
    reason,
    length: path.actions.length,
    path,
    steps: path.actions.map((action, i) => descriptor.describeStep(scenario, rules, path.states[i]!, action, path.states[i + 1]!)),
    view: descriptor.spaceTime(scenario, rules, violation),
    ...(descriptor.describeEnd ? { recorded: descriptor.describeEnd(scenario, end) } : {}),
  };
}

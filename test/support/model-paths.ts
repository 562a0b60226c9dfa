// Paths through any model for the picture tests: walked by hand (at each step the
// enabled action a test picks) or at random (each choice picks among the enabled ones).
import type { Violation } from "../../src/explore/exploration.js";
import type { Model } from "../../src/model-contract/model.js";

export function walkModel<State, Action>(model: Model<State, Action>, picks: readonly ((action: Action) => boolean)[]): Violation<State, Action> {
  return follow(model, picks.length, (enabled, i) => {
    const action = enabled.find(picks[i]!);
    if (action === undefined) throw new Error(`step ${i + 1}: the action asked for is not enabled`);
    return action;
  });
}

/** A run that follows `choices` until they or the enabled actions run out. */
export function randomRun<State, Action>(model: Model<State, Action>, choices: readonly number[]): Violation<State, Action> {
  return follow(model, choices.length, (enabled, i) => enabled[choices[i]! % enabled.length]);
}

function follow<State, Action>(
  model: Model<State, Action>,
  length: number,
  choose: (enabled: readonly Action[], step: number) => Action | undefined,
): Violation<State, Action> {
  const states: State[] = [model.initStates()[0]!];
  const actions: Action[] = [];
  for (let i = 0; i < length; i++) {
    const action = choose(model.actions(states[i]!), i);
    if (action === undefined) break;
    actions.push(action);
    states.push(model.nextState(states[i]!, action));
  }
  return { property: "walk", reason: "a hand-made path", path: { states, actions } };
}

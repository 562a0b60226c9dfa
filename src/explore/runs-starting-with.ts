/**
 * The runs of a model that begin with given steps: in the states along
 * them, only the next of those steps is enabled, and past them every
 * action is. Every run of it is a run of the model, so a violation found in
 * it is one of the model's; what it leaves out is every run that begins
 * otherwise. It lets a search reach deep into a state space too big to
 * explore whole, from a start chosen for what it shows.
 */
import type { Model } from "../model-contract/model.js";

/**
 * `model`, its runs all beginning with `steps`. Where a step is not enabled
 * when its turn comes, the runs go on from there unrestricted. The states
 * along the steps are known by their keys, found as the search takes each
 * step, since the model's own steps (a learner's rules) make them.
 */
export function runsStartingWith<State, Action>(model: Model<State, Action>, steps: readonly Action[]): Model<State, Action> {
  const sameStep = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);
  // By a state's key: how many of the steps led to it.
  const along = new Map<string, number>(model.initStates().map((state) => [model.key(state), 0]));
  const taken = (state: State) => along.get(model.key(state));
  // A state's actions never change once a search has asked for them: a step that leads back to a state met before (one
  // that changes nothing its key holds) leaves that state at its first place among the steps.
  const asked = new Set<string>();
  return {
    initStates: () => model.initStates(),
    actions(state) {
      const key = model.key(state);
      asked.add(key);
      const enabled = model.actions(state);
      const k = along.get(key);
      if (k === undefined || k >= steps.length) return enabled;
      const next = enabled.find((action) => sameStep(action, steps[k]!));
      return next === undefined ? enabled : [next];
    },
    nextState(state, action) {
      const after = model.nextState(state, action);
      const k = taken(state);
      if (k !== undefined && k < steps.length && sameStep(action, steps[k]!)) {
        const key = model.key(after);
        if (!along.has(key) && !asked.has(key)) along.set(key, k + 1);
      }
      return after;
    },
    properties: () => model.properties(),
    key: (state) => model.key(state),
  };
}

/**
 * A model whose steps ask another process (a learner's rules in a sandbox),
 * asked a chunk of states at a time. Before the explorer expands a chunk
 * (Model.prepare), every step and property of its states is worked out with
 * `gather` (Submission.gather): a question not answered yet stops that step
 * and is noted, the noted questions cross in a few batches, and the next
 * round gets further. What was worked out is handed to the explorer when it
 * asks, by object (the explorer asks about the states and actions it was
 * given); what could not be (a question that broke the contract, an error)
 * is done again when the explorer asks, in its order, as without gathering.
 * Steps the explorer already knows the outcome of (it remembers steps by
 * their footprint, interned-model.ts) are not worked out: it will not take them.
 * Answers are the same either way: the rules are pure by contract.
 */
import type { Model } from "../model/model.js";
import type { Property } from "../model/property.js";

/** Runs `run`, noting the questions it could not have answered, then asks them; says whether to gather again. */
export type Gather = (run: () => void) => boolean;

/** How many times a chunk's questions are gathered: a step or property asks its questions one after another, so each round may reveal the next. */
const GATHER_ROUNDS = 8;

export function gatheredModel<State, Action>(model: Model<State, Action>, gather: Gather): Model<State, Action> {
  // What was worked out for the chunk being expanded.
  const actionLists = new Map<State, readonly Action[]>();
  const successors = new Map<State, Map<Action, State>>();
  const properties = model.properties();
  const verdicts = properties.map(() => new Map<State, string | undefined>());
  const gatheredProperties = properties.map(
    (p, i): Property<State> => ({
      ...p,
      check: (state) => {
        const known = verdicts[i]!;
        return known.has(state) ? known.get(state) : p.check(state);
      },
    }),
  );

  /** Works out what it can of `state`'s properties and steps; whatever throws (a question not answered yet) is left for later. */
  const workOut = (state: State, known?: (state: State, action: Action) => boolean) => {
    let list = actionLists.get(state);
    if (!list) actionLists.set(state, (list = model.actions(state)));
    properties.forEach((p, i) => {
      if (verdicts[i]!.has(state) || (p.expectation === "atTermination" && list.length > 0)) return;
      try {
        verdicts[i]!.set(state, p.check(state));
      } catch {
        // checked again when the explorer checks it
      }
    });
    let done = successors.get(state);
    if (!done) successors.set(state, (done = new Map()));
    for (const action of list) {
      if (done.has(action) || known?.(state, action)) continue;
      try {
        done.set(action, model.nextState(state, action));
      } catch {
        // taken again when the explorer takes it
      }
    }
  };

  return {
    initStates: () => model.initStates(),
    actions: (state) => actionLists.get(state) ?? model.actions(state),
    nextState: (state, action) => successors.get(state)?.get(action) ?? model.nextState(state, action),
    properties: () => gatheredProperties,
    key: (state) => model.key(state),
    ...(model.parts ? { parts: model.parts } : {}),
    prepare(states, known) {
      // The chunk before this one is expanded: what was kept for it is not needed any more.
      actionLists.clear();
      successors.clear();
      for (const kept of verdicts) kept.clear();
      for (let round = 0; round < GATHER_ROUNDS; round++) {
        if (!gather(() => states.forEach((state) => workOut(state, known)))) break;
      }
    },
  };
}

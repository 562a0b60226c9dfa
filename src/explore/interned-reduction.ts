/**
 * A readable model's Reduction (src/model/reduction.ts), asked about the
 * stored vectors of an interned model (interned-model.ts): what stubborn and
 * sleep sets go by (ReductionRules), for any model that says it, whatever
 * its rules. Each answer is the readable model's, about the readable state.
 */
import type { ReductionRules } from "../model/packed-model.js";
import type { Reduction } from "../model/reduction.js";
import { ReductionVoided } from "./reduction-voided.js";

/** Told of a step the model took: its state before, the action, the state after. */
export type StepWatch<State, Action> = (before: State, action: Action, after: State) => void;

/** What this needs of an interned model. */
export interface InternedStates<State, Action> {
  decode(vector: Uint32Array, at: number): State;
  /** The state's actions, in the order its successors are written. */
  actionsAt(vector: Uint32Array, at: number): readonly Action[];
  isTerminal(vector: Uint32Array, at: number): boolean;
  watchSteps(watch: StepWatch<State, Action> | undefined): void;
}

export function internedReduction<State, Action>(states: InternedStates<State, Action>, reduction: Reduction<State, Action>): ReductionRules {
  const broken = reduction.assumptionBroken?.bind(reduction);
  const watch: StepWatch<State, Action> | undefined = broken
    ? (before, action, after) => {
        const reason = broken(before, action, after);
        if (reason !== undefined) throw new ReductionVoided(reason);
      }
    : undefined;
  return {
    transitions: reduction.transitions,
    enabled(vector, at, into) {
      const actions = states.actionsAt(vector, at);
      const state = states.decode(vector, at);
      for (let i = 0; i < actions.length; i++) into[i] = reduction.transition(state, actions[i]!);
      return actions.length;
    },
    dependents: (vector, at, t, add) => reduction.dependents(states.decode(vector, at), t, add),
    enablers: (vector, at, t, add) => reduction.enablers(states.decode(vector, at), t, add),
    terminal: (vector, at) => states.isTerminal(vector, at),
    watch: (on) => states.watchSteps(on ? watch : undefined),
  };
}

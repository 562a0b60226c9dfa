/**
 * A readable model's Reduction (src/model-contract/reduction.ts), asked about the
 * stored vectors of an interned model (interned-model.ts): what stubborn and
 * sleep sets go by (ReductionRules), for any model that says it, whatever
 * its rules. Each answer is the readable model's, about the readable state.
 */
import type { ReductionRules } from "../model-contract/packed-model.js";
import type { Reduction } from "../model-contract/reduction.js";
import { commutingWith, type Steps } from "./commuting-steps.js";
import { ReductionVoided } from "./reduction-voided.js";

/** The most states the candidates of one check may reach (commuting-steps.ts); beyond, they stay dependent. */
const CHECKED_STATES = 256;

/** Told of a step the model took: its state before, the action, the state after. */
export type StepWatch<State, Action> = (before: State, action: Action, after: State) => void;

/** What this needs of an interned model. */
export interface InternedStates<State, Action> {
  decode(vector: Uint32Array, at: number): State;
  /** The transitions of the state's actions, in the order its successors are written. */
  transitionsAt(vector: Uint32Array, at: number): Int32Array;
  isTerminal(vector: Uint32Array, at: number): boolean;
  /** Whether a reduced search runs from now on, each step the model takes then told to `watch`. */
  reduced(on: boolean, watch?: StepWatch<State, Action>): void;
  /** The successors of the state at `vector[at ..]`, in a fresh array, outside any prepared chunk; with `wanted`, only those at the places it picks. */
  successorsOf(vector: Uint32Array, at: number, wanted?: (k: number) => boolean): Uint32Array;
  /**
   * A key for what the steps of the actions at these places in the state's
   * action list depend on: the numbers of the parts in their footprints
   * (undefined where the model gives no footprints).
   */
  footprintKey(vector: Uint32Array, at: number, actions: readonly number[]): string | undefined;
  readonly words: number;
}

/** The packed rules, and one thing more the interned model asks while it prepares states to be expanded. */
export interface InternedReduction extends ReductionRules {
  /** Works out what choosing the transitions of the state at `vector[at ..]` needs, so that its questions can be gathered (InternedModel.prepare). */
  workOut(vector: Uint32Array, at: number): void;
}

export function internedReduction<State, Action>(states: InternedStates<State, Action>, reduction: Reduction<State, Action>): InternedReduction {
  const broken = reduction.assumptionBroken?.bind(reduction);
  const watch: StepWatch<State, Action> | undefined = broken
    ? (before, action, after) => {
        const reason = broken(before, action, after);
        if (reason !== undefined) throw new ReductionVoided(reason);
      }
    : undefined;
  const checkable = reduction.checkable?.bind(reduction);
  const words = states.words;
  const stepped = {
    words,
    stepsFrom(vector: Uint32Array, at: number, wanted: ReadonlySet<number>): Steps {
      const transitions = states.transitionsAt(vector, at);
      return { transitions, vectors: states.successorsOf(vector, at, (k) => wanted.has(transitions[k]!)) };
    },
  };
  // The candidates found to commute with a transition, by the transition, the candidates and the parts their steps depend on.
  const commuting = new Map<string, ReadonlySet<number>>();

  // The state asked about last, and what was worked out about it: stubborn and sleep sets ask about one state many times.
  const current = new Uint32Array(words);
  let known = false;
  let state: State | undefined;
  let enabled: Int32Array = new Int32Array(0);
  const dependentsOf = new Map<number, readonly number[]>();
  // By the candidates tried (and the transition, where it is not one of them): the key of the parts their steps read, or null.
  const partsKeys = new Map<string, string | null>();
  const about = (vector: Uint32Array, at: number): void => {
    if (known) {
      let same = true;
      for (let i = 0; i < words && same; i++) same = current[i] === vector[at + i];
      if (same) return;
    }
    for (let i = 0; i < words; i++) current[i] = vector[at + i]!;
    known = true;
    state = undefined;
    enabled = states.transitionsAt(vector, at);
    dependentsOf.clear();
    partsKeys.clear();
  };
  const stateAt = (vector: Uint32Array, at: number): State => {
    about(vector, at);
    return (state ??= states.decode(vector, at));
  };
  const workOut = (vector: Uint32Array, at: number, t: number): readonly number[] => {
    const here = stateAt(vector, at);
    const all: number[] = [];
    reduction.dependents(here, t, (u) => all.push(u));
    const named: number[] = [];
    checkable?.(here, t, (u) => named.push(u));
    const candidates = named.filter((u) => u !== t).sort((a, b) => a - b);
    if (candidates.length === 0) return all;
    // The transitions of one process name the same candidates: the parts their steps read are keyed once a state.
    const tried = [...new Set([t, ...named])].sort((a, b) => a - b).join(",");
    let parts = partsKeys.get(tried);
    if (parts === undefined) {
      const places: number[] = [];
      for (const u of tried.split(",")) {
        const i = enabled.indexOf(Number(u));
        if (i >= 0) places.push(i);
      }
      partsKeys.set(tried, (parts = states.footprintKey(vector, at, places) ?? null));
    }
    const key = parts === null ? undefined : `${t}:${tried}:${parts}`;
    let independent = key === undefined ? undefined : commuting.get(key);
    if (!independent) {
      independent = new Set(commutingWith(stepped, vector, at, t, candidates, CHECKED_STATES));
      if (key !== undefined) commuting.set(key, independent);
    }
    return independent.size === 0 ? all : all.filter((u) => !independent.has(u));
  };
  const dependentsIn = (vector: Uint32Array, at: number, t: number): readonly number[] => {
    about(vector, at);
    let found = dependentsOf.get(t);
    if (!found) dependentsOf.set(t, (found = workOut(vector, at, t)));
    return found;
  };

  return {
    transitions: reduction.transitions,
    enabled(vector, at, into) {
      about(vector, at);
      into.set(enabled);
      return enabled.length;
    },
    dependents(vector, at, t, add) {
      for (const u of dependentsIn(vector, at, t)) add(u);
    },
    enablers: (vector, at, t, add) => reduction.enablers(stateAt(vector, at), t, add),
    terminal: (vector, at) => states.isTerminal(vector, at),
    watch: (on) => states.reduced(on, watch),
    workOut(vector, at) {
      about(vector, at);
      for (const t of enabled) dependentsIn(vector, at, t);
    },
  };
}

/**
 * A state seen as a fixed row of parts (for the bank: each process, each
 * channel's queue, each channel's recording), so that an explorer can store
 * it as a row of small integers, one per part, each numbering a distinct part
 * it has met (src/explore/interned-model.ts). A step changes a few parts and
 * shares the others with the state before it, so most parts of a new state
 * are known already, by identity, and only the changed ones are keyed.
 */
export interface StateParts<State, Action = unknown> {
  /** How many parts every state has. */
  readonly count: number;
  /** The state's parts, `count` of them, in a fixed order; a part a step did not touch is the same value as before it. */
  split(state: State): readonly unknown[];
  /** The state made of these parts; `join(split(s))` is a state equal to `s`. The array is the caller's: keep the parts, not the array. */
  join(parts: readonly unknown[]): State;
  /**
   * Optional: parts stored together. Each group's parts are numbered as one
   * row, so a state is stored as one number per group (SPIN's collapse
   * compression); every part is in exactly one group. Without it, each part
   * is a group of its own.
   */
  readonly groups?: readonly (readonly number[])[];
  /** A canonical string for the part in position `slot`: equal keys if and only if equal parts. */
  key(part: unknown, slot: number): string;
  /**
   * Optional: what a step depends on, so that the explorer takes each local
   * step once and then reuses it (a process handling a message the same way
   * in a thousand global states). The step by `action` changes no part
   * outside `slots`, and what it makes of those parts depends only on them
   * and on `key` (equal keys, equal parts in `slots`: equal successors). The
   * explorer checks the first half each time it takes a step; the second is
   * the model's promise, and the tests compare both ways of exploring.
   */
  footprint?(state: State, action: Action): StepFootprint;
  /**
   * Optional, with `footprint` and `actionsOf`: the model's actions listed
   * part by part, so that a state whose steps were all met before is expanded
   * without being made. In every state, `model.actions` lists, in order, the
   * actions of each part named here, and which they are, and their
   * footprints, depend on that part alone (the bank: each process's own
   * steps, then each channel's deliveries).
   */
  readonly actionSources?: readonly number[];
  /**
   * The actions of the part at `actionSources[source]` when it holds `part`;
   * or null where that part alone means the state has no actions at all (a
   * graded run that broke a step rule ends there).
   */
  actionsOf?(part: unknown, source: number): readonly Action[] | null;
  /**
   * Optional: whether the property numbered `property` (its place in
   * `model.properties()`), if it is checked in every state ("always"), can
   * fail in a state holding this part in position `slot`. Where any part of
   * a state says no, the property holds there and is not asked (the bank's
   * judge a complete snapshot, which a process that has not recorded is not).
   */
  mayFail?(part: unknown, slot: number, property: number): boolean;
}

export interface StepFootprint {
  /** What the step does, as a string, e.g. "deliver 2 0" (a channel and a position); steps with the same key have the same slots. */
  readonly key: string;
  /** The parts it reads or may change (a part named twice counts once: the explorer keeps each once). */
  readonly slots: readonly number[];
  /**
   * Optional: the parts of `slots` it reads; the others it may only write (a
   * process's outgoing queues, which its rules cannot see but may append a
   * marker to). Whether the step changes a part outside `reads`, and what it
   * makes of the parts in `reads`, depend only on them (and `key`). So a step
   * that changed nothing outside them is reused wherever they meet again,
   * whatever the other parts of `slots` hold.
   */
  readonly reads?: readonly number[];
}

/** A state without parts of its own: the whole state is its one part, keyed by the model's key. */
export function wholeStateParts<State, Action = unknown>(key: (state: State) => string): StateParts<State, Action> {
  return {
    count: 1,
    split: (state) => [state],
    join: (parts) => parts[0] as State,
    key: (part) => key(part as State),
  };
}

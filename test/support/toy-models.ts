/**
 * Toy models for testing the explorer without the bank, as Stateright's
 * test_util does. Their state spaces are small enough to count by hand.
 */
import type { Model } from "../../src/model-contract/model.js";
import { always, atTermination } from "../../src/model-contract/property.js";

type Counters = readonly [number, number];
type Increment = "a" | "b";

/**
 * Two counters that each count up to `limit`, one step at a time, in any
 * interleaving: (limit+1)^2 states, 2*limit*(limit+1) transitions, and
 * C(2*limit, limit) executions. "sum below" fails first at depth `bound`.
 */
export function twoCounters(limit: number, bound = Number.POSITIVE_INFINITY): Model<Counters, Increment> {
  return {
    initStates: () => [[0, 0]],
    actions: ([a, b]) => [...(a < limit ? ["a" as const] : []), ...(b < limit ? ["b" as const] : [])],
    nextState: ([a, b], action) => (action === "a" ? [a + 1, b] : [a, b + 1]),
    properties: () => [
      always<Counters>("sum below", `a + b stays below ${bound}`, ([a, b]) => (a + b < bound ? undefined : `a + b = ${a + b}`)),
      atTermination<Counters>("ends even", "both counters end at the same value", ([a, b]) => (a === b ? undefined : `ended at ${a}, ${b}`)),
    ],
    key: ([a, b]) => `${a},${b}`,
  };
}

/** A clock that wraps around: one state per tick, a cycle, no terminal state. */
export function wrappingClock(ticks: number): Model<number, "tick"> {
  return {
    initStates: () => [0],
    actions: () => ["tick"],
    nextState: (t) => (t + 1) % ticks,
    properties: () => [],
    key: String,
  };
}

/** Counts down from `start` in steps of 1 or 2; terminal at 0 (or -1 if it overshoots). */
export function countdown(start: number): Model<number, 1 | 2> {
  return {
    initStates: () => [start],
    actions: (n) => (n > 0 ? [1, 2] : []),
    nextState: (n, step) => n - step,
    properties: () => [atTermination<number>("lands on zero", "the countdown ends exactly at 0", (n) => (n === 0 ? undefined : `ended at ${n}`))],
    key: String,
  };
}

/**
 * A walk on a graph given as each state's successors (an action is the
 * successor's name), with two claims on how it ends: "ends at done", which
 * a run that never ends breaks too, and "ends quietly", which it does not.
 */
export function graphWalk(successors: Readonly<Record<string, readonly string[]>>): Model<string, string> {
  const endsAtDone = atTermination<string>("ends at done", "every run ends at done", (s) => (s === "done" ? undefined : `ended at ${s}`));
  return {
    initStates: () => ["start"],
    actions: (s) => successors[s] ?? [],
    nextState: (_, next) => next,
    properties: () => [
      { ...endsAtDone, brokenByEndlessRuns: true },
      atTermination<string>("ends quietly", "no run ends at loud", (s) => (s === "loud" ? "ended loud" : undefined)),
    ],
    key: (s) => s,
  };
}

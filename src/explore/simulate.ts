/**
 * Random walks, for systems too big to explore exhaustively (Stateright's
 * "simulation" checker). Each walk starts in an initial state and takes
 * random enabled actions until none is left, checking every property on the
 * way. A seeded generator makes every run repeatable; a walk that finds no
 * violation proves nothing, it only samples.
 */
import type { Model } from "../model-contract/model.js";
import type { Violation } from "./exploration.js";
import { mulberry32 } from "./seeded-random.js";

export interface SimulateOptions {
  readonly walks: number;
  readonly seed: number;
  /** Give up on a walk after this many steps (the bank always ends; other models may not). */
  readonly maxSteps?: number;
  /** Called after a walk about every `progressEveryMs` milliseconds (0: after every walk). */
  readonly onProgress?: (progress: WalkProgress) => void;
  readonly progressEveryMs?: number;
}

export interface WalkProgress {
  readonly walks: number;
  readonly steps: number;
  readonly distinctStates: number;
  readonly elapsedMs: number;
}

export interface Simulation<State, Action> {
  readonly walks: number;
  readonly steps: number;
  /** Distinct states met on all walks, the initial ones included (by the model's key). */
  readonly distinctStates: number;
  /** The first violation found of each property (not necessarily a shortest one), with the walk that found it (numbered from 1). */
  readonly violations: readonly (Violation<State, Action> & { readonly walk: number })[];
  readonly elapsedMs: number;
}

export function simulate<State, Action>(model: Model<State, Action>, options: SimulateOptions): Simulation<State, Action> {
  const started = performance.now();
  const random = mulberry32(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const maxSteps = options.maxSteps ?? 10_000;
  const progressEveryMs = options.progressEveryMs ?? 1000;
  let nextProgressAt = started + progressEveryMs;
  const violations: (Violation<State, Action> & { walk: number })[] = [];
  const found = new Set<string>();
  const seen = new Set<string>();
  let steps = 0;

  for (let walk = 0; walk < options.walks; walk++) {
    const states = [pick(model.initStates())];
    const actions: Action[] = [];
    for (;;) {
      const state = states[states.length - 1]!;
      seen.add(model.key(state));
      const enabled = model.actions(state);
      for (const property of model.properties()) {
        const due = property.expectation === "always" || enabled.length === 0;
        const reason = due && !found.has(property.name) ? property.check(state) : undefined;
        if (reason === undefined) continue;
        found.add(property.name);
        violations.push({ property: property.name, reason, path: { states: [...states], actions: [...actions] }, walk: walk + 1 });
      }
      if (enabled.length === 0 || actions.length >= maxSteps) break;
      const action = pick(enabled);
      actions.push(action);
      states.push(model.nextState(state, action));
      steps++;
    }
    if (options.onProgress && performance.now() >= nextProgressAt) {
      nextProgressAt = performance.now() + progressEveryMs;
      options.onProgress({ walks: walk + 1, steps, distinctStates: seen.size, elapsedMs: performance.now() - started });
    }
  }
  return { walks: options.walks, steps, distinctStates: seen.size, violations, elapsedMs: performance.now() - started };
}

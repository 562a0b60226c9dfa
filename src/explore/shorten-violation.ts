/**
 * Shortens a counterexample that a random walk found, by delta debugging
 * (Zeller's ddmin): drop chunks of its actions, halving the chunk size, and
 * keep any shorter list that still replays and still breaks the same
 * property. The result is 1-minimal: leaving out any single action loses the
 * violation. It is short, not necessarily shortest (only breadth-first search
 * promises that).
 *
 * Actions are matched by name across replays (`name`, e.g. the bank's
 * "deliver P0->P1 P0#1"), since a position in a queue changes once earlier
 * actions are gone.
 */
import type { Model } from "../model-contract/model.js";
import type { Violation } from "./exploration.js";
import type { Path } from "./path.js";

export type ActionName<State, Action> = (state: State, action: Action) => string;

export function shortenViolation<State, Action>(
  model: Model<State, Action>,
  violation: Violation<State, Action>,
  name: ActionName<State, Action>,
): Violation<State, Action> {
  const property = model.properties().find((p) => p.name === violation.property);
  if (!property) return violation;
  const start = violation.path.states[0]!;
  const names = violation.path.actions.map((action, i) => name(violation.path.states[i]!, action));

  // Replays the named actions from the walk's initial state; the violation if the property still breaks.
  const replay = (list: readonly string[]): Violation<State, Action> | undefined => {
    const states: State[] = [start];
    const actions: Action[] = [];
    const broken = (state: State, enabled: readonly Action[]) =>
      property.expectation === "always" || enabled.length === 0 ? property.check(state) : undefined;
    for (let i = 0; ; i++) {
      const state = states[states.length - 1]!;
      const enabled = model.actions(state);
      const reason = broken(state, enabled);
      // An invariant may break before the list ends: the path stops there, shorter still.
      if (reason !== undefined && (property.expectation === "always" || i === list.length)) {
        return { property: property.name, reason, path: { states, actions } };
      }
      if (i === list.length) return undefined;
      const action = enabled.find((a) => name(state, a) === list[i]);
      if (action === undefined) return undefined;
      actions.push(action);
      states.push(model.nextState(state, action));
    }
  };

  let best = replay(names) ?? violation;
  let current = namesOf(best.path, name);
  let chunks = 2;
  while (current.length >= 2) {
    const size = Math.ceil(current.length / chunks);
    let shrunk = false;
    for (let from = 0; from < current.length; from += size) {
      const candidate = [...current.slice(0, from), ...current.slice(from + size)];
      const found = replay(candidate);
      if (found === undefined) continue;
      best = found;
      current = namesOf(found.path, name);
      chunks = Math.max(chunks - 1, 2);
      shrunk = true;
      break;
    }
    if (shrunk) continue;
    if (size === 1) break;
    chunks = Math.min(chunks * 2, current.length);
  }
  return best;
}

function namesOf<State, Action>(path: Path<State, Action>, name: ActionName<State, Action>): string[] {
  return path.actions.map((action, i) => name(path.states[i]!, action));
}

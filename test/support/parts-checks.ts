/**
 * Checks of a model's StateParts (src/model-contract/state-parts.ts) on the states of
 * a small exploration: split and join, keys, groups, and footprints, the
 * half the interned model checks (a step changes no part outside its
 * footprint) and the half it takes on trust (what a step makes of its
 * footprint's parts depends on those parts only).
 */
import { expect } from "vitest";
import type { Model } from "../../src/model-contract/model.js";
import type { StateParts } from "../../src/model-contract/state-parts.js";
import { expectEqual } from "./expect-equal.js";

/** Every state reachable in a small model, each once (by the model's key); at most `limit` of them. */
export function reachableStates<State, Action>(model: Model<State, Action>, limit = Number.POSITIVE_INFINITY): State[] {
  const seen = new Map<string, State>();
  const stack = [...model.initStates()];
  while (stack.length > 0 && seen.size < limit) {
    const state = stack.pop()!;
    const key = model.key(state);
    if (seen.has(key)) continue;
    seen.set(key, state);
    for (const action of model.actions(state)) stack.push(model.nextState(state, action));
  }
  return [...seen.values()];
}

/** Records that `from` maps to `to`, and fails if it mapped to something else before. */
function expectFunction(map: Map<string, string>, from: string, to: string, what: string): void {
  const before = map.get(from);
  if (before !== undefined && before !== to) expect.fail(`${what}: ${from} gives both ${before} and ${to}`);
  map.set(from, to);
}

export function expectConsistentParts<State, Action>(model: Model<State, Action>, states: readonly State[]): void {
  const parts = model.parts as StateParts<State, Action>;
  // Every part in exactly one group.
  const grouped = (parts.groups ?? []).flat().sort((a, b) => a - b);
  expect(grouped).toEqual(Array.from({ length: parts.count }, (_, slot) => slot));
  const partOf = new Map<string, string>();
  const keyOf = new Map<string, string>();
  const stateOf = new Map<string, string>();
  const partsOf = new Map<string, string>();
  for (const state of states) {
    const split = parts.split(state);
    if (split.length !== parts.count) expect(split).toHaveLength(parts.count);
    const joined = parts.join([...split]);
    expectEqual(joined, state);
    if (!parts.split(joined).every((part, slot) => part === split[slot])) expect.fail("join did not keep the parts it was given");
    const keys = split.map((part, slot) => parts.key(part, slot));
    // Per slot, the same key exactly when the same part.
    split.forEach((part, slot) => {
      expectFunction(partOf, `${slot} ${keys[slot]}`, JSON.stringify(part), "a part's key");
      expectFunction(keyOf, `${slot} ${JSON.stringify(part)}`, keys[slot]!, "a part");
    });
    // The same parts exactly when the same state key.
    expectFunction(stateOf, keys.join("\n"), model.key(state), "the parts' keys");
    expectFunction(partsOf, model.key(state), keys.join("\n"), "the state's key");
  }
}

/**
 * Every step from every state stays inside its footprint, a footprint's key
 * fixes its slots, and the step's outcome in those slots depends on their
 * parts only: the same step from the same parts, in whatever state, makes
 * the same parts. Where the footprint names the parts it reads, whether the
 * step changes any other part depends on those alone, and so does what it
 * makes of them.
 */
export function expectFootprintsHold<State, Action>(model: Model<State, Action>, states: readonly State[]): void {
  const parts = model.parts as StateParts<State, Action>;
  const slotsOf = new Map<string, string>();
  const outcomes = new Map<string, string>();
  for (const state of states) {
    const before = parts.split(state);
    for (const action of model.actions(state)) {
      const footprint = parts.footprint!(state, action);
      if (footprint !== parts.footprint!(state, action)) expect.fail(`step "${footprint.key}" was given a footprint made anew`);
      expectFunction(slotsOf, footprint.key, footprint.slots.join(" "), "a footprint's key");
      const after = parts.split(model.nextState(state, action));
      before.forEach((part, slot) => {
        if (!footprint.slots.includes(slot) && parts.key(after[slot], slot) !== parts.key(part, slot))
          expect.fail(`step "${footprint.key}" changes part ${slot}, outside its footprint`);
      });
      const read = footprint.slots.map((slot) => parts.key(before[slot], slot)).join("\n");
      const made = footprint.slots.map((slot) => parts.key(after[slot], slot)).join("\n");
      expectFunction(outcomes, `${footprint.key}\n${read}`, made, "a step's outcome");
      if (!footprint.reads) continue;
      const reads = footprint.reads;
      const writesOthers = footprint.slots.some((slot) => !reads.includes(slot) && parts.key(after[slot], slot) !== parts.key(before[slot], slot));
      const readKey = `${footprint.key} reads\n${reads.map((slot) => parts.key(before[slot], slot)).join("\n")}`;
      const madeOfReads = reads.map((slot) => parts.key(after[slot], slot)).join("\n");
      expectFunction(outcomes, readKey, writesOthers ? "changes other parts" : madeOfReads, "a step's outcome from the parts it reads");
    }
  }
}

/**
 * Where the model lists its actions part by part (StateParts.actionSources),
 * the lists of every state's sources make its actions, in order, and each
 * source's actions and their footprints depend on its part alone; where parts
 * say whether the properties checked in every state may fail (mayFail), they
 * hold in every state with a part that says no.
 */
export function expectActionSourcesHold<State, Action>(model: Model<State, Action>, states: readonly State[]): void {
  const parts = model.parts as StateParts<State, Action>;
  const listed = new Map<string, string>();
  for (const state of states) {
    const split = parts.split(state);
    if (parts.actionSources) {
      const bySource = parts.actionSources.map((slot, i) => parts.actionsOf!(split[slot], i));
      // A part that ends the run: no action at all.
      expectEqual(bySource.includes(null) ? [] : bySource.flat(), model.actions(state));
      parts.actionSources.forEach((slot, i) => {
        const footprints = bySource[i]?.map((action) => parts.footprint!(state, action));
        const what = JSON.stringify([bySource[i], footprints]);
        expectFunction(listed, `${i}\n${parts.key(split[slot], slot)}`, what, "a source's actions and footprints");
      });
    }
    if (parts.mayFail) {
      for (const [p, property] of model.properties().entries()) {
        if (property.expectation !== "always" || split.every((part, slot) => parts.mayFail!(part, slot, p))) continue;
        const verdict = property.check(state);
        if (verdict !== undefined) expect(verdict, property.name).toBeUndefined();
      }
    }
  }
}

/**
 * What the one search (exploreModel over the interned model) and the old
 * readable explorer (readable-bfs.ts) must agree on, and the small bank
 * scenarios and rule sets they are compared on.
 */
import fc from "fast-check";
import { MalformedEffectError } from "../../src/errors/malformed-effect-error.js";
import type { Exploration } from "../../src/explore/exploration.js";
import { explorePacked } from "../../src/explore/search-pipeline.js";
import type { Gather } from "../../src/explore/gather.js";
import { InternedModel } from "../../src/explore/interned-model.js";
import { StateLimitError } from "../../src/explore/state-limit-error.js";
import type { SearchMode } from "../../src/explore/search-mode.js";
import { RuleFault } from "../../src/grade/graded-rules/rule-fault.js";
import type { Model } from "../../src/model-contract/model.js";
import { chandyLamport } from "../../src/models/bank/algorithms/chandy-lamport.js";
import { deferAfterRecording } from "../../src/models/bank/algorithms/defer-after-recording.js";
import type { SnapshotAlgorithm } from "../../src/models/bank/algorithms/snapshot-algorithm.js";
import { parseScenario } from "../../src/models/bank/parse-scenario.js";
import type { Scenario } from "../../src/models/bank/scenario.js";
import * as laiYangAnswer from "../../solutions/05-lai-yang/rules.js";
import { catalogue } from "../grade/catalogue/wrong-rules.js";
import { shapedWrongRules } from "../grade/catalogue/shaped-rules.js";

/** A rule set for the bank with one snapshot, as a learner's module exports it. */
export interface BankRuleSet {
  readonly name: string;
  readonly module: { readonly rules: SnapshotAlgorithm };
}

/** The catalogues' wrong rule sets for one snapshot (exercises 1, 2 and 5), the shipped algorithms and Lai-Yang's answer. */
export const bankRuleSets: readonly BankRuleSet[] = [
  { name: "chandy-lamport", module: { rules: chandyLamport } },
  { name: "defer-after-recording", module: { rules: deferAfterRecording } },
  { name: "lai-yang (the answer)", module: { rules: laiYangAnswer.rules } },
  ...[...catalogue, ...shapedWrongRules]
    .filter((w) => [1, 2, 5].includes(w.exercise))
    .map((w) => ({ name: w.name, module: w.module as BankRuleSet["module"] })),
];

/** Sends in all, by number of processes, without faults and with (lossy and duplicating channels grow the space fast). */
const MAX_SENDS: Record<number, readonly [number, number]> = { 2: [3, 2], 3: [2, 1] };

/**
 * Small bank scenarios: 2 or 3 processes, some channels or all, a few sends,
 * FIFO or not, sometimes lossy or duplicating channels, sometimes sends in
 * two steps (atomicSend false). Amounts are small, so that different
 * messages often move the same money: states then differ only in which
 * message a process received.
 */
export function smallBankScenario(): fc.Arbitrary<Scenario> {
  return fc.integer({ min: 2, max: 3 }).chain((n) => {
    const names = Array.from({ length: n }, (_, i) => `P${i}`);
    const pairs = names.flatMap((from) => names.filter((to) => to !== from).map((to) => [from, to] as [string, string]));
    return fc
      .record({
        channels: fc.option(fc.subarray(pairs, { minLength: 1 }), { nil: undefined }),
        faults: fc.constantFrom("none", "none", "lossy", "duplicating", "both"),
        sends: fc.array(fc.record({ from: fc.nat(n - 1), to: fc.nat(pairs.length - 1), amount: fc.integer({ min: 1, max: 3 }) }), {
          maxLength: MAX_SENDS[n]![0],
        }),
        initiators: fc.subarray(names, { minLength: 1 }),
        fifo: fc.boolean(),
        atomicSend: fc.boolean(),
        faultyChannel: fc.nat(pairs.length - 1),
      })
      .map(({ channels, faults, sends, initiators, fifo, atomicSend, faultyChannel }) => {
        const links = channels ?? pairs;
        const faulty = faults !== "none";
        const programs: Record<string, { to: string; amount: number }[]> = {};
        for (const send of sends.slice(0, MAX_SENDS[n]![faulty ? 1 : 0])) {
          const outgoing = links.filter(([from]) => from === names[send.from]);
          if (outgoing.length === 0) continue;
          const [from, to] = outgoing[send.to % outgoing.length]!;
          (programs[from] ??= []).push({ to, amount: send.amount });
        }
        // One channel may fail, named as a scenario file names it.
        const [from, to] = links[faultyChannel % links.length]!;
        const one = [`${from}->${to}`];
        const fields = {
          ...(faults === "lossy" || faults === "both" ? { lossy: one } : {}),
          ...(faults === "duplicating" || faults === "both" ? { duplicating: one } : {}),
        };
        const processes = Object.fromEntries(names.map((name) => [name, 100]));
        const text = JSON.stringify({ processes, ...(channels ? { channels } : {}), programs, initiators, fifo, atomicSend, ...fields });
        return parseScenario(text, "random.json");
      });
  });
}

/**
 * What an exploration found, by the model's keys: the figures, the terminal
 * states in order, and each violation's property, reason and path.
 */
export function found<State, Action>(model: Model<State, Action>, result: Exploration<State, Action>) {
  return {
    states: result.states,
    transitions: result.transitions,
    executions: result.executions,
    executionsThrough: result.executionsThrough,
    terminalStates: result.terminalStates.map((s) => model.key(s)),
    violations: result.violations.map(({ property, reason, path }) => ({
      property,
      reason,
      length: path.actions.length,
      actions: path.actions,
      states: path.states.map((s) => model.key(s)),
    })),
  };
}

/** What an exploration found, or the error that stopped it: a state limit, or rules that broke their contract. */
export function outcome<T>(explore: () => T): T | { readonly stopped: string; readonly message: string } {
  try {
    return explore();
  } catch (error) {
    if (error instanceof StateLimitError || error instanceof MalformedEffectError || error instanceof RuleFault) {
      return { stopped: error.constructor.name, message: error.message };
    }
    throw error;
  }
}

/**
 * A state in full, as canonical JSON (object keys sorted): a model's key may
 * leave out what the rest of the state fixes (the bank's, a process's
 * received messages), so two searches that agree on keys could still hand
 * out different states.
 */
export function inFull(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

/** What exploreModel does, keeping the interned model to ask how many steps it took and reused; `marked` as measureExecutionsThrough, `gather` as a submission gathers its questions. */
export function internedSearch<State, Action>(model: Model<State, Action>, marked?: (state: State) => boolean, gather?: Gather) {
  const interned = new InternedModel(model, { ...(marked ? { marked } : {}), ...(gather ? { gather } : {}) });
  const result = explorePacked(
    model,
    { model: interned, decode: (vector, at) => interned.decode(vector, at), engine: "generic" },
    marked ? { measureExecutionsThrough: marked } : {},
  );
  return { result, steps: interned.stepCounts };
}

/** A search's figures, verdicts, reasons and counterexample lengths: what the case studies' reports show of it. */
export function searchFigures<State, Action>(e: Exploration<State, Action>) {
  return {
    states: e.states,
    transitions: e.transitions,
    executions: e.executions,
    executionsThrough: e.executionsThrough,
    violations: e.violations.map((v) => ({ property: v.property, reason: v.reason, steps: v.path.actions.length })),
  };
}

/**
 * `marked`, for ExploreOptions.measureExecutionsThrough, noting in `seen` every state it is asked
 * about in full: both searches ask about every state they reach (where the graph has no cycle),
 * so the notes compare the states themselves, which the model's key may not.
 */
export function notingStates<State>(seen: Set<string>, marked: (state: State) => boolean): (state: State) => boolean {
  return (state) => {
    seen.add(inFull(state));
    return marked(state);
  };
}

/** The search modes compared with the default, breadth-first over whole states. */
export const otherModes: readonly SearchMode[] = [{ search: "dfs" }, { fingerprint: true }, { search: "dfs", fingerprint: true }];

/** What a search found, its terminal states sorted: depth-first meets them in another order. */
export function unordered<T>(seen: T): T {
  if (typeof seen !== "object" || seen === null || !("terminalStates" in seen)) return seen;
  return { ...seen, terminalStates: [...(seen.terminalStates as string[])].sort() };
}

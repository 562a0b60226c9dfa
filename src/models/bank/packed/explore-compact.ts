/**
 * The compact engine: explores the bank with the reference rules on packed
 * states, then hands back the same Exploration as the generic explorer, with
 * readable states and actions, so reports, diagrams and replay work unchanged.
 * A counterexample is rebuilt by replaying its actions on the readable model,
 * so its states are exactly the objects the generic explorer would have made
 * (unchanged parts shared between steps, which describe-step relies on).
 */
import type { BankAction } from "../actions.js";
import type { Scenario } from "../scenario.js";
import type { BankState } from "../bank-state.js";
import type { ExploreOptions } from "../../../explore/bfs.js";
import type { Exploration, Violation } from "../../../explore/exploration.js";
import { packedBfs } from "../../../explore/packed-bfs.js";
import { packedDfs } from "../../../explore/packed-dfs.js";
import { collisionProbability, type PackedSearchOptions } from "../../../explore/packed-search.js";
import { shortestCounterexamples, type PackedCounterexample } from "../../../explore/shortest-counterexamples.js";
import type { Model } from "../../../model/model.js";
import { CompactBank } from "./compact-bank.js";
import { CompactBankModel } from "./compact-model.js";
import { decodeState } from "./decode-state.js";
import type { SearchMode, SearchSummary } from "../../../explore/search-mode.js";

export interface CompactOptions extends ExploreOptions, SearchMode {}

export interface CompactExploration extends Exploration<BankState, BankAction> {
  readonly search: SearchSummary;
}

export function exploreCompact(scenario: Scenario, readable: Model<BankState, BankAction>, options: CompactOptions = {}): CompactExploration {
  const bank = new CompactBank(scenario);
  const model = new CompactBankModel(bank, readable.properties());
  const mode = { search: options.search ?? "bfs", reduction: options.reduction ?? "none", fingerprint: options.fingerprint ?? false } as const;
  const searchOptions: PackedSearchOptions = {
    fingerprint: mode.fingerprint,
    reduction: mode.reduction === "por",
    ...(options.maxStates === undefined ? {} : { maxStates: options.maxStates }),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.progressEveryMs === undefined ? {} : { progressEveryMs: options.progressEveryMs }),
  };
  const bfs = mode.search === "bfs" ? packedBfs(model, searchOptions) : undefined;
  const result = bfs ?? packedDfs(model, searchOptions);

  // An unreduced breadth-first search already met each violation first on a shortest path.
  const counterexamples: PackedCounterexample[] =
    bfs && mode.reduction === "none"
      ? bfs.violations.map((v) => ({ property: v.property, ...bfs.pathTo(v.state) }))
      : shortestCounterexamples(model, result.violations, searchOptions);

  const terminalStates: BankState[] = [];
  for (let at = 0; at < result.terminals.length; at += model.words) terminalStates.push(decodeState(bank, result.terminals, at));
  return {
    states: result.states,
    transitions: result.transitions,
    executions: result.executions,
    terminalStates,
    violations: counterexamples.map((c) => readableViolation(readable, c)),
    elapsedMs: result.elapsedMs,
    search: {
      engine: "compact",
      ...mode,
      bytes: result.bytes,
      ...(mode.fingerprint ? { collisionProbability: collisionProbability(result.states, result.generated) } : {}),
    },
  };
}

function readableViolation(model: Model<BankState, BankAction>, counterexample: PackedCounterexample): Violation<BankState, BankAction> {
  const states = [model.initStates()[0]!];
  const actions: BankAction[] = [];
  for (const index of counterexample.actions) {
    const state = states[states.length - 1]!;
    actions.push(model.actions(state)[index]!);
    states.push(model.nextState(state, actions[actions.length - 1]!));
  }
  const property = model.properties()[counterexample.property]!;
  return { property: property.name, reason: property.check(states[states.length - 1]!) ?? "", path: { states, actions } };
}

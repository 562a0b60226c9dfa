/**
 * The compact engine: explores the bank with the reference rules on packed
 * states, then hands back the same Exploration as the generic explorer, with
 * readable states and actions, so reports, diagrams and replay work unchanged.
 */
import { enabledActions, type BankAction } from "../bank/actions.js";
import type { Scenario } from "../bank/scenario.js";
import type { BankState } from "../bank/state.js";
import type { ExploreOptions } from "../explore/bfs.js";
import type { Exploration, Violation } from "../explore/exploration.js";
import { packedBfs } from "../explore/packed-bfs.js";
import { packedDfs } from "../explore/packed-dfs.js";
import { collisionProbability, type PackedSearchOptions } from "../explore/packed-search.js";
import { shortestCounterexamples, type PackedCounterexample } from "../explore/shortest-counterexamples.js";
import type { Property } from "../model/property.js";
import { CompactBank } from "./compact-bank.js";
import { CompactBankModel } from "./compact-model.js";
import { decodeState } from "./decode-state.js";
import type { SearchMode, SearchSummary } from "./search-mode.js";

export interface CompactOptions extends ExploreOptions, SearchMode {}

export interface CompactExploration extends Exploration<BankState, BankAction> {
  readonly search: SearchSummary;
}

export function exploreCompact(scenario: Scenario, properties: readonly Property<BankState>[], options: CompactOptions = {}): CompactExploration {
  const bank = new CompactBank(scenario);
  const model = new CompactBankModel(bank, properties);
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
    violations: counterexamples.map((c) => readableViolation(bank, properties[c.property]!, c)),
    elapsedMs: result.elapsedMs,
    search: {
      engine: "compact",
      ...mode,
      bytes: result.bytes,
      ...(mode.fingerprint ? { collisionProbability: collisionProbability(result.states, result.generated) } : {}),
    },
  };
}

function readableViolation(bank: CompactBank, property: Property<BankState>, counterexample: PackedCounterexample): Violation<BankState, BankAction> {
  const states = counterexample.vectors.map((vector) => decodeState(bank, vector));
  const actions = counterexample.actions.map((action, i) => enabledActions(bank.scenario, states[i]!)[action]!);
  const reason = property.check(states[states.length - 1]!) ?? "";
  return { property: property.name, reason, path: { states, actions } };
}

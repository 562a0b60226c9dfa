/**
 * Checks one scenario: builds the bank with its snapshot algorithm, explores
 * every interleaving, and gathers what a person or a program needs to know.
 * This is the library's main entry point; the CLI only formats its result.
 */
import { findAlgorithm } from "./algorithms/registry.js";
import type { SnapshotAlgorithm } from "./algorithms/snapshot-algorithm.js";
import type { BankAction } from "./actions.js";
import type { Scenario } from "./scenario.js";
import { distinctSnapshots, type RecordedSnapshot } from "./snapshot.js";
import type { BankState } from "./state.js";
import { bankSystem } from "./system.js";
import { exploreBankModel, type BankExploreOptions } from "./packed/explore-bank.js";
import type { SearchSummary } from "../../explore/search-mode.js";
import type { Path } from "../../explore/path.js";

export interface CheckOptions extends BankExploreOptions {
  /** Override the scenario's `fifo` field. */
  readonly fifo?: boolean;
  /** Run these rules instead of the algorithm the scenario names. */
  readonly algorithm?: SnapshotAlgorithm;
}

export interface Counterexample {
  readonly property: string;
  readonly reason: string;
  /** Number of actions. */
  readonly length: number;
  readonly path: Path<BankState, BankAction>;
}

export interface CheckReport {
  /** The scenario as checked (with `fifo` overridden if asked). */
  readonly scenario: Scenario;
  readonly algorithm: SnapshotAlgorithm;
  readonly states: number;
  readonly transitions: number;
  readonly executions: bigint | undefined;
  /** Distinct recorded snapshots among terminal states. */
  readonly snapshots: readonly RecordedSnapshot[];
  /** Every property, in the model's order, and whether it held. */
  readonly properties: readonly { name: string; claim: string; holds: boolean }[];
  /** One shortest counterexample per violated property, in property order. */
  readonly counterexamples: readonly Counterexample[];
  readonly elapsedMs: number;
  /** Which engine explored, how, and what it stored. */
  readonly search?: SearchSummary;
}

export function checkScenario(input: Scenario, options: CheckOptions = {}): CheckReport {
  const scenario = options.fifo === undefined ? input : { ...input, fifo: options.fifo };
  const algorithm = options.algorithm ?? findAlgorithm(scenario.algorithm);
  const model = bankSystem(scenario, algorithm);
  const result = exploreBankModel(scenario, algorithm, model, options);

  const properties = model.properties().map(({ name, claim }) => ({
    name,
    claim,
    holds: !result.violations.some((v) => v.property === name),
  }));
  const counterexamples = properties.flatMap(({ name }) =>
    result.violations
      .filter((v) => v.property === name)
      .map((v) => ({ property: name, reason: v.reason, length: v.path.actions.length, path: v.path })),
  );
  return {
    scenario,
    algorithm,
    states: result.states,
    transitions: result.transitions,
    executions: result.executions,
    snapshots: distinctSnapshots(scenario, result.terminalStates),
    properties,
    counterexamples,
    elapsedMs: result.elapsedMs,
    search: result.search,
  };
}

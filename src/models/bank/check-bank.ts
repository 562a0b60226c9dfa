/**
 * Checks one bank scenario: the one pipeline (src/check/check.ts) with the
 * bank's model, and the bank's own options: `fifo` overrides the scenario,
 * `algorithm` runs other rules (a learner's, say) than the ones it names.
 */
import { check } from "../../check/check.js";
import type { SearchOptions } from "../../check/model-descriptor.js";
import type { Report } from "../../check/report.js";
import type { BankAction } from "./actions.js";
import type { SnapshotAlgorithm } from "./algorithms/snapshot-algorithm.js";
import { bankModel } from "./bank-model.js";
import type { Scenario } from "./scenario.js";
import type { RecordedSnapshot } from "./snapshot.js";
import type { BankState } from "./bank-state.js";

export interface BankCheckOptions extends SearchOptions {
  /** Override the scenario's `fifo` field. */
  readonly fifo?: boolean;
  /** Run these rules instead of the algorithm the scenario names. */
  readonly algorithm?: SnapshotAlgorithm;
}

/** A bank's report: its snapshots are always listed. */
export interface BankReport extends Report<Scenario, BankState, BankAction, SnapshotAlgorithm, RecordedSnapshot> {
  readonly snapshots: readonly RecordedSnapshot[];
}

export function checkBank(input: Scenario, options: BankCheckOptions = {}): BankReport {
  const { fifo, algorithm, ...search } = options;
  const scenario = fifo === undefined ? input : { ...input, fifo };
  return check({ model: bankModel, scenario }, { ...search, ...(algorithm ? { rules: algorithm } : {}) }) as BankReport;
}

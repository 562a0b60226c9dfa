/** A bank's report: what the one check (src/check/check.ts) finds, with the bank's types; the bank always lists its snapshots. */
import type { Report } from "../../check/report.js";
import type { BankAction } from "./actions.js";
import type { SnapshotAlgorithm } from "./algorithms/snapshot-algorithm.js";
import type { BankState } from "./bank-state.js";
import type { Scenario } from "./scenario.js";
import type { RecordedSnapshot } from "./snapshot.js";

export type BankReport = Report<Scenario, BankState, BankAction, SnapshotAlgorithm, RecordedSnapshot>;

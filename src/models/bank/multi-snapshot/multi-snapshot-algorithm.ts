/**
 * Rules for runs with several snapshots at once (COS418's concurrent
 * snapshots). Each snapshot has an id, 0, 1, ...; markers carry the id of the
 * snapshot they belong to, and every effect names its snapshot. Otherwise the
 * contract is that of SnapshotAlgorithm: pure rules, plain data. Declared
 * once, in api/ (the types learners read).
 */
export type { MultiEffect, MultiSnapshotAlgorithm, MultiSnapshotView, SnapshotId } from "../../../../api/index.js";

/** The snapshot algorithms a scenario or the command line can name. */
import { namedList } from "../../../model-contract/named-list.js";
import { chandyLamport } from "./chandy-lamport.js";
import { deferAfterRecording } from "./defer-after-recording.js";
import type { SnapshotAlgorithm } from "./snapshot-algorithm.js";

const algorithms = namedList<SnapshotAlgorithm>([chandyLamport, deferAfterRecording], "algorithm");

export const algorithmNames = algorithms.names;
export const findAlgorithm = algorithms.find;

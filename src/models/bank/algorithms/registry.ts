/** The snapshot algorithms a scenario or the command line can name. */
import { namedList } from "../../../model-contract/named-list.js";
import { chandyLamport } from "./chandy-lamport.js";
import { seed000 } from "./seed000.js";
import type { SnapshotAlgorithm } from "./snapshot-algorithm.js";

const algorithms = namedList<SnapshotAlgorithm>([chandyLamport, seed000], "algorithm");

export const algorithmNames = algorithms.names;
export const findAlgorithm = algorithms.find;

/**
 * Where learners' files (exercises/, solutions/) import the rules interface
 * from; the bank's algorithms live in src/models/bank/algorithms/.
 */
export type * from "../models/bank/algorithms/snapshot-algorithm.js";

/**
 * Where learners' files (exercises/, solutions/) import the per-snapshot rules
 * interface from; it lives in src/models/bank/multi-snapshot/.
 */
export type * from "../models/bank/multi-snapshot/multi-snapshot-algorithm.js";

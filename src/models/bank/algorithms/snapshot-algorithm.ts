/**
 * The plug-in interface for snapshot algorithms: three receive rules that a
 * learner can write and the explorer can run. A rule sees one process (never
 * the whole system) and answers with effects, plain data that the bank
 * applies in order; rules are pure. The bank itself moves the money (sends,
 * and data deliveries); the rules only decide what is recorded and when
 * markers go out.
 *
 * The interface is the one learners write to, so it is declared once, in
 * api/ (the types learners read), and the kit's code reads it from here.
 */
export type { DeliveredMessage, Effect, ProcessView, SnapshotAlgorithm } from "../../../../api/index.js";

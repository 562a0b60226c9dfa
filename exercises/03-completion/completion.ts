/**
 * Exercise 3: knowing when the snapshot is done, and putting it together.
 *
 * The reference rules run the snapshot; the grader asks your two functions
 * in every state of every run. Fill in the gaps marked TODO.
 */
import type { GlobalSnapshot, LocalPart, ProcessView } from "../../api/index.js";

/** Is this process's part of the snapshot done? */
export function isPartDone(view: ProcessView): boolean {
  // TODO (exercise 3): done when the process has recorded and every incoming channel is closed.
  return false;
}

/** The global snapshot, assembled from every process's part. */
export function assembleSnapshot(parts: readonly LocalPart[]): GlobalSnapshot {
  // TODO (exercise 3): every process's state, every channel's amounts, and the money they add up to.
  return { processes: {}, channels: {}, total: 0 };
}

/**
 * Thrown by a submission that answers only what it answered before
 * (answeredBefore, submission.ts), for a question it did not: once a call
 * did not answer in time, its sandbox is gone, and the check explored again
 * to find the run to that call follows no step that asks anything new
 * (graded-model.ts).
 */
export class NotAsked extends Error {
  constructor() {
    super("not asked before the sandbox stopped");
  }
}

/**
 * A reduced search took a step that breaks an assumption its model's
 * reduction rests on (Reduction.assumptionBroken): its verdicts cannot be
 * trusted, and the search is done again unreduced (search-pipeline.ts).
 */
export class ReductionVoided extends Error {
  constructor(readonly reason: string) {
    super(`partial-order reduction dropped: ${reason}`);
  }
}

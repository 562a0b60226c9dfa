/** A counterexample's steps as every text report shows them: numbered from 1, the numbers right-aligned. */
export function numberedSteps(steps: readonly string[]): string[] {
  return steps.map((step, i) => `${String(i + 1).padStart(2)}. ${step}`);
}

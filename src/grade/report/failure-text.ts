/** A failed check in words: why, then the shortest counterexample as numbered steps. */
import type { CheckResult } from "../result.js";

export function failureLines(check: CheckResult): string[] {
  const c = check.counterexample;
  if (!c) return [check.failure ?? "failed"];
  return [
    `${c.property} is violated: ${c.reason}`,
    `shortest counterexample, ${c.length} ${c.length === 1 ? "step" : "steps"}:`,
    ...c.steps,
    ...c.recorded.split("\n").map((line) => line.trim()),
    ...(c.diagram.length > 0 ? ["", ...c.diagram] : []),
  ];
}

export const scoreText = (points: number, max: number) => `${points}/${max}`;

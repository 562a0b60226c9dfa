/** A failed check in words: why, then the shortest counterexample as numbered steps. */
import type { CheckResult } from "../result.js";

export function failureLines(check: CheckResult): string[] {
  const c = check.counterexample;
  // A check on generated scenarios names the smallest one it failed on, as a file for `snaplab explore --rules`.
  const scenario = check.scenario ? [`on this generated scenario (the smallest that fails): ${JSON.stringify(check.scenario)}`] : [];
  if (!c) return [check.failure ?? "failed", ...scenario];
  return [
    `${c.property} is violated: ${c.reason}`,
    ...scenario,
    `shortest counterexample, ${c.length} ${c.length === 1 ? "step" : "steps"}:`,
    ...c.steps,
    ...c.recorded.split("\n").map((line) => line.trim()),
    ...(c.diagram.length > 0 ? ["", ...c.diagram] : []),
  ];
}

export const scoreText = (points: number, max: number) => `${points}/${max}`;

/**
 * A graded check's shortest counterexample in the words of the grader's
 * reports: the steps in words, what the run recorded, what a refused rule
 * saw, and the space-time diagram in text.
 */
import type { Counterexample } from "../../check/report.js";
import { textDiagram } from "../../render/text-diagram.js";
import type { CounterexampleReport } from "../result.js";
import type { GradedState } from "./graded-model.js";

export function counterexampleReport(c: Counterexample<GradedState<unknown>, unknown>): CounterexampleReport {
  const details = c.path.states[c.path.states.length - 1]?.broken?.details;
  return {
    property: c.property,
    reason: c.reason,
    length: c.length,
    // In words, as every JSON report gives them; the text reports number them.
    steps: c.steps,
    recorded: c.recorded ?? "",
    // A view without lanes is a system without a picture.
    diagram: c.view.lanes.length > 0 ? textDiagram(c.view) : [],
    ...(details ? { details } : {}),
  };
}

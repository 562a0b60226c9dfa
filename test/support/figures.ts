/** The figures of spec/model.md that a report carries, in the shape the oracle gives them. */
import type { BankReport } from "../../src/models/bank/bank-report.js";

export function figures(report: BankReport) {
  return {
    states: report.states,
    transitions: report.transitions,
    executions: report.executions,
    snapshots: report.snapshots!.length,
    violated: Object.fromEntries(report.counterexamples.map((c) => [c.property, c.length])),
  };
}

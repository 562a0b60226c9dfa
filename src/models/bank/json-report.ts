/** The machine-readable report of `snaplab explore --json` (fields in README.md). */
import type { CheckReport } from "./check-bank.js";
import { describeStep } from "./describe-step.js";

export function jsonReport(report: CheckReport, options: { listSnapshots?: boolean } = {}): object {
  const { scenario } = report;
  return {
    scenario: scenario.name,
    algorithm: report.algorithm.name,
    fifo: scenario.fifo,
    states: report.states,
    transitions: report.transitions,
    executions: report.executions === undefined ? null : report.executions.toString(),
    snapshots: report.snapshots.length,
    properties: Object.fromEntries(report.properties.map((p) => [p.name, p.holds ? "holds" : "violated"])),
    counterexamples: report.counterexamples.map(({ property, length, reason, path }) => ({
      property,
      length,
      reason,
      trace: path.actions.map((action, i) => describeStep(scenario, path.states[i]!, action, path.states[i + 1]!)),
    })),
    elapsedMs: Math.round(report.elapsedMs),
    ...(options.listSnapshots ? { snapshotList: report.snapshots } : {}),
  };
}

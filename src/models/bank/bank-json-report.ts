/** The machine-readable report of `snaplab explore --format json` (its fields: docs/commands.md#--format-json). */
import type { BankReport } from "./bank-report.js";
import { FAULTS } from "./faults.js";
import { counterexampleJson } from "../../render/counterexample-json.js";

export function bankJsonReport(report: BankReport, options: { listSnapshots?: boolean } = {}): object {
  const { scenario } = report;
  return {
    scenario: scenario.name,
    model: report.model,
    algorithm: report.algorithm,
    fifo: scenario.fifo,
    // Unreliable channels only: the channels with each fault, by name.
    ...Object.fromEntries(FAULTS.flatMap((f) => (scenario[f] ? [[f, scenario[f].map((c) => scenario.channels[c]!.id)]] : []))),
    states: report.states,
    transitions: report.transitions,
    executions: report.executions === undefined ? null : report.executions.toString(),
    snapshots: (report.snapshots ?? []).length,
    properties: Object.fromEntries(report.properties.map((p) => [p.name, p.holds ? "holds" : "violated"])),
    counterexamples: report.counterexamples.map(counterexampleJson),
    elapsedMs: Math.round(report.elapsedMs),
    ...(options.listSnapshots ? { snapshotList: report.snapshots ?? [] } : {}),
  };
}

/**
 * The report a person reads: the figures, one line per property, and for each
 * violated property its shortest counterexample as numbered steps, followed by
 * the snapshot it recorded, why that snapshot is wrong, and a space-time
 * diagram of it.
 */
import type { Counterexample } from "../../check/report.js";
import type { BankAction } from "./actions.js";
import type { BankReport } from "./bank-report.js";
import type { BankState } from "./bank-state.js";
import { searchLines } from "../../render/search-summary.js";
import { textDiagram, type TextDiagramOptions } from "../../render/text-diagram.js";
import { plural } from "../../render/count-words.js";
import { numberedSteps } from "../../render/numbered-steps.js";

export interface TextReportOptions extends TextDiagramOptions {
  readonly listSnapshots?: boolean;
}

export function bankTextReport(report: BankReport, options: TextReportOptions = {}): string {
  const lines = [
    report.title,
    `  states       ${report.states.toLocaleString("en-US")}`,
    `  transitions  ${report.transitions.toLocaleString("en-US")}`,
    `  executions   ${report.executions === undefined ? "infinite (the state graph has a cycle)" : report.executions.toLocaleString("en-US")}`,
    `  snapshots    ${(report.snapshots ?? []).length.toLocaleString("en-US")} distinct`,
    `  time         ${Math.round(report.elapsedMs)} ms`,
    ...searchLines(report).map((line, i) => (i === 0 ? `  search       ${line}` : `               ${line}`)),
    "",
  ];
  const width = Math.max(...report.properties.map((p) => p.name.length));
  for (const p of report.properties) lines.push(`  ${p.name.padEnd(width)}  ${p.holds ? "holds" : "VIOLATED"}`);
  // A run shown once: several snapshots' properties may fail on the same run for the same reason (one that never ends).
  const shownFor = new Map<string, string>();
  for (const counterexample of report.counterexamples) {
    const run = [counterexample.reason, ...counterexample.steps].join("\n");
    const first = shownFor.get(run);
    if (first !== undefined) lines.push("", `${counterexample.property} is violated by the same run, for the same reason, as ${first}.`);
    else lines.push("", ...counterexampleLines(report, counterexample, options));
    shownFor.set(run, first ?? counterexample.property);
  }
  if (options.listSnapshots) lines.push("", ...snapshotTable(report));
  return lines.join("\n") + "\n";
}

export function counterexampleLines(_report: BankReport, counterexample: Counterexample<BankState, BankAction>, options: TextDiagramOptions = {}): string[] {
  return [
    `${counterexample.property} is violated; shortest counterexample, ${counterexample.length} ${plural("step", counterexample.length)}:`,
    ...numberedSteps(counterexample.steps).map((step) => `  ${step}`),
    `  recorded: ${counterexample.recorded}`,
    `  why: ${counterexample.reason}`,
    "",
    ...textDiagram(counterexample.view, options).map((line) => `  ${line}`),
  ];
}

function snapshotTable(report: BankReport): string[] {
  const { scenario } = report;
  const header = ["#", ...scenario.processes, ...scenario.channels.map((c) => c.id), "total"];
  const rows = (report.snapshots ?? []).map((snapshot, i) => {
    const balances = scenario.processes.map((p) => snapshot.processes[p]?.balance);
    const channels = scenario.channels.map((c) => snapshot.channels[c.id]);
    const total =
      balances.reduce<number>((s, b) => s + (b ?? 0), 0) + channels.reduce<number>((s, amounts) => s + (amounts ?? []).reduce((a, b) => a + b, 0), 0);
    return [
      String(i + 1),
      ...balances.map((b) => (b === undefined ? "-" : String(b))),
      ...channels.map((amounts) => (amounts ? `[${amounts.join(",")}]` : "-")),
      String(total),
    ];
  });
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((r) => r[col]!.length)));
  const format = (row: string[]) => "  " + row.map((cell, col) => cell.padStart(widths[col]!)).join("  ");
  return [`recorded snapshots (balances, channel contents, total):`, format(header), ...rows.map(format)];
}

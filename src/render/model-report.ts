/**
 * The report of a case study's model (database, dataflow) for a person or a
 * program: figures, one line per property, and each violated property's
 * shortest counterexample as numbered steps (and, for a person, drawn as a
 * space-time diagram).
 */
import type { Report } from "../check/report.js";
import { textDiagram, type TextDiagramOptions } from "./text-diagram.js";
import { plural } from "./count-words.js";
import { counterexampleJson } from "./counterexample-json.js";
import { numberedSteps } from "./numbered-steps.js";
import { searchJson, searchLines } from "./search-summary.js";

export function modelTextReport(report: Report, options: TextDiagramOptions = {}): string {
  const figures: [string, string][] = [
    ["states", report.states.toLocaleString("en-US")],
    ["transitions", report.transitions.toLocaleString("en-US")],
    ["executions", report.executions === undefined ? "infinite (the state graph has a cycle)" : report.executions.toLocaleString("en-US")],
    ...report.figures.map(({ label, value }): [string, string] => [label, value.toLocaleString("en-US")]),
    ["time", `${Math.round(report.elapsedMs)} ms`],
  ];
  // How the search ran, as the bank's report says it: a reader can tell --search dfs and --fingerprint took effect.
  const search = searchLines(report).map((line, i): [string, string] => [i === 0 ? "search" : "", line]);
  const labelWidth = Math.max(...figures.map(([label]) => label.length));
  const nameWidth = Math.max(...report.properties.map((p) => p.name.length));
  const lines = [
    report.title,
    ...[...figures, ...search].map(([label, value]) => `  ${label.padEnd(labelWidth)}  ${value}`),
    "",
    ...report.properties.map((p) => `  ${p.name.padEnd(nameWidth)}  ${p.holds ? "holds" : "VIOLATED"}`),
  ];
  for (const { property, length, steps, reason, view } of report.counterexamples) {
    lines.push("", `${property} is violated; shortest counterexample, ${length} ${plural("step", length)}:`);
    lines.push(...numberedSteps(steps).map((step) => `  ${step}`), `  why: ${reason}`, "");
    lines.push(...textDiagram(view, options).map((line) => `  ${line}`));
  }
  return lines.join("\n") + "\n";
}

export function modelJsonReport(report: Report): object {
  return {
    scenario: report.name,
    model: report.model,
    algorithm: report.algorithm,
    states: report.states,
    transitions: report.transitions,
    executions: report.executions === undefined ? null : report.executions.toString(),
    figures: Object.fromEntries(report.figures.map(({ label, value }) => [label, value.toString()])),
    properties: Object.fromEntries(report.properties.map((p) => [p.name, p.holds ? "holds" : "violated"])),
    counterexamples: report.counterexamples.map(counterexampleJson),
    elapsedMs: Math.round(report.elapsedMs),
    search: searchJson(report),
  };
}

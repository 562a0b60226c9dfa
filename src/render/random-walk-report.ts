/**
 * The report of `snaplab explore --search random`, for every model alike:
 * what the walks sampled, one line per property, and each counterexample a
 * walk found, shortened, as numbered steps and a space-time diagram. When no
 * walk breaks a property the report says that this proves nothing.
 */
import type { RandomWalkReport } from "../check/random-walks.js";
import { textDiagram, type TextDiagramOptions } from "./text-diagram.js";
import { plural } from "./count-words.js";
import { counterexampleJson } from "./counterexample-json.js";
import { numberedSteps } from "./numbered-steps.js";

export function randomWalkTextReport(report: RandomWalkReport, options: TextDiagramOptions = {}): string {
  const figures: [string, string][] = [
    ["search", `random walks, seed ${report.seed}, at most ${report.maxSteps.toLocaleString("en-US")} steps a walk`],
    ["walks", report.walks.toLocaleString("en-US")],
    ["steps", report.steps.toLocaleString("en-US")],
    ["states", `${report.distinctStates.toLocaleString("en-US")} distinct seen`],
    ["time", `${Math.round(report.elapsedMs)} ms`],
  ];
  const nameWidth = Math.max(...report.properties.map((p) => p.name.length));
  const lines = [
    report.title,
    ...figures.map(([label, value]) => `  ${label.padEnd(11)}  ${value}`),
    "",
    ...report.properties.map((p) => `  ${p.name.padEnd(nameWidth)}  ${p.holds ? "not broken by any walk" : "VIOLATED"}`),
  ];
  if (report.counterexamples.length === 0) {
    lines.push(
      "",
      `No walk broke a property. ${report.walks.toLocaleString("en-US")} random walks met ${report.distinctStates.toLocaleString("en-US")} distinct states;`,
      "this proves nothing about the states they did not meet (explore without --search random checks every one).",
    );
  }
  for (const c of report.counterexamples) {
    lines.push("", `${c.property} is violated; walk ${c.walk} found it in ${c.foundLength} ${plural("step", c.foundLength)}, shortened to ${c.length}:`);
    lines.push(...numberedSteps(c.steps).map((step) => `  ${step}`));
    if (c.recorded !== undefined) lines.push(`  recorded: ${c.recorded}`);
    lines.push(`  why: ${c.reason}`, "", ...textDiagram(c.view, options).map((line) => `  ${line}`));
  }
  return lines.join("\n") + "\n";
}

export function randomWalkJsonReport(report: RandomWalkReport): object {
  return {
    scenario: report.name,
    model: report.model,
    algorithm: report.algorithm,
    search: { search: "random", seed: report.seed, maxSteps: report.maxSteps },
    walks: report.walks,
    // Counted apart from a counterexample's `steps`, the list of them.
    stepsTaken: report.steps,
    // The distinct states the walks met, under the name every explore report gives its count of states.
    states: report.distinctStates,
    properties: Object.fromEntries(report.properties.map((p) => [p.name, p.holds ? "not broken" : "violated"])),
    // Which walk found each, and how long before it was shortened, after what every counterexample says.
    counterexamples: report.counterexamples.map((c) => ({ ...counterexampleJson(c), walk: c.walk, foundLength: c.foundLength })),
    elapsedMs: Math.round(report.elapsedMs),
  };
}

/**
 * `npm run bench [-- --runs N] [--quick] [--only NAME,...]` (bench-arguments.ts): how fast
 * snaplab explores, how much each mode saves, and how it compares with SPIN
 * measured in the same run. Prints Markdown tables and writes them into
 * docs/performance.md, each between its markers (bench/doc-tables.ts).
 * Timings are the best of N runs (default 3) because the machine may be
 * shared; the scaling table runs each case once. A --quick run skips tables,
 * so it only prints. --only runs the tables of those names (their markers')
 * alone, and writes only them.
 */
import { benchArguments, commandLine } from "./bench-arguments.js";
import { BenchTables } from "./doc-tables.js";
import { gradingBound } from "./grading-bound.js";
import { gradingTable, learnerCommandsTable, learnerRulesTable } from "./learner-rules.js";
import { count, markdownTable, megabytes, seconds } from "./markdown-table.js";
import { ringScenario } from "./ring-scenario.js";
import { runSnaplab, type SnaplabRun, type StoppedRun } from "./run-snaplab.js";
import { browserSection } from "./run-browser.js";
import { runSpin, spinInstalled } from "./run-spin.js";
import { removeScratch, removeScratchAtExit, scratchFolder } from "./scratch.js";

const { quick, runs, only } = commandLine(benchArguments);
removeScratchAtExit();
/** Unreduced runs stop here: beyond it a scenario counts as out of reach. */
const CAP = 20_000_000;

const scenarios: { file: string; processes: number; flags?: string[]; slowUnreduced?: boolean }[] = [
  { file: "spec/scenarios/two-node.json", processes: 2 },
  { file: "bench/scenarios/two-node-three-sends.json", processes: 2 },
  { file: "bench/scenarios/two-node-three-sends.json", processes: 2, flags: ["--no-fifo"] },
  { file: "spec/scenarios/three-node.json", processes: 3 },
  { file: "spec/scenarios/three-node.json", processes: 3, flags: ["--no-fifo"] },
  { file: "spec/scenarios/bank.json", processes: 3 },
  { file: "spec/scenarios/four-process.json", processes: 4 },
  // Unreduced, it runs to the cap (about half a minute) to show that it is out of reach.
  { file: "spec/scenarios/five-process.json", processes: 5, slowUnreduced: true },
];

const modes = [
  { name: "unreduced", flags: [] },
  { name: "por", flags: ["--reduction", "por"] },
];

const name = (file: string, flags: readonly string[] = []) =>
  `${file.replace(/^.*\//, "").replace(/\.json$/, "")}${flags.includes("--no-fifo") ? " (no FIFO)" : ""}`;
const isStopped = (run: SnaplabRun | StoppedRun): run is StoppedRun => "stopped" in run;
const rate = (run: SnaplabRun) => count(Math.round(run.report.states / (run.searchMs / 1000)));

const tables = new BenchTables("machine", runs === 1 ? "one run of each command" : `each figure the best of ${runs} runs`, only);

// 1. Every scenario, unreduced and reduced; SPIN's table and the browser's compare with the unreduced runs.
const rows: string[][] = [];
const unreduced = new Map<string, SnaplabRun>();
for (const scenario of tables.wanted("scenarios", "spin", "browser") ? scenarios : []) {
  for (const mode of modes) {
    const flags = [...(scenario.flags ?? []), ...mode.flags, "--max-states", String(CAP)];
    const run = quick && scenario.slowUnreduced && mode.name === "unreduced" ? "skipped" : runSnaplab(scenario.file, flags, runs);
    const label = name(scenario.file, scenario.flags);
    if (run === "skipped") {
      rows.push([label, String(scenario.processes), mode.name, "skipped (--quick)", "-", "-", "-", "-", "-", "-"]);
      continue;
    }
    if (isStopped(run)) {
      rows.push([label, String(scenario.processes), mode.name, `> ${count(CAP)}`, "-", "out of reach", "-", "-", "-", "-"]);
      continue;
    }
    if (mode.name === "unreduced") unreduced.set(label, run);
    const full = unreduced.get(label);
    const ratio = mode.name === "por" && full ? `${Math.round(full.report.states / run.report.states)}×` : "";
    rows.push([
      label,
      String(scenario.processes),
      mode.name + (ratio ? ` (${ratio} fewer)` : ""),
      count(run.report.states),
      count(run.report.transitions),
      seconds(run.wallMs),
      seconds(run.searchMs),
      rate(run),
      run.peakKb === undefined ? "-" : megabytes(run.peakKb),
      String(run.report.search.bytesPerState ?? "-"),
    ]);
  }
}
await tables.add("scenarios", "Scenarios: unreduced and with partial-order reduction", () =>
  markdownTable(["scenario", "processes", "mode", "states", "transitions", "wall s", "search s", "states/s", "peak MB", "bytes/state"], rows),
);

// 2. The storage and search modes on the four-process case.
const four = "spec/scenarios/four-process.json";
const GENERIC = "generic explorer (interned states)";
const modeRows = () =>
  [
    ["unreduced, breadth-first", []],
    ["fingerprints", ["--fingerprint"]],
    ["depth-first", ["--search", "dfs"]],
    ["depth-first, fingerprints", ["--search", "dfs", "--fingerprint"]],
    // The same rules as a learner's copy would run: the generic explorer, interned states (several seconds: only in the full run).
    ...(quick ? [] : [[GENERIC, ["--engine", "generic"]]]),
  ].map(([label, flags]) => {
    const run = runSnaplab(four, [...(flags as string[]), "--max-states", String(CAP)], label === GENERIC ? 1 : runs) as SnaplabRun;
    return [
      label as string,
      count(run.report.states),
      seconds(run.wallMs),
      rate(run),
      run.peakKb === undefined ? "-" : megabytes(run.peakKb),
      String(run.report.search.bytesPerState ?? "-"),
    ];
  });
await tables.add("modes", "The four-process case in each mode", () =>
  markdownTable(["mode", "states", "wall s", "states/s", "peak MB", "bytes/state"], modeRows()),
);

// 3. SPIN, side by side.
await tables.add("spin", "snaplab and SPIN, end to end", () => {
  if (!spinInstalled()) return "SPIN was not installed (apt-get install spin), so this comparison was skipped.";
  const spinRows = [...unreduced.entries()].map(([label, ours]) => {
    const scenario = scenarios.find((s) => name(s.file, s.flags) === label)!;
    const spin = runSpin(scenario.file, scenario.flags ?? [], ours.report.states, runs);
    const ourViolations = Object.entries(ours.report.properties)
      .filter(([, v]) => v === "violated")
      .map(([p]) => p)
      .sort();
    const sameStates = spin.states === ours.report.states;
    const sameVerdict = JSON.stringify([...spin.violated].sort()) === JSON.stringify(ourViolations);
    if (!sameStates || !sameVerdict) process.exitCode = 1; // a disagreement is a bug in one of the two models
    return [
      label,
      count(ours.report.states),
      count(spin.states) + (sameStates ? "" : " (DIFFERENT)"),
      sameVerdict ? (ourViolations.length ? `both: ${ourViolations.join(", ")}` : "both: all hold") : `DIFFERENT (SPIN: ${spin.violated.join(", ")})`,
      seconds(ours.wallMs),
      seconds(spin.wallMs),
      seconds(spin.searchMs),
      `${(spin.wallMs / ours.wallMs).toFixed(1)}×`,
    ];
  });
  return markdownTable(["scenario", "snaplab states", "SPIN states", "verdicts", "snaplab s", "SPIN s", "SPIN search s", "SPIN / snaplab"], spinRows);
});

// 4. How far each mode scales.
if (!quick) {
  await tables.add("scaling", "How far each mode scales", () => {
    const dir = scratchFolder("rings");
    const scaleRows: string[][] = [];
    for (const n of [2, 3, 4, 5]) {
      for (const sends of [1, 2, 3]) {
        const file = ringScenario(dir, n, sends);
        const cells = modes.map((mode) => {
          const run = runSnaplab(file, [...mode.flags, "--max-states", String(CAP)], 1);
          return isStopped(run) ? [`> ${count(CAP)}`, `${seconds(run.wallMs)} (stopped)`] : [count(run.report.states), seconds(run.wallMs)];
        });
        scaleRows.push([String(n), String(sends), ...cells.flat()]);
      }
    }
    return markdownTable(["processes", "sends each", "unreduced states", "unreduced s", "por states", "por s"], scaleRows);
  });
}

// 5. A learner's rules (through the sandbox) beside the compact engine, and grading.
await tables.add("learner-rules", "A learner's rules: the reference rules through the sandbox and in the compact engine", () => learnerRulesTable(quick, runs));
await tables.add("learner-commands", "A learner's rules as a learner runs them", () => learnerCommandsTable(runs));
await tables.add("grading", "Grading as a learner grades", () => gradingTable(runs));
// The bound on grading's cost: against an earlier grader, pair by pair (more pairs than runs: a median of ratios).
await tables.add("grading-bound", "Grading now against an earlier grader, side by side", () => gradingBound(quick ? 1 : 2 * runs + 1));

// 6. The search in the browser (snaplab ui) against the same search in Node.
await tables.add("browser", "The search in the browser and in Node", () =>
  browserSection(
    [
      { label: "four-process", query: "?scenario=four-process.json", node: unreduced.get("four-process")! },
      { label: "three-node (no FIFO)", query: "?scenario=three-node.json&fifo=0", node: unreduced.get("three-node (no FIFO)")! },
    ],
    runs,
  ),
);

await tables.finish(quick ? "--quick leaves tables out" : undefined);

// Every file the bench wrote is in one scratch folder: check that it is gone.
if (!removeScratch()) {
  console.error("bench: its scratch folder could not be removed");
  process.exitCode = 1;
}

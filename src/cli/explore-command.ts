/** `snaplab explore <scenario.json>`: check every interleaving of a scenario. */
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { findAlgorithm } from "../algorithms/registry.js";
import type { SnapshotAlgorithm } from "../algorithms/snapshot-algorithm.js";
import type { Scenario } from "../bank/scenario.js";
import type { ModelReport } from "../check/check-model.js";
import { checkScenario } from "../check/check-scenario.js";
import { loadAnyScenario } from "../check/load-any-scenario.js";
import { SnaplabError } from "../errors.js";
import type { Progress } from "../explore/exploration.js";
import { checkDatabase } from "../models/database/check-database.js";
import { checkDataflow } from "../models/dataflow/check-dataflow.js";
import { withRulesFile } from "../grade/rules-file.js";
import { jsonReport } from "../render/json-report.js";
import { modelJsonReport, modelTextReport } from "../render/model-report.js";
import type { SearchProgress } from "../explore/packed-search.js";
import { searchJson } from "../render/search-summary.js";
import { textReport } from "../render/text-report.js";
import { writeCounterexampleFiles, writeModelPictureFiles } from "./counterexample-files.js";
import { ExitCode } from "./exit-code.js";
import { wantsColor } from "./wants-color.js";

import { GENERIC_MAX_STATES } from "../engine/explore-bank.js";

interface ExploreArgs {
  scenario: string;
  fifo?: boolean;
  algorithm?: string;
  rules?: string;
  json: boolean;
  listSnapshots: boolean;
  maxStates?: number;
  svg?: string;
  mermaid?: string;
  shiviz?: string;
  saveTrace?: string;
  search: "bfs" | "dfs";
  reduction: "none" | "por";
  fingerprint: boolean;
  engine: "auto" | "generic";
}

export const exploreCommand: CommandModule<object, ExploreArgs> = {
  command: "explore <scenario>",
  describe: "Explore every interleaving of a scenario and check the snapshot properties",
  builder: (yargs: Argv) =>
    yargs
      .positional("scenario", { type: "string", demandOption: true, describe: "scenario file (JSON, see spec/model.md)" })
      .option("fifo", { type: "boolean", describe: "FIFO channels (--no-fifo: any message in flight may arrive next); overrides the scenario" })
      .option("algorithm", { type: "string", describe: "run these snapshot rules (database design, barrier mode) instead of the ones the scenario names" })
      .option("rules", {
        type: "string",
        describe: "run the snapshot rules this file exports as `rules` (as in exercises 1, 2 and 5), in the grader's sandbox",
        conflicts: "algorithm",
      })
      .option("json", { type: "boolean", default: false, describe: "print one JSON object instead of the report" })
      .option("list-snapshots", { type: "boolean", default: false, describe: "also list every distinct recorded snapshot" })
      .option("max-states", {
        type: "number",
        describe: "stop (exit 2) rather than store more states than this, before memory runs out (default: 30,000,000 in the compact engine, 1,000,000 otherwise)",
      })
      .option("svg", { type: "string", describe: "write each counterexample as an SVG space-time diagram to this file" })
      .option("mermaid", { type: "string", describe: "write each counterexample as a Mermaid sequenceDiagram to this file" })
      .option("shiviz", { type: "string", describe: "write each counterexample as a ShiViz log to this file" })
      .option("save-trace", { type: "string", describe: "save each counterexample as a trace for snaplab replay to this file" })
      .option("search", { choices: ["bfs", "dfs"] as const, default: "bfs" as const, describe: "breadth-first (shortest counterexamples) or depth-first (less memory)" })
      .option("reduction", { choices: ["none", "por"] as const, default: "none" as const, describe: "partial-order reduction: same verdicts and snapshots, far fewer states (spec/reduction.md)" })
      .option("fingerprint", { type: "boolean", default: false, describe: "store 64-bit fingerprints instead of states, and print the chance of a collision" })
      .option("engine", { choices: ["auto", "generic"] as const, default: "auto" as const, describe: "generic: the readable explorer even where the compact engine applies" })
      .check((args) => {
        const max = args["max-states"];
        return max === undefined || (Number.isInteger(max) && max > 0) || "--max-states must be a positive integer";
      }) as unknown as Argv<ExploreArgs>,
  handler: (args: ArgumentsCamelCase<ExploreArgs>) => {
    const loaded = loadAnyScenario(args.scenario);
    if (loaded.model === "bank" && args.rules !== undefined) {
      // A learner's rules run in the grader's sandbox, as when graded.
      return withRulesFile(args.rules, loaded.scenario, (rules) => exploreBank(loaded.scenario, args, rules));
    }
    if (loaded.model === "bank") return exploreBank(loaded.scenario, args);
    const bankOnly = { "--fifo": args.fifo !== undefined, "--list-snapshots": args.listSnapshots, "--save-trace": args.saveTrace, "--rules": args.rules };
    const misplaced = Object.entries(bankOnly).filter(([, given]) => given).map(([flag]) => flag);
    if (misplaced.length > 0) {
      throw new SnaplabError("USAGE", `${misplaced.join(", ")} ${misplaced.length === 1 ? "applies" : "apply"} to bank scenarios only (${args.scenario} is a ${loaded.model} scenario)`);
    }
    const options = {
      ...(args.algorithm === undefined ? {} : { algorithm: args.algorithm }),
      maxStates: args.maxStates ?? GENERIC_MAX_STATES,
      onProgress: showProgress,
    };
    const report = loaded.model === "database" ? checkDatabase(loaded.scenario, options) : checkDataflow(loaded.scenario, options);
    printModelReport(report, args);
  },
};

function exploreBank(scenario: Scenario, args: ExploreArgs, rules?: SnapshotAlgorithm): void {
  const report = checkScenario(scenario, {
    ...(args.fifo === undefined ? {} : { fifo: args.fifo }),
    ...(args.algorithm === undefined ? {} : { algorithm: findAlgorithm(args.algorithm) }),
    ...(rules === undefined ? {} : { algorithm: rules }),
    ...(args.maxStates === undefined ? {} : { maxStates: args.maxStates }),
    search: args.search,
    reduction: args.reduction,
    fingerprint: args.fingerprint,
    engine: args.engine,
    onProgress: showProgress,
  });
  clearProgress();
  const options = { listSnapshots: args.listSnapshots, color: wantsColor(process.stdout) };
  const json = () => JSON.stringify({ ...jsonReport(report, options), search: searchJson(report) }) + "\n";
  process.stdout.write(args.json ? json() : textReport(report, options));
  const files = { svg: args.svg, mermaid: args.mermaid, shiviz: args.shiviz, saveTrace: args.saveTrace };
  for (const file of writeCounterexampleFiles(report, files)) process.stderr.write(`wrote ${file}\n`);
  process.exitCode = report.properties.every((p) => p.holds) ? ExitCode.AllHold : ExitCode.Violated;
}

function printModelReport(report: ModelReport, args: ExploreArgs): void {
  clearProgress();
  process.stdout.write(args.json ? JSON.stringify(modelJsonReport(report)) + "\n" : modelTextReport(report, { color: wantsColor(process.stdout) }));
  const files = { svg: args.svg, mermaid: args.mermaid, shiviz: args.shiviz };
  for (const file of writeModelPictureFiles(report, files)) process.stderr.write(`wrote ${file}\n`);
  process.exitCode = report.properties.every((p) => p.holds) ? ExitCode.AllHold : ExitCode.Violated;
}

// Progress goes to stderr only, so stdout stays one report (or one JSON object).
let progressShown = false;

function showProgress(progress: Progress & Partial<SearchProgress>): void {
  const rate = Math.round(progress.states / (progress.elapsedMs / 1000));
  const memory = Math.round(process.memoryUsage().rss / 2 ** 20);
  const depth = progress.depth === undefined ? "" : `, depth ${progress.depth}`;
  const line = `exploring: ${progress.states.toLocaleString("en-US")} states, ${rate.toLocaleString("en-US")} states/s, ${progress.queued.toLocaleString("en-US")} queued${depth}, ${memory} MB`;
  process.stderr.write(process.stderr.isTTY ? `\r${line}\x1b[K` : `${line}\n`);
  progressShown = true;
}

function clearProgress(): void {
  if (progressShown && process.stderr.isTTY) process.stderr.write("\r\x1b[K");
  progressShown = false;
}

/** `snaplab explore <scenario.json>`: check every interleaving of a scenario. */
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { findAlgorithm } from "../algorithms/registry.js";
import type { Scenario } from "../bank/scenario.js";
import type { ModelReport } from "../check/check-model.js";
import { checkScenario } from "../check/check-scenario.js";
import { loadAnyScenario } from "../check/load-any-scenario.js";
import { SnaplabError } from "../errors.js";
import type { Progress } from "../explore/exploration.js";
import { checkDatabase } from "../models/database/check-database.js";
import { checkDataflow } from "../models/dataflow/check-dataflow.js";
import { jsonReport } from "../render/json-report.js";
import { modelJsonReport, modelTextReport } from "../render/model-report.js";
import { textReport } from "../render/text-report.js";
import { ExitCode } from "./exit-code.js";

interface ExploreArgs {
  scenario: string;
  fifo?: boolean;
  algorithm?: string;
  json: boolean;
  listSnapshots: boolean;
  maxStates?: number;
}

export const exploreCommand: CommandModule<object, ExploreArgs> = {
  command: "explore <scenario>",
  describe: "Explore every interleaving of a scenario and check the snapshot properties",
  builder: (yargs: Argv) =>
    yargs
      .positional("scenario", { type: "string", demandOption: true, describe: "scenario file (JSON, see spec/model.md)" })
      .option("fifo", { type: "boolean", describe: "FIFO channels (--no-fifo: any message in flight may arrive next); overrides the scenario" })
      .option("algorithm", { type: "string", describe: "run these snapshot rules (database design, barrier mode) instead of the ones the scenario names" })
      .option("json", { type: "boolean", default: false, describe: "print one JSON object instead of the report" })
      .option("list-snapshots", { type: "boolean", default: false, describe: "also list every distinct recorded snapshot" })
      .option("max-states", { type: "number", describe: "stop (exit 2) rather than store more states than this" })
      .check((args) => {
        const max = args["max-states"];
        if (max !== undefined && !(Number.isInteger(max) && max > 0)) throw new Error("--max-states must be a positive integer");
        return true;
      }) as unknown as Argv<ExploreArgs>,
  handler: (args: ArgumentsCamelCase<ExploreArgs>) => {
    const loaded = loadAnyScenario(args.scenario);
    if (loaded.model === "bank") return exploreBank(loaded.scenario, args);
    if (args.fifo !== undefined || args.listSnapshots) {
      throw new SnaplabError("USAGE", `--fifo and --list-snapshots apply to bank scenarios only (${args.scenario} is a ${loaded.model})`);
    }
    const options = {
      ...(args.algorithm === undefined ? {} : { algorithm: args.algorithm }),
      ...(args.maxStates === undefined ? {} : { maxStates: args.maxStates }),
      onProgress: showProgress,
    };
    const report = loaded.model === "database" ? checkDatabase(loaded.scenario, options) : checkDataflow(loaded.scenario, options);
    printModelReport(report, args);
  },
};

function exploreBank(scenario: Scenario, args: ExploreArgs): void {
  const report = checkScenario(scenario, {
    ...(args.fifo === undefined ? {} : { fifo: args.fifo }),
    ...(args.algorithm === undefined ? {} : { algorithm: findAlgorithm(args.algorithm) }),
    ...(args.maxStates === undefined ? {} : { maxStates: args.maxStates }),
    onProgress: showProgress,
  });
  clearProgress();
  const options = { listSnapshots: args.listSnapshots };
  process.stdout.write(args.json ? JSON.stringify(jsonReport(report, options)) + "\n" : textReport(report, options));
  process.exitCode = report.properties.every((p) => p.holds) ? ExitCode.AllHold : ExitCode.Violated;
}

function printModelReport(report: ModelReport, args: ExploreArgs): void {
  clearProgress();
  process.stdout.write(args.json ? JSON.stringify(modelJsonReport(report)) + "\n" : modelTextReport(report));
  process.exitCode = report.properties.every((p) => p.holds) ? ExitCode.AllHold : ExitCode.Violated;
}

// Progress goes to stderr only, so stdout stays one report (or one JSON object).
let progressShown = false;

function showProgress(progress: Progress): void {
  const rate = Math.round(progress.states / (progress.elapsedMs / 1000));
  const memory = Math.round(process.memoryUsage().rss / 2 ** 20);
  const line = `exploring: ${progress.states.toLocaleString("en-US")} states, ${rate.toLocaleString("en-US")} states/s, ${progress.queued.toLocaleString("en-US")} queued, ${memory} MB`;
  process.stderr.write(process.stderr.isTTY ? `\r${line}\x1b[K` : `${line}\n`);
  progressShown = true;
}

function clearProgress(): void {
  if (progressShown && process.stderr.isTTY) process.stderr.write("\r\x1b[K");
  progressShown = false;
}

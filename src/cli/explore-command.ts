/** `snaplab explore <scenario.json>`: check every interleaving of a scenario. */
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { loadScenario } from "../bank/parse-scenario.js";
import { checkScenario } from "../check/check-scenario.js";
import type { Progress } from "../explore/exploration.js";
import type { SearchProgress } from "../explore/packed-search.js";
import { jsonReport } from "../render/json-report.js";
import { searchLines, searchJson } from "../render/search-summary.js";
import { textReport } from "../render/text-report.js";
import { ExitCode } from "./exit-code.js";

interface ExploreArgs {
  scenario: string;
  fifo?: boolean;
  json: boolean;
  listSnapshots: boolean;
  maxStates?: number;
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
      .option("json", { type: "boolean", default: false, describe: "print one JSON object instead of the report" })
      .option("list-snapshots", { type: "boolean", default: false, describe: "also list every distinct recorded snapshot" })
      .option("max-states", { type: "number", describe: "stop (exit 2) rather than store more states than this" })
      .option("search", { choices: ["bfs", "dfs"] as const, default: "bfs" as const, describe: "breadth-first (shortest counterexamples) or depth-first (less memory)" })
      .option("reduction", { choices: ["none", "por"] as const, default: "none" as const, describe: "partial-order reduction: same verdicts and snapshots, far fewer states (spec/reduction.md)" })
      .option("fingerprint", { type: "boolean", default: false, describe: "store 64-bit fingerprints instead of states, and print the chance of a collision" })
      .option("engine", { choices: ["auto", "generic"] as const, default: "auto" as const, describe: "generic: the readable explorer even where the compact engine applies" })
      .check((args) => {
        const max = args["max-states"];
        if (max !== undefined && !(Number.isInteger(max) && max > 0)) throw new Error("--max-states must be a positive integer");
        return true;
      }) as unknown as Argv<ExploreArgs>,
  handler: (args: ArgumentsCamelCase<ExploreArgs>) => {
    const scenario = loadScenario(args.scenario);
    const report = checkScenario(scenario, {
      ...(args.fifo === undefined ? {} : { fifo: args.fifo }),
      ...(args.maxStates === undefined ? {} : { maxStates: args.maxStates }),
      search: args.search,
      reduction: args.reduction,
      fingerprint: args.fingerprint,
      engine: args.engine,
      onProgress: showProgress,
    });
    clearProgress();
    const options = { listSnapshots: args.listSnapshots };
    const json = () => JSON.stringify({ ...jsonReport(report, options), search: searchJson(report) }) + "\n";
    process.stdout.write(args.json ? json() : textReport(report, options) + searchLines(report).join("\n") + "\n");
    process.exitCode = report.properties.every((p) => p.holds) ? ExitCode.AllHold : ExitCode.Violated;
  },
};

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

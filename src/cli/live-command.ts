/** `snaplab live <scenario.json>`: run the scenario's bank for real, one OS process per bank process, and check every snapshot. */
import { statSync } from "node:fs";
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { commandList } from "./command-list.js";
import { oneValue, someValues } from "./option-values.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import { checkRun } from "../live/check-run.js";
import { loadLiveRules } from "../live/live-rules.js";
import { runFiles, runLive, type Network } from "../live/run-live.js";
import { findAlgorithm } from "../models/bank/algorithms/registry.js";
import { checkTemporaryFolder } from "../files/temporary-folder.js";
import { asJson } from "./format-option.js";
import { checkLiveCheckFiles, type LiveCheckArgs, liveCheckOptions, writeLiveCheck } from "./live-check-output.js";
import { loadModelScenario } from "../models/load-model-scenario.js";
import { bankModel } from "../models/bank/bank-model.js";
import { hasSeveralSnapshots } from "../models/bank/multi-snapshot/several-snapshots.js";
import type { Scenario } from "../models/bank/scenario.js";
import { ScenarioError } from "../errors/scenario-error.js";
import { checkSeed, seedOption } from "./seed-option.js";
import { integerOption } from "./integer-option.js";
import { RUN_COUNTS } from "../live/run-settings.js";
import { MAX_SEED } from "../explore/seeded-random.js";
import { durationOption, readDuration } from "./duration-option.js";
import { formatDuration } from "../render/duration.js";

interface LiveArgs extends LiveCheckArgs {
  scenario: string;
  transfers: number;
  seed: number;
  rate: number;
  snapshots: number;
  algorithm?: string;
  rules?: string;
  network?: Network;
  kill: Kill[];
  /** Milliseconds (duration-option.ts). */
  timeout: number;
  logs?: string;
}

const DEFAULT_TRANSFERS = 1000;
/** How long a run may take unless --timeout says otherwise. */
const DEFAULT_TIMEOUT_MS = 60_000;

/** --kill takes a list (option-values.ts), each read into a kill. */
const killValues = someValues("kill");

export const liveCommand: CommandModule<object, LiveArgs> = {
  ...commandList.live,
  builder: (yargs: Argv) =>
    yargs
      .positional("scenario", {
        type: "string",
        demandOption: true,
        describe: "scenario file (JSON, see spec/model.md): processes, balances, channels, initiators",
      })
      .option("transfers", {
        ...integerOption("transfers", RUN_COUNTS.transfers),
        default: DEFAULT_TRANSFERS,
        defaultDescription: DEFAULT_TRANSFERS.toLocaleString("en-US"),
        describe: "random transfers along the channels, in all (never more than the sender holds)",
      })
      .option("seed", {
        ...seedOption,
        default: 1,
        describe: `seed of the transfers' choices (and of the relays' shuffles), 0 to ${MAX_SEED.toLocaleString("en-US")}`,
      })
      .option("rate", {
        ...integerOption("rate", RUN_COUNTS.rate),
        default: 0,
        describe: "at most this many transfers per second, in all (0: as fast as they go)",
      })
      .option("snapshots", {
        ...integerOption("snapshots", RUN_COUNTS.snapshots),
        default: 3,
        describe: "snapshots to take while the transfers flow, started by the initiators in turn",
      })
      .option("algorithm", { type: "string", ...oneValue("algorithm"), describe: "run these snapshot rules instead of the ones the scenario names" })
      .option("rules", {
        type: "string",
        ...oneValue("rules"),
        conflicts: "algorithm",
        describe: "run the snapshot rules this file exports as `rules` (as in exercises 1, 2 and 5)",
      })
      .option("network", {
        choices: ["tcp", "reorder"] as const,
        ...oneValue("network"),
        // No yargs default: not given, the scenario's "fifo" chooses.
        defaultDescription: 'tcp, or reorder for a scenario with "fifo": false',
        describe: "tcp: FIFO channels; reorder: a relay on each channel shuffles what is in flight",
      })
      .option("kill", {
        type: "string",
        array: true,
        ...killValues,
        coerce: (typed: string[]) => killValues.coerce(typed).map(readKill),
        default: [] as string[],
        describe: "kill process P with SIGKILL at time T after the start, e.g. P1@300ms or P1@2s",
      })
      .option("timeout", {
        ...durationOption("timeout", 1),
        // Written as typed, since yargs reads a default through the option's coerce too.
        default: formatDuration(DEFAULT_TIMEOUT_MS),
        defaultDescription: formatDuration(DEFAULT_TIMEOUT_MS),
        describe: "stop the run this long after the start, whatever is left, e.g. 500ms or 5min",
      })
      .option("logs", {
        type: "string",
        ...oneValue<string>("logs"),
        describe: "keep the run's cluster.json and each process's <P>.events.jsonl in this folder (snaplab check-logs reads them)",
      })
      .options(liveCheckOptions)
      .middleware(asJson)
      .check(checkSeed)
      .check((args) => {
        if (args.logs !== undefined && !statSync(args.logs, { throwIfNoEntry: false })?.isDirectory()) {
          throw new SnaplabError("CANNOT_WRITE", `--logs ${args.logs}: there is no folder ${args.logs} to keep the logs in`);
        }
        return true;
      }) as unknown as Argv<LiveArgs>,
  handler: async (args: ArgumentsCamelCase<LiveArgs>) => {
    const scenario = loadModelScenario(args.scenario, [bankModel]).scenario;
    const refusal = unrunField(scenario);
    if (refusal) throw new ScenarioError(args.scenario, refusal.field, refusal.problem);
    checkLiveCheckFiles(args, filesRead(args, scenario.processes));
    // A scenario's channels keep order or not as it says, unless --network says otherwise (as explore's --fifo does).
    const network = args.network ?? (scenario.fifo ? "tcp" : "reorder");
    checkTemporaryFolder();
    // A live run's transfers are drawn from what each sender holds: with no money nothing would move.
    if (args.transfers > 0 && scenario.initialBalances.every((balance) => balance <= 0)) {
      throw new SnaplabError(
        "BAD_SCENARIO",
        `${args.scenario}: processes: every balance is 0 or less, so a live run has no money to transfer (give a process a balance, as spec/scenarios/bank.json does)`,
      );
    }
    // The numbers were checked as they were read (run-settings.ts); every kill is checked before anything is loaded or started.
    const kills = args.kill.map((kill) => checkKill(kill, scenario.processes));
    if (args.rules !== undefined && !statSync(args.rules, { throwIfNoEntry: false })?.isFile()) {
      throw new SnaplabError("BAD_RULES", `${args.rules}: cannot read the rules file (not a file)`);
    }
    const algorithm = args.algorithm ?? scenario.algorithm;
    // Loaded here once, before any process starts: a file that does not build is one line, and the same rules cut the trace down.
    const rules = args.rules !== undefined ? await loadLiveRules({ file: args.rules }) : findAlgorithm(algorithm);
    const run = await runLive({
      scenario,
      transfers: args.transfers,
      seed: args.seed,
      rate: args.rate,
      snapshots: args.snapshots,
      timeoutMs: args.timeout,
      rules: args.rules !== undefined ? { file: args.rules } : { algorithm },
      network,
      kills,
      ...(args.logs !== undefined ? { logFolder: args.logs } : {}),
    });
    writeLiveCheck(checkRun(run), args, rules);
  },
};

/** The files a run is read from: the scenario, the rules, and with --logs the cluster file and the logs it keeps, which its check reads back. */
function filesRead(args: Pick<LiveArgs, "scenario" | "rules" | "logs">, processes: readonly string[]): { file: string; what: string }[] {
  const kept = args.logs === undefined ? undefined : runFiles(args.logs);
  return [
    { file: args.scenario, what: "the scenario" },
    ...(args.rules === undefined ? [] : [{ file: args.rules, what: "the rules file" }]),
    ...(kept === undefined ? [] : [{ file: kept.cluster, what: "the cluster file" }, ...processes.map((p) => ({ file: kept.log(p), what: "an event log" }))]),
  ];
}

/** A field of the scenario a live run cannot honour: its snapshots come from --snapshots, its channels are TCP connections, its sends one step each. */
function unrunField(scenario: Scenario): { field: string; problem: string } | undefined {
  if (hasSeveralSnapshots(scenario)) {
    return {
      field: "snapshots",
      problem: "snaplab live does not take a list of snapshots: --snapshots K starts K, by the initiators in turn (leave snapshots out)",
    };
  }
  if (scenario.lossy !== undefined) return { field: "lossy", problem: "snaplab live runs its channels over TCP, which loses no message (leave lossy out)" };
  if (scenario.duplicating !== undefined) {
    return { field: "duplicating", problem: "snaplab live runs its channels over TCP, which duplicates no message (leave duplicating out)" };
  }
  if (scenario.atomicSend === false) {
    return { field: "atomicSend", problem: "snaplab live debits and sends a transfer in one step (leave atomicSend out)" };
  }
  return undefined;
}

/** A kill asked for: the process named, when, and how it was typed (for a refusal to quote). */
interface Kill {
  process: string;
  atMs: number;
  typed: string;
}

/** "P1@300ms", "P1@2s": the time a length of time from the start (duration-option.ts), which may be 0. */
function readKill(typed: string): Kill {
  const match = /^(.+)@(.*)$/.exec(typed);
  if (!match) throw new SnaplabError("USAGE", `--kill ${typed}: must be PROCESS@TIME, e.g. P1@300ms`);
  const [, name = "", time = ""] = match;
  const read = readDuration(time, 0, (duration) => `${name}@${duration}`);
  if ("problem" in read) throw new SnaplabError("USAGE", `--kill ${typed}: ${read.problem}`);
  return { process: name, atMs: read.ms, typed };
}

/** `kill`, of a process the scenario has, as the run takes it. */
function checkKill(kill: Kill, processes: readonly string[]): { process: string; atMs: number } {
  if (!processes.includes(kill.process)) {
    throw new SnaplabError("USAGE", `--kill ${kill.typed}: ${kill.process} is not a process (the processes are ${processes.join(", ")})`);
  }
  return { process: kill.process, atMs: kill.atMs };
}

/** `snaplab explore <scenario.json>`: check every interleaving of a scenario. */
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { commandList } from "./command-list.js";
import { integerOption } from "./integer-option.js";
import { oneValue } from "./option-values.js";
import { checkSeed, seedOption } from "./seed-option.js";
import { check, type CheckOptions } from "../check/check.js";
import type { Report } from "../check/report.js";
import { DEFAULT_MAX_STATES } from "../explore/search-pipeline.js";
import { StateLimitError } from "../explore/state-limit-error.js";
import { reportTitle, type ModelScenario, type Named } from "../check/model-descriptor.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import { jsonText } from "../files/json-text.js";
import { DEFAULT_MAX_MEMORY_MB, watchingMemory } from "../explore/memory-limit.js";
import { MAX_SEED } from "../explore/seeded-random.js";
import type { Progress } from "../explore/exploration.js";
import type { Gather } from "../explore/gather.js";
import { RuleFault } from "../grade/graded-rules/rule-fault.js";
import { hasRunToIt, type RuleFaultKind, ruleFaultKind, runToRuleFault, stoppedAt } from "../grade/graded-rules/run-to-rule-fault.js";
import { reportedCounterexampleLines } from "../grade/report/failure-text.js";
import { counterexampleAsData } from "../grade/results-as-data.js";
import { takesRulesFile } from "../grade/learner-rules.js";
import { rulesFileLimits, withRulesFile } from "../grade/rules-file.js";
import { formatDuration } from "../render/duration.js";
import type { SnapshotAlgorithm } from "../models/bank/algorithms/snapshot-algorithm.js";
import type { Scenario } from "../models/bank/scenario.js";
import type { SearchProgress } from "../explore/packed-search.js";
import { loadModelScenario } from "../models/load-model-scenario.js";
import { models, type ModelRegistry } from "../models/registry.js";
import { counterexampleJson } from "../render/counterexample-json.js";
import { modelJsonReport, modelTextReport } from "../render/model-report.js";
import { checkAskedFiles, writeAskedFiles } from "./counterexample-files.js";
import { fifoGiven, fifoOptions } from "./fifo-options.js";
import { asJson, jsonShorthand, type TextOrJson, textOrJson } from "./format-option.js";
import { DEFAULT_MAX_STEPS, DEFAULT_SEED, DEFAULT_WALKS, exploreByRandomWalks, randomWalkOptionProblem } from "./explore-randomly.js";
import { ExitCode } from "./exit-code.js";
import { clearProgressLine, progressEveryMs, showProgressLine } from "./progress-line.js";
import { wantsColor } from "./wants-color.js";

interface ExploreArgs {
  scenario: string;
  fifo?: boolean;
  noFifo?: boolean;
  algorithm?: string;
  rules?: string;
  format: TextOrJson;
  listSnapshots: boolean;
  maxStates: number;
  maxMemory: number;
  svg?: string;
  mermaid?: string;
  shiviz?: string;
  saveTrace?: string;
  search: "bfs" | "dfs" | "random";
  walks?: number;
  seed?: number;
  maxSteps?: number;
  reduction: "none" | "por";
  fingerprint: boolean;
  engine: "auto" | "generic";
}

/** The command, for the models of `registry` (a test may add its own). */
export const exploreCommand = (registry: ModelRegistry = models): CommandModule<object, ExploreArgs> => ({
  ...commandList.explore,
  builder: (yargs: Argv) =>
    yargs
      .positional("scenario", { type: "string", demandOption: true, describe: "scenario file (JSON, see spec/model.md)" })
      .options(fifoOptions)
      .option("algorithm", {
        type: "string",
        ...oneValue("algorithm"),
        describe: "run these snapshot rules (database design, barrier mode) instead of the ones the scenario names",
      })
      .option("rules", {
        type: "string",
        ...oneValue("rules"),
        describe: `run the snapshot rules this file exports as \`rules\` (as in exercises 1, 2 and 5, and 6 on a scenario with several snapshots), in the grader's sandbox, within its limits: ${formatDuration(rulesFileLimits.timeLimitMs)} an answer, ${formatDuration(rulesFileLimits.totalTimeLimitMs)} and ${rulesFileLimits.answersLimitMb} MB of answers in all`,
        conflicts: "algorithm",
      })
      .option("format", textOrJson)
      .option("json", jsonShorthand)
      .middleware(asJson)
      .option("list-snapshots", { type: "boolean", nargs: 0, default: false, describe: "also list every distinct recorded snapshot" })
      .option("max-states", {
        ...integerOption("max-states", { least: 1 }),
        default: DEFAULT_MAX_STATES,
        defaultDescription: DEFAULT_MAX_STATES.toLocaleString("en-US"),
        describe: "stop (exit 2) rather than store more states than this, before memory runs out",
      })
      .option("max-memory", {
        ...integerOption("max-memory", { least: 1 }, "MB"),
        default: DEFAULT_MAX_MEMORY_MB,
        defaultDescription: DEFAULT_MAX_MEMORY_MB.toLocaleString("en-US"),
        describe: "stop (exit 2) once the process holds more memory than this many MB",
      })
      .option("svg", { type: "string", ...oneValue("svg"), describe: "write each counterexample as an SVG space-time diagram to this file" })
      .option("mermaid", { type: "string", ...oneValue("mermaid"), describe: "write each counterexample as a Mermaid sequenceDiagram to this file" })
      .option("shiviz", { type: "string", ...oneValue("shiviz"), describe: "write each counterexample as a ShiViz log to this file" })
      .option("save-trace", { type: "string", ...oneValue("save-trace"), describe: "save each counterexample as a trace for snaplab replay to this file" })
      .option("search", {
        choices: ["bfs", "dfs", "random"] as const,
        ...oneValue("search"),
        default: "bfs" as const,
        describe: "breadth-first (shortest counterexamples), depth-first (less memory) or random walks (beyond exhaustive reach; proves nothing)",
      })
      // No yargs default for these three, so that the check can tell them given without --search random: the help shows the one they take.
      .option("walks", {
        ...integerOption("walks", { least: 1 }),
        defaultDescription: DEFAULT_WALKS.toLocaleString("en-US"),
        describe: "with --search random: how many walks",
      })
      .option("seed", {
        ...seedOption,
        defaultDescription: String(DEFAULT_SEED),
        describe: `with --search random: the seed of the walks, 0 to ${MAX_SEED.toLocaleString("en-US")} (the same seed, the same walks)`,
      })
      .option("max-steps", {
        ...integerOption("max-steps", { least: 1 }),
        defaultDescription: DEFAULT_MAX_STEPS.toLocaleString("en-US"),
        describe: "with --search random: give up on a walk after this many steps",
      })
      .option("reduction", {
        choices: ["none", "por"] as const,
        ...oneValue("reduction"),
        default: "none" as const,
        // A starter holds only model.md and scenarios/ of spec/: the help says where the reduction is written up.
        describe: "partial-order reduction: same verdicts and snapshots, far fewer states (spec/reduction.md in snaplab's repository)",
      })
      .option("fingerprint", {
        type: "boolean",
        nargs: 0,
        default: false,
        describe: "store 64-bit fingerprints instead of states, and print the chance of a collision",
      })
      .option("engine", {
        choices: ["auto", "generic"] as const,
        ...oneValue("engine"),
        default: "auto" as const,
        describe: "generic: the generic explorer even where the compact engine applies",
      })
      .check((args) => {
        checkSeed(args);
        return randomWalkOptionProblem(args as unknown as ExploreArgs) ?? true;
      }) as unknown as Argv<ExploreArgs>,
  handler: async (args: ArgumentsCamelCase<ExploreArgs>) => {
    const loaded = loadModelScenario(args.scenario, registry);
    refuseOptionsTheModelLacks(loaded, args, registry);
    // Before the search, which may take minutes.
    checkAskedFiles(args);
    if (args.rules === undefined) return explore(loaded, args);
    // A learner's rules run in the grader's sandbox, as when graded.
    await withRulesFile(args.rules, loaded.scenario, (rules, gather, answeredSoFar) => {
      try {
        explore(loaded, args, rules, gather);
      } catch (error) {
        if (!hasRunToIt(error)) throw error;
        // A call that did not answer in time took its sandbox with it: the run to it is found from the answers known.
        const late = error instanceof RuleFault && error.fault === "timeout";
        showRunToRuleFault(loaded, args, late ? answeredSoFar() : rules, gather, error as Error);
      }
    });
  },
});

/** The scenario with the settings the command line overrides (--fifo, --no-fifo). */
function withSettings({ model, scenario }: ModelScenario, args: ExploreArgs): unknown {
  const given: Record<string, boolean | undefined> = { fifo: fifoGiven(args) };
  for (const { key, apply } of model.settings ?? []) {
    const value = given[key];
    if (value !== undefined) scenario = apply(scenario, value);
  }
  return scenario;
}

function explore({ model, scenario: given }: ModelScenario, args: ExploreArgs, rules?: Named, gather?: Gather): void {
  const scenario = withSettings({ model, scenario: given }, args);
  if (args.search === "random") {
    exploreByRandomWalks({ model, scenario }, args, rules);
    return;
  }
  const report = checkWithProgress(
    { model, scenario },
    {
      ...(args.algorithm === undefined ? {} : { algorithm: args.algorithm }),
      ...(rules === undefined ? {} : { rules }),
      ...(gather === undefined ? {} : { gather }),
      maxStates: args.maxStates,
      search: args.search,
      reduction: args.reduction,
      fingerprint: args.fingerprint,
      engine: args.engine,
      // Memory is checked at every progress report; the line is shown at its own pace.
      onProgress: watchingMemory(args.maxMemory, showProgress, progressEveryMs()),
      progressEveryMs: 0,
    },
    args,
  );
  const options = { listSnapshots: args.listSnapshots, color: wantsColor(process.stdout) };
  const json = () => jsonText(model.report ? model.report.json(report, options) : modelJsonReport(report));
  const text = () => (model.report ? model.report.text(report, options) : modelTextReport(report, options));
  process.stdout.write(args.format === "json" ? json() : text());
  writeAskedFiles(model, report, args);
  process.exitCode = report.properties.every((p) => p.holds) ? ExitCode.AllHold : ExitCode.Violated;
}

/** The key of the run to a rule's fault in explore's JSON, by what the rule did. */
const jsonKeys: Record<RuleFaultKind, string> = { threw: "ruleThrew", late: "ruleDidNotAnswer", malformed: "malformedAnswer" };

/**
 * A learner's rules answered with effects their process cannot carry out,
 * threw, or did not answer in time, so the search stopped: the shortest run to that answer, as the
 * grader shows it, instead of the answer alone. The rules are at fault as
 * when a property fails: exit 1.
 */
function showRunToRuleFault(loaded: ModelScenario, args: ExploreArgs, rules: SnapshotAlgorithm, gather: Gather, stopped: Error): void {
  const scenario = withSettings(loaded, args) as Scenario;
  const found = runToRuleFault(scenario, rules, gather, args.maxStates);
  // The grader's model meets every answer the search met: not finding it again would be a bug of ours, shown as it was.
  if (!found) throw stopped;
  // The reason holds what the rule said (a throw's message): data, escaped, as the grader shows it.
  const run = counterexampleAsData(found.report);
  const title = reportTitle(loaded.model, scenario, rules);
  const kind = ruleFaultKind(found);
  process.stdout.write(
    args.format === "json"
      ? jsonText({ scenario: scenario.name, algorithm: rules.name, [jsonKeys[kind]]: counterexampleJson(run) })
      : `${title}\n  the search stopped at ${stoppedAt(found)}\n\n${reportedCounterexampleLines(run)
          // Indented under the first two lines, as the report's counterexamples are.
          .map((line, i) => (i < 2 || line === "" ? line : `  ${line}`))
          .join("\n")}\n`,
  );
  // The run's pictures, as for a violated property; a trace, which replay judges by the model's properties, cannot hold it.
  const pictures = { svg: args.svg, mermaid: args.mermaid, shiviz: args.shiviz, scenario: args.scenario, rules: args.rules };
  const drawn = { ...found.counterexample, view: { ...found.counterexample.view, reason: run.reason } };
  writeAskedFiles(loaded.model, { scenario, algorithm: rules.name, counterexamples: [drawn] }, pictures);
  if (args.saveTrace) {
    process.stderr.write(
      `snaplab: no trace written to ${args.saveTrace}: the run ends at ${stoppedAt(found)}, which replay cannot judge (correct that ${kind === "malformed" ? "answer" : "rule"}, then explore again)\n`,
    );
  }
  process.exitCode = ExitCode.Violated;
}

/**
 * `check`, with the progress line cleared however it ends, and a limit
 * reached told with what to try next: the reduction, where the scenario's
 * model has one (the bank's, whatever rules run: the reference ones, a
 * learner's file, another algorithm), and random walks last, for what is
 * too big even so.
 */
function checkWithProgress(modelScenario: ModelScenario, options: CheckOptions, args: ExploreArgs): Report {
  try {
    return check(modelScenario, options);
  } catch (error) {
    if (!(error instanceof StateLimitError)) throw error;
    const { model, scenario } = modelScenario;
    const reducible =
      args.reduction === "none" && model.build(scenario, options.rules ?? model.algorithms.find(args.algorithm ?? model.algorithmOf(scenario))).reduction;
    const tries = [
      "raise --max-states",
      ...(reducible ? ["try --reduction por (same verdicts, far fewer states)"] : []),
      "shrink the scenario",
      "or try --search random (random walks: no proof, but they reach further)",
    ];
    throw new SnaplabError("STATE_LIMIT", `stopped after ${error.limit.toLocaleString("en-US")} states (--max-states); ${tries.join(", ")}`);
  } finally {
    clearProgressLine();
  }
}

/** Options that only some models take (e.g. the bank's --fifo), given for a scenario of a model that does not. */
function refuseOptionsTheModelLacks({ model }: ModelScenario, args: ExploreArgs, registry: ModelRegistry): void {
  const takes = {
    "--fifo": (m: ModelScenario["model"]) => (m.settings ?? []).some((setting) => setting.key === "fifo"),
    "--list-snapshots": (m: ModelScenario["model"]) => m.recordedSnapshots !== undefined,
    "--save-trace": (m: ModelScenario["model"]) => m.trace !== undefined,
    "--rules": takesRulesFile,
  };
  const given = {
    "--fifo": fifoGiven(args) !== undefined,
    "--list-snapshots": args.listSnapshots,
    "--save-trace": Boolean(args.saveTrace),
    "--rules": args.rules !== undefined,
  };
  const misplaced = (Object.keys(takes) as (keyof typeof takes)[]).filter((flag) => given[flag] && !takes[flag](model));
  if (misplaced.length === 0) return;
  const owners = registry.filter((m) => misplaced.every((flag) => takes[flag](m))).map((m) => m.name);
  const typed = misplaced.map((flag) => (flag === "--fifo" && args.noFifo ? "--no-fifo" : flag));
  throw new SnaplabError(
    "USAGE",
    `${typed.join(", ")} ${misplaced.length === 1 ? "applies" : "apply"} to ${owners.join(" and ")} scenarios only (${args.scenario} is a ${model.name} scenario)`,
  );
}

function showProgress(progress: Progress & Partial<SearchProgress>): void {
  const rate = Math.round(progress.states / (progress.elapsedMs / 1000));
  const memory = Math.round(process.memoryUsage().rss / 2 ** 20);
  const depth = progress.depth === undefined ? "" : `, depth ${progress.depth}`;
  showProgressLine(
    `exploring: ${progress.states.toLocaleString("en-US")} states, ${rate.toLocaleString("en-US")} states/s, ${progress.queued.toLocaleString("en-US")} queued${depth}, ${memory} MB`,
  );
}

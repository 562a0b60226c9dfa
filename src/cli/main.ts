/**
 * The `snaplab` command: wires the subcommands and turns mistakes into one
 * line and exit 2. Commands write to process.stdout/stderr and set
 * process.exitCode; `snaplab.ts` beside this file is what the binary runs.
 */
import yargs from "yargs";
import { SnaplabError } from "../errors/snaplab-error.js";
import { lineAsData } from "../grade/shown-as-data.js";
import { models, type ModelRegistry } from "../models/registry.js";
import { cos418Command } from "./cos418-command.js";
import { exploreCommand } from "./explore-command.js";
import { ExitCode } from "./exit-code.js";
import { checkOptionValues, optionTypesOf } from "./option-values.js";
import { replayCommand } from "./replay-command.js";
import { gradeCommand } from "./grade-command.js";
import { hintCommand } from "./hint-command.js";
import { listCommand } from "./list-command.js";
import { liveCommand } from "./live-command.js";
import { nodeCommand } from "./node-command.js";
import { checkLogsCommand } from "./check-logs-command.js";
import { promelaCommand } from "./promela-command.js";
import { classroomCommand, classroomUsages } from "./classroom-command.js";
import { uiCommand } from "./ui-command.js";
import { snaplabVersion } from "./version.js";

/** Runs `snaplab` with `argv`; `registry` is the models it knows (a test may add one). */
export async function main(argv: string[], registry: ModelRegistry = models): Promise<void> {
  const commands = [
    exploreCommand(registry),
    replayCommand(registry),
    gradeCommand,
    listCommand,
    hintCommand,
    promelaCommand(registry),
    cos418Command,
    liveCommand,
    nodeCommand,
    checkLogsCommand,
    uiCommand,
    classroomCommand,
  ];
  const usages = [...commands.map((c) => String(c.command)), ...classroomUsages];
  try {
    const cli = commands.reduce((cli, command) => cli.command(command as never), yargs(argv).scriptName("snaplab"));
    await cli
      .demandCommand(1, "name a command, e.g. snaplab explore spec/scenarios/two-node.json")
      .strict()
      .recommendCommands()
      // Before validation: the command's options are known by then, and a mistake here explains the checks' complaints.
      .middleware(() => checkOptionValues(argv, optionTypesOf(cli)), true)
      .fail((message, error) => {
        // A SnaplabError is the user's to fix; another Error is our bug and keeps its stack.
        if (error instanceof Error) throw error;
        throw new SnaplabError("USAGE", oneLine(message ?? String(error), argv, usages));
      })
      .example("snaplab explore spec/scenarios/two-node.json", "check every interleaving")
      .example("snaplab explore spec/scenarios/two-node.json --no-fifo", "the same without FIFO channels")
      .example("snaplab list", "the exercises and their status")
      .example("snaplab hint 1", "the hint of exercise 1")
      .example("snaplab grade --only 1,2", "grade exercises 1 and 2 of exercises/")
      .example("snaplab ui", "step through scenarios, explore and replay in the browser")
      .epilogue(
        "Exit status: 0 every property holds (or every exercise passes), 1 a property is violated (or an exercise fails), 2 bad input, or a limit was reached before an answer.",
      )
      .wrap(Math.min(100, process.stdout.columns ?? 100))
      .help()
      .version(snaplabVersion())
      .parseAsync();
  } catch (error) {
    if (!(error instanceof SnaplabError)) throw error;
    // The outermost layer: whatever a file put in the message (a key, a name, a value quoted), it reaches the terminal as text.
    process.stderr.write(`snaplab: ${lineAsData(error.message)}\n`);
    process.exitCode = ExitCode.Unusable;
  }
}

/**
 * yargs' message about a command line, as one line that says what to type instead; `usages`: the commands' usage
 * ("explore <scenario>", and a command's own commands: "classroom points <report>").
 */
function oneLine(message: string, argv: readonly string[], usages: readonly string[]): string {
  const commands = usages.map((usage) => usage.split(" ")[0]!);
  const named = usages.map((usage) => usage.split(" ").filter((word) => !/^[<[]/.test(word)));
  // The usage of the command typed: the one naming the most of argv's first words ("classroom autograde", not "classroom").
  const typed = named.reduce<number | undefined>(
    (best, words, i) => (words.every((word, j) => argv[j] === word) && (best === undefined || words.length > named[best]!.length) ? i : best),
    undefined,
  );
  const usage = typed === undefined ? undefined : usages[typed];
  const first = typed === undefined ? argv[0] : named[typed]!.join(" ");
  const unknownCommand = argv[0] !== undefined && !argv[0].startsWith("-") && !commands.includes(argv[0]);
  const suggested = /^Did you mean (\S+)\?$/.exec(message);
  if (unknownCommand && suggested) return `unknown command ${first}: did you mean ${suggested[1]}?`;
  if (unknownCommand) return `unknown command ${first} (the commands are ${[...new Set(commands)].join(", ")})`;
  // Invalid values:\n  Argument: search, Given: "xyz", Choices: "bfs", "dfs"
  const choice = /Argument: (\S+), Given: (.*), Choices: (.*)$/.exec(message);
  if (choice) return `--${choice[1]} ${choice[2]!.replace(/^"(.*)"$/, "$1")}: must be one of ${choice[3]!.replace(/"/g, "")}`;
  // Arguments rules and algorithm are mutually exclusive
  const conflict = /^Arguments (\S+) and (\S+) are mutually exclusive$/.exec(message);
  if (conflict) return `--${conflict[1]} and --${conflict[2]} cannot be given together: choose one (see snaplab ${first} --help)`;
  // Not enough non-option arguments: got 0, need at least 1
  const missing = /^Not enough non-option arguments: got (\d+), need at least \d+$/.exec(message);
  const wanted = usage?.match(/<[^>]+>/g)?.slice(Number(missing?.[1] ?? 0));
  if (missing && wanted?.length) return `${first} needs ${wanted.join(" and ")} (usage: snaplab ${usage}; see snaplab ${first} --help)`;
  return `${message.replace(/\s*\n\s*/g, " ")} (see snaplab${usage ? ` ${first}` : ""} --help)`;
}

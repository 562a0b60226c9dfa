/**
 * The `snaplab` command: wires the subcommands and turns mistakes into one
 * line and exit 2 (usage-mistakes.ts). Commands write to process.stdout/stderr and set
 * process.exitCode; `snaplab.ts` beside this file is what the binary runs.
 */
import yargs, { type CommandModule } from "yargs";
import { SnaplabError } from "../errors/snaplab-error.js";
import { lineAsData } from "../grade/shown-as-data.js";
import { models, type ModelRegistry } from "../models/registry.js";
import { cos418Command } from "./cos418-command.js";
import { exploreCommand } from "./explore-command.js";
import { ExitCode } from "./exit-code.js";
import { replayCommand } from "./replay-command.js";
import { gradeCommand } from "./grade-command.js";
import { hintCommand } from "./hint-command.js";
import { listCommand } from "./list-command.js";
import { liveCommand } from "./live-command.js";
import { nodeCommand } from "./node-command.js";
import { promelaCommand } from "./promela-command.js";
import { classroomCommand } from "./classroom-command.js";
import { uiCommand } from "./ui-command.js";
import { refuseMistakes, refusingMistakes } from "./usage-mistakes.js";
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
    uiCommand,
    classroomCommand,
  ];
  try {
    await commands
      .reduce((cli, command) => cli.command(refusingMistakes(command as CommandModule)), yargs(argv).scriptName("snaplab"))
      // Some of yargs' words said as snaplab says them; and so yargs keeps to English, as snaplab does, whatever the locale.
      .updateStrings({
        "Did you mean %s?": "unknown command; did you mean %s?",
        "Argument: %s, Given: %s, Choices: %s": "--%s %s: must be one of %s",
        "Arguments %s and %s are mutually exclusive": "--%s and --%s cannot be given together: choose one",
        // A switch given a value (`nargs: 0`), an option none (`requiresArg`): option-values.ts.
        "Argument unexpected for: %s": "--%s is a switch and takes no value",
        "Not enough arguments following: %s": "--%s needs a value",
      })
      .demandCommand(1, "name a command, e.g. snaplab explore spec/scenarios/two-node.json")
      .strict()
      .recommendCommands()
      .fail(refuseMistakes())
      .example("snaplab explore spec/scenarios/two-node.json", "check every interleaving")
      .example("snaplab explore spec/scenarios/two-node.json --no-fifo", "the same without FIFO channels")
      .example("snaplab list", "the exercises and their status")
      .example("snaplab hint 1", "the hint of exercise 1")
      .example("snaplab grade solutions --only 1,2", "grade exercises 1 and 2")
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

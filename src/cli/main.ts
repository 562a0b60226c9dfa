/**
 * The `snaplab` command: wires the subcommands and turns mistakes into one
 * line and exit 2 (usage-mistakes.ts). Commands write to process.stdout/stderr and set
 * process.exitCode; `snaplab.ts` beside this file is what the binary runs.
 */
import yargs, { type ArgumentsCamelCase, type Argv, type CommandModule } from "yargs";
import { SnaplabError } from "../errors/snaplab-error.js";
import { lineAsData } from "../render/shown-as-data.js";
import type { ModelRegistry } from "../models/registry.js";
import { type CommandName, commandList } from "./command-list.js";
import { ExitCode } from "./exit-code.js";
import { refuseMistakes, refusingMistakes } from "./usage-mistakes.js";
import { snaplabVersion } from "./version.js";
import { yargsWords } from "./yargs-words.js";

/** Runs `snaplab` with `argv`; `registry` is the models it knows (a test may add one; the standard ones when none is given). */
export async function main(argv: string[], registry?: ModelRegistry): Promise<void> {
  const modules: Record<CommandName, () => Promise<CommandModule>> = {
    explore: async () => (await import("./explore-command.js")).exploreCommand(registry) as CommandModule,
    replay: async () => (await import("./replay-command.js")).replayCommand(registry) as CommandModule,
    grade: async () => (await import("./grade-command.js")).gradeCommand as CommandModule,
    list: async () => (await import("./list-command.js")).listCommand as CommandModule,
    hint: async () => (await import("./hint-command.js")).hintCommand as CommandModule,
    promela: async () => (await import("./promela-command.js")).promelaCommand(registry) as CommandModule,
    cos418: async () => (await import("./cos418-command.js")).cos418Command as CommandModule,
    live: async () => (await import("./live-command.js")).liveCommand as CommandModule,
    node: async () => (await import("./node-command.js")).nodeCommand as CommandModule,
    "check-logs": async () => (await import("./check-logs-command.js")).checkLogsCommand as CommandModule,
    ui: async () => (await import("./ui-command.js")).uiCommand as CommandModule,
    classroom: async () => (await import("./classroom-command.js")).classroomCommand as CommandModule,
  };
  const commands = (Object.keys(commandList) as CommandName[]).map((name) => loadedWhenTyped(name, modules[name]));
  try {
    await commands
      .reduce((cli, command) => cli.command(command), yargs(argv).scriptName("snaplab"))
      .updateStrings(yargsWords)
      // No `--no-` form of every switch: yargs read `--no-fifo=x` as an unknown option; `--no-fifo` is declared (fifo-options.ts).
      // A value of no declared type stays the word typed: hint's folder, not declared to yargs (hint-command.ts), is `2024` or
      // `1e3` as named, where yargs made it a number.
      .parserConfiguration({ "boolean-negation": false, "parse-numbers": false })
      .demandCommand(1, "name a command, e.g. snaplab explore spec/scenarios/two-node.json")
      .strict()
      .recommendCommands()
      .fail(refuseMistakes())
      .example("snaplab explore spec/scenarios/two-node.json", "check every interleaving")
      .example("snaplab explore spec/scenarios/two-node.json --no-fifo", "the same without FIFO channels")
      .example("snaplab explore spec/scenarios/two-node.json --format json", "the report as one JSON object")
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
  } catch (thrown) {
    // yargs' parser finds some mistakes (a switch given a value, an option none) as a command's module is loaded: said as fail() says them.
    const error = thrown instanceof Error && thrown.name === "YError" ? new SnaplabError("USAGE", thrown.message) : thrown;
    if (!(error instanceof SnaplabError)) throw error;
    // The outermost layer: whatever a file put in the message (a key, a name, a value quoted), it reaches the terminal as text.
    process.stderr.write(`snaplab: ${lineAsData(error.message)}\n`);
    process.exitCode = ExitCode.Unusable;
  }
}

/**
 * The command `name`, whose module (its options, what it does) is loaded
 * only when it is typed: `snaplab --version` and `snaplab --help` load none.
 */
function loadedWhenTyped(name: CommandName, load: () => Promise<CommandModule>): CommandModule {
  let loaded: Promise<CommandModule> | undefined;
  const module = () => (loaded ??= load().then((command) => refusingMistakes(command)));
  return {
    ...commandList[name],
    builder: async (yargs: Argv) => ((await module()).builder as (yargs: Argv) => Argv)(yargs),
    handler: async (args: ArgumentsCamelCase) => (await module()).handler(args),
  };
}

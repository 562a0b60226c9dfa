/**
 * The `snaplab` command: wires the subcommands and turns mistakes into one
 * line and exit 2. Commands write to process.stdout/stderr and set
 * process.exitCode; `snaplab.ts` beside this file is what the binary runs.
 */
import yargs from "yargs";
import { SnaplabError } from "../errors/snaplab-error.js";
import { models, type ModelRegistry } from "../models/registry.js";
import { exploreCommand } from "./explore-command.js";
import { ExitCode } from "./exit-code.js";
import { replayCommand } from "./replay-command.js";
import { gradeCommand } from "./grade-command.js";
import { hintCommand } from "./hint-command.js";
import { listCommand } from "./list-command.js";
import { promelaCommand } from "./promela-command.js";

/** Runs `snaplab` with `argv`; `registry` is the models it knows (a test may add one). */
export async function main(argv: string[], registry: ModelRegistry = models): Promise<void> {
  try {
    await yargs(argv)
      .scriptName("snaplab")
      .command(exploreCommand(registry))
      .command(replayCommand(registry))
      .command(gradeCommand)
      .command(listCommand)
      .command(hintCommand)
      .command(promelaCommand(registry))
      .demandCommand(1, "name a command, e.g. snaplab explore spec/scenarios/two-node.json")
      .strict()
      .fail((message, error) => {
        // A SnaplabError is the user's to fix; another Error is our bug and keeps its stack.
        if (error instanceof Error) throw error;
        throw new SnaplabError("USAGE", `${message ?? error} (see snaplab --help)`);
      })
      .help()
      .version(false)
      .parseAsync();
  } catch (error) {
    if (!(error instanceof SnaplabError)) throw error;
    process.stderr.write(`snaplab: ${error.message}\n`);
    process.exitCode = ExitCode.Unusable;
  }
}

/** The `snaplab` command: wires the subcommands and turns mistakes into one line and exit 2. */
import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { SnaplabError } from "../errors.js";
import { exploreCommand } from "./explore-command.js";
import { ExitCode } from "./exit-code.js";
import { promelaCommand } from "./promela-command.js";

export async function main(argv: string[]): Promise<void> {
  try {
    await yargs(argv)
      .scriptName("snaplab")
      .command(exploreCommand)
      .command(promelaCommand)
      .demandCommand(1, "name a command, e.g. snaplab explore spec/scenarios/two-node.json")
      .strict()
      .fail((message, error) => {
        throw error ?? new SnaplabError("USAGE", `${message} (see snaplab --help)`);
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

await main(hideBin(process.argv));

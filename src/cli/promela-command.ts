/** `snaplab promela <scenario.json>`: the scenario as a Promela model, for SPIN users and for the benchmark. */
import { writeFileSync } from "node:fs";
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { loadScenario } from "../models/bank/parse-scenario.js";
import { unmodelledField } from "../models/bank/packed/explore-bank.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import { promelaModel } from "../promela/promela-model.js";

interface PromelaArgs {
  scenario: string;
  fifo?: boolean;
  out?: string;
}

export const promelaCommand: CommandModule<object, PromelaArgs> = {
  command: "promela <scenario>",
  describe: "Write the scenario with the reference Chandy-Lamport rules as a Promela model for SPIN",
  builder: (yargs: Argv) =>
    yargs
      .positional("scenario", { type: "string", demandOption: true, describe: "scenario file (JSON, see spec/model.md)" })
      .option("fifo", { type: "boolean", describe: "FIFO channels (--no-fifo: any message in flight may arrive next); overrides the scenario" })
      .option("out", { type: "string", describe: "write the model to this file instead of standard output" }) as unknown as Argv<PromelaArgs>,
  handler: (args: ArgumentsCamelCase<PromelaArgs>) => {
    const loaded = loadScenario(args.scenario);
    const scenario = args.fifo === undefined ? loaded : { ...loaded, fifo: args.fifo };
    if (scenario.algorithm !== "chandy-lamport") {
      throw new SnaplabError("UNSUPPORTED", `${args.scenario}: algorithm: snaplab promela writes the reference chandy-lamport rules only, not ${scenario.algorithm}`);
    }
    const field = unmodelledField(scenario);
    if (field) throw new SnaplabError("UNSUPPORTED", `${args.scenario}: snaplab promela does not model ${field}`);
    const model = promelaModel(scenario);
    if (args.out) writeFileSync(args.out, model);
    else process.stdout.write(model);
  },
};

/** `snaplab promela <scenario.json>`: the scenario as a Promela model, for SPIN users and for the benchmark. */
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { commandList } from "./command-list.js";
import { fifoGiven, fifoOptions } from "./fifo-options.js";
import { oneValue } from "./option-values.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import type { ModelDescriptor, ModelScenario } from "../check/model-descriptor.js";
import { loadModelScenario } from "../models/load-model-scenario.js";
import { models, UndeclaredModelError, type ModelRegistry } from "../models/registry.js";
import { checkFilesToWrite, writeReportFile } from "./report-file.js";

interface PromelaArgs {
  scenario: string;
  fifo?: boolean;
  noFifo?: boolean;
  out?: string;
}

/** The command, for the models of `registry`; only a model with a Promela translation can be written. */
export const promelaCommand = (registry: ModelRegistry = models): CommandModule<object, PromelaArgs> => ({
  ...commandList.promela,
  builder: (yargs: Argv) =>
    yargs
      .positional("scenario", { type: "string", demandOption: true, describe: "scenario file (JSON, see spec/model.md)" })
      .options(fifoOptions)
      .option("out", {
        type: "string",
        ...oneValue("out"),
        describe: "write the model to this file instead of standard output",
      }) as unknown as Argv<PromelaArgs>,
  handler: (args: ArgumentsCamelCase<PromelaArgs>) => {
    if (args.out) checkFilesToWrite([{ flag: "--out", file: args.out, what: "the model" }], [{ file: args.scenario, what: "the scenario" }]);
    const refuse = (model: ModelDescriptor): never => {
      const owners = registry.filter((m) => m.promela).map((m) => m.name);
      throw new SnaplabError("UNSUPPORTED", `${args.scenario}: model: snaplab promela writes ${owners.join(", ")} scenarios only, not ${model.name}`);
    };
    let modelScenario: ModelScenario;
    try {
      modelScenario = loadModelScenario(args.scenario, registry);
    } catch (error) {
      // A dataflow scenario missing its "model" field is still a dataflow scenario: say that promela does not write it.
      if (error instanceof UndeclaredModelError && !error.likely.promela) refuse(error.likely);
      throw error;
    }
    const { model, scenario: loaded } = modelScenario;
    if (!model.promela) return refuse(model);
    const fifo = (model.settings ?? []).find((setting) => setting.key === "fifo");
    const given = fifoGiven(args);
    if (given !== undefined && !fifo)
      throw new SnaplabError(
        "USAGE",
        `${args.noFifo ? "--no-fifo" : "--fifo"} applies to scenarios with a fifo setting only (${args.scenario} is a ${model.name} scenario)`,
      );
    const scenario = given === undefined || !fifo ? loaded : fifo.apply(loaded, given);
    const text = model.promela(scenario, args.scenario);
    if (args.out) writeReportFile(args.out, text, "the model");
    else process.stdout.write(text);
  },
});

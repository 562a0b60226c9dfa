/**
 * `snaplab node --id P --cluster FILE`: run one process of a live bank, so that
 * the bank can be spread over several machines (`snaplab live` starts its
 * nodes with this command too, steered over stdin and stdout).
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { commandList } from "./command-list.js";
import { durationOption } from "./duration-option.js";
import { formatDuration } from "../render/duration.js";
import { oneValue } from "./option-values.js";
import { NEIGHBOUR_WAIT_MS } from "../live/node-control.js";
import { runNodeProcess } from "../live/node-process.js";

interface NodeArgs {
  id: string;
  cluster: string;
  log?: string;
  wait?: number;
  coordinated: boolean;
}

export const nodeCommand: CommandModule<object, NodeArgs> = {
  ...commandList.node,
  builder: (yargs: Argv) =>
    yargs
      .option("id", { type: "string", ...oneValue("id"), demandOption: true, describe: "the process to run, e.g. P1" })
      .option("cluster", {
        type: "string",
        ...oneValue("cluster"),
        demandOption: true,
        describe: "cluster file (JSON: scenario, hosts, transfers, seed, rate, snapshots, algorithm or rules)",
      })
      .option("log", {
        type: "string",
        ...oneValue("log"),
        defaultDescription: "<id>.events.jsonl",
        describe: "write the event log (JSON lines with vector clocks, which snaplab check-logs checks) to this file",
      })
      .option("wait", {
        ...durationOption("wait", 1),
        defaultDescription: formatDuration(NEIGHBOUR_WAIT_MS),
        describe: "how long to wait for the neighbours to listen and to connect before giving up, e.g. 2min",
      })
      .option("coordinated", {
        type: "boolean",
        nargs: 0,
        default: false,
        hidden: true,
        describe: "steered by snaplab live: orders on stdin, reports on fd 3",
      }) as unknown as Argv<NodeArgs>,
  handler: async (args: ArgumentsCamelCase<NodeArgs>) => {
    await runNodeProcess({
      id: args.id,
      cluster: args.cluster,
      log: args.log ?? `${args.id}.events.jsonl`,
      coordinated: args.coordinated,
      ...(args.wait === undefined ? {} : { waitMs: args.wait }),
    });
  },
};

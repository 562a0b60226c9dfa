/**
 * `snaplab node --id P --cluster FILE`: run one process of a live bank, so that
 * the bank can be spread over several machines (`snaplab live` starts its
 * nodes with this command too, steered over stdin and stdout).
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { SnaplabError } from "../errors/snaplab-error.js";
import { loadCluster } from "../live/cluster.js";
import { EventLogWriter } from "../live/event-log.js";
import { loadLiveRules } from "../live/live-rules.js";
import { LiveNode } from "../live/live-node.js";
import { coordinatedControl, standaloneControl } from "../live/node-control.js";
import { ExitCode } from "./exit-code.js";

interface NodeArgs {
  id: string;
  cluster: string;
  log?: string;
  coordinated: boolean;
}

export const nodeCommand: CommandModule<object, NodeArgs> = {
  command: "node",
  describe: "Run one process of a live bank (see snaplab live); its neighbours are in the cluster file",
  builder: (yargs: Argv) =>
    yargs
      .option("id", { type: "string", demandOption: true, describe: "the process to run, e.g. P1" })
      .option("cluster", {
        type: "string",
        demandOption: true,
        describe: "cluster file (JSON: scenario, hosts, transfers, seed, rate, snapshots, algorithm or rules)",
      })
      .option("log", { type: "string", describe: "write the event log (JSON lines with vector clocks) to this file (default: <id>.events.jsonl)" })
      .option("coordinated", {
        type: "boolean",
        default: false,
        hidden: true,
        describe: "steered by snaplab live over stdin and stdout",
      }) as unknown as Argv<NodeArgs>,
  handler: async (args: ArgumentsCamelCase<NodeArgs>) => {
    const cluster = loadCluster(args.cluster);
    if (!cluster.scenario.processes.includes(args.id)) {
      throw new SnaplabError("USAGE", `--id ${args.id}: not a process of ${args.cluster} (its processes are ${cluster.scenario.processes.join(", ")})`);
    }
    const rules = await loadLiveRules(cluster.rules);
    const control = args.coordinated ? coordinatedControl(cluster, process.stdin, process.stdout) : standaloneControl(cluster);
    const log = new EventLogWriter(args.log ?? `${args.id}.events.jsonl`);
    try {
      await new LiveNode(cluster, args.id, rules, log, control).run();
    } catch (error) {
      // The rules failed (or a channel could not be opened): one line, and the run's report names the process.
      process.stderr.write(`snaplab node ${args.id}: ${(error as Error).message.replace(/\s*\n\s*/g, " ")}\n`);
      process.exit(ExitCode.Unusable);
    }
    process.exit(ExitCode.AllHold);
  },
};

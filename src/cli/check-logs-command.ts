/**
 * `snaplab check-logs --cluster FILE LOG...`: check the event logs of one run
 * of a cluster's nodes (`snaplab node`, one per machine), gathered in one
 * place, as `snaplab live` checks the runs it starts: the same report, the
 * same files, the same exit status.
 */
import { statSync } from "node:fs";
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { commandList } from "./command-list.js";
import { oneValue } from "./option-values.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import { checkRun } from "../live/check-run.js";
import { type Cluster, loadCluster } from "../live/cluster.js";
import { loggedRun, readClusterLogs } from "../live/cluster-logs.js";
import { loadLiveRules } from "../live/live-rules.js";
import type { SnapshotAlgorithm } from "../models/bank/algorithms/snapshot-algorithm.js";
import { asJson } from "./format-option.js";
import { checkLiveCheckFiles, type LiveCheckArgs, liveCheckOptions, writeLiveCheck } from "./live-check-output.js";

interface CheckLogsArgs extends LiveCheckArgs {
  logs: string[];
  cluster: string;
}

export const checkLogsCommand: CommandModule<object, CheckLogsArgs> = {
  ...commandList["check-logs"],
  builder: (yargs: Argv) =>
    yargs
      .positional("logs", {
        type: "string",
        array: true,
        demandOption: true,
        // yargs gives a `<logs..>` positional an empty list for a default, which its help shows; a required one has none.
        default: undefined,
        describe: "the event logs, one per process, each as its node wrote it (--log)",
      })
      .option("cluster", {
        type: "string",
        ...oneValue("cluster"),
        demandOption: true,
        describe: "the cluster file the nodes ran (each log's header names it by its digest)",
      })
      .options(liveCheckOptions)
      .middleware(asJson) as unknown as Argv<CheckLogsArgs>,
  handler: async (args: ArgumentsCamelCase<CheckLogsArgs>) => {
    const cluster = loadCluster(args.cluster);
    checkLiveCheckFiles(args, [
      { file: args.cluster, what: "the cluster file" },
      ...("file" in cluster.rules ? [{ file: cluster.rules.file, what: "the rules file" }] : []),
      ...args.logs.map((file) => ({ file, what: "an event log" })),
    ]);
    const logs = readClusterLogs(cluster, args.cluster, args.logs);
    // The rules only cut a broken snapshot's trace down; the file a cluster names may be on the nodes' machines alone.
    const rules = args.saveTrace ? await rulesOf(cluster, args.cluster) : undefined;
    writeLiveCheck(checkRun(loggedRun(cluster, logs)), args, rules);
  },
};

function rulesOf(cluster: Cluster, clusterFile: string): Promise<SnapshotAlgorithm> {
  if ("file" in cluster.rules && !statSync(cluster.rules.file, { throwIfNoEntry: false })?.isFile()) {
    throw new SnaplabError(
      "BAD_RULES",
      `${clusterFile}: rules: cannot read ${cluster.rules.file} (not a file), which --save-trace needs to cut the trace down in the model`,
    );
  }
  return loadLiveRules(cluster.rules);
}

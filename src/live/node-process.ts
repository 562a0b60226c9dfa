/**
 * A node process from start to exit: read the cluster, load the rules, run
 * the node with its log, and exit 0, or 2 with one line on stderr when it
 * fails (the coordinator's report names the process); the log's end line
 * says why too, for whoever checks the logs later.
 */
import { randomBytes } from "node:crypto";
import { writeAll } from "../grade/sandbox/harness.js";
import { loadCluster } from "./cluster.js";
import { EVENT_LOG_FORMAT, EVENT_LOG_VERSION, EventLogWriter } from "./event-log.js";
import { loadLiveRules } from "./live-rules.js";
import { LiveNode } from "./live-node.js";
import { coordinatedControl, standaloneControl } from "./node-control.js";

export interface NodeProcessOptions {
  readonly id: string;
  readonly cluster: string;
  readonly log: string;
  readonly coordinated: boolean;
  /** How long a node started by hand waits for its neighbours to listen and to connect. */
  readonly waitMs?: number;
}

export async function runNodeProcess(options: NodeProcessOptions): Promise<never> {
  const say = (line: string) => process.stderr.write(`snaplab node ${options.id}: ${line}\n`);
  let log: EventLogWriter | undefined;
  try {
    const cluster = loadCluster(options.cluster);
    if (!cluster.scenario.processes.includes(options.id)) {
      throw new Error(`--id ${options.id}: not a process of ${options.cluster} (its processes are ${cluster.scenario.processes.join(", ")})`);
    }
    const rules = await loadLiveRules(cluster.rules);
    const run = randomBytes(8).toString("hex");
    log = new EventLogWriter(options.log, { format: EVENT_LOG_FORMAT, version: EVENT_LOG_VERSION, process: options.id, cluster: cluster.digest, run });
    // Reports go out on fd 3, a pipe of their own (stdout is the rules', for a learner's console.log, which snaplab live
    // shows), written whole before the next step: a node may exit right after its last report.
    const control = options.coordinated
      ? coordinatedControl(cluster, process.stdin, (line) => writeAll(3, line))
      : standaloneControl(cluster, say, options.waitMs);
    await new LiveNode(cluster, options.id, rules, log, control).run();
  } catch (error) {
    const message = (error as Error).message.replace(/\s*\n\s*/g, " ");
    // A fault of a cluster file's field names the file too, as a scenario's does.
    const why = message.startsWith("hosts.") ? `${options.cluster}: ${message}` : message;
    log?.close("failed", { why });
    say(why);
    process.exit(2);
  }
  process.exit(0);
}

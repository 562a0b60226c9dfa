/**
 * How a node is steered. Started by `snaplab live`, it talks to the
 * coordinator in JSON lines, orders on stdin and reports on fd 3 (stdout is
 * the rules', to print on): it says the port it listens
 * on, learns where each outgoing channel connects (the receiver, or a relay),
 * says when it is connected and waits for the start, says when its data is
 * done, and stops when told (or when the coordinator is gone). Started by
 * hand, it reads the addresses from the cluster file, starts as soon as its
 * channels are connected, and tells the person who started it (on stderr)
 * whom it waits for.
 */
import type { Cluster, HostAddress } from "./cluster.js";
import type { NodeControl } from "./live-node.js";
import { lineSplitter } from "./wire.js";

/** Node to coordinator. */
export type NodeReport = { readonly type: "listening"; readonly port: number } | { readonly type: "connected" } | { readonly type: "data-done" };

/** How long a node waits for its neighbours to listen and to connect, unless told otherwise: time to start the others by hand on other machines. */
export const NEIGHBOUR_WAIT_MS = 30_000;

/** Coordinator to node. */
export type NodeOrder =
  | { readonly type: "addresses"; readonly channels: Readonly<Record<string, number>> }
  | { readonly type: "start" }
  /** `timeoutMs`: the run's --timeout, when reaching it is what stops the run; the node's log keeps it (event-log.ts). */
  | { readonly type: "stop"; readonly timeoutMs?: number };

export function coordinatedControl(cluster: Cluster, input: NodeJS.ReadableStream, output: (line: string) => void): NodeControl {
  const waiting = new Map<string, (order: NodeOrder) => void>();
  let stop: (timeoutMs?: number) => void = () => {};
  const report = (message: NodeReport) => output(`${JSON.stringify(message)}\n`);
  input.on(
    "data",
    lineSplitter((line) => {
      const order = JSON.parse(line) as NodeOrder;
      if (order.type === "stop") stop(order.timeoutMs);
      else waiting.get(order.type)?.(order);
    }),
  );
  // The coordinator is gone (killed, say): so is the reason to run. Its end of
  // stdin closing says so; a new parent says so too, should the pipe be slow to tell.
  const orphaned = () => {
    stop();
    process.exit(0);
  };
  input.on("end", orphaned);
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && orphaned(), 250).unref();
  const next = (type: NodeOrder["type"]) => new Promise<NodeOrder>((resolve) => waiting.set(type, resolve));
  return {
    async addresses(port) {
      const order = next("addresses");
      report({ type: "listening", port });
      const { channels } = (await order) as Extract<NodeOrder, { type: "addresses" }>;
      return new Map(cluster.scenario.channels.flatMap((c, i) => (c.id in channels ? [[i, { host: "127.0.0.1", port: channels[c.id]! }]] : [])));
    },
    async connected() {
      const order = next("start");
      report({ type: "connected" });
      await order;
    },
    dataDone: () => report({ type: "data-done" }),
    onStop: (handler) => (stop = handler),
    // The coordinator hands out the addresses once every node listens: a wait is the coordinator's to time and report.
    waitMs: NEIGHBOUR_WAIT_MS,
    waiting: () => {},
  };
}

/** `say` writes a line for the person who started the node; `waitMs`: how long it waits for its neighbours (snaplab node --wait). */
export function standaloneControl(cluster: Cluster, say: (line: string) => void, waitMs = NEIGHBOUR_WAIT_MS): NodeControl {
  const addresses = new Map<number, HostAddress>(cluster.scenario.channels.map((c, i) => [i, cluster.hosts[cluster.scenario.processes[c.to]!]!]));
  return {
    addresses: async () => addresses,
    connected: async () => {},
    dataDone: () => {},
    onStop: () => {},
    waitMs,
    waiting: say,
  };
}

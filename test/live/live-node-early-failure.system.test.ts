/**
 * A node whose rules fail while it waits for the start (a neighbour started
 * first has sent it a marker) ends its run with the rule's failure at once:
 * the failure once went unhandled, and the node crashed with a stack trace
 * that `snaplab live` showed as its last line, "Node.js v20…".
 */
import { createServer, connect, type Socket } from "node:net";
import { join } from "node:path";
import { expect, it } from "vitest";
import { formatCluster, parseCluster } from "../../src/live/cluster.js";
import { EVENT_LOG_FORMAT, EVENT_LOG_VERSION, EventLogWriter } from "../../src/live/event-log.js";
import { LiveNode } from "../../src/live/live-node.js";
import { encode } from "../../src/live/wire.js";
import { tempDir } from "../support/temp-dir.js";
import { twoProcessBank } from "./two-process-bank.js";

it("ends the run with the rule's failure when a marker makes a rule throw before the start", async () => {
  const bank = twoProcessBank;
  const cluster = parseCluster(
    formatCluster({
      scenario: bank,
      hosts: { P0: "127.0.0.1:1", P1: "127.0.0.1:0" },
      transfers: 10,
      seed: 1,
      rate: 0,
      snapshots: 1,
      algorithm: "chandy-lamport",
    }),
  );
  const rules = {
    name: "throws on a marker",
    initiate: () => [],
    onMarker: () => {
      throw new Error("not yet");
    },
    onMessage: () => [],
  };
  const log = new EventLogWriter(join(tempDir("early-failure"), "P1.jsonl"), {
    format: EVENT_LOG_FORMAT,
    version: EVENT_LOG_VERSION,
    process: "P1",
    cluster: cluster.digest,
    run: "r1",
  });
  // P0's end: it listens for P1's outgoing channel, and says its own hello and a marker as soon as P1 listens.
  const sockets: Socket[] = [];
  const p0 = createServer((socket) => sockets.push(socket.resume()));
  await new Promise<void>((resolve) => p0.listen(0, "127.0.0.1", resolve));
  const p0Port = (p0.address() as { port: number }).port;
  const toP1 = cluster.scenario.channels.findIndex((c) => cluster.scenario.processes[c.to] === "P1");
  const fromP1 = cluster.scenario.channels.findIndex((c) => cluster.scenario.processes[c.from] === "P1");
  const node = new LiveNode(cluster, "P1", rules, log, {
    async addresses(port) {
      const socket = connect(port, "127.0.0.1");
      sockets.push(socket.resume());
      socket.write(encode({ k: "hello", channel: cluster.scenario.channels[toP1]!.id, run: "r0" }) + encode({ k: "marker", s: 0, vc: [1, 0] }));
      return new Map([[fromP1, { host: "127.0.0.1", port: p0Port }]]);
    },
    // The start never comes: the coordinator waits for the other nodes.
    connected: () => new Promise<void>(() => {}),
    dataDone: () => {},
    onStop: () => {},
    waitMs: 30_000,
    waiting: () => {},
  });
  try {
    await expect(node.run()).rejects.toThrow(/^onMarker at P1 \(snapshot 0\) threw: not yet/);
  } finally {
    log.close("failed");
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => p0.close(resolve));
  }
});

/**
 * `snaplab node`: processes started one by one from a cluster file, as on
 * several machines (here on loopback), make their transfers and snapshots,
 * exit on their own, and leave logs that the run's checker accepts.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import { expect, it } from "vitest";
import { checkRun } from "../../src/live/check-run.js";
import { formatCluster } from "../../src/live/cluster.js";
import { readEventLog } from "../../src/live/event-log.js";
import { parseScenario } from "../../src/models/bank/parse-scenario.js";
import { tempDir } from "../support/temp-dir.js";

/**
 * A port nobody listens on just now, below Linux's ephemeral range (32768 and
 * up): the ports the system hands out meanwhile, to other tests' sockets,
 * never land on it before the node listens there.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer()
        .once("error", () => resolve(false))
        .listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Connects to host:port once it listens (the node is starting) and says `text`; the node reads it when it is ready for connections. */
async function strangerSays(host: string, port: number, text: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    const said = await new Promise<boolean>((resolve) => {
      const socket = connect(port, host, () => socket.end(text, () => resolve(true)));
      // Refused: not listening yet. Reset: the node has dropped it already.
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code !== "ECONNREFUSED"));
      socket.resume();
    });
    if (said) return;
    if (tries > 200) throw new Error(`nothing listens on ${host}:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it("runs a two-process bank from a cluster file, each process started on its own", async () => {
  const folder = tempDir("live-node");
  const bank = {
    name: "two",
    processes: { P0: 100, P1: 100 },
    channels: [
      ["P0", "P1"],
      ["P1", "P0"],
    ] as [string, string][],
    programs: {},
    initiators: ["P0"],
  };
  const cluster = join(folder, "cluster.json");
  const hosts = { P0: `127.0.0.1:${await freePort()}`, P1: `127.0.0.1:${await freePort()}` };
  writeFileSync(cluster, formatCluster({ scenario: bank, hosts, transfers: 100, seed: 2, rate: 0, snapshots: 2, algorithm: "chandy-lamport" }));
  const start = (id: string) =>
    new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ["bin/snaplab.js", "node", "--id", id, "--cluster", cluster, "--log", join(folder, `${id}.jsonl`)], {
        stdio: "ignore",
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      child.once("exit", (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  const p1 = start("P1");
  // Strangers at P1's port before its peer comes: a web client, a hello for no channel of P1's, garbage. Each is
  // dropped and the run goes on (garbage once ended the node, and with it the run).
  const [host, port] = hosts.P1.split(":") as [string, string];
  for (const said of ["GET / HTTP/1.1\r\nHost: x\r\n\r\n", '{"k":"hello","channel":"P9->P1"}\n{"k":"data"}\n', "\u0000\u0001 not json\n"]) {
    await strangerSays(host, Number(port), said);
  }
  expect(await Promise.all([p1, start("P0")])).toEqual([0, 0]);

  const logs = ["P0", "P1"].map((id) => readEventLog(join(folder, `${id}.jsonl`)));
  const times = logs.flatMap((log) => log.flatMap((e) => ("t" in e ? [e.t] : [])));
  const check = checkRun({
    options: {
      scenario: parseScenario(JSON.stringify(bank)),
      transfers: 100,
      seed: 2,
      rate: 0,
      snapshots: 2,
      rules: { algorithm: "chandy-lamport" },
      network: "tcp",
      kills: [],
      timeoutMs: 30_000,
    },
    logs,
    killed: [],
    startedAt: Math.min(...times),
    endedAt: Math.max(...times),
    cutShort: undefined,
  });
  expect(check.transfers + check.skipped).toBe(100);
  expect(check.money.verdict.holds).toBe(true);
  expect(check.snapshots.map((s) => [s.complete, s.recordedTotal, s.properties.every((p) => p.holds)])).toEqual([
    [true, 200, true],
    [true, 200, true],
  ]);
});

/**
 * `snaplab node`: processes started one by one from a cluster file, as on
 * several machines (here on loopback), make their transfers and snapshots,
 * exit on their own, and leave logs that `snaplab check-logs` accepts. One
 * started while its neighbours never come says whom it waits for, then gives up.
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import { expect, it } from "vitest";
import { formatCluster } from "../../src/live/cluster.js";
import type { LiveJson } from "../../src/live/live-report.js";
import { runCli, snaplab } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";
import { freePort } from "./free-port.js";
import { twoProcessBank } from "./two-process-bank.js";

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
  const bank = twoProcessBank;
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

  const checked = await runCli("check-logs", "--cluster", cluster, join(folder, "P0.jsonl"), join(folder, "P1.jsonl"), "--format", "json");
  expect([checked.status, checked.stderr]).toEqual([0, ""]);
  const report = JSON.parse(checked.stdout) as LiveJson;
  expect(report.transfers + report.skipped).toBe(100);
  expect(report.money.verdict).toBe("holds");
  expect(report.snapshots.map((s) => [s.complete, s.recordedTotal, Object.values(s.properties).every((p) => p === "holds")])).toEqual([
    [true, 200, true],
    [true, 200, true],
  ]);
});

it("refuses to start a node whose port is in use, in one line naming the cluster file's field, exit 2", async () => {
  const folder = tempDir("live-node-port");
  const cluster = join(folder, "cluster.json");
  const port = await freePort();
  const hosts = { P0: `127.0.0.1:${port}`, P1: `127.0.0.1:${await freePort()}` };
  writeFileSync(cluster, formatCluster({ scenario: twoProcessBank, hosts, transfers: 10, seed: 1, rate: 0, snapshots: 1, algorithm: "chandy-lamport" }));
  const busy = createServer();
  await new Promise<void>((resolve) => busy.listen(port, "127.0.0.1", resolve));
  try {
    // A process of its own: a node ends with process.exit.
    const result = snaplab("node", "--id", "P0", "--cluster", cluster, "--log", join(folder, "P0.jsonl"));
    expect(result).toEqual({
      status: 2,
      stdout: "",
      stderr: `snaplab node P0: ${cluster}: hosts.P0: cannot listen on 127.0.0.1:${port}: the port is in use\n`,
    });
  } finally {
    await new Promise((resolve) => busy.close(resolve));
  }
});

it("says whom it waits for while its neighbours are not up, then gives up naming each one and its hosts entry, exit 2", async () => {
  const folder = tempDir("live-node-alone");
  const cluster = join(folder, "cluster.json");
  const bank = { ...JSON.parse(readFileSync("spec/scenarios/bank.json", "utf8")), programs: {} };
  const [a, b, c] = [await freePort(), await freePort(), await freePort()];
  const hosts = { A: `127.0.0.1:${a}`, B: `127.0.0.1:${b}`, C: `127.0.0.1:${c}` };
  writeFileSync(cluster, formatCluster({ scenario: bank, hosts, transfers: 10, seed: 1, rate: 0, snapshots: 1, algorithm: "chandy-lamport" }));
  // A alone: B and C are never started, so nothing listens where the cluster file says they do.
  const child = spawn(process.execPath, ["bin/snaplab.js", "node", "--id", "A", "--cluster", cluster, "--log", join(folder, "A.jsonl"), "--wait", "3s"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  try {
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const status = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect([status, stderr]).toEqual([
      2,
      `snaplab node A: waiting for B at ${hosts.B} and C at ${hosts.C} to listen (hosts.B, hosts.C); it gives up 3s after it started\n` +
        `snaplab node A: ${cluster}: hosts.B, hosts.C: never reached B at ${hosts.B} and C at ${hosts.C} (nothing listened there for 3s): ` +
        "start their nodes there, or correct those entries\n",
    ]);
  } finally {
    child.kill("SIGKILL");
  }
});

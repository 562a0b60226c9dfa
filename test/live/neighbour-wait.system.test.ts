/**
 * `snaplab node` gives up on a neighbour at its --wait, naming the neighbour
 * and its `hosts` entry, however the neighbour fails to come: a host that
 * answers nothing (its SYN dropped), which the node once waited on as long as
 * the kernel tries, far past its --wait; and a neighbour that only sends to
 * the node, which the node never connects to, and once waited for forever.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { expect, it } from "vitest";
import { formatCluster, type ClusterJson } from "../../src/live/cluster.js";
import { tempDir } from "../support/temp-dir.js";
import { freePort } from "./free-port.js";
import { twoProcessBank } from "./two-process-bank.js";

/** Far past the node's --wait, so that a node that waits on is told from one that gave up, however busy the machine. */
const HUNG_MS = 45_000;

/** Runs `snaplab node --id ID` of `cluster`, which waits for its neighbours 3s: its exit status and stderr, or null if it ran on to HUNG_MS. */
function node(id: string, folder: string, cluster: ClusterJson): Promise<{ status: number | null; stderr: string }> {
  const file = join(folder, "cluster.json");
  writeFileSync(file, formatCluster(cluster));
  const child = spawn(process.execPath, ["bin/snaplab.js", "node", "--id", id, "--cluster", file, "--log", join(folder, `${id}.jsonl`), "--wait", "3s"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const hung = setTimeout(() => child.kill("SIGKILL"), HUNG_MS);
  return new Promise((resolve) =>
    child.once("close", (status) => {
      clearTimeout(hung);
      resolve({ status, stderr: stderr.replaceAll(file, "cluster.json") });
    }),
  );
}

/**
 * A listener on 127.0.0.1 that answers no more connections, as a host does that drops every SYN: a process that
 * listens with a backlog of 1 and stops itself, its queue then filled. Linux queues connections until the queue holds
 * more than the backlog, two here, each connected though never accepted, and drops every SYN after those.
 */
async function unansweringHost(): Promise<{ port: number; close: () => void }> {
  const script =
    "const server = require('node:net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => " +
    "process.stdout.write(server.address().port + '\\n', () => process.kill(process.pid, 'SIGSTOP')));";
  const frozen: ChildProcess = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const fillers: Socket[] = [];
  const close = () => {
    fillers.forEach((socket) => socket.destroy());
    frozen.kill("SIGKILL");
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      frozen.stdout!.once("data", (chunk) => resolve(Number(String(chunk))));
      frozen.once("close", () => reject(new Error("the listener ended before it listened")));
    });
    for (let i = 0; i < 2; i++) {
      const filler = connect(port, "127.0.0.1");
      fillers.push(filler);
      await new Promise((resolve, reject) => filler.once("connect", resolve).once("error", reject));
    }
    return { port, close };
  } catch (error) {
    close();
    throw error;
  }
}

it("gives up at its --wait on a neighbour whose host answers nothing, naming it and its hosts entry, exit 2", async () => {
  const host = await unansweringHost();
  try {
    const p1 = `127.0.0.1:${host.port}`;
    const hosts = { P0: `127.0.0.1:${await freePort()}`, P1: p1 };
    const cluster = { scenario: twoProcessBank, hosts, transfers: 10, seed: 1, rate: 0, snapshots: 1, algorithm: "chandy-lamport" };
    expect(await node("P0", tempDir("unanswering-host"), cluster)).toEqual({
      status: 2,
      stderr:
        `snaplab node P0: waiting for P1 at ${p1} to listen (hosts.P1); it gives up 3s after it started\n` +
        `snaplab node P0: cluster.json: hosts.P1: never reached P1 at ${p1} (nothing answered there for 3s): start its node there, or correct that entry\n`,
    });
  } finally {
    host.close();
  }
});

it("gives up at its --wait on a neighbour that only sends to it and never connects, naming it and its hosts entry, exit 2", async () => {
  // B sends to A, and A to nobody: A never connects to B, and waits for B's channel alone.
  const scenario = { name: "one-way", processes: { A: 100, B: 100 }, channels: [["B", "A"]] as [string, string][], programs: {}, initiators: ["B"] };
  const b = `127.0.0.1:${await freePort()}`;
  const hosts = { A: `127.0.0.1:${await freePort()}`, B: b };
  expect(await node("A", tempDir("only-sender"), { scenario, hosts, transfers: 10, seed: 1, rate: 0, snapshots: 1, algorithm: "chandy-lamport" })).toEqual({
    status: 2,
    stderr:
      `snaplab node A: waiting for B at ${b} to connect to it (hosts.B); it gives up 3s after it started\n` +
      `snaplab node A: cluster.json: hosts.B: never heard from B at ${b} (it did not connect to this node in 3s): start its node there, with the same cluster file\n`,
  });
});

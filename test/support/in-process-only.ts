/**
 * The unit tier's setup file (vitest.config.ts): a unit test runs in this
 * process alone. Starting a process (a child, or a worker thread, which is how
 * the sandbox's broker and esbuild start theirs) or opening a socket throws,
 * naming the fix, and fails the test even where the code under test catches
 * the error, so that no file drifts into the wrong tier. What is replaced is
 * put back when the file ends, for the next file in this worker.
 */
import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";
import workerThreads from "node:worker_threads";
import { afterAll, afterEach } from "vitest";

let breaches: string[] = [];

/** Replaces `owner[name]` with a function that throws and notes `what`; returns how to put it back. */
function refuse(owner: object, name: string, what: string): () => void {
  const functions = owner as Record<string, unknown>;
  const original = functions[name];
  functions[name] = function refused() {
    const message = `unit tests ${what}: name this file *.system.test.ts`;
    breaches.push(message);
    throw new Error(message);
  };
  return () => {
    functions[name] = original;
  };
}

const putBack = [
  ...["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"].map((name) =>
    refuse(childProcess, name, `start no process (child_process.${name})`),
  ),
  refuse(workerThreads, "Worker", "start no process (new Worker)"),
  refuse(net.Server.prototype, "listen", "open no socket (listen)"),
  refuse(net.Socket.prototype, "connect", "open no socket (connect)"),
];
// A named import (`import { spawn } from "node:child_process"`) sees the change once it is synced.
syncBuiltinESMExports();

/** What was refused since the last call, taken: for the test of this file. */
export function refusedSoFar(): string[] {
  const taken = breaches;
  breaches = [];
  return taken;
}

function failOnBreaches(): void {
  const refused = refusedSoFar();
  if (refused.length > 0) throw new Error(refused.join("\n"));
}

afterEach(failOnBreaches);

afterAll(() => {
  for (const undo of putBack) undo();
  syncBuiltinESMExports();
  failOnBreaches();
});

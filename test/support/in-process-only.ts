/**
 * The unit tier's setup file (vitest.config.ts): a unit test runs in this
 * process alone. Starting a process (a child, or a worker thread, which is how
 * the sandbox and esbuild start theirs) or opening a socket throws, and fails
 * the test even where the code under test catches the error, so that a file
 * cannot drift into the wrong tier. What is patched is put back when the file
 * ends: the system tier's files may share this process.
 */
import { createRequire, syncBuiltinESMExports } from "node:module";
import { afterAll, afterEach } from "vitest";

const require = createRequire(import.meta.url);
const childProcess = require("node:child_process") as Record<string, unknown>;
const workerThreads = require("node:worker_threads") as Record<string, unknown>;
const net = require("node:net") as typeof import("node:net");

const refused: string[] = [];

function refuse(what: string): never {
  const message = `unit tests ${what}: name this file *.system.test.ts`;
  refused.push(message);
  throw new Error(message);
}

const patches: [Record<string, unknown>, string, unknown][] = [
  ...["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"].map((name): [Record<string, unknown>, string, unknown] => [
    childProcess,
    name,
    () => refuse(`start no process (child_process.${name})`),
  ]),
  [
    workerThreads,
    "Worker",
    function Worker() {
      refuse("start no process (new Worker)");
    },
  ],
  [net.Server.prototype as unknown as Record<string, unknown>, "listen", () => refuse("open no socket (listen)")],
  [net.Socket.prototype as unknown as Record<string, unknown>, "connect", () => refuse("open no socket (connect)")],
];

const originals = patches.map(([owner, name]) => owner[name]);
for (const [owner, name, replacement] of patches) owner[name] = replacement;
syncBuiltinESMExports();

afterEach(() => {
  if (refused.length > 0) throw new Error(refused.splice(0).join("\n"));
});

afterAll(() => {
  patches.forEach(([owner, name], i) => (owner[name] = originals[i]));
  syncBuiltinESMExports();
  if (refused.length > 0) throw new Error(refused.splice(0).join("\n"));
});

// The unit tier's guard (in-process-only.ts, this file's setup file): every way of starting a process
// or opening a socket is refused with the fix, and noted even when the caller catches the error.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import childProcess from "node:child_process";
import { createServer, connect } from "node:net";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { refusedSoFar } from "./in-process-only.js";

const fix = ": name this file *.system.test.ts";

describe("a unit test", () => {
  it("starts no child process, however it names the function", () => {
    expect(() => spawnSync(process.execPath, ["-e", "0"])).toThrow(`unit tests start no process (child_process.spawnSync)${fix}`);
    expect(() => spawn(process.execPath)).toThrow(`unit tests start no process (child_process.spawn)${fix}`);
    expect(() => execFileSync("true")).toThrow(`unit tests start no process (child_process.execFileSync)${fix}`);
    expect(() => childProcess.fork("x.js")).toThrow(`unit tests start no process (child_process.fork)${fix}`);
    expect(refusedSoFar()).toHaveLength(4);
  });

  it("starts no worker thread", () => {
    expect(() => new Worker("process.exit()", { eval: true })).toThrow(`unit tests start no process (new Worker)${fix}`);
    expect(refusedSoFar()).toHaveLength(1);
  });

  it("opens no socket, to listen or to connect", () => {
    expect(() => createServer().listen(0, "127.0.0.1")).toThrow(`unit tests open no socket (listen)${fix}`);
    expect(() => connect(9, "127.0.0.1")).toThrow(`unit tests open no socket (connect)${fix}`);
    expect(refusedSoFar()).toHaveLength(2);
  });

  it("is caught even where the code it calls catches the error", () => {
    try {
      spawnSync("true");
    } catch {
      // as code that falls back when a program is missing would
    }
    expect(refusedSoFar()).toEqual([`unit tests start no process (child_process.spawnSync)${fix}`]);
  });
});

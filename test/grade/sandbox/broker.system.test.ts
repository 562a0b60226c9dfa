// The sandboxes a grading thread starts share one broker thread (broker.ts): each still has a child
// of its own, answers only its own calls, fails on its own, and leaves nothing behind when closed,
// in whatever order they are opened, asked and closed.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaultLimits } from "../../../src/grade/grade.js";
import { submissionBundle } from "../../../src/grade/sandbox/bundle.js";
import { Sandbox, SandboxFailed } from "../../../src/grade/sandbox/sandbox.js";
import { callOf } from "../../../src/grade/sandbox/protocol.js";
import { processesLeftUnder, sandboxScratch } from "./support.js";

let scratch: string;
let sandboxes: string;
const tmpdirBefore = process.env.TMPDIR;
beforeAll(() => {
  ({ scratch, sandboxes } = sandboxScratch("shared-broker"));
  process.env.TMPDIR = sandboxes;
});
afterAll(() => {
  if (tmpdirBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpdirBefore;
});

/** The sandboxes a test opened and has not closed: closed after it, whatever it asserted. */
const open = new Set<Sandbox>();
afterEach(async () => {
  await Promise.all([...open].map((sandbox) => closed(sandbox)));
  expect(readdirSync(sandboxes)).toEqual([]);
  expect(await processesLeftUnder(scratch)).toEqual([]);
});

async function sandboxOf(name: string, code: string, timeLimitMs = defaultLimits.timeLimitMs): Promise<Sandbox> {
  const file = join(scratch, `${name}.ts`);
  writeFileSync(file, code);
  const sandbox = new Sandbox(await submissionBundle(file, `${name}.ts`), { ...defaultLimits, timeLimitMs });
  open.add(sandbox);
  return sandbox;
}

function closed(sandbox: Sandbox): Promise<{ stdout: string; stderr: string }> {
  open.delete(sandbox);
  return sandbox.close();
}

const ask = (sandbox: Sandbox, n: number) => sandbox.call([callOf("f", [n])])[0];

describe("sandboxes sharing a broker", () => {
  it("should answer each from its own child, stop one that loops without the others noticing, and close in any order", async () => {
    const doubling = await sandboxOf("doubling", "export const f = (n: number) => 2 * n;\n");
    const tripling = await sandboxOf("tripling", 'export const f = (n: number) => 3 * n;\nconsole.log("tripling printed this");\n');
    const looping = await sandboxOf("looping", "export const f = (n: number) => { for (;;) n++; };\n", 300);
    // Loaded one after another, each as soon as its own child is up.
    for (const sandbox of [looping, tripling, doubling]) sandbox.load();

    expect(ask(doubling, 5)).toEqual({ ok: true, json: "10" });
    expect(ask(tripling, 5)).toEqual({ ok: true, json: "15" });
    expect(() => ask(looping, 5)).toThrow(SandboxFailed);
    expect(() => ask(looping, 6)).toThrow(/did not answer within 300ms/);
    expect(ask(tripling, 7)).toEqual({ ok: true, json: "21" });

    expect((await closed(tripling)).stdout).toBe("tripling printed this\n");
    expect(ask(doubling, 7)).toEqual({ ok: true, json: "14" });
    expect((await closed(looping)).stdout).toBe("");
    expect((await closed(doubling)).stdout).toBe("");

    // A sandbox started after the others closed is served the same way.
    const later = await sandboxOf("later", "export const f = (n: number) => n + 1;\n");
    later.load();
    expect(ask(later, 1)).toEqual({ ok: true, json: "2" });
  });

  it("should give loading the time limit once the process has started, and stop top-level code that never ends", async () => {
    // 300 ms is less than a busy machine may take to start a child: the start is not counted against the submission.
    const quick = await sandboxOf("quick", "export const f = (n: number) => n;\n", 300);
    quick.load();
    expect(ask(quick, 4)).toEqual({ ok: true, json: "4" });
    // Blocked for good without using the CPU (the time limit does not care which, and the suite's machine is busy enough).
    const forever = "Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);\nexport const f = (n: number) => n;\n";
    const loading = await sandboxOf("loading-forever", forever, 300);
    expect(() => loading.load()).toThrow(/did not answer within 300ms/);
    // Waiting on nothing at all: the process would end with status 0, which said nothing of why.
    const waiting = await sandboxOf("awaiting-nothing", "await new Promise(() => {});\nexport const f = (n: number) => n;\n", 300);
    expect(() => waiting.load()).toThrow(/^never finished loading: an await at its top level waits for something that never comes$/);
  });

  it("should wake the grader waiting on a reply when the child that owes it ends, whatever it left in the pipes", async () => {
    // The grader reads the replies itself, blocking: only a reply or the broker's wake ends the wait.
    const fs = 'process.getBuiltinModule("node:fs")';
    const halfReply = await sandboxOf("half-reply", `export const f = () => { ${fs}.writeSync(3, '{"type":"answers","ans'); for (;;); };\n`, 300);
    // A whole reply but its newline, which the broker's wake once supplied: the grader took the answer it forged.
    const forged = await sandboxOf(
      "forged",
      `export const f = () => { ${fs}.writeSync(3, '{"type":"answers","answers":[{"ok":true,"json":"1000"}]}'); for (;;); };\n`,
      300,
    );
    const noStdin = await sandboxOf(
      "no-stdin",
      `export const f = (n: number) => n;\nsetImmediate(() => ${fs}.closeSync(0));\nsetInterval(() => {}, 1000);\n`,
      300,
    );
    // Gone as soon as it has said it loaded (the reply is sent before the next turn of its event loop), not after a delay a busy machine could stretch.
    const exiting = await sandboxOf("exiting", "export const f = () => { throw new Error(); };\nsetImmediate(() => process.reallyExit(3));\n", 300);
    // An error nothing catches, after loading: Node's report of it ends with its version ("Node.js v20.x"), which was the reason given.
    const uncaught = await sandboxOf("uncaught", 'export const f = (n: number) => n;\nsetImmediate(() => { throw new TypeError("later"); });\n', 300);
    for (const sandbox of [halfReply, forged, noStdin, exiting, uncaught]) sandbox.load();
    // Half a line, then silence: the time limit, not a malformed reply.
    expect(() => ask(halfReply, 1)).toThrow(/did not answer within 300ms/);
    expect(() => ask(forged, 1)).toThrow(/did not answer within 300ms/);
    // No one reads the requests any more: the request cannot be written, and the time limit ends the child.
    await new Promise((later) => setTimeout(later, 200));
    expect(() => ask(noStdin, 1)).toThrow(/did not answer within 300ms|the submission's process (exited|was killed)/);
    // Gone between two requests.
    await new Promise((later) => setTimeout(later, 300));
    expect(() => ask(exiting, 1)).toThrow(/the submission's process exited with status 3/);
    expect(() => ask(uncaught, 1)).toThrow(/^the submission's process exited with status 1: TypeError: later$/);
  });

  it("should keep the first 64 KB of what a child floods stdout with, and no more", async () => {
    // Pipes are synchronous in Node: the child writes as fast as the broker reads, until the time limit ends it.
    const flood = `export const f = () => { for (const line = "Points: 100/100 ".repeat(1 << 16); ; ) process.stdout.write(line); };\n`;
    const flooding = await sandboxOf("flooding", flood, 300);
    flooding.load();
    expect(() => ask(flooding, 1)).toThrow(/did not answer within 300ms/);
    const { stdout } = await closed(flooding);
    expect(stdout.length).toBe(64 * 1024);
    expect(stdout.startsWith("Points: 100/100 Points: 100/100 ")).toBe(true);
  });

  it("should make the named pipes of eight sandboxes with one process, and keep none once the last is closed", async () => {
    // A mkfifo first on the PATH that notes how many arguments it was given, then makes the pipes.
    const bin = join(scratch, "bin");
    const log = join(scratch, "mkfifo.log");
    const mkfifo = execFileSync("sh", ["-c", "command -v mkfifo"], { encoding: "utf8" }).trim();
    mkdirSync(bin);
    writeFileSync(join(bin, "mkfifo"), `#!/bin/sh\necho "$#" >> '${log}'\nexec '${mkfifo}' "$@"\n`, { mode: 0o755 });
    const made = () => readFileSync(log, "utf8").trim().split("\n");
    const pathBefore = process.env.PATH;
    process.env.PATH = `${bin}:${pathBefore}`;
    try {
      const started: Sandbox[] = [];
      for (let i = 0; i < 9; i++) {
        const sandbox = await sandboxOf(`pipes-${i}`, `export const f = (n: number) => n + ${i};\n`);
        sandbox.load();
        started.push(sandbox);
      }
      // Each child answers on its own pair.
      expect(started.map((sandbox) => ask(sandbox, 100))).toEqual(started.map((_, i) => ({ ok: true, json: String(100 + i) })));
      // "-m 600" and eight pairs, twice: the ninth sandbox found none left.
      expect(made()).toEqual(["18", "18"]);
      await Promise.all(started.map((sandbox) => closed(sandbox)));
      expect(readdirSync(sandboxes)).toEqual([]);
      // None kept: the next sandbox makes eight pairs again.
      const next = await sandboxOf("pipes-next", "export const f = (n: number) => -n;\n");
      next.load();
      expect(ask(next, 1)).toEqual({ ok: true, json: "-1" });
      expect(made()).toEqual(["18", "18", "18"]);
    } finally {
      process.env.PATH = pathBefore;
    }
  });

  it("should close a class's worth of sandboxes at once, each handing over its own output, with no warning", async () => {
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", warned);
    try {
      // Started one at a time (twelve children starting at once would only load a busy machine); closed all at once.
      const started: Sandbox[] = [];
      for (let i = 0; i < 12; i++) {
        const sandbox = await sandboxOf(`student-${i}`, `console.log("student ${i}");\nexport const f = () => ${i};\n`);
        sandbox.load();
        started.push(sandbox);
      }
      const outputs = await Promise.all(started.map((sandbox) => closed(sandbox)));
      expect(outputs.map((output) => output.stdout)).toEqual(started.map((_, i) => `student ${i}\n`));
      // Warnings are emitted on the next tick.
      await new Promise((tick) => setImmediate(tick));
    } finally {
      process.off("warning", warned);
    }
    expect(warnings).toEqual([]);
  });
});

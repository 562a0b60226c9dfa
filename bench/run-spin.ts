/**
 * The same scenario checked by SPIN, end to end: `snaplab promela` writes the
 * model (not timed: it stands for writing the model by hand), then
 * `spin -a -o2`, `gcc -O2 -DNOREDUCE` and `./pan -A` are timed together. A
 * second, untimed `./pan -c0` (go on past errors) gives the verdict: the
 * names of the assertions that failed.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { join } from "node:path";
import { scratchFolder } from "./scratch.js";

export interface SpinRun {
  readonly states: number;
  readonly wallMs: number;
  readonly searchMs: number;
  /** Property names (snaplab's spelling) whose assertions failed. */
  readonly violated: readonly string[];
}

export function spinInstalled(): boolean {
  return spawnSync("spin", ["-V"]).status === 0;
}

/** `flags`: the explore flags of the run compared with (only --no-fifo changes the model). */
export function runSpin(file: string, flags: readonly string[], expectedStates: number, runs: number): SpinRun {
  const dir = scratchFolder("spin");
  execFileSync("npx", ["snaplab", "promela", file, ...flags.filter((f) => f === "--no-fifo"), "--out", join(dir, "model.pml")]);
  // A hash table with about twice as many slots as states, as pan's manual advises.
  const w = String(Math.max(18, Math.ceil(Math.log2(expectedStates)) + 1));
  const sh = (command: string, args: string[]) =>
    execFileSync(command, args, { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] });
  let best: { wallMs: number; output: string } | undefined;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    sh("spin", ["-a", "-o2", "model.pml"]);
    sh("gcc", ["-O2", "-DNOREDUCE", "-o", "pan", "pan.c"]);
    const output = sh("./pan", ["-A", `-w${w}`]);
    const wallMs = performance.now() - started;
    if (!best || wallMs < best.wallMs) best = { wallMs, output };
  }
  const verdict = spawnSync("./pan", ["-c0", `-w${w}`], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30 }).stdout;
  const violated = [...new Set([...verdict.matchAll(/assertion violated (\w+)_holds/g)].map((m) => m[1]!.replaceAll("_", "-")))];
  return {
    states: Number(/(\d+) states, stored/.exec(best!.output)![1]),
    wallMs: best!.wallMs,
    searchMs: 1000 * Number(/elapsed time ([\d.e+]+) seconds/.exec(best!.output)?.[1] ?? 0),
    violated,
  };
}

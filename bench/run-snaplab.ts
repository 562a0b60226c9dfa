/**
 * Runs `npx snaplab explore --format json` (or any command: npxSnaplab) as its own
 * process, the way a person would, timing the whole process and reading its
 * peak memory with GNU time (where /usr/bin/time exists). The best of several
 * runs is kept: the machine is shared, so the fastest run is the one least
 * disturbed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { scratchFolder, stopOnInterrupt } from "./scratch.js";

export interface SnaplabRun {
  /** Wall time of the whole process, ms. */
  readonly wallMs: number;
  /** The search alone, as the report says, ms. */
  readonly searchMs: number;
  /** Peak resident memory of the process, KB (undefined without GNU time). */
  readonly peakKb: number | undefined;
  readonly report: {
    states: number;
    transitions: number;
    snapshots: number;
    properties: Record<string, string>;
    search: { bytesPerState?: number; engine: string };
  };
}

/** The run stopped at --max-states: the state space is out of reach at that size. */
export interface StoppedRun {
  readonly stopped: string;
  readonly wallMs: number;
}

const TIME = "/usr/bin/time";

/** The best of `runs` runs: the shortest wall time and, separately, the shortest search. */
export function runSnaplab(file: string, flags: readonly string[], runs: number): SnaplabRun | StoppedRun {
  let best: SnaplabRun | undefined;
  for (let i = 0; i < runs; i++) {
    const run = runOnce(file, flags);
    if ("stopped" in run) return run;
    best = !best ? run : { ...(run.wallMs < best.wallMs ? run : best), searchMs: Math.min(run.searchMs, best.searchMs) };
  }
  return best!;
}

function runOnce(file: string, flags: readonly string[]): SnaplabRun | StoppedRun {
  const timeFile = join(scratchFolder("time"), "time");
  const run = npxSnaplab(["explore", file, "--format", "json", ...flags], existsSync(TIME) ? timeFile : undefined);
  if (run.stopped) return { stopped: run.stopped, wallMs: run.wallMs };
  const report = JSON.parse(run.stdout);
  const peakKb = existsSync(timeFile) ? Number(readFileSync(timeFile, "utf8").trim().split("\n").pop()) : undefined;
  return { wallMs: run.wallMs, searchMs: report.elapsedMs, peakKb, report };
}

/**
 * `npx snaplab ARGS` as its own process, timed whole; with `timeFile`, under
 * GNU time writing the peak memory there. Status 1 (a property or a check
 * failed) is a result; any other but 0 is the bench's failure, unless the run
 * stopped at --max-states (`stopped` says so).
 */
export function npxSnaplab(args: readonly string[], timeFile?: string): { wallMs: number; stdout: string; stopped?: string } {
  const command = ["npx", "snaplab", ...args];
  const timed = timeFile ? [TIME, "-f", "%M", "-o", timeFile, ...command] : command;
  const started = performance.now();
  const child = spawnSync(timed[0]!, timed.slice(1), { encoding: "utf8", maxBuffer: 1 << 28 });
  const wallMs = performance.now() - started;
  stopOnInterrupt(child.signal, child.status);
  const stopped = /stopped after [\d,]+ states/.exec(child.stderr)?.[0];
  if (stopped) return { wallMs, stdout: child.stdout, stopped };
  if (child.status !== 0 && child.status !== 1) throw new Error(`${command.join(" ")} failed:\n${child.stderr}`);
  return { wallMs, stdout: child.stdout };
}

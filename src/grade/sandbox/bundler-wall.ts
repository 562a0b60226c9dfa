/**
 * The bundler's wall. esbuild's process reads a submission before any
 * sandbox runs it, and its parser recurses: code nested a few hundred
 * thousand deep (brackets, `a.b.b.b…`, `f()()()…`, `!!!…`) grows its stack
 * to a gigabyte, in about 4 s, before the process crashes. So, as the
 * sandbox's children are, the bundler's process is held to a data size
 * (prlimit, where this machine has it and allows it): such a file then fails at half a
 * gigabyte in half the time, and is a build fault like the crash was.
 * Bundling a submission takes tens of megabytes.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { esbuild } from "../../files/esbuild-when-needed.js";
import { executable } from "./isolation.js";

/** The most data esbuild's process may hold (its heap and its goroutines' stacks). */
export const bundlerDataBytes = 512 * 1024 * 1024;

/** The esbuild process the limit was set on; another one (after a crash) is limited in turn. */
let limited: number | undefined;

/** Starts esbuild's process if it is not running, and holds it to `bundlerDataBytes`; a no-op where prlimit is not allowed. */
export async function walledBundler(): Promise<void> {
  if (process.platform !== "linux") return;
  // Tried on the service itself: where prlimit is missing or not allowed, it stays as it was.
  const prlimit = executable("prlimit");
  if (!prlimit) return;
  if (limited !== undefined && isOurService(limited)) return;
  // Any call starts the service; this one costs a round trip.
  await esbuild().transform("");
  const service = readdirSync("/proc").map(Number).find(isOurService);
  if (service === undefined) return;
  const set = spawnSync(prlimit, ["--pid", String(service), `--data=${bundlerDataBytes}`], { stdio: "ignore" });
  if (set.status === 0) limited = service;
}

/** Is `pid` the esbuild service this process started: a child of ours whose command line names esbuild's service mode? */
function isOurService(pid: number): boolean {
  if (!Number.isInteger(pid)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return parent === process.pid && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--service=");
  } catch {
    // gone meanwhile, or not ours to read
    return false;
  }
}

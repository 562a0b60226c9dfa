/**
 * The bundler's wall. esbuild's process reads a submission before any
 * sandbox runs it, and its parser recurses: code nested deep enough
 * (brackets, `a.b.b.b…`, `f()()()…`, `!!!…`) grows its stack until the
 * process crashes, taking the machine's memory and the grade's time on the
 * way. So, as the sandbox's children are, the bundler's process is held to a
 * data size (prlimit, where this machine has it and allows it): such a file
 * then fails sooner, at the limit, and is a build fault like the crash was.
 * The limit leaves room to spare for any submission the file limits allow.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { executable } from "./isolation.js";

const packages = createRequire(import.meta.url);

/**
 * esbuild, loaded the first time something is bundled or checked: most
 * commands never bundle anything. Required, as the CommonJS package it is:
 * imported, Node would first scan its code for the names it exports.
 */
export const esbuild = (): typeof import("esbuild") => packages("esbuild");

/** The most data esbuild's process may hold (its heap and its goroutines' stacks). */
export const bundlerDataBytes = 512 * 1024 * 1024;

/**
 * Stops this thread's esbuild process, if one runs (whatever ran in it
 * before), starts a fresh one and holds it to `bundlerDataBytes`; as it is
 * where prlimit is missing or not allowed.
 */
export async function freshBundler(): Promise<void> {
  await esbuild().stop();
  // Any call starts the service, before its reply comes: the service is held meanwhile, and reads no file before both are done.
  const started = esbuild().transform("");
  await Promise.all([started, holdServices()]);
}

/** Holds every esbuild service of this process to `bundlerDataBytes`, where prlimit is there. */
async function holdServices(): Promise<void> {
  const prlimit = process.platform === "linux" ? executable("prlimit") : undefined;
  if (!prlimit) return;
  // Every esbuild service this process started is held: nothing tells one apart from another from here, and holding
  // one twice changes nothing.
  const held = readdirSync("/proc")
    .map(Number)
    .filter(isEsbuildService)
    .map((service) => promisify(execFile)(prlimit, ["--pid", String(service), `--data=${bundlerDataBytes}`]).catch(() => undefined));
  await Promise.all(held);
}

/** Is `pid` an esbuild service this process started: a child of ours whose command line names esbuild's service mode? */
function isEsbuildService(pid: number): boolean {
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

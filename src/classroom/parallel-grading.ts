/**
 * A class graded with `--jobs N`: each submission is graded by a grader
 * process of its own (this CLI, `snaplab grade DIR --as-data`), N at a time,
 * so whatever one submission does to its grader (or the grader does wrong on
 * it) ends with that process: the others' reports come from other
 * processes. Each grader still runs the submission's code in its sandboxes.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { defaultLimits, faultedExercise, type GradeOptions } from "../grade/grade.js";
import { chosenExercises } from "../grade/exercises/catalogue.js";
import type { SubmissionReport } from "../grade/result.js";
import { packageRoot } from "../package/package-root.js";
import { lineAsData } from "../render/shown-as-data.js";
import { formatDuration } from "../render/duration.js";

/** The reports of `dirs`, in their order, graded `jobs` at a time. */
export async function gradeInParallel(dirs: readonly string[], options: GradeOptions, jobs: number): Promise<SubmissionReport[]> {
  const reports: SubmissionReport[] = new Array(dirs.length);
  const said = new Set<string>();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < dirs.length; i = next++) reports[i] = await gradeInChild(dirs[i]!, options, said);
  };
  await Promise.all(Array.from({ length: Math.min(jobs, dirs.length) }, worker));
  return reports;
}

/** The command line a child grader gets: the folder and the same limits. */
export function childArguments(dir: string, options: GradeOptions): string[] {
  return [
    join(packageRoot(), "bin", "snaplab.js"),
    "grade",
    dir,
    "--as-data",
    ...(options.only ? ["--only", options.only.join(",")] : []),
    ...(options.timeLimitMs ? ["--time-limit", `${options.timeLimitMs}ms`] : []),
    ...(options.memoryLimitMb ? ["--memory-limit", String(options.memoryLimitMb)] : []),
    ...(options.maxStates ? ["--max-states", String(options.maxStates)] : []),
    ...(options.gradeTimeLimitMs ? ["--grade-time-limit", `${options.gradeTimeLimitMs}ms`] : []),
    ...(options.seed === undefined ? [] : ["--seed", String(options.seed)]),
  ];
}

/**
 * How long past the grade's own time limit a grader process may run before
 * it is killed: to start, and to write the report of a grade its limit cut
 * short. Past it the grader is not finishing (stopped, or stuck in a way its
 * limits do not reach), and the others are not kept waiting on it.
 */
export const graderGraceMs = 10_000;

function gradeInChild(dir: string, options: GradeOptions, said: Set<string>): Promise<SubmissionReport> {
  const started = performance.now();
  const limitMs = (options.gradeTimeLimitMs ?? defaultLimits.gradeTimeLimitMs) + graderGraceMs;
  return new Promise((done) => {
    const child = spawn(process.execPath, childArguments(dir, options), { stdio: ["ignore", "pipe", "pipe"] });
    // Its sandboxes die with it (isolation.ts).
    let late = false;
    const killer = setTimeout(() => {
      late = true;
      child.kill("SIGKILL");
    }, limitMs);
    const stdout: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const failed = (why: string) => done(graderFailed(dir, options, `the grader's process for this submission ${why}`, performance.now() - started));
    child.on("error", (error) => {
      clearTimeout(killer);
      failed(`could not start (${error.message})`);
    });
    child.on("close", (status, signal) => {
      clearTimeout(killer);
      // What the graders say about this machine (walls it lacks) is said once, not once per submission.
      for (const line of stderr.split("\n").filter((l) => l !== "" && !said.has(l))) {
        said.add(line);
        process.stderr.write(`${line}\n`);
      }
      if (late) return failed(`took more than ${formatDuration(limitMs)}, the grade's time limit and ${formatDuration(graderGraceMs)} more, and was stopped`);
      if (signal) return failed(`was killed by ${signal}`);
      if (status !== 0 && status !== 1) return failed(`exited with status ${status}${lastLine(stderr)}`);
      try {
        done(JSON.parse(Buffer.concat(stdout).toString("utf8")) as SubmissionReport);
      } catch {
        failed("wrote no report");
      }
    });
  });
}

const lastLine = (text: string) => {
  const line = text.trim().split("\n").at(-1);
  return line ? ` (${line.slice(0, 200)})` : "";
};

/** A submission whose grader failed: every exercise 0 with why, as when one exercise's grading fails. */
function graderFailed(dir: string, options: GradeOptions, message: string, elapsedMs: number): SubmissionReport {
  const chosen = chosenExercises(options.only);
  const exercises = chosen.map((e) => faultedExercise(e, { kind: "grader", message }));
  return { folder: lineAsData(dir), points: 0, maxPoints: exercises.reduce((sum, e) => sum + e.maxPoints, 0), exercises, elapsedMs };
}

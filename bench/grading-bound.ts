/**
 * Grading now against grading as it was, side by side in one run: `grade
 * solutions --format json` by this checkout's CLI and by the grader of an
 * earlier commit (YARDSTICK: before the generated scenarios were drawn
 * to vary names, balances, amounts and channels, the sandbox hardened and
 * the CLI built at install), each a fresh process, one after the other. A
 * bound on what grading may cost is a ratio taken this way: the two
 * commands of a pair share the machine's load, where figures from two days,
 * or two machines, would not.
 *
 * The earlier grader is taken from the repository's history (git archive)
 * into the bench's scratch folder, with this checkout's packages, and grades
 * its own solutions/; it runs as its bin ran, V8 flags and code cache
 * included. Neither command's first run is counted: the earlier grader's
 * builds the bundle it then runs from.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { count, markdownTable, seconds } from "./markdown-table.js";
import { scratchFolder, stopOnInterrupt } from "./scratch.js";

/** The commit whose grader the bound is measured against. */
export const YARDSTICK = "d9fa528";

interface Grade {
  readonly wallMs: number;
  readonly gradedMs: number;
  readonly points: string;
  readonly states: number;
}

/** `bin/snaplab.js grade solutions --format json` in `root`, as a shell runs the bin (its first line says how). */
function grade(root: string): Grade {
  const bin = join(root, "bin", "snaplab.js");
  const started = performance.now();
  const child = spawnSync(bin, ["grade", "solutions", "--format", "json"], { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
  const wallMs = performance.now() - started;
  stopOnInterrupt(child.signal, child.status);
  if (child.status !== 0 && child.status !== 1) throw new Error(`${bin} grade solutions failed:\n${child.stderr}`);
  // What both commits' --format json have (src/grade/report/json-report.ts).
  const report = JSON.parse(child.stdout) as { points: number; max: number; elapsedMs: number; exercises: { checks: { states: number }[] }[] };
  const states = report.exercises.reduce((n, e) => n + e.checks.reduce((m, c) => m + c.states, 0), 0);
  return { wallMs, gradedMs: report.elapsedMs, points: `${report.points}/${report.max}`, states };
}

/** The earlier commit's files in a folder of their own, with this checkout's packages; undefined where its history is not here. */
function yardstick(): string | undefined {
  const archive = spawnSync("git", ["archive", "--format=tar", YARDSTICK], { maxBuffer: 1 << 28 });
  if (archive.status !== 0) return undefined;
  const root = scratchFolder("yardstick");
  const untar = spawnSync("tar", ["-x", "-C", root], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`bench: could not unpack ${YARDSTICK}: ${untar.stderr}`);
  // Linked one by one, so that what the earlier bin writes in node_modules/.cache stays in the scratch folder.
  mkdirSync(join(root, "node_modules"));
  for (const name of readdirSync("node_modules")) {
    if (name !== ".cache" && name !== ".bin") symlinkSync(resolve("node_modules", name), join(root, "node_modules", name));
  }
  return root;
}

/** The packages this checkout has and the earlier commit named otherwise, in words; "" when they are the same. */
function otherPackages(root: string): string {
  const dependencies = (folder: string) =>
    (JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { dependencies: Record<string, string> }).dependencies;
  const [then, now] = [dependencies(root), dependencies(".")];
  return Object.keys({ ...then, ...now })
    .filter((name) => then[name] !== now[name])
    .map((name) => `${name} ${now[name] ?? "(none)"} where ${YARDSTICK} named ${then[name] ?? "none"}`)
    .join(", ");
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ratio = (values: readonly number[]) => `${median(values).toFixed(2)}× (${Math.min(...values).toFixed(2)} to ${Math.max(...values).toFixed(2)})`;

/** `pairs` grades by each, in turn, after one of each not counted: the table, and the line that heads it. */
export function gradingBound(pairs: number): string {
  const then = yardstick();
  if (!then) return `Skipped: the repository's history has no commit ${YARDSTICK} (a shallow clone, or not a clone).`;
  const now = resolve(".");
  grade(now);
  grade(then);
  const runs: [Grade, Grade][] = [];
  for (let i = 0; i < pairs; i++) runs.push([grade(now), grade(then)]);
  const row = (label: string, grades: Grade[]) => [
    label,
    grades[0]!.points,
    count(grades[0]!.states),
    seconds(median(grades.map((g) => g.gradedMs))),
    seconds(median(grades.map((g) => g.wallMs))),
  ];
  const table = markdownTable(
    ["solutions/ graded by", "points", "states", "graded in s", "command s"],
    [
      row(
        "this checkout",
        runs.map(([a]) => a),
      ),
      row(
        `the grader of ${YARDSTICK}`,
        runs.map(([, b]) => b),
      ),
      [
        `this checkout / ${YARDSTICK}, pair by pair`,
        "",
        "",
        ratio(runs.map(([a, b]) => a.gradedMs / b.gradedMs)),
        ratio(runs.map(([a, b]) => a.wallMs / b.wallMs)),
      ],
    ],
  );
  const packages = otherPackages(then);
  const note = packages ? `\n\nThe earlier grader ran with this checkout's packages: ${packages}.` : "";
  const counted = pairs === 1 ? "1 pair" : `${pairs} pairs`;
  return `${counted}, in turn (medians, not the best of runs): the medians of each, and of the ratios pair by pair (the lowest to the highest in brackets).\n\n${table}${note}`;
}

/**
 * A learner's rules beside the compact engine: each scenario explored with
 * the reference rules twice in one run, once as the compact engine runs them
 * and once as if they were a learner's (bundled, in the sandbox, each
 * question a call into it), with how many questions the explorer asked, how
 * many were distinct (the calls the sandbox ran) and how many round trips
 * carried them; then `npx snaplab grade` of solutions/ and of a wrong
 * submission, timed as a learner waits for it (a fresh process each time).
 *
 * Bytes per state: the compact engine counts its own tables; for the
 * sandboxed rules, the search's tables (stored states, parents, counts,
 * groups of parts and remembered steps, all typed arrays) plus the growth of
 * the JS heap kept per stored state (the interned parts, the remembered
 * answers, what is kept of the chunk being prepared) at the last of the samples
 * taken after a collection every 4,096 states, in a second, untimed run
 * (with --expose-gc, as `npm run bench` runs; without it the samples count
 * garbage too).
 */
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { check } from "../src/check/check.js";
import { StateLimitError } from "../src/explore/state-limit-error.js";
import { sandboxedSubmission } from "../src/grade/graded-rules/submission.js";
import { submittedRules } from "../src/grade/graded-rules/submitted-rules.js";
import { defaultLimits } from "../src/grade/grade.js";
import { submissionBundle, type SubmissionBundle } from "../src/grade/sandbox/bundle.js";
import { Sandbox } from "../src/grade/sandbox/sandbox.js";
import { bankModel } from "../src/models/bank/bank-model.js";
import type { Scenario } from "../src/models/bank/scenario.js";
import { loadModelScenario } from "../src/models/load-model-scenario.js";
import { count, markdownTable, seconds } from "./markdown-table.js";
import { npxSnaplab, runSnaplab, type SnaplabRun } from "./run-snaplab.js";
import { scratchFolder } from "./scratch.js";

interface Row {
  readonly states: number;
  readonly ms: number;
  readonly bytesPerState: number | undefined;
  /** Sandboxed: of which the JS heap's growth (the rest is the search's tables). */
  readonly heapPerState?: number | undefined;
  readonly stopped?: boolean;
  readonly questions?: { calls: number; questions: number; roundTrips: number };
}

const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => {});

function compact(scenario: Scenario): Row {
  return searched(check({ model: bankModel, scenario }));
}

/** The same rules through the generic explorer in this process, called directly: the explorer's share, without the sandbox's. */
function generic(scenario: Scenario): Row {
  return searched(check({ model: bankModel, scenario }, { engine: "generic" }));
}

function searched(report: { states: number; elapsedMs: number; search?: { bytes?: number } }): Row {
  const bytes = report.search?.bytes;
  return { states: report.states, ms: report.elapsedMs, bytesPerState: bytes === undefined ? undefined : Math.round(bytes / report.states) };
}

/**
 * The reference rules through the sandbox, as `snaplab explore --rules` runs
 * a learner's file, stopping at `cap` states; with `measureHeap`, the heap
 * kept per state is sampled after a collection every 4,096 states (slower:
 * that run is not timed).
 */
async function sandboxed(scenario: Scenario, bundle: SubmissionBundle, cap: number, measureHeap = false): Promise<Row> {
  const sandbox = new Sandbox(bundle, defaultLimits);
  try {
    sandbox.load();
    const submission = sandboxedSubmission(sandbox);
    const rules = submittedRules(submission, scenario);
    collectGarbage();
    const heapBefore = process.memoryUsage().heapUsed;
    // The last sample: what the heap keeps per state once there are many (an early one is mostly the chunk being prepared).
    let last = { heap: heapBefore, states: 0 };
    const sample = ({ states }: { states: number }) => {
      if (!measureHeap) return;
      collectGarbage();
      last = { heap: process.memoryUsage().heapUsed, states };
    };
    const started = performance.now();
    let states: number;
    let tables: number | undefined;
    let stopped = false;
    try {
      const report = check(
        { model: bankModel, scenario },
        { rules, gather: (run) => submission.gather(run), maxStates: cap, onProgress: sample, progressEveryMs: 0 },
      );
      states = report.states;
      tables = report.search?.bytes;
    } catch (error) {
      if (!(error instanceof StateLimitError)) throw error;
      states = cap;
      stopped = true;
    }
    const ms = performance.now() - started;
    const { calls, questions, roundTrips } = submission.counts();
    // Below a few thousand states the heap's own noise is larger than what the states take.
    const heapPerState = last.states >= 5_000 ? Math.max(0, Math.round((last.heap - heapBefore) / last.states)) : undefined;
    const bytesPerState = tables === undefined ? undefined : Math.round(tables / states) + (heapPerState ?? 0);
    return { states, ms, bytesPerState, heapPerState, stopped, questions: { calls, questions, roundTrips } };
  } finally {
    await sandbox.close();
  }
}

async function repeat(runs: number, run: () => Promise<Row>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < Math.max(1, runs); i++) rows.push(await run());
  return rows;
}

function fastest(rows: readonly Row[]): Row {
  return rows.reduce((best, row) => (row.ms < best.ms ? row : best));
}

/** What the run that measured the heap adds to the timed one. */
function pick({ heapPerState, bytesPerState }: Row): Partial<Row> {
  return { heapPerState, bytesPerState };
}

interface Grading {
  readonly gradedMs: number;
  readonly wallMs: number;
  readonly points: string;
  readonly states: number;
}

/**
 * `npx snaplab grade FOLDER` as its own process, as a learner grades: cold,
 * every time. The best of `runs`: the grade's time as the report gives it,
 * and the whole command's (npx and Node's start included).
 */
function timeGrading(folder: string, runs: number): Grading {
  let best: Grading | undefined;
  for (let i = 0; i < runs; i++) {
    const { wallMs, stdout } = npxSnaplab(["grade", folder, "--format", "json"]);
    // What is read of `--format json` (src/grade/report/json-report.ts).
    const report = JSON.parse(stdout) as { points: number; max: number; elapsedMs: number; exercises: { checks: { states: number }[] }[] };
    const states = report.exercises.reduce((n, e) => n + e.checks.reduce((m, c) => m + c.states, 0), 0);
    const run = { gradedMs: report.elapsedMs, wallMs, points: `${report.points}/${report.max}`, states };
    best = !best ? run : { ...run, gradedMs: Math.min(run.gradedMs, best.gradedMs), wallMs: Math.min(run.wallMs, best.wallMs) };
  }
  return best!;
}

/** solutions/ with exercise 1 wrong: no marker on the first outgoing channel. */
function wrongSubmission(): string {
  const folder = join(scratchFolder("wrong-submission"), "submission");
  cpSync("solutions", folder, { recursive: true });
  const file = join(folder, "01-record-and-forward", "rules.ts");
  const text = readFileSync(file, "utf8");
  const wrong = text.replace("view.outgoing.map((channel): Effect =>", "view.outgoing.slice(1).map((channel): Effect =>");
  if (wrong === text) throw new Error("bench: could not make the wrong submission (solutions/01 changed)");
  writeFileSync(file, wrong);
  return folder;
}

const scenarioName = (file: string) => file.replace(/^.*\//, "").replace(/\.json$/, "");

/** A learner's file of rules: exercises 1 and 2 answered, the Chandy-Lamport rules as a learner writes them. */
const LEARNERS_RULES = "solutions/01-record-and-forward/rules.ts";

/**
 * What a learner waits for: `snaplab explore FILE` beside `snaplab explore
 * FILE --rules` on a learner's file, each run a process of its own, so both
 * engines start cold, as every command does. The search times as the reports
 * give them (the best of `runs`), then the whole command's.
 */
function learnersCommand(files: readonly string[], runs: number): string {
  const rows = files.map((file) => {
    const compact = runSnaplab(file, [], runs) as SnaplabRun;
    const rules = runSnaplab(file, ["--rules", LEARNERS_RULES], runs) as SnaplabRun;
    return [
      scenarioName(file),
      seconds(compact.searchMs),
      seconds(rules.searchMs),
      `${(rules.searchMs / compact.searchMs).toFixed(1)}×`,
      seconds(compact.wallMs),
      seconds(rules.wallMs),
    ];
  });
  return markdownTable(["scenario (as a command)", "compact search s", "--rules search s", "×", "compact command s", "--rules command s"], rows);
}

/** Each scenario as the compact engine explores it, through the generic explorer, and through the sandbox, with the questions asked. */
export async function learnerRulesTable(quick: boolean, runs: number): Promise<string> {
  const files = ["two-node", "three-node", "bank", "disconnected", "four-process"].map((name) => `spec/scenarios/${name}.json`);
  // Quick runs stop the sandboxed search early: four-process has 1.4 million states.
  const cap = quick ? 20_000 : 2_000_000;
  const bundle = await submissionBundle("bench/reference-rules.ts", "reference-rules.ts", process.cwd());
  const rows: string[][] = [];
  for (const file of files) {
    const { scenario } = loadModelScenario(file) as unknown as { scenario: Scenario };
    // The best of `runs` of each, as the grading below: steady state, not the first run's warming up.
    const fast = fastest(await repeat(runs, async () => compact(scenario)));
    // The generic explorer in-process runs to the end: quick runs skip it where the sandboxed run stops at the cap.
    const direct = quick && fast.states > cap ? undefined : fastest(await repeat(runs, async () => generic(scenario)));
    const timed = fastest(await repeat(runs, () => sandboxed(scenario, bundle, cap)));
    const slow = { ...timed, ...pick(await sandboxed(scenario, bundle, cap, true)) };
    const rate = (row: Row) => count(Math.round(row.states / (row.ms / 1000)));
    const q = slow.questions!;
    rows.push([
      scenarioName(file),
      count(fast.states),
      seconds(fast.ms),
      rate(fast),
      String(fast.bytesPerState ?? "-"),
      slow.stopped ? `${count(slow.states)} (cap)` : count(slow.states),
      seconds(slow.ms),
      rate(slow),
      slow.bytesPerState === undefined ? "-" : `${slow.bytesPerState}${slow.heapPerState === undefined ? "" : ` (heap ${slow.heapPerState})`}`,
      count(q.calls),
      count(q.questions),
      count(q.roundTrips),
      direct ? `${seconds(direct.ms)} (${(direct.ms / direct.states / (fast.ms / fast.states)).toFixed(1)}×)` : "-",
      `${(slow.ms / slow.states / (fast.ms / fast.states)).toFixed(1)}×`,
    ]);
  }
  return markdownTable(
    [
      "scenario",
      "compact states",
      "compact s",
      "compact states/s",
      "compact bytes/state",
      "sandboxed states",
      "sandboxed s",
      "sandboxed states/s",
      "sandboxed bytes/state",
      "rule calls",
      "distinct questions",
      "round trips",
      "no sandbox s",
      "time per state",
    ],
    rows,
  );
}

/** A learner's commands on three scenarios, each a process of its own (learnersCommand). */
export function learnerCommandsTable(runs: number): string {
  return learnersCommand(
    ["three-node", "bank", "four-process"].map((name) => `spec/scenarios/${name}.json`),
    runs,
  );
}

/** `npx snaplab grade` of solutions/ and of a wrong submission, as a learner waits for it. */
export function gradingTable(runs: number): string {
  const graded = [
    ["solutions/ (every check passes)", timeGrading("solutions", runs)],
    ["solutions/ with exercise 1 wrong", timeGrading(wrongSubmission(), runs)],
  ].map(([label, run]) => {
    const { gradedMs, wallMs, points, states } = run as Grading;
    return [label as string, points, count(states), seconds(gradedMs), seconds(wallMs)];
  });
  return markdownTable(["grading", "points", "states", "graded in s", "command s"], graded);
}

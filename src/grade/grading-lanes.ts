/**
 * A submission's exercises graded on two cores: this thread and one worker
 * thread each take groups of exercises (grade.ts, groupsOf) from a shared
 * queue, this one from the front, the worker from the back, until none is
 * left. A group is graded by one lane, in a sandbox of its own; only the
 * grader's exploration is spread (it is synchronous, so one thread can use
 * one core). The report lists the exercises in their order whichever thread
 * graded them.
 *
 * A second lane is used only with three cores, two of them idle. The worker runs the CLI's
 * own build (dist/snaplab.mjs), so lanes are used only by the built CLI;
 * from source (tests, tsx) exercises are graded one after another on this
 * thread, with the same results.
 */
import { once } from "node:events";
import { availableParallelism, loadavg } from "node:os";
import { isMainThread, Worker, workerData, parentPort } from "node:worker_threads";
import { runningCli } from "../files/built-files.js";
import type { Exercise } from "./exercises/exercise.js";
import type { ExerciseResult } from "./result.js";
import { adoptIsolation, findIsolation, type Isolation } from "./sandbox/isolation.js";

/** Indices of the chosen exercises that are graded together, in order. */
export type Group = readonly number[];

/** How one lane grades the chosen exercises. */
export interface GradeAt {
  /** Grades the exercises of `group`, in its order; `ahead`, the groups it will likely grade next, in order (sandboxes can start meanwhile). */
  grade(group: Group, ahead: readonly Group[]): Promise<ExerciseResult[]>;
  /** Stops whatever was started ahead and not graded. */
  finish(): Promise<void>;
}

/** The queue both lanes take from: [lock, front, back] over the numbers of the groups (front inclusive, back exclusive). */
class SharedQueue {
  readonly cells: Int32Array;
  constructor(buffer: SharedArrayBuffer) {
    this.cells = new Int32Array(buffer);
  }
  static of(length: number): SharedQueue {
    const queue = new SharedQueue(new SharedArrayBuffer(12));
    queue.cells[2] = length;
    return queue;
  }
  private locked<T>(run: () => T): T {
    while (Atomics.compareExchange(this.cells, 0, 0, 1) !== 0) Atomics.wait(this.cells, 0, 1, 1);
    try {
      return run();
    } finally {
      Atomics.store(this.cells, 0, 0);
      Atomics.notify(this.cells, 0);
    }
  }
  /** Takes the next index from one end, and says which one that end offers next. */
  take(end: "front" | "back"): { index: number | undefined; ahead: number[] } {
    return this.locked(() => {
      const [front, back] = [this.cells[1]!, this.cells[2]!];
      if (front >= back) return { index: undefined, ahead: [] };
      const rest = Array.from({ length: back - front }, (_, i) => front + i);
      if (end === "front") {
        this.cells[1] = front + 1;
        return { index: front, ahead: rest.slice(1) };
      }
      this.cells[2] = back - 1;
      return { index: back - 1, ahead: rest.reverse().slice(1) };
    });
  }
}

/** Takes groups from `end` of the queue and grades each in turn. */
async function lane(
  queue: SharedQueue,
  groups: readonly Group[],
  end: "front" | "back",
  gradeAt: GradeAt,
  graded: (group: number, results: ExerciseResult[]) => void,
): Promise<void> {
  try {
    for (let next = queue.take(end); next.index !== undefined; next = queue.take(end)) {
      const ahead = next.ahead.map((g) => groups[g]!);
      graded(next.index, await gradeAt.grade(groups[next.index]!, ahead));
    }
  } finally {
    await gradeAt.finish();
  }
}

/**
 * Whether three cores are there and two of them idle (by the last minute's
 * load average): one for each lane, and one for the sandboxes' children,
 * which answer both lanes' questions. Short of that a second lane costs more
 * than it saves (the worker loads and warms up the grader's code again, on
 * CPU the lanes would share): on two idle cores, two lanes graded
 * solutions/ no sooner than one. The results are the same either way.
 */
function coresToSpare(): boolean {
  // Chosen outright (the grader's own tests, a measurement): 1 or 2 lanes.
  const lanes = process.env.SNAPLAB_GRADING_LANES;
  if (lanes === "1" || lanes === "2") return lanes === "2";
  const cores = availableParallelism();
  return cores >= 3 && loadavg()[0]! <= cores - 2;
}

interface LaneData {
  readonly role: "snaplab-grading-lane";
  readonly queue: SharedArrayBuffer;
  readonly groups: readonly Group[];
  readonly directory: string;
  readonly options: object;
  /** The main thread's command line: a worker's would name the bundle, where packageRoot looks for the CLI's. */
  readonly argv: readonly string[];
}

type LaneMessage = { readonly group: number; readonly results: ExerciseResult[] } | { readonly done: true };

/**
 * Grades `chosen` with `gradeAt`, group by group (every index of `chosen` in
 * one of `groups`), on two lanes when it can; the results in `chosen`'s
 * order. `fault` stands in for an exercise of a group the worker took and
 * never reported (it died: a fault of the grader's own).
 */
export async function gradeInLanes(
  chosen: readonly Exercise[],
  groups: readonly Group[],
  directory: string,
  options: object,
  gradeAt: GradeAt,
  fault: (exercise: Exercise, message: string) => ExerciseResult,
): Promise<ExerciseResult[]> {
  const results: (ExerciseResult | undefined)[] = new Array(chosen.length);
  const graded = (group: number, got: ExerciseResult[]) => groups[group]!.forEach((i, k) => (results[i] = got[k]));
  // The worker's code: the CLI's build this code runs from, when it runs from it.
  const entry = runningCli();
  const queue = SharedQueue.of(groups.length);
  if (!entry || groups.length < 2 || !coresToSpare()) {
    await lane(queue, groups, "front", gradeAt, graded);
    return results as ExerciseResult[];
  }
  const data: LaneData = { role: "snaplab-grading-lane", queue: queue.cells.buffer as SharedArrayBuffer, groups, directory, options, argv: process.argv };
  const worker = new Worker(entry, { workerData: data });
  const taken = new Set<number>();
  const workerDone = new Promise<string | undefined>((done) => {
    worker.on("message", (message: LaneMessage | { readonly took: Group }) => {
      if ("took" in message) message.took.forEach((i) => taken.add(i));
      else if ("done" in message) done(undefined);
      else {
        groups[message.group]!.forEach((i) => taken.delete(i));
        graded(message.group, message.results);
      }
    });
    worker.on("error", (error) => done(error.message));
    worker.on("exit", (code) => done(`its thread exited with status ${code}`));
  });
  let failed: string | undefined;
  try {
    const thisLane = lane(queue, groups, "front", gradeAt, graded);
    // Found while the worker starts and this lane's first bundles build (the same search as this lane's); the worker waits for them.
    // Walls that cannot be found fail this lane's exercises too: the worker is ended, and what it would have taken is graded here.
    findIsolation().then(
      (walls) => worker.postMessage(walls),
      () => worker.terminate(),
    );
    await thisLane;
    failed = await workerDone;
  } finally {
    await worker.terminate();
  }
  // A worker that died leaves what it had not taken yet: this lane grades it.
  if (failed !== undefined) await lane(queue, groups, "front", gradeAt, graded);
  for (const i of taken) results[i] = fault(chosen[i]!, `the grader failed on this exercise (${failed ?? "no result"})`);
  return results as ExerciseResult[];
}

/** In the worker: whether this thread is a grading lane. */
export function isGradingLane(): boolean {
  return !isMainThread && (workerData as LaneData | undefined)?.role === "snaplab-grading-lane";
}

/** In the worker: grades from the back of the queue with `gradeAt` (made from the lane's folder and options), reporting each result. */
export async function serveGradingLane(gradeAtFor: (directory: string, options: object) => GradeAt): Promise<void> {
  const data = workerData as LaneData;
  process.argv = [...data.argv];
  // The walls were found by the main thread, which also said what is missing: found once, said once.
  const [walls] = (await once(parentPort!, "message")) as [Isolation];
  adoptIsolation(walls);
  const gradeAt = gradeAtFor(data.directory, data.options);
  const queue = new SharedQueue(data.queue);
  await lane(
    queue,
    data.groups,
    "back",
    {
      grade(group, ahead) {
        parentPort!.postMessage({ took: group });
        return gradeAt.grade(group, ahead);
      },
      finish: () => gradeAt.finish(),
    },
    (group, results) => parentPort!.postMessage({ group, results } satisfies LaneMessage),
  );
  parentPort!.postMessage({ done: true } satisfies LaneMessage);
}

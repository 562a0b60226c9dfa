/**
 * Scenarios generated within an exercise's shape, beside its fixed ones: two
 * to four processes, any channels that let every marker reach every process
 * (so sources, sinks, and processes with several incoming channels), zero to
 * three transfers a channel, one or two initiators, and for exercise 6 one to
 * four snapshots. fast-check draws them from a seed fixed per exercise, so
 * every learner is graded on the same list, on every machine.
 *
 * A scenario is kept as its skeleton (processes by number, what each sends to
 * whom) and written in the file format of spec/model.md, so that the one a
 * learner is shown can be explored with `snaplab explore --rules`.
 */
import fc from "fast-check";
import type { MultiSnapshotScenario } from "../../models/bank/multi-snapshot/multi-snapshot-state.js";
import { parseScenario } from "../../models/bank/parse-scenario.js";
import type { Scenario } from "../../models/bank/scenario.js";
import type { ScenarioJson } from "../../models/bank/scenario-json.js";

/** A generated scenario before it has names and amounts. */
export interface Skeleton {
  readonly processes: number;
  /** Directed channels, [from, to]. */
  readonly channels: readonly (readonly [number, number])[];
  /** Each process's transfers in program order, by receiving process. */
  readonly programs: readonly (readonly number[])[];
  readonly initiators: readonly number[];
  /** Exercise 6: who starts snapshot 0, 1, ... (the initiators are these processes). */
  readonly snapshots?: readonly number[];
}

/** A scenario in the file format of spec/model.md; exercise 6's also says who starts each snapshot. */
export interface ScenarioFile extends Omit<ScenarioJson, "atomicSend"> {
  readonly fifo?: false;
  readonly snapshots?: readonly string[];
}

export interface Shape {
  /** FIFO channels (exercise 5 grades without). */
  readonly fifo: boolean;
  /** Runs with several snapshots (exercise 6): one to four. */
  readonly multiSnapshot: boolean;
}

/** Transfers on one channel at most. */
const MAX_PER_CHANNEL = 3;
const MAX_INITIATORS = 2;
const MAX_SNAPSHOTS = 4;

/**
 * What keeps every exploration cheap: the messages a run can have in flight
 * (transfers, and a marker per channel and snapshot), at most this many.
 * Without FIFO every message may overtake every other, so fewer. With these,
 * the answers in solutions/ explore at most 1,282 states on one generated
 * scenario and 4,344 on an exercise's 24 (test/grade/catalogue-generated.test.ts).
 */
export function messageBudget(shape: Shape): number {
  if (shape.multiSnapshot) return 7;
  return shape.fifo ? 7 : 6;
}

const name = (p: number) => `P${p}`;

/** How many messages a run of this skeleton puts on channels. */
export function messagesOf(skeleton: Skeleton): number {
  const transfers = skeleton.programs.reduce((n, program) => n + program.length, 0);
  return transfers + skeleton.channels.length * (skeleton.snapshots?.length ?? 1);
}

/** Within the shape, and every snapshot can complete: every process is reached from each snapshot's initiator. */
export function withinShape(skeleton: Skeleton, shape: Shape): boolean {
  const { processes, channels, programs } = skeleton;
  if (processes < 2 || processes > 4) return false;
  if (messagesOf(skeleton) > messageBudget(shape)) return false;
  for (const [from, to] of channels) if (from === to || from >= processes || to >= processes) return false;
  for (const [from, program] of programs.entries()) {
    for (const to of program) if (!channels.some(([f, t]) => f === from && t === to)) return false;
  }
  for (const [from, to] of channels) {
    if (programs[from]!.filter((t) => t === to).length > MAX_PER_CHANNEL) return false;
  }
  const starters = skeleton.snapshots ? [...new Set(skeleton.snapshots)].map((p) => [p]) : [skeleton.initiators];
  if (skeleton.snapshots && (skeleton.snapshots.length < 1 || skeleton.snapshots.length > MAX_SNAPSHOTS)) return false;
  if (skeleton.initiators.length < 1 || skeleton.initiators.length > MAX_INITIATORS) return false;
  return starters.every((from) => reached(skeleton, from).size === processes);
}

function reached(skeleton: Skeleton, from: readonly number[]): Set<number> {
  const seen = new Set(from);
  const todo = [...from];
  while (todo.length > 0) {
    const p = todo.pop()!;
    for (const [f, t] of skeleton.channels) {
      if (f === p && !seen.has(t)) {
        seen.add(t);
        todo.push(t);
      }
    }
  }
  return seen;
}

/**
 * The skeleton as a scenario file. Amounts are 1, 2, 4, 8, ... in program
 * order: every set of messages adds up to its own total, so a message lost
 * or counted twice always shows.
 */
export function scenarioFile(skeleton: Skeleton, title: string, shape: Shape): ScenarioFile {
  let next = 1;
  const programs: Record<string, { to: string; amount: number }[]> = {};
  skeleton.programs.forEach((program, p) => {
    if (program.length === 0) return;
    programs[name(p)] = program.map((to) => {
      const amount = next;
      next *= 2;
      return { to: name(to), amount };
    });
  });
  return {
    name: title,
    processes: Object.fromEntries(Array.from({ length: skeleton.processes }, (_, p) => [name(p), 100])),
    channels: skeleton.channels.map(([from, to]) => [name(from), name(to)] as const),
    programs,
    initiators: skeleton.initiators.map(name),
    ...(shape.fifo ? {} : { fifo: false as const }),
    ...(skeleton.snapshots ? { snapshots: skeleton.snapshots.map(name) } : {}),
  };
}

/** The skeleton a scenario file was written from (its names are P0, P1, ...). */
export function skeletonOf(file: ScenarioFile): Skeleton {
  const index = (p: string) => Number(p.slice(1));
  const processes = Object.keys(file.processes).length;
  return {
    processes,
    channels: file.channels.map(([from, to]) => [index(from), index(to)] as const),
    programs: Array.from({ length: processes }, (_, p) => (file.programs[name(p)] ?? []).map((t) => index(t.to))),
    initiators: file.initiators.map(index),
    ...(file.snapshots ? { snapshots: file.snapshots.map(index) } : {}),
  };
}

/** The scenario a file describes, as the bank runs it (exercise 6's with its snapshots). */
export function scenarioOf(file: ScenarioFile): Scenario | MultiSnapshotScenario {
  const { snapshots, ...bank } = file;
  const scenario = parseScenario(JSON.stringify(bank), `generated scenario ${file.name}`);
  return snapshots ? { ...scenario, snapshots: snapshots.map((p) => scenario.processes.indexOf(p)) } : scenario;
}

/** Skeletons within the shape, as fast-check draws them. */
export function skeletons(shape: Shape): fc.Arbitrary<Skeleton> {
  return fc
    .integer({ min: 2, max: 4 })
    .chain((processes) => {
      const ids = Array.from({ length: processes }, (_, p) => p);
      const pairs = ids.flatMap((from) => ids.filter((to) => to !== from).map((to) => [from, to] as const));
      return fc.record({
        processes: fc.constant(processes),
        channels: fc.subarray(pairs, { minLength: processes - 1 }),
        // Each send picks one of the process's channels; the list's order is the programs' order.
        sends: fc.array(fc.nat(), { maxLength: 8 }),
        initiators: fc.uniqueArray(fc.nat(processes - 1), { minLength: 1, maxLength: MAX_INITIATORS }),
        snapshots: shape.multiSnapshot ? fc.array(fc.nat(processes - 1), { minLength: 1, maxLength: MAX_SNAPSHOTS }) : fc.constant(undefined),
      });
    })
    .map(({ processes, channels, sends, initiators, snapshots }): Skeleton => {
      const programs: number[][] = Array.from({ length: processes }, () => []);
      for (const send of sends) {
        const [from, to] = channels[send % channels.length]!;
        if (programs[from]!.filter((t) => t === to).length < MAX_PER_CHANNEL) programs[from]!.push(to);
      }
      // A process starts its snapshots in id order; the initiators are whoever starts one.
      const starters = snapshots ? [...new Set(snapshots)].slice(0, MAX_INITIATORS) : initiators;
      const kept = snapshots?.filter((p) => starters.includes(p));
      return { processes, channels, programs, initiators: starters, ...(kept ? { snapshots: kept } : {}) };
    })
    .filter((skeleton) => withinShape(skeleton, shape));
}

export interface GeneratedScenario {
  readonly skeleton: Skeleton;
  readonly file: ScenarioFile;
}

/** The `count` scenarios an exercise is graded on, drawn from `seed`: the same on every run. */
export function generatedScenarios(shape: Shape, seed: number, count: number): GeneratedScenario[] {
  return fc.sample(skeletons(shape), { seed, numRuns: count }).map((skeleton, i) => ({ skeleton, file: scenarioFile(skeleton, `generated #${i + 1}`, shape) }));
}

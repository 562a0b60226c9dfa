/**
 * Scenarios generated within an exercise's shape, beside its fixed ones,
 * varying everything a learner's rules can observe, within what the scenario
 * format allows (spec/model.md):
 * - two to six processes, named as generated-data.ts draws them, listed in
 *   the file in an order unlike their names' (and JavaScript's) order;
 * - any channels that let every marker reach every process: sources, sinks,
 *   stars in and out (up to five channels into or out of one process), rings,
 *   chains; listed in the file in a shuffled order;
 * - zero to five transfers a channel, with amounts and balances of any size
 *   the format allows (generated-data.ts);
 * - one to three initiators, and for exercise 6 one to six snapshots.
 * What keeps each one cheap to explore is a budget of messages in flight
 * (messageBudget), spent on variety rather than size: six processes with a
 * transfer or two, or two processes with five transfers on one channel.
 *
 * fast-check draws them from a seed: the kit's, fixed per exercise, so that
 * every learner is graded on the same list on every machine, or an
 * instructor's (the Gradescope bundle's `--seed`), so that learners cannot
 * see them before the due date. Of the scenarios drawn, the list keeps first
 * those that show something the ones before it did not (features), so that
 * every seed's list spans all the shape allows.
 *
 * A scenario is kept as its skeleton (processes by number) and written in the
 * file format, so that the one a learner is shown can be explored with
 * `snaplab explore --rules`.
 */
import fc from "fast-check";
import type { MultiSnapshotScenario } from "../../models/bank/multi-snapshot/multi-snapshot-state.js";
import { parseScenario } from "../../models/bank/parse-scenario.js";
import type { Scenario } from "../../models/bank/scenario.js";
import type { ScenarioJson } from "../../models/bank/scenario-json.js";
import { amountsOf, atTheLimit, balancesOf, MAX_MONEY, moneyOf, processNames } from "./generated-data.js";

export interface Transfer {
  /** The receiving process. */
  readonly to: number;
  readonly amount: number;
}

/** A generated scenario with its processes by number: the numbers are the processes' order in the file. */
export interface Skeleton {
  readonly names: readonly string[];
  readonly balances: readonly number[];
  /** Directed channels, [from, to], in the file's order. */
  readonly channels: readonly (readonly [number, number])[];
  /** Each process's transfers in program order. */
  readonly programs: readonly (readonly Transfer[])[];
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
  /** Runs with several snapshots (exercise 6). */
  readonly multiSnapshot: boolean;
}

/** How far the generated scenarios reach, the same for every exercise (exercise 6's snapshots aside). */
export const GENERATED_LIMITS = { processes: 6, perChannel: 5, initiators: 3, snapshots: 6 } as const;

/**
 * What keeps every exploration cheap: the messages a run can have in flight
 * (transfers, and a marker per channel and snapshot), at most this many.
 * Without FIFO every message may overtake every other, so fewer. The one
 * place the sizes are set: test/grade/catalogue-generated.test.ts bounds
 * what the answers in solutions/ explore on them.
 */
export function messageBudget(shape: Shape): number {
  if (shape.multiSnapshot) return 7;
  return shape.fifo ? 7 : 6;
}

/** How many messages a run of this skeleton puts on channels. */
export function messagesOf(skeleton: Skeleton): number {
  const transfers = skeleton.programs.reduce((n, program) => n + program.length, 0);
  return transfers + skeleton.channels.length * (skeleton.snapshots?.length ?? 1);
}

/**
 * Within the shape and the format, and every snapshot can complete: every
 * process is reached from the initiators (in exercise 6, from each
 * snapshot's initiator).
 */
export function withinShape(skeleton: Skeleton, shape: Shape): boolean {
  const { names, balances, channels, programs, initiators, snapshots } = skeleton;
  const processes = names.length;
  if (processes < 2 || processes > GENERATED_LIMITS.processes || balances.length !== processes || programs.length !== processes) return false;
  if (messagesOf(skeleton) > messageBudget(shape)) return false;
  const ids = channels.map(([from, to]) => `${from} ${to}`);
  if (new Set(ids).size !== ids.length) return false;
  for (const [from, to] of channels) if (from === to || from >= processes || to >= processes) return false;
  for (const [from, program] of programs.entries()) {
    for (const { to } of program) if (!ids.includes(`${from} ${to}`)) return false;
  }
  for (const [from, to] of channels) {
    if (programs[from]!.filter((t) => t.to === to).length > GENERATED_LIMITS.perChannel) return false;
  }
  if (initiators.length < 1 || initiators.length > GENERATED_LIMITS.initiators) return false;
  if (snapshots) {
    if (snapshots.length < 1 || snapshots.length > GENERATED_LIMITS.snapshots) return false;
    if (initiators.join() !== [...new Set(snapshots)].join()) return false;
  }
  const starters = snapshots ? initiators.map((p) => [p]) : [initiators];
  if (!starters.every((from) => reached(skeleton, from).size === processes)) return false;
  return readsBack(skeleton, shape);
}

/** The file reads back as the same scenario: names the format allows, money within its limit, the processes in this order. */
function readsBack(skeleton: Skeleton, shape: Shape): boolean {
  if (
    moneyOf(
      skeleton.balances,
      skeleton.programs.flat().map((t) => t.amount),
    ) > MAX_MONEY
  )
    return false;
  try {
    const file = scenarioFile(skeleton, "check", shape);
    return scenarioOf(file).processes.join("\0") === skeleton.names.join("\0");
  } catch {
    return false;
  }
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

/** The skeleton as a scenario file. */
export function scenarioFile(skeleton: Skeleton, title: string, shape: Shape): ScenarioFile {
  const name = (p: number) => skeleton.names[p]!;
  const programs: Record<string, { to: string; amount: number }[]> = {};
  skeleton.programs.forEach((program, p) => {
    if (program.length > 0) programs[name(p)] = program.map(({ to, amount }) => ({ to: name(to), amount }));
  });
  return {
    name: title,
    processes: Object.fromEntries(skeleton.names.map((n, p) => [n, skeleton.balances[p]!])),
    channels: skeleton.channels.map(([from, to]) => [name(from), name(to)] as const),
    programs,
    initiators: skeleton.initiators.map(name),
    ...(shape.fifo ? {} : { fifo: false as const }),
    ...(skeleton.snapshots ? { snapshots: skeleton.snapshots.map(name) } : {}),
  };
}

/** The skeleton a scenario file was written from: its processes numbered in the file's order. */
export function skeletonOf(file: ScenarioFile): Skeleton {
  const names = Object.keys(file.processes);
  const index = (p: string) => names.indexOf(p);
  return {
    names,
    balances: names.map((n) => file.processes[n]!),
    channels: file.channels!.map(([from, to]) => [index(from), index(to)] as const),
    programs: names.map((n) => (Object.hasOwn(file.programs ?? {}, n) ? file.programs![n]! : []).map((t) => ({ to: index(t.to), amount: t.amount }))),
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

/** How a drawn scenario's channels are laid out, beside the channels that let every marker reach every process. */
const topologies = ["random", "star out", "star in", "chain and ring", "complete"] as const;

/** Skeletons within the shape, as fast-check draws them. */
export function skeletons(shape: Shape): fc.Arbitrary<Skeleton> {
  const budget = messageBudget(shape);
  const { processes: most, initiators, snapshots } = GENERATED_LIMITS;
  // Exercise 6: as many snapshots as the budget has markers for, on as many processes as one channel each reaches.
  const sizes = shape.multiSnapshot
    ? fc
        .oneof({ weight: 2, arbitrary: fc.constant(1) }, { weight: 3, arbitrary: fc.integer({ min: 2, max: snapshots }) })
        .chain((count) => fc.tuple(fc.constant(count), fc.integer({ min: 2, max: Math.min(most, 1 + Math.floor(budget / count)) })))
    : fc.tuple(fc.constant(1), fc.integer({ min: 2, max: most }));
  return sizes
    .chain(([count, n]) =>
      fc.record({
        names: processNames(n),
        balances: balancesOf(n),
        amounts: amountsOf(budget),
        starters: shape.multiSnapshot
          ? fc.array(fc.nat(n - 1), { minLength: count, maxLength: count })
          : fc.uniqueArray(fc.nat(n - 1), { minLength: 1, maxLength: initiators }),
        reach: fc.shuffledSubarray(range(n), { minLength: n, maxLength: n }),
        parents: fc.array(fc.nat(), { minLength: n, maxLength: n }),
        topology: fc.constantFrom(...topologies),
        extra: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: n * (n - 1) }),
        transfers: fc.nat(budget),
        sends: fc.array(fc.nat(), { minLength: budget, maxLength: budget }),
        channelOrder: fc.array(fc.nat(), { minLength: n * (n - 1), maxLength: n * (n - 1) }),
        // One scenario in five holds all the money the format allows.
        limit: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(fc.nat(n - 1), fc.boolean()) }),
      }),
    )
    .map((drawn) => built(drawn, shape));
}

interface Drawn {
  readonly names: string[];
  readonly balances: number[];
  readonly amounts: number[];
  readonly starters: number[];
  readonly reach: number[];
  readonly parents: number[];
  readonly topology: (typeof topologies)[number];
  readonly extra: [number, number][];
  readonly transfers: number;
  readonly sends: number[];
  readonly channelOrder: number[];
  readonly limit: [number, boolean] | null;
}

/** The skeleton a draw describes, spending the message budget on channels first as far as its transfers leave room. */
function built(drawn: Drawn, shape: Shape): Skeleton {
  const budget = messageBudget(shape);
  const n = drawn.names.length;
  const { initiators, snapshots } = starting(drawn.starters, n, shape, budget);
  const markers = snapshots?.length ?? 1;
  // Every process is reached from an initiator: each other process, in the drawn order, hangs from one reached before it.
  // In exercise 6 each snapshot's initiator on its own reaches every process: they all hang from the first, and reach it.
  const order = [...initiators, ...drawn.reach.filter((p) => !initiators.includes(p))];
  const roots = snapshots ? 1 : initiators.length;
  const channels: [number, number][] = [];
  const has = (from: number, to: number) => channels.some(([f, t]) => f === from && t === to);
  for (let i = roots; i < n; i++) {
    const parent = drawn.topology === "star out" ? order[0]! : drawn.topology === "chain and ring" ? order[i - 1]! : order[drawn.parents[i]! % i]!;
    channels.push([parent, order[i]!]);
  }
  for (const p of initiators.slice(roots)) if (!has(p, order[0]!)) channels.push([p, order[0]!]);
  const hub = order[drawn.parents[0]! % n]!;
  const others = order.filter((p) => p !== hub);
  const extra: [number, number][] =
    drawn.topology === "star out"
      ? others.map((p) => [order[0]!, p])
      : drawn.topology === "star in"
        ? others.map((p) => [p, hub])
        : drawn.topology === "chain and ring"
          ? [[order[n - 1]!, order[0]!]]
          : drawn.topology === "complete"
            ? order.flatMap((from) => order.map((to): [number, number] => [from, to]))
            : drawn.extra;
  const room = budget - Math.min(drawn.transfers, budget - channels.length * markers);
  for (const [from, to] of extra) {
    if (from !== to && !has(from, to) && (channels.length + 1) * markers <= room) channels.push([from, to]);
  }
  const programs: Transfer[][] = Array.from({ length: n }, () => []);
  let messages = channels.length * markers;
  let sent = 0;
  for (const pick of drawn.sends) {
    if (sent === drawn.transfers || messages === budget || channels.length === 0) break;
    const [from, to] = channels[pick % channels.length]!;
    if (programs[from]!.filter((t) => t.to === to).length === GENERATED_LIMITS.perChannel) continue;
    programs[from]!.push({ to, amount: drawn.amounts[sent]! });
    sent++;
    messages++;
  }
  const shuffled = channels.map((c, i) => ({ c, key: drawn.channelOrder[i]! })).sort((a, b) => a.key - b.key);
  const amounts = programs.flat().map((t) => t.amount);
  const balances = drawn.limit ? atTheLimit(drawn.balances, amounts, drawn.limit[0], drawn.limit[1]) : drawn.balances;
  return inFileOrder({
    names: drawn.names,
    balances,
    channels: shuffled.map(({ c }) => c),
    programs,
    initiators,
    ...(snapshots ? { snapshots } : {}),
  });
}

/**
 * The initiators, and in exercise 6 the snapshots: the drawn starters, the
 * first three distinct processes among them at most, and as many snapshots
 * as the budget has markers for on the channels every snapshot needs.
 */
function starting(starters: readonly number[], n: number, shape: Shape, budget: number): { initiators: number[]; snapshots?: number[] } {
  const initiators = [...new Set(starters)].slice(0, GENERATED_LIMITS.initiators);
  if (!shape.multiSnapshot) return { initiators };
  let snapshots = starters.filter((p) => initiators.includes(p));
  // The channels that let each of k initiators reach every process: n − 1 from the first, and one back to it from each other.
  const fits = (list: readonly number[]) => (n - 1 + new Set(list).size - 1) * list.length <= budget;
  // Too many for the budget: all taken by the first initiator, and if that is still too many, fewer.
  if (!fits(snapshots)) snapshots = snapshots.map(() => snapshots[0]!);
  while (!fits(snapshots)) snapshots = snapshots.slice(0, -1);
  return { initiators: [...new Set(snapshots)], snapshots };
}

/** The skeleton renumbered in the order JavaScript keeps its names as an object's keys (names of digits first): the file's order. */
export function inFileOrder(skeleton: Skeleton): Skeleton {
  const order = Object.values(Object.fromEntries(skeleton.names.map((name, p) => [name, p]))) as number[];
  const number = (p: number) => order.indexOf(p);
  return {
    names: order.map((p) => skeleton.names[p]!),
    balances: order.map((p) => skeleton.balances[p]!),
    channels: skeleton.channels.map(([from, to]) => [number(from), number(to)] as const),
    programs: order.map((p) => skeleton.programs[p]!.map((t) => ({ ...t, to: number(t.to) }))),
    initiators: skeleton.initiators.map(number),
    ...(skeleton.snapshots ? { snapshots: skeleton.snapshots.map(number) } : {}),
  };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export interface GeneratedScenario {
  readonly skeleton: Skeleton;
  readonly file: ScenarioFile;
}

/** How many scenarios are drawn for each one kept: the pool the list picks from. */
const POOL = 6;
/** Once every feature is shown, the rest of the list is the pool's scenarios in the order drawn that cost at most this many interleavings. */
const FILLER_COST = 150;

/**
 * The `count` scenarios an exercise is graded on, drawn from `seed`: the
 * same on every run. Of the drawn pool, the list takes first, one at a time,
 * the scenario that shows the most features no scenario before it showed for
 * the interleavings it costs (interleavings), then the rest in the order
 * drawn, leaving out the costliest.
 */
export function generatedScenarios(shape: Shape, seed: number, count: number): GeneratedScenario[] {
  const pool = fc.sample(skeletons(shape), { seed, numRuns: count * POOL });
  const shown = pool.map(features);
  const cost = pool.map((s) => interleavings(s, shape));
  const chosen: number[] = [];
  const seen = new Set<string>();
  while (chosen.length < count) {
    let best = -1;
    let bestWorth = 0;
    pool.forEach((_, i) => {
      if (chosen.includes(i)) return;
      const worth = shown[i]!.filter((f) => !seen.has(f)).length / Math.log2(2 + cost[i]!);
      if (worth > bestWorth) [best, bestWorth] = [i, worth];
    });
    if (best < 0) {
      const rest = pool.map((_, i) => i).filter((i) => !chosen.includes(i));
      best = rest.find((i) => cost[i]! <= FILLER_COST) ?? rest.sort((a, b) => cost[a]! - cost[b]!)[0]!;
    }
    chosen.push(best);
    for (const f of shown[best]!) seen.add(f);
  }
  return chosen.map((i, k) => ({ skeleton: pool[i]!, file: scenarioFile(pool[i]!, `generated #${k + 1}`, shape) }));
}

/**
 * A rough measure of how many states a scenario's exploration has: the ways
 * each channel's messages can have been delivered (in order, or any subset
 * without FIFO) times the ways each program can have run.
 */
export function interleavings(skeleton: Skeleton, shape: Shape): number {
  const markers = skeleton.snapshots?.length ?? 1;
  let ways = 1;
  for (const [from, to] of skeleton.channels) {
    const messages = skeleton.programs[from]!.filter((t) => t.to === to).length + markers;
    ways *= shape.fifo ? messages + 1 : 2 ** messages;
  }
  for (const program of skeleton.programs) ways *= program.length + 1;
  return ways;
}

/**
 * What a scenario shows that a learner's code may depend on, in words: its
 * sizes, its shape, its names, balances and amounts. The list of an exercise
 * shows every feature its shape allows (test/grade/catalogue-generated.test.ts).
 */
export function features(skeleton: Skeleton): string[] {
  const { names, balances, channels, programs, initiators, snapshots } = skeleton;
  const n = names.length;
  const incoming = (p: number) => channels.filter(([, to]) => to === p).length;
  const outgoing = (p: number) => channels.filter(([from]) => from === p).length;
  const onChannel = channels.map(([from, to]) => programs[from]!.filter((t) => t.to === to).map((t) => t.amount));
  const amounts = programs.flat().map((t) => t.amount);
  const ps = range(n);
  const sortedChannels = [...channels].sort(([a, b], [c, d]) => a - c || b - d);
  const found: [string, boolean][] = [
    [`${n} processes`, true],
    [`at most ${Math.max(0, ...onChannel.map((a) => a.length))} transfers on a channel`, true],
    [`${initiators.length} initiators`, true],
    [`${snapshots?.length} snapshots`, snapshots !== undefined],
    ["a process with no incoming channel", ps.some((p) => incoming(p) === 0)],
    ["a process with no outgoing channel", ps.some((p) => outgoing(p) === 0)],
    ["a process with two incoming channels", ps.some((p) => incoming(p) >= 2)],
    ["a process with three or more incoming channels", ps.some((p) => incoming(p) >= 3)],
    ["a process with five outgoing channels", ps.some((p) => outgoing(p) === 5)],
    ["channels listed out of order", channels.some((c, i) => c !== sortedChannels[i])],
    ["names not like P0", names.some((name) => !/^P\d+$/.test(name))],
    ["names out of sorted order", names.some((name, i) => i > 0 && name < names[i - 1]!)],
    ["a name of digits (JavaScript lists it first)", names.some((name) => /^\d+$/.test(name))],
    ["a name of one character", names.some((name) => name.length === 1)],
    ["a name of 40 characters or more", names.some((name) => name.length >= 40)],
    ["a name with a #, - or > in it", names.some((name) => /[#\->]/.test(name))],
    ["a name with a space in it", names.some((name) => name.includes(" "))],
    ["a name beyond ASCII", names.some((name) => /[^\x20-\x7e]/.test(name))],
    ["a name that begins another", names.some((a) => names.some((b) => a !== b && b.startsWith(a)))],
    ["a name an object already has", names.some((name) => name in {})],
    ["a zero balance", balances.includes(0)],
    ["a negative balance", balances.some((b) => b < 0)],
    ["a balance past 32 bits", balances.some((b) => Math.abs(b) > 2 ** 32)],
    ["all the money the format allows", moneyOf(balances, amounts) === MAX_MONEY],
    ["unequal balances", new Set(balances).size > 1],
    ["equal balances other than 100", new Set(balances).size === 1 && balances[0] !== 100],
    ["an amount repeated on one channel", onChannel.some((a) => new Set(a).size < a.length)],
    ["distinct amounts, each set adding up to its own total", amounts.length >= 2 && distinctSums(amounts)],
    ["an amount past 32 bits", amounts.some((a) => a > 2 ** 32)],
  ];
  return found.filter(([, holds]) => holds).map(([feature]) => feature);
}

/** Amounts that are c·2^k for distinct k: every subset adds up to its own total. */
function distinctSums(amounts: readonly number[]): boolean {
  const c = Math.min(...amounts);
  return amounts.every((a) => Number.isInteger(Math.log2(a / c))) && new Set(amounts).size === amounts.length;
}

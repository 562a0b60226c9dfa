/**
 * Skeletons as fast-check draws them, within an exercise's shape, varying
 * everything a learner's rules can observe within what the scenario format
 * allows (spec/model.md):
 * - two to six processes, named as generated-data.ts draws them, listed in
 *   the file in an order unlike their names' (and JavaScript's) order;
 * - any channels that let every marker reach every process, laid out at
 *   random, as stars in and out (up to five channels into or out of one
 *   process), chains and rings, or every pair: sources, sinks, processes
 *   with several incoming channels; listed in the file in a shuffled order;
 * - zero to five transfers a channel, with the amounts and balances of
 *   generated-data.ts;
 * - one to three initiators, and for exercise 6 one to six snapshots.
 * The message budget (messageBudget) is spent on variety rather than size:
 * six processes with a transfer or two, or two processes with five transfers
 * on one channel, or six snapshots on one channel.
 */
import fc from "fast-check";
import { amountsOf, atTheLimit, balancesOf, processNames } from "./generated-data.js";
import { GENERATED_LIMITS, inFileOrder, messageBudget, type Shape, type Skeleton, type SkeletonTransfer } from "./generated-scenarios.js";

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
        // Two processes most often: the snapshots' markers leave them room for transfers both ways.
        .chain((count) =>
          fc.tuple(
            fc.constant(count),
            fc.oneof(
              { weight: 1, arbitrary: fc.constant(2) },
              { weight: 1, arbitrary: fc.integer({ min: 2, max: Math.min(most, 1 + Math.floor(budget / count)) }) },
            ),
          ),
        )
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
        topology: fc.oneof(...topologies.map((t) => ({ weight: t === "random" || t.startsWith("star") ? 2 : 1, arbitrary: fc.constant(t) }))),
        // No more channels than the budget has markers for.
        extra: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: budget }),
        transfers: fc.nat(budget),
        sends: fc.array(fc.nat(), { minLength: budget, maxLength: budget }),
        channelOrder: fc.array(fc.nat(), { minLength: budget, maxLength: budget }),
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
  // A star in's hub is the last reached: every other process may send to it.
  const hub = order[n - 1]!;
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
  // A star and every pair take what channels they need first; a chain and a random layout leave room for the transfers drawn.
  const room =
    drawn.topology === "random" || drawn.topology === "chain and ring" ? budget - Math.min(drawn.transfers, budget - channels.length * markers) : budget;
  for (const [from, to] of extra) {
    if (from !== to && !has(from, to) && (channels.length + 1) * markers <= room) channels.push([from, to]);
  }
  const programs: SkeletonTransfer[][] = Array.from({ length: n }, () => []);
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

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

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
 * on one channel, or six snapshots on two.
 *
 * A draw may be steered (Wish): generated-list.ts draws for each feature an
 * exercise's list must show with the wish that makes it show it
 * (feature-draws.ts), so that every seed's list shows them all.
 */
import fc from "fast-check";
import { amountsOf, atTheLimit, balancesOf, changedByCents, MAX_MONEY, moneyOf, processNames } from "./generated-data.js";
import { GENERATED_LIMITS, inFileOrder, messageBudget, type Shape, type Skeleton, type SkeletonTransfer } from "./generated-scenarios.js";

/** How far below the largest amount the format allows one that cents arithmetic changes is looked for. */
const CENTS_SEARCH = 1000;

/** How a drawn scenario's channels are laid out, beside the channels that let every marker reach every process. */
export const topologies = ["random", "star out", "star in", "chain and ring", "complete"] as const;
/**
 * Or, drawn only when a wish asks for it: "mixed", channels both ways between some neighbours and one way between
 * others (the first process sends to the next two, the second sends back, the third sends to the second); "relayed
 * star", a star out of the one process the initiator sends to, which records on a marker or a transfer, never on its own;
 * "two-way star", channels both ways between the initiator and every other process.
 */
type Topology = (typeof topologies)[number] | "mixed" | "relayed star" | "two-way star";

/** What a steered draw must have; anything left out is drawn as an unsteered draw draws it. */
export interface Wish {
  readonly processes?: number;
  /** Distinct initiators (in exercise 6, the processes that start the snapshots). */
  readonly initiators?: number;
  /** Exercise 6: how many snapshots. */
  readonly snapshots?: number;
  readonly topology?: Topology;
  /** How many transfers, at least and at most, as far as the budget leaves room. */
  readonly transfers?: readonly [number, number];
  /** Every transfer on one channel. */
  readonly oneChannel?: boolean;
  /**
   * The first transfer where a snapshot may catch it, into the busiest
   * process: on the channel listed last, or ("named last") on the one whose
   * name sorts last.
   */
  readonly catchFirst?: boolean | "named last";
  /** Every transfer into that process, each on another of its channels, from the one listed last. */
  readonly converging?: boolean;
  /** The channels listed in the order of their processes (from, then to), not shuffled: a name listed before another. */
  readonly inProcessOrder?: boolean;
  /**
   * The first transfers, in this order, from one sender: on the channel a
   * snapshot may catch a transfer on (catchFirst's), or on another channel of
   * its sender.
   */
  readonly sendOrder?: readonly ("caught" | "other")[];
  readonly names?: (n: number) => fc.Arbitrary<string[]>;
  readonly balances?: (n: number) => fc.Arbitrary<number[]>;
  readonly amounts?: (count: number) => fc.Arbitrary<number[]>;
  /** Balances grown until all the money reaches what the format allows. */
  readonly allTheMoney?: boolean;
  /** The first transfer's amount grown until all the money reaches what the format allows. */
  readonly allTheMoneyInAnAmount?: boolean;
}

/** Skeletons within the shape, as fast-check draws them, steered by `wish`. */
export function skeletons(shape: Shape, wish: Wish = {}): fc.Arbitrary<Skeleton> {
  // Made once for each number of processes, not for each draw.
  const parts = new Map<number, fc.Arbitrary<Omit<Drawn, "starters" | "count">>>();
  const partsFor = (n: number) => parts.get(n) ?? parts.set(n, drawnParts(shape, wish, n)).get(n)!;
  return sizes(shape, wish).chain(({ n, count, starters }) => partsFor(n).map((drawn) => built({ ...drawn, starters, count }, shape)));
}

/** Everything a draw of `n` processes draws but its sizes. */
function drawnParts(shape: Shape, wish: Wish, n: number): fc.Arbitrary<Omit<Drawn, "starters" | "count">> {
  const budget = messageBudget(shape);
  return fc.record({
    names: (wish.names ?? processNames)(n),
    balances: (wish.balances ?? balancesOf)(n),
    amounts: (wish.amounts ?? amountsOf)(budget),
    reach: fc.shuffledSubarray(range(n), { minLength: n, maxLength: n }),
    parents: fc.array(fc.nat(), { minLength: n, maxLength: n }),
    topology: wish.topology
      ? fc.constant(wish.topology)
      : fc.oneof(...topologies.map((t) => ({ weight: t === "random" || t.startsWith("star") ? 2 : 1, arbitrary: fc.constant(t) }))),
    // No more channels than the budget has markers for.
    extra: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: budget }),
    transfers: fc.integer({ min: wish.transfers?.[0] ?? 0, max: wish.transfers?.[1] ?? budget }),
    oneChannel: wish.oneChannel !== undefined ? fc.constant(wish.oneChannel) : fc.boolean(),
    // Most draws put their first transfer where a snapshot may catch it.
    converging: fc.constant(wish.converging ?? false),
    inProcessOrder: fc.constant(wish.inProcessOrder ?? false),
    sendOrder: fc.constant(wish.sendOrder ?? []),
    catchFirst:
      wish.catchFirst !== undefined
        ? fc.constant<boolean | "named last">(wish.catchFirst)
        : fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    sends: fc.array(fc.nat(), { minLength: budget, maxLength: budget }),
    channelOrder: fc.array(fc.nat(), { minLength: budget, maxLength: budget }),
    // One scenario in five holds all the money the format allows.
    limit: wish.allTheMoney
      ? fc.tuple(fc.nat(n - 1), fc.boolean())
      : fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(fc.nat(n - 1), fc.boolean()) }),
    amountLimit: fc.constant(wish.allTheMoneyInAnAmount ?? false),
  });
}

interface Sizes {
  readonly n: number;
  /** Exercise 6: how many snapshots; 1 otherwise. */
  readonly count: number;
  /** The initiators, in order; in exercise 6 who starts each snapshot. */
  readonly starters: number[];
}

/**
 * The processes, the initiators and (exercise 6) the snapshots: as many
 * snapshots as the budget has markers for on the channels every snapshot
 * needs, each initiator starting at least one.
 */
function sizes(shape: Shape, wish: Wish): fc.Arbitrary<Sizes> {
  const { processes: most, initiators: mostInitiators, snapshots: mostSnapshots } = GENERATED_LIMITS;
  const budget = messageBudget(shape);
  const processes = (min: number, max: number) => (wish.processes !== undefined ? fc.constant(wish.processes) : fc.integer({ min, max }));
  if (!shape.multiSnapshot) {
    return processes(Math.max(2, wish.initiators ?? 0), most).chain((n) =>
      (wish.initiators !== undefined ? fc.constant(wish.initiators) : fc.integer({ min: 1, max: Math.min(mostInitiators, n) })).chain((k) =>
        fc.shuffledSubarray(range(n), { minLength: k, maxLength: k }).map((starters) => ({ n, count: 1, starters })),
      ),
    );
  }
  const counts =
    wish.snapshots !== undefined
      ? fc.constant(wish.snapshots)
      : fc.oneof({ weight: 2, arbitrary: fc.constant(1) }, { weight: 3, arbitrary: fc.integer({ min: 2, max: mostSnapshots }) });
  // The channels that let each of k initiators reach every one of n processes: n − 1 from the first and one back from each
  // other, or a ring of n for three.
  const fits = (n: number, k: number, count: number) => n >= Math.max(2, k) && (k > 2 ? n : n - 2 + k) * count <= budget;
  const ns = (k: number, count: number) => (wish.processes !== undefined ? [wish.processes] : range(most + 1)).filter((n) => fits(n, k, count));
  return counts.chain((count) => {
    const ks = wish.initiators !== undefined ? [wish.initiators] : range(Math.min(mostInitiators, count) + 1).filter((k) => k > 0 && ns(k, count).length > 0);
    return fc.constantFrom(...ks).chain((k) => {
      const fitting = ns(k, count);
      // The fewest processes most often: the snapshots' markers leave them room for transfers both ways.
      return fc.oneof(fc.constant(fitting[0]!), fc.constantFrom(...fitting)).chain((n) =>
        fc
          .record({
            who: fc.shuffledSubarray(range(n), { minLength: k, maxLength: k }),
            more: fc.array(fc.nat(k - 1), { minLength: count, maxLength: count }),
            order: fc.shuffledSubarray(range(count), { minLength: count, maxLength: count }),
          })
          // Each initiator starts one snapshot at least, the rest are drawn among them, in a drawn order.
          .map(({ who, more, order }) => ({ n, count, starters: order.map((i) => who[i < k ? i : more[i]!]!) })),
      );
    });
  });
}

interface Drawn {
  readonly names: string[];
  readonly balances: number[];
  readonly amounts: number[];
  readonly starters: number[];
  readonly reach: number[];
  readonly parents: number[];
  readonly topology: Topology;
  readonly extra: [number, number][];
  readonly transfers: number;
  readonly oneChannel: boolean;
  readonly catchFirst: boolean | "named last";
  readonly converging: boolean;
  readonly inProcessOrder: boolean;
  readonly sendOrder: readonly ("caught" | "other")[];
  readonly sends: number[];
  readonly channelOrder: number[];
  readonly limit: [number, boolean] | null;
  readonly amountLimit: boolean;
  readonly count: number;
}

/** The skeleton a draw describes, spending the message budget on channels first as far as its transfers leave room. */
function built(drawn: Drawn, shape: Shape): Skeleton {
  const budget = messageBudget(shape);
  const n = drawn.names.length;
  const snapshots = shape.multiSnapshot ? drawn.starters : undefined;
  const initiators = [...new Set(drawn.starters)];
  const markers = drawn.count;
  // Every process is reached from an initiator: each other process, in the drawn order, hangs from one reached before it.
  // In exercise 6 each snapshot's initiator on its own reaches every process: they all hang from the first, and reach it
  // (a chain closed into a ring needs nothing more).
  const order = [...initiators, ...drawn.reach.filter((p) => !initiators.includes(p))];
  const roots = snapshots ? 1 : initiators.length;
  // Three initiators each reaching every process: a ring, the fewest channels that do.
  const ring = drawn.topology === "chain and ring" || (snapshots !== undefined && initiators.length > 2);
  const channels: [number, number][] = [];
  const has = (from: number, to: number) => channels.some(([f, t]) => f === from && t === to);
  for (let i = roots; i < n; i++) {
    const parent = ring
      ? order[i - 1]!
      : drawn.topology === "star out" || drawn.topology === "two-way star" || drawn.topology === "mixed" || (drawn.topology === "relayed star" && i === 1)
        ? order[0]!
        : drawn.topology === "relayed star"
          ? order[1]!
          : order[drawn.parents[i]! % i]!;
    channels.push([parent, order[i]!]);
  }
  if (ring && snapshots && initiators.length > 1) channels.push([order[n - 1]!, order[0]!]);
  else for (const p of initiators.slice(roots)) if (!has(p, order[0]!)) channels.push([p, order[0]!]);
  // A star in's hub is the last reached: every other process may send to it.
  const hub = order[n - 1]!;
  const others = order.filter((p) => p !== hub);
  const extra: [number, number][] = ring
    ? [[order[n - 1]!, order[0]!]]
    : drawn.topology === "star out"
      ? others.map((p) => [order[0]!, p])
      : drawn.topology === "two-way star"
        ? order.slice(1).map((p) => [p, order[0]!])
        : drawn.topology === "star in"
          ? others.map((p) => [p, hub])
          : drawn.topology === "complete"
            ? order.flatMap((from) => order.map((to): [number, number] => [from, to]))
            : drawn.topology === "relayed star"
              ? []
              : drawn.topology === "mixed"
                ? ([
                    [order[1], order[0]],
                    [order[2], order[1]],
                  ].filter(([from, to]) => from !== undefined && to !== undefined) as [number, number][])
                : drawn.extra;
  // A star and every pair take what channels they need first; a chain and a random layout leave room for the transfers drawn.
  const room = drawn.topology === "random" || ring ? budget - Math.min(drawn.transfers, budget - channels.length * markers) : budget;
  for (const [from, to] of extra) {
    if (from !== to && !has(from, to) && (channels.length + 1) * markers <= room) channels.push([from, to]);
  }
  const shuffled = drawn.inProcessOrder
    ? [...channels].sort(([a, b], [c, d]) => a - c || b - d)
    : channels
        .map((c, i) => ({ c, key: drawn.channelOrder[i]! }))
        .sort((a, b) => a.key - b.key)
        .map(({ c }) => c);
  // The channel whose name sorts last into the busiest process is listed last too, if its first transfer goes there.
  const named = drawn.catchFirst === "named last" ? catchingChannel(shuffled, n, snapshots ? snapshots.at(-1)! : initiators, shape, drawn.names) : undefined;
  const listed = named ? [...shuffled.filter((c) => c !== named), named] : shuffled;
  const programs: SkeletonTransfer[][] = Array.from({ length: n }, () => []);
  let messages = channels.length * markers;
  const send = ([from, to]: readonly [number, number]) => {
    programs[from]!.push({ to, amount: drawn.amounts[programs.flat().length]! });
    messages++;
  };
  const full = ([from, to]: readonly [number, number]) => programs[from]!.filter((t) => t.to === to).length === GENERATED_LIMITS.perChannel;
  // A relayed star's first transfer is its hub's, on the hub's channel listed last; its second, the initiator's to the hub.
  const relay = drawn.topology === "relayed star" ? listed.find(([from, to]) => from === order[0] && to === order[1]) : undefined;
  const first = relay
    ? listed.filter(([from]) => from === order[1]).at(-1)
    : drawn.catchFirst || drawn.oneChannel || drawn.converging || drawn.sendOrder.length > 0
      ? catchingChannel(listed, n, snapshots ? snapshots.at(-1)! : initiators, shape, drawn.catchFirst === "named last" ? drawn.names : undefined)
      : undefined;
  const converging = first ? listed.filter(([, to]) => to === first[1]).reverse() : [];
  const other = first && listed.find(([from, to]) => from === first[0] && to !== first[1]);
  for (const pick of drawn.sends) {
    const sent = programs.flat().length;
    if (sent === drawn.transfers || messages === budget || channels.length === 0) break;
    const channel =
      drawn.converging && first
        ? converging[sent % converging.length]!
        : other && sent < drawn.sendOrder.length
          ? drawn.sendOrder[sent] === "caught"
            ? first!
            : other
          : sent === 0 && first
            ? first
            : sent === 1 && relay
              ? relay
              : drawn.oneChannel && sent > 0
                ? channelOf(programs, listed)
                : listed[pick % listed.length]!;
    if (full(channel)) {
      if (drawn.oneChannel) break;
      continue;
    }
    send(channel);
  }
  const sender = programs.findIndex((program) => program.length > 0);
  let balances = drawn.balances;
  if (drawn.amountLimit && sender >= 0) {
    const [grown, ...others] = programs[sender]!;
    const rest = moneyOf(
      drawn.balances,
      [...others, ...programs.filter((_, p) => p !== sender).flat()].map((t) => t.amount),
    );
    // The largest amount that money arithmetic in cents changes (one in five near the limit, but none in some stretches): the
    // rest goes to the sender's balance. Where none is near, the amount stays as drawn, and the list takes another scenario.
    let moved = 0;
    while (moved < CENTS_SEARCH && !changedByCents(MAX_MONEY - rest - moved)) moved++;
    if (moved === CENTS_SEARCH) moved = 0;
    programs[sender] = [{ ...grown!, amount: MAX_MONEY - rest - moved }, ...others];
    balances = balances.map((b, p) => (p !== sender ? b : b < 0 ? b - moved : b + moved));
  }
  const amounts = programs.flat().map((t) => t.amount);
  if (drawn.limit && !drawn.amountLimit) balances = atTheLimit(drawn.balances, amounts, drawn.limit[0], drawn.limit[1]);
  return inFileOrder({
    names: drawn.names,
    balances,
    channels: listed,
    programs,
    initiators,
    ...(snapshots ? { snapshots } : {}),
  });
}

/**
 * The channel a snapshot may catch a transfer on (its receiver may record
 * before the channel's marker comes: it starts the snapshot, or has another
 * way in; without FIFO, any), into the process with the most incoming
 * channels, the last of them listed: where a mistake that holds only the
 * first few channels, or treats the last differently, shows.
 */
function catchingChannel(
  listed: readonly (readonly [number, number])[],
  n: number,
  starters: number | readonly number[],
  shape: Shape,
  names?: readonly string[],
) {
  const starting = typeof starters === "number" ? [starters] : starters;
  const into = range(n).map((p) => listed.filter(([, to]) => to === p).length);
  const catchable = listed.filter(([, to]) => !shape.fifo || starting.includes(to) || into[to]! >= 2);
  const busiest = Math.max(-1, ...catchable.map(([, to]) => into[to]!));
  const candidates = catchable.filter(([, to]) => into[to] === busiest);
  const name = ([from, to]: readonly [number, number]) => `${names![from]!}->${names![to]!}`;
  return names ? [...candidates].sort((a, b) => (name(a) < name(b) ? -1 : 1)).at(-1) : candidates.at(-1);
}

/** The channel the first transfer went on. */
function channelOf(programs: readonly (readonly SkeletonTransfer[])[], listed: readonly (readonly [number, number])[]) {
  const from = programs.findIndex((program) => program.length > 0);
  return listed.find(([f, t]) => f === from && t === programs[from]![0]!.to)!;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

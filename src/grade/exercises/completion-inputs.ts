/**
 * Exercise 3's inputs as its README defines them, for fast-check to draw:
 * a process's view (what `isPartDone` is given) and the parts of a complete
 * snapshot (what `assembleSnapshot` is given). Wider than what the runs of a
 * few scenarios reach: any number of channels, processes with no incoming
 * channel, any balances the scenario format allows, repeated amounts, the
 * parts in any order.
 */
import fc from "fast-check";
import type { ChannelRecording, DataMessage } from "../../models/bank/bank-state.js";
import type { ProcessView } from "../../models/bank/algorithms/snapshot-algorithm.js";
import { channelName } from "../../scenario/channels.js";
import { SCENARIO_LIMITS } from "../../scenario/scenario-fields.js";
import type { LocalPart } from "./completion.js";
import {
  amountsOf,
  amountsOfKind,
  atTheLimit,
  balanceOfKind,
  balancesOf,
  balancesAll,
  balancesWithOne,
  confusableNames,
  longDigitsNamed,
  MAX_MONEY,
  moneyOf,
  namesOfKind,
  namesWithPairs,
  processNames,
  SWAPPABLE_HASH_TWINS,
  twinFirstNamed,
} from "./generated-data.js";

/** The most processes a drawn input has; a process's view has up to five neighbours. */
const MOST_PROCESSES = 6;
/** The most messages a drawn channel holds (what a channel recorded, what a process sent on one). */
const MOST_PER_CHANNEL = 5;

/** `count` messages from `sender`, its sends numbered from `first`, with these amounts. */
const messages = (sender: string, first: number, amounts: readonly number[]): DataMessage[] =>
  amounts.map((amount, k) => ({ kind: "data", id: `${sender}#${first + k}`, amount }));

/**
 * Numbers a sender's messages on one channel may carry, rising with gaps (it sent elsewhere between them), up to the
 * format's most sends: each one more digit than the one before it, or 16, 32 or 64 past the first, so that code that
 * orders them as text or keeps them as bits of a mask takes one for another.
 */
const GAPPED_NUMBERS = [1, 9, 10, 17, 33, 65, 99, 100];

/** A process's pc: how many program steps it has done, most often few, up to the format's most. */
const someSteps = fc.oneof(fc.nat(20), fc.nat(SCENARIO_LIMITS.programSteps));

/** Up to MOST_PER_CHANNEL amounts, repeated or not. */
const someAmounts = fc.integer({ min: 0, max: MOST_PER_CHANNEL }).chain((count) => amountsOf(count));

/**
 * A drawn input, with the names of its processes as drawn, and the same
 * input made with other names in their place (given in the same order): a
 * failing input is shown with plain names where it still fails with them
 * (completion-calls.ts).
 */
export interface NamedInput<Input> {
  readonly input: Input;
  readonly names: readonly string[];
  named(names: readonly string[]): Input;
}

const namedInput = <Input>(names: readonly string[], named: (names: readonly string[]) => Input): NamedInput<Input> => ({ input: named(names), names, named });

/** What a drawn view must have; anything left out is drawn at random. */
interface ViewWish {
  readonly processes?: number;
  readonly names?: (n: number) => fc.Arbitrary<string[]>;
  /** Every neighbour sends to the process, or none does. */
  readonly incoming?: "all" | "none";
  /** The process sends to every neighbour, or to none (a sink). */
  readonly outgoing?: "all" | "none";
  readonly hasRecorded?: boolean;
  /** Every incoming channel closed, or every one but one (any one). */
  readonly closed?: "all" | "all but one";
}

/**
 * A process's view: its name, its incoming and outgoing channels (none, or
 * up to five each, or fifteen, as a wish asks), and where it stands. Before it records, its incoming
 * channels are idle and `recorded` is null; once it has, each is open or
 * closed, with the messages it recorded there, and `recorded` holds what it
 * saved.
 */
function viewsOf(wish: ViewWish = {}): fc.Arbitrary<NamedInput<ProcessView>> {
  const flags = (n: number, all?: boolean) =>
    all === undefined ? fc.array(fc.boolean(), { minLength: n, maxLength: n }) : fc.constant(Array.from({ length: n }, () => all));
  return (wish.processes !== undefined ? fc.constant(wish.processes) : fc.integer({ min: 1, max: MOST_PROCESSES }))
    .chain((n) =>
      fc.record({
        names: (wish.names ?? processNames)(n),
        incoming: flags(n, wish.incoming === undefined ? undefined : wish.incoming === "all"),
        outgoing: flags(n, wish.outgoing === undefined ? undefined : wish.outgoing === "all"),
        hasRecorded: wish.hasRecorded !== undefined ? fc.constant(wish.hasRecorded) : fc.boolean(),
        closed:
          wish.closed === undefined
            ? flags(n)
            : wish.closed === "all"
              ? flags(n, true)
              : fc.nat(n - 1).map((open) => Array.from({ length: n }, (_, i) => i !== open)),
        recorded: fc.array(someAmounts, { minLength: n, maxLength: n }),
        sent: fc.array(someAmounts, { minLength: n, maxLength: n }),
        state: fc.record({ pc: someSteps, balance: balancesOf(1).map(([b]) => b!) }),
      }),
    )
    .map(({ names: drawnNames, incoming, outgoing, hasRecorded, closed, recorded, sent, state }) =>
      namedInput(drawnNames, (names) => {
        const [process, ...neighbours] = names as [string, ...string[]];
        const from = neighbours.filter((_, i) => incoming[i]);
        const to = neighbours.filter((_, i) => outgoing[i]);
        const recordings: Record<string, ChannelRecording> = {};
        const received: string[] = [];
        from.forEach((sender, i) => {
          const inFlight = messages(sender, 1, recorded[i]!);
          received.push(...inFlight.map((m) => m.id));
          recordings[channelName(sender, process)] = !hasRecorded ? { status: "idle" } : { status: closed[i] ? "closed" : "open", messages: inFlight };
        });
        let sends = 0;
        const sentOn: Record<string, DataMessage[]> = {};
        to.forEach((receiver, i) => {
          sentOn[channelName(process, receiver)] = messages(process, sends + 1, sent[i]!);
          sends += sent[i]!.length;
        });
        received.sort();
        return {
          process,
          hasRecorded,
          incoming: from.map((sender) => channelName(sender, process)),
          outgoing: to.map((receiver) => channelName(process, receiver)),
          recordings,
          // What it saved when it recorded: the messages recorded on its channels arrived after that.
          recorded: hasRecorded ? { pc: Math.min(state.pc, sends), balance: state.balance, received: [] } : null,
          received,
          sent: sentOn,
        };
      }),
    );
}

/** What a drawn set of parts must have; anything left out is drawn at random. */
interface PartsWish {
  readonly processes?: number;
  readonly names?: (n: number) => fc.Arbitrary<string[]>;
  /** Channels between every two processes (as far as `processes` allows), or none into one of them at least. */
  readonly channels?: "every pair" | "a source";
  /** A channel with this many recorded messages, at least. */
  readonly onOneChannel?: number;
  /** That channel's messages numbered so (onOneChannel of them), after any its sender sent before them. */
  readonly numbers?: readonly number[];
  readonly amounts?: (count: number) => fc.Arbitrary<number[]>;
  readonly balances?: (n: number) => fc.Arbitrary<number[]>;
  /** All the money the format allows. */
  readonly allTheMoney?: boolean;
}

/**
 * The parts of a complete snapshot, one per process, in any order: each
 * process's recorded pc and balance, and each of its incoming channels (any
 * channels between the processes, or none) with the messages recorded on it,
 * in the order they were recorded. The money in them all stays within the
 * scenario format's limit.
 */
function partsOf(wish: PartsWish = {}): fc.Arbitrary<NamedInput<LocalPart[]>> {
  const amounts = (count: number) => (wish.amounts ?? amountsOf)(count);
  const recorded = fc.integer({ min: 0, max: MOST_PER_CHANNEL }).chain(amounts);
  return (wish.processes !== undefined ? fc.constant(wish.processes) : fc.integer({ min: 1, max: MOST_PROCESSES }))
    .chain((n) => {
      const pairs = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (__, j) => [i, j] as const))
        .flat()
        .filter(([i, j]) => i !== j);
      const channels =
        wish.channels === "every pair"
          ? fc.constant(pairs)
          : wish.channels === "a source"
            ? fc.nat(n - 1).chain((source) => fc.subarray(pairs.filter(([, to]) => to !== source)))
            : fc.subarray(pairs);
      return fc.record({
        names: (wish.names ?? processNames)(n),
        balances: (wish.balances ?? balancesOf)(n),
        pcs: fc.array(someSteps, { minLength: n, maxLength: n }),
        channels,
        amounts: fc.array(recorded, { minLength: pairs.length, maxLength: pairs.length }),
        // The channel whose messages onOneChannel asks for.
        full: wish.onOneChannel !== undefined && pairs.length > 0 ? fc.tuple(fc.nat(pairs.length - 1), amounts(wish.onOneChannel)) : fc.constant(null),
        // One set in five holds all the money the format allows.
        limit: wish.allTheMoney
          ? fc.tuple(fc.nat(n - 1), fc.boolean())
          : fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(fc.nat(n - 1), fc.boolean()) }),
        order: fc.shuffledSubarray(
          Array.from({ length: n }, (_, i) => i),
          { minLength: n, maxLength: n },
        ),
        pairs: fc.constant(pairs),
      });
    })
    .map(({ names: drawnNames, balances, pcs, channels, amounts, full, limit, order, pairs }) =>
      namedInput(drawnNames, (names) => {
        // The channels by their place among every pair, the one onOneChannel asks for among them.
        const drawn = channels.map(([from, to]) => pairs.findIndex(([f, t]) => f === from && t === to));
        const kept = full && !drawn.includes(full[0]) ? [...drawn, full[0]].sort((a, b) => a - b) : drawn;
        const sends = names.map(() => 0);
        const inChannels = kept.map((c) => {
          const [from, to] = pairs[c]!;
          const sender = names[from]!;
          const numbered = full && c === full[0] && wish.numbers;
          const recorded = numbered
            ? full[1].map((amount, k): DataMessage => ({ kind: "data", id: `${sender}#${sends[from]! + wish.numbers![k]!}`, amount }))
            : messages(sender, sends[from]! + 1, full && c === full[0] ? full[1] : amounts[c]!);
          sends[from]! += numbered ? wish.numbers!.at(-1)! : recorded.length;
          return { id: channelName(sender, names[to]!), to, recorded };
        });
        const all = inChannels.flatMap((c) => c.recorded.map((m) => m.amount));
        const money = limit ? atTheLimit(balances, all, limit[0], limit[1]) : balances;
        const parts = names.map(
          (process, p): LocalPart => ({
            process,
            state: { pc: pcs[p]!, balance: money[p]! },
            channels: Object.fromEntries(inChannels.filter((c) => c.to === p).map((c) => [c.id, c.recorded])),
          }),
        );
        return order.map((p) => parts[p]!);
      }),
    )
    .filter(
      ({ input: parts }) =>
        moneyOf(
          parts.map((p) => p.state.balance),
          parts.flatMap((p) =>
            Object.values(p.channels)
              .flat()
              .map((m) => m.amount),
          ),
        ) <= MAX_MONEY,
    );
}

/** Inputs drawn for what they show: `count` of them from `inputs`. */
export interface InputDraw<Input> {
  readonly shows: string;
  readonly inputs: fc.Arbitrary<NamedInput<Input>>;
  readonly count: number;
  /** Each input asked again right after, with its names so renamed: for an answer remembered by what it was asked, wrongly. */
  readonly askedAgainAs?: (names: readonly string[]) => string[];
}

/** The first twin renamed as the second: a text that differs from another only so has the same string hash. */
const renamed =
  ([first, second]: readonly [string, string]) =>
  (names: readonly string[]) =>
    names.map((name) => (name === first ? second : name));

/** Names one may mistake for each other: two that differ only in case, in spaces at either end, or are the same number. */
const mistaken = namesWithPairs([
  { pool: confusableNames.cases, related: (a, b) => a.toLowerCase() === b.toLowerCase() },
  { pool: confusableNames.spaced, related: (a, b) => a.trim() === b.trim() },
]);
const sameNumber = namesWithPairs([{ pool: confusableNames.sameNumbers, related: (a, b) => Number(a) === Number(b) }]);

/**
 * The views `isPartDone` is called on, 100 in all: some drawn for each
 * shape a mistake needs, the rest at random.
 */
export const viewDraws: readonly InputDraw<ProcessView>[] = [
  { shows: "before it records", inputs: viewsOf({ hasRecorded: false }), count: 10 },
  { shows: "no incoming channel, recorded", inputs: viewsOf({ incoming: "none", hasRecorded: true }), count: 10 },
  { shows: "five incoming channels, every one closed", inputs: viewsOf({ processes: 6, incoming: "all", hasRecorded: true, closed: "all" }), count: 10 },
  {
    shows: "five incoming channels, every one closed but one (any one)",
    inputs: viewsOf({ processes: 6, incoming: "all", hasRecorded: true, closed: "all but one" }),
    count: 15,
  },
  {
    shows: "a sink, recorded, every incoming channel closed",
    inputs: viewsOf({ incoming: "all", outgoing: "none", hasRecorded: true, closed: "all" }),
    count: 4,
  },
  {
    shows: "a sink, recorded, every incoming channel closed but one",
    inputs: viewsOf({ processes: 4, incoming: "all", outgoing: "none", hasRecorded: true, closed: "all but one" }),
    count: 4,
  },
  { shows: "names as long as the format allows, beyond the Basic Multilingual Plane", inputs: viewsOf({ names: namesOfKind.longestAstral }), count: 4 },
  // As many channels in as a process can have: an answer that looks at a few of them (the first, the last) misses the open one.
  {
    shows: "fifteen incoming channels, the most the format allows, every one closed but one (any one)",
    inputs: viewsOf({ processes: SCENARIO_LIMITS.parties, names: namesOfKind.mixed, incoming: "all", hasRecorded: true, closed: "all but one" }),
    count: 6,
  },
  { shows: "anything", inputs: viewsOf(), count: 37 },
];

/**
 * The parts `assembleSnapshot` is called on, 140 sets in all: some drawn
 * for each shape a mistake needs, the rest at random.
 */
export const partsDraws: readonly InputDraw<LocalPart[]>[] = [
  { shows: "one process", inputs: partsOf({ processes: 1 }), count: 4 },
  { shows: "six processes, every two connected both ways", inputs: partsOf({ processes: 6, channels: "every pair" }), count: 6 },
  { shows: "a process with no incoming channel", inputs: partsOf({ channels: "a source" }), count: 6 },
  // More than any other channel holds: an answer that keeps a channel's first few messages is refused.
  { shows: "twelve messages on one channel, one amount", inputs: partsOf({ onOneChannel: 12, amounts: amountsOfKind.same }), count: 4 },
  { shows: "twelve messages on one channel, amounts falling", inputs: partsOf({ onOneChannel: 12, amounts: amountsOfKind.falling }), count: 4 },
  { shows: "five messages on one channel, past 32 bits", inputs: partsOf({ onOneChannel: 5, amounts: amountsOfKind.large }), count: 4 },
  {
    shows: `eight messages on one channel numbered ${GAPPED_NUMBERS.join(", ")} past the sender's others`,
    inputs: partsOf({ processes: 2, onOneChannel: GAPPED_NUMBERS.length, numbers: GAPPED_NUMBERS }),
    count: 4,
  },
  { shows: "all the money the format allows", inputs: partsOf({ allTheMoney: true }), count: 4 },
  {
    shows: "sixteen processes, the most a scenario has, with all the money the format allows",
    inputs: partsOf({ processes: SCENARIO_LIMITS.parties, names: namesOfKind.mixed, allTheMoney: true }),
    count: 2,
  },
  { shows: "a zero balance", inputs: partsOf({ balances: balancesWithOne(balanceOfKind.zero) }), count: 5 },
  { shows: "a negative balance", inputs: partsOf({ balances: balancesWithOne(balanceOfKind.largeNegative) }), count: 5 },
  { shows: "names that differ only in case or in spaces", inputs: partsOf({ processes: 5, names: mistaken }), count: 5 },
  { shows: "names that are the same number", inputs: partsOf({ processes: 3, names: sameNumber }), count: 5 },
  { shows: "names an object already has", inputs: partsOf({ names: namesOfKind.objectNames }), count: 5 },
  { shows: "names of digits", inputs: partsOf({ names: namesOfKind.integers }), count: 5 },
  { shows: "names as long as the format allows, beyond the Basic Multilingual Plane", inputs: partsOf({ names: namesOfKind.longestAstral }), count: 4 },
  {
    shows: "names of twenty digits, the same number, three messages on one channel",
    inputs: partsOf({ processes: 3, names: longDigitsNamed, onOneChannel: 3 }),
    count: 3,
  },
  {
    shows: "a hundred messages on one channel, the most a scenario sends",
    inputs: partsOf({ processes: 2, onOneChannel: SCENARIO_LIMITS.programSteps, amounts: amountsOfKind.same }),
    count: 2,
  },
  // A total kept as a float, a channel's mean times its count, is off by a fraction only a small total keeps; from
  // seven messages, as fewer small amounts come back exact.
  {
    shows: "seven to a hundred messages on one channel, small amounts, every balance zero",
    inputs: fc
      .integer({ min: 7, max: SCENARIO_LIMITS.programSteps })
      .chain((count) => partsOf({ processes: 2, onOneChannel: count, amounts: amountsOfKind.small, balances: balancesAll(balanceOfKind.zero) })),
    count: 40,
  },
  { shows: "anything", inputs: partsOf(), count: 3 },
  ...SWAPPABLE_HASH_TWINS.map(
    (twins): InputDraw<LocalPart[]> => ({
      shows: `a process named ${twins[0]}, then the same parts with it named ${twins[1]}`,
      inputs: partsOf({ names: twinFirstNamed(twins) }),
      count: 2,
      askedAgainAs: renamed(twins),
    }),
  ),
];

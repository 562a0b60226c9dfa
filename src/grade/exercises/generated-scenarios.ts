/**
 * A generated scenario as the grader keeps it, beside its fixed ones: its
 * skeleton (processes by number, with their names, balances and transfers)
 * and the file it is written as, in the format of spec/model.md, so that the
 * one a learner is shown can be explored with `snaplab explore --rules`.
 * Here: what an exercise's shape allows (GENERATED_LIMITS, messageBudget,
 * withinShape), and the way between a skeleton and its file. How they are
 * drawn: drawn-skeletons.ts; which make an exercise's list:
 * generated-list.ts.
 */
import type { BankAction } from "../../models/bank/actions.js";
import type { MultiSnapshotScenario } from "../../models/bank/multi-snapshot/multi-snapshot-state.js";
import { parseScenario } from "../../models/bank/parse-scenario.js";
import type { Scenario } from "../../models/bank/scenario.js";
import type { ScenarioJson } from "../../models/bank/scenario-json.js";
import fc from "fast-check";
import { SCENARIO_LIMITS } from "../../scenario/scenario-fields.js";
import { amountsOfKind, balanceOfKind, MAX_MONEY, moneyOf, namesOfKind, POLYNOMIAL_TWINS, processNames } from "./generated-data.js";

export interface SkeletonTransfer {
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
  readonly programs: readonly (readonly SkeletonTransfer[])[];
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
  /**
   * The answer is an object keyed by process name (exercise 3's snapshot), which cannot hold a process named
   * `__proto__`: such a name is drawn only in the other exercises.
   */
  readonly answerKeyedByName?: boolean;
  /** The runs are the reference rules' (exercise 3, whose functions read the snapshots): no feature of a rule's own choices is drawn. */
  readonly referenceRules?: boolean;
}

/** How far the generated scenarios reach, the same for every exercise (exercise 6's snapshots aside). */
export const GENERATED_LIMITS = { processes: 6, perChannel: 5, initiators: 3, snapshots: 6 } as const;

/**
 * What keeps every exploration cheap: the messages a run can have in flight
 * (transfers, and a marker per channel and snapshot), at most this many,
 * beside the cost the list allows (generated-list.ts). Eight let a process
 * have five incoming channels and a transfer on one of them; in exercise 6
 * the markers of one snapshot follow another's on a FIFO channel, which
 * costs little, so six snapshots on two processes have room for a transfer.
 * The one place the sizes are set: test/grade/catalogue-generated.test.ts
 * bounds what the answers in solutions/ explore on them.
 */
export function messageBudget(shape: Shape): number {
  return shape.multiSnapshot ? 13 : 8;
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
  if (reachForm(skeleton, shape)) return readsBack(skeleton, shape);
  const { names, balances, channels, programs, initiators, snapshots } = skeleton;
  const processes = names.length;
  if (shape.answerKeyedByName && names.includes("__proto__")) return false;
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

/**
 * Past the drawn scenarios' sizes, towards the format's own, with little
 * else in them, each where the learner's rules decide what it shows: a
 * star out of one process to every other, for each number of processes
 * from seven to sixteen (the most a scenario has), so that a process has
 * each number of outgoing channels up to fifteen (where the learner sends
 * the markers, or assembles a part of each process); eleven transfers a
 * snapshot may catch on one channel (where the learner records the
 * channels: a sender's message numbers reach two digits, #11 ending as #1
 * does, in ids as long as names of the most characters make them); in
 * exercise 5, twelve transfers on one channel without FIFO, the twelfth
 * received first (an id of two digits received, beginning as the in-flight
 * #1 does); eleven snapshots, the last started by the other process (exercise
 * 6: ids reach two digits), with no transfer, and again with a transfer
 * the last snapshot catches; eleven snapshots reaching a process over three
 * channels, from x and through 0x and x1 (ids of two digits at a process
 * with three channels in); sixty-four snapshots of one process, the most the
 * format allows, and a transfer to it all of them catch (past a set of 32
 * kept in bits, past 2^53 where a float's integers stop being exact);
 * sixty-four snapshots, the first and the last of one process and the
 * others of the second, whose transfer reaches the first after their
 * markers (snapshots 0 and 63 open beside ids of two digits and past 31
 * closed, 2^0 and 2^63 one float); a hundred transfers on
 * one channel, the most the format allows, all sent before their receiver
 * starts a snapshot and all caught (a sender's message numbers reach three
 * digits, and past 32, where a set of them kept in a 32-bit mask wraps;
 * a channel's recording, a process's received ids and a sender's sent ones
 * as long as they can be); in exercise 5, a hundred transfers all received
 * before their receiver records, on their sender's marker (received ids as
 * many as they can be, none in flight); and sixty-five transfers on one channel with two
 * more from each of two processes named as the sender with a 1 after it and with a 0 before it, the
 * first of each (the first two of the sender's) received before the snapshot and the others caught (the
 * sender's #1 received beside its #33 and #65, which a set of numbers kept
 * in bits takes for it; x1's #1 and #2 and the sender's #11 and #12,
 * each run together with its sender's name, read alike; so do 0x's and the
 * sender's #10 and #20, each number written before its sender's name); a
 * sender's first and last transfers to the process that starts the
 * snapshot, which catches both, the ninety-eight between to a third (#1 and
 * #100 side by side in one recording). The stars are
 * searched reduced (spec/reduction.md): their full graphs have up to 2^15
 * states, their reduced ones a few. The hubs, the hundred transfers, the
 * sender's lookalike, the gap and exercise 6's forms with transfers are searched
 * from a start (firstSteps): their full graphs have thousands of states,
 * exercise 6's with views of up to sixty-four snapshots each. The others'
 * full graphs are small enough that finding which steps commute costs more
 * than the states it saves.
 */
export const REACH_LIMITS = {
  processes: SCENARIO_LIMITS.parties,
  perChannel: 11,
  snapshots: 11,
  sends: SCENARIO_LIMITS.programSteps,
  lookalikeSends: 65,
  hubFirstSends: 15,
  overtaken: 12,
  catchingSnapshots: SCENARIO_LIMITS.snapshots,
} as const;

/** The forms of scenario past the drawn sizes. */
export type ReachForm =
  | "stars"
  | "hubs"
  | "long channel"
  | "a hundred transfers"
  | "a hundred received"
  | "a sender's lookalike"
  | "a gap on one channel"
  | "an overtaking transfer"
  | "snapshots"
  | "caught by the last snapshot"
  | "caught by every snapshot"
  | "caught by the first and the last snapshot"
  | "relayed snapshots";

/** How a hub past the drawn sizes differs from a plain one (reachSkeletons). */
interface HubOptions {
  /** How many others it has channels both ways with, where their names are not given. */
  readonly size?: number;
  /** The others' names. */
  readonly others?: readonly string[];
  /** The initiator's name. */
  readonly initiator?: string;
  /** The hub's own name. */
  readonly hub?: string;
  /** The last other sends two, its first caught, not received before the hub records. */
  readonly lastCaught?: boolean;
  /** The place of the initiator's channel among the hub's channels in (the first where not given). */
  readonly initiatorAt?: number;
  /** The initiator sends the hub a transfer once it has recorded. */
  readonly initiatorSends?: boolean;
  /** A balance of 0 and nothing received before it records: a recorded state of zeros. */
  readonly zeroRecorded?: boolean;
}

/**
 * Names a rule that finds a channel by its sender may take for P1: the same but for case, spaces at either end, a
 * zero-width space, its letter's width (the same in NFKC), or its number (parseInt after the first letter); beginning
 * with it (and a -), ending with it.
 */
const LOOKALIKES_OF_P1 = ["p1", " P1", "P1 ", "P\u200b1", "Q1", "P10", "P1-", "xP1", "\uff301"];

/**
 * The hubs past the drawn sizes: of six others (past five channels in, the most drawn), nine (past a set of eight kept in
 * a byte) and fourteen, the most the format allows (channels in at places of two digits, 10 beginning as 1 does). The hub
 * of six records a state of zeros, with seven channels in; the nine are named as the initiator, P1, is but for one thing,
 * so that the hub's first marker comes from a sender each of them looks like, and listed before it, in and out (code that
 * finds the channel back to the marker's sender by its name finds one of theirs). Five more of fourteen others each have the
 * last one's lookalikes listed before it: names that hold `a` after a joiner code may put between names or ids before it
 * searches the text (beyond those drawn, scenario-features.ts: one character, or a few, which hold the joiners they end
 * with too), the first of these hubs with the initiator's channel listed second, at place 1, which 10 to 14 begin with,
 * the last named by 64 characters beyond the Basic Multilingual Plane, so that every channel into it ends with the same
 * 64 UTF-16 code units and more, and with the initiator's channel in listed last, at place 14, which holds 1 and 4, and a
 * transfer on it once the initiator has recorded (without FIFO, it records on that); names an object has already
 * (`__proto__`, which assigning to does not make a key, and `constructor`, which `in` finds); names a string hash h·B + c
 * takes for the last, for twenty-six bases B. Each of their others sends three, and the last two: each one's first is
 * received before the hub records and the last one's first not, each one's marker closes its channel before the last
 * one's caught transfer comes, and the hub sends each a marker before the last.
 */
const hubs: readonly HubOptions[] = [
  { size: 6, zeroRecorded: true },
  { others: LOOKALIKES_OF_P1, initiator: "P1", initiatorAt: LOOKALIKES_OF_P1.length },
  { size: 14 },
  ...[
    { others: [...["~", "-", "_", " ", ".", "+", "&", "#", "@", "!", "*", "=", ">"].map((joiner) => `x${joiner}a`), "a"], initiatorAt: 1 },
    { others: [...["||", "::", "&&", " | ", "\u00a0", "•", "·", "¦", "§", "→", "…", "–", "—"].map((joiner) => `x${joiner}a`), "a"] },
    { others: ["__proto__", "constructor", ...["'", "`", "$", "%", "^", "?", "\\", "(", "[", "{", "<"].map((joiner) => `x${joiner}a`), "a"] },
    { others: POLYNOMIAL_TWINS },
    {
      others: [...[")", "]", "}", "，", "、", "；", "：", "｜", "／", "«", "»", "×", "÷"].map((joiner) => `x${joiner}a`), "a"],
      hub: "\u{1F4B0}".repeat(SCENARIO_LIMITS.nameLength),
      initiatorAt: 14,
      initiatorSends: true,
    },
  ].map((lookalikes) => ({ ...lookalikes, lastCaught: true })),
];

/** The sizes of the stars past the drawn ones. */
const starSizes = Array.from({ length: REACH_LIMITS.processes - GENERATED_LIMITS.processes }, (_, k) => GENERATED_LIMITS.processes + 1 + k);

/** How many scenarios these forms add to a list (reachSkeletons). */
export function reachCount(forms: readonly ReachForm[]): number {
  return forms.reduce((n, form) => n + (form === "stars" ? starSizes.length : form === "hubs" ? hubs.length : 1), 0);
}

/** The scenarios of these forms past the drawn sizes, drawn from `seed`, in this order. */
export function reachSkeletons(forms: readonly ReachForm[], seed: number, shape: Shape): Skeleton[] {
  const draw = <T>(arbitrary: fc.Arbitrary<T>) => fc.sample(arbitrary, { seed, numRuns: 1 })[0]!;
  const balances = (n: number) => draw(fc.array(fc.oneof(balanceOfKind.zero, balanceOfKind.negative, balanceOfKind.small), { minLength: n, maxLength: n }));
  const pair = (programs: Skeleton["programs"], initiator: number): Skeleton => ({
    names: draw(processNames(2)),
    balances: balances(2),
    channels: [
      [0, 1],
      [1, 0],
    ],
    programs,
    initiators: [initiator],
  });
  const star = (n: number): Skeleton => ({
    names: draw(namesOfKind.numbered(n)),
    balances: balances(n),
    channels: Array.from({ length: n - 1 }, (_, p) => [0, p + 1] as const),
    programs: Array.from({ length: n }, () => []),
    initiators: [0],
    ...(shape.multiSnapshot ? { snapshots: [0] } : {}),
  });
  // The initiator's one channel is to the hub, which records on its marker: it sends markers to every other and back to
  // the initiator (fifteen channels out in the largest) and records every channel in, each carrying a transfer received
  // before the hub records, then one its snapshot catches, then one sent after its sender recorded, which reaches the hub
  // once that channel is closed and the later ones still open. The first other, at place 1, has three received (sixteen
  // in all before the hub records in the largest), then eleven caught: its #11 beside place 11's #1 received, its #12
  // beside place 11's #2 caught. In exercise 6 the initiator starts two snapshots: a channel's place of two digits in
  // snapshot 0 beside one of one digit in snapshot 1.
  // The last other of a lookalike hub sends two; the initiator's channel to the hub is listed at its place, and carries a
  // transfer once the initiator has recorded where asked. In exercise 3, whose answer is keyed by name, `x)a` stands for
  // `__proto__`. Where the hub records a state of zeros, every other sends two: none is received before it records.
  const hub = ({ size, others: named, initiator, hub: hubName, lastCaught, initiatorAt = 0, initiatorSends, zeroRecorded }: HubOptions): Skeleton => {
    const others = named?.length ?? size!;
    const leaves = Array.from({ length: others }, (_, k) => k + 2);
    const sends = leaves.map((_, k) => (zeroRecorded || (lastCaught && k === others - 1) ? 2 : k === 0 ? REACH_LIMITS.hubFirstSends : 3));
    // Two amounts taking turns: distinct powers of two for every transfer would pass the money the format allows.
    const amounts = draw(amountsOfKind.turns(sends.reduce((a, b) => a + b, initiatorSends ? 1 : 0)));
    let next = 0;
    const ends = () => draw(namesOfKind.mixed(2).filter((two) => two.every((name) => !named!.includes(name) && name !== initiator)));
    const withHub = (p: number) => [[p, 1] as const, [1, p] as const];
    return {
      names: named
        ? [
            ...ends().map((name, k) => (k === 0 ? (initiator ?? name) : (hubName ?? name))),
            ...named.map((name) => (name === "__proto__" && shape.answerKeyedByName ? "x)a" : name)),
          ]
        : draw(namesOfKind.mixed(others + 2)),
      balances: balances(others + 2).map((balance, p) => (zeroRecorded && p === 1 ? 0 : balance)),
      channels: [...leaves.slice(0, initiatorAt), 0, ...leaves.slice(initiatorAt)].flatMap(withHub),
      programs: [
        initiatorSends ? [{ to: 1, amount: amounts.at(-1)! }] : [],
        [],
        ...sends.map((n) => Array.from({ length: n }, () => ({ to: 1, amount: amounts[next++]! }))),
      ],
      initiators: [0],
      ...(shape.multiSnapshot ? { snapshots: [0, 0] } : {}),
    };
  };
  // The receiver starts the snapshot: it records before the channel's marker comes, and the transfers still on their way are
  // caught. Named as long as the format allows, beyond the Basic Multilingual Plane: ids of two digits and of one, as long
  // as ids can be, which code that pads them to a length to compare them as text does not pad.
  const long = () => ({
    ...pair([draw(amountsOfKind.powers(REACH_LIMITS.perChannel)).map((amount) => ({ to: 1, amount })), []], 1),
    names: draw(namesOfKind.longestAstral(2)),
    ...(shape.multiSnapshot ? { snapshots: [1] } : {}),
  });
  // The last started by the other process: ids of two digits beside ids of one, in both processes' own snapshots. Named
  // and funded plainly, as shrinking would make them: every snapshot less passes, and each try explores thousands of states.
  const snapshots = (transfers: readonly SkeletonTransfer[]) => ({
    ...pair([transfers, []], 0),
    names: ["P0", "P1"],
    balances: [100, 100],
    initiators: [0, 1],
    snapshots: Array.from({ length: REACH_LIMITS.snapshots }, (_, k) => (k < REACH_LIMITS.snapshots - 1 ? 0 : 1)),
  });
  // Two amounts taking turns, but #1's, which is #11's after a 1: #1 and its amount written together read as #11 and its.
  const hundredAmounts = () => {
    const amounts = draw(amountsOfKind.turns(REACH_LIMITS.sends));
    return [Number(`1${amounts[10]!}`), ...amounts.slice(1)];
  };
  const made = {
    stars: () => starSizes.map(star),
    hubs: () => hubs.map(hub),
    "long channel": () => [long()],
    // All the format allows, on one channel: their receiver starts the snapshot before any arrives, and catches them all.
    // The sender's name begins with a 1: its ids run together read as others (1#1 then 1#2 holds 1#11).
    "a hundred transfers": (): Skeleton[] => {
      const [sender, receiver] = draw(processNames(2).filter(([s, r]) => s!.length < SCENARIO_LIMITS.nameLength && `1${s}` !== r));
      return [
        {
          ...pair([hundredAmounts().map((amount) => ({ to: 1, amount })), []], 1),
          names: [`1${sender}`, receiver!],
        },
      ];
    },
    // All the format allows, on one channel, all received before their receiver records, on the marker of their sender, which
    // starts the snapshot: a process's received ids as many as they can be (#54 beside #1, past a float's exact integers
    // when kept as bits; #65 and #100, past a set of 64 or of 100 indexed from 1), none of them in flight.
    "a hundred received": (): Skeleton[] => [pair([hundredAmounts().map((amount) => ({ to: 1, amount })), []], 0)],
    // Their receiver starts the snapshot after the first two: it records the other sixty-three, from #3 to #65 (past 32 and 64
    // beside #1 received, where a set of numbers kept in bits wraps). Two more processes, named as the sender with a 1 after
    // it and with a 0 before it, send it two transfers each, the first received before the snapshot and the second caught: run
    // together with its sender's name, x1's #1 reads as the sender's #11, caught, and its #2 as the #12 before it; written after
    // its number, 0x's #1 reads as the sender's #10 (1 and 0x, 10 and x), and its #2 as the #20.
    "a sender's lookalike": (): Skeleton[] => {
      const [sender, receiver] = draw(processNames(2).filter(([s, r]) => s!.length < SCENARIO_LIMITS.nameLength && `${s}1` !== r && `0${s}` !== r));
      const two = [
        { to: 1, amount: 1 },
        { to: 1, amount: 2 },
      ];
      return [
        {
          names: [sender!, receiver!, `${sender}1`, `0${sender}`],
          balances: balances(4),
          channels: [
            [0, 1],
            [1, 0],
            [2, 1],
            [1, 2],
            [3, 1],
            [1, 3],
          ],
          programs: [draw(amountsOfKind.turns(REACH_LIMITS.lookalikeSends)).map((amount) => ({ to: 1, amount })), [], two, two],
          initiators: [1],
        },
      ];
    },
    // A sender's first and last transfers, the most the format allows apart, on the channel to the process that starts the snapshot,
    // which catches both; the ninety-eight between to a third: message numbers 1 and 100 side by side in one recording. The
    // third is named by the receiver's name twice, which begins and ends with it: code that finds a channel's sends (exercise
    // 5's marker history) by its receiver's name in the channels' takes the ninety-eight for the receiver's.
    "a gap on one channel": (): Skeleton[] => {
      const amounts = draw(amountsOfKind.turns(REACH_LIMITS.sends));
      const twice = (name: string) => `${name}${name}`;
      const [sender, receiver] = draw(
        processNames(2).filter(([s, r]) => 2 * [...r!].length <= SCENARIO_LIMITS.nameLength && !twice(r!).includes("->") && s !== twice(r!)),
      );
      return [
        {
          names: [sender!, receiver!, twice(receiver!)],
          balances: balances(3),
          channels: [
            [0, 1],
            [1, 0],
            [0, 2],
          ],
          programs: [amounts.map((amount, k) => ({ to: k === 0 || k === amounts.length - 1 ? 1 : 2, amount })), [], []],
          initiators: [1],
          ...(shape.multiSnapshot ? { snapshots: [1] } : {}),
        },
      ];
    },
    // Without FIFO, the last taken first, before its receiver starts the snapshot, which catches the others: ids of one digit
    // in flight beside one of two received, which begins as they do (x#12 begins with x#1).
    "an overtaking transfer": () => [pair([draw(amountsOfKind.turns(REACH_LIMITS.overtaken)).map((amount) => ({ to: 1, amount })), []], 1)],
    snapshots: () => [snapshots([])],
    // Sent after P0's markers, caught by the snapshot P1 started: the one of two digits.
    "caught by the last snapshot": () => [snapshots([{ to: 1, amount: 1 }])],
    // Sent by P1 before any marker comes: every snapshot, all P0's, records it, sixty-four at once.
    "caught by every snapshot": () => [
      { ...snapshots([]), programs: [[], [{ to: 0, amount: 1 }]], initiators: [0], snapshots: Array(REACH_LIMITS.catchingSnapshots).fill(0) },
    ],
    // P1 starts snapshot 0 and the last, P0 the sixty-two between, then sends its transfer: it reaches P1 after their
    // markers, caught by snapshots 0 and 63 alone, open beside ids of two digits and past 31 closed (snapshot 32 and 0
    // alike in 32 bits; 2^63 + 2^0 is 2^63 as a float).
    "caught by the first and the last snapshot": () => [
      {
        ...snapshots([{ to: 1, amount: 1 }]),
        initiators: [1, 0],
        snapshots: [1, ...Array(REACH_LIMITS.catchingSnapshots - 2).fill(0), 1],
      },
    ],
    // Eleven snapshots of x reaching y through 0x and x1 too, each of which sends y a transfer once it has recorded them:
    // ids of two digits at a process with three channels in, from a name and the same after a digit and before one
    // (snapshot 1 of 0x->y and 10 of x->y, written one after the other, read alike; so do x1 and 0, x and 10).
    "relayed snapshots": (): Skeleton[] => [
      {
        names: ["x", "0x", "x1", "y"],
        balances: [100, 100, 100, 100],
        channels: [
          [0, 3],
          [0, 1],
          [1, 3],
          [0, 2],
          [2, 3],
        ],
        programs: [[], [{ to: 3, amount: 1 }], [{ to: 3, amount: 1 }], []],
        initiators: [0],
        snapshots: Array(REACH_LIMITS.snapshots).fill(0),
      },
    ],
  };
  return forms.flatMap((form) => made[form]()).map(inFileOrder);
}

/**
 * Which form past the drawn sizes a skeleton has, as reachSkeletons makes
 * it or shrinking one leaves it, if any: a star out of its one initiator to
 * more processes than are drawn, with no transfer (in exercise 6, one
 * snapshot); or two processes with a
 * channel each way, with more transfers on one channel than are drawn (one
 * initiator; in exercise 6, one snapshot; without FIFO, twelve, the
 * twelfth taken first), or (exercise 6) more snapshots
 * (one initiator or both) and no transfer, or one from the first process.
 */
export function reachForm(skeleton: Skeleton, shape: Shape): ReachForm | undefined {
  const { names, channels, programs, initiators, snapshots } = skeleton;
  const [hub] = initiators as [number];
  const transfers = programs.flat().length;
  const star =
    initiators.length === 1 &&
    (!snapshots || snapshots.length === 1) &&
    transfers === 0 &&
    names.length > GENERATED_LIMITS.processes &&
    names.length <= REACH_LIMITS.processes &&
    channels.length === names.length - 1 &&
    channels.every(([from, to]) => from === hub && to !== hub) &&
    new Set(channels.map(([, to]) => to)).size === channels.length;
  if (star) return "stars";
  if (hubOf(skeleton) !== undefined && names.length > GENERATED_LIMITS.processes) return "hubs";
  if (relayOf(skeleton) !== undefined && snapshots?.length === REACH_LIMITS.snapshots) return "relayed snapshots";
  if (gapOf(skeleton) !== undefined) return "a gap on one channel";
  const sent = hundredOf(skeleton);
  if (sent !== undefined)
    return sent.lookalikes.length > 0 ? "a sender's lookalike" : initiators[0] === sent.sender ? "a hundred received" : "a hundred transfers";
  const pair = names.length === 2 && channels.length === 2 && channels.some(([from]) => from === 0) && channels.some(([from]) => from === 1);
  if (!pair) return undefined;
  if (snapshots?.length === REACH_LIMITS.catchingSnapshots && transfers === 1) {
    if (initiators.length === 1 && programs[1]!.length === 1) return "caught by every snapshot";
    const shaped = programs[0]!.length === 1 && snapshots[0] === 1 && snapshots.at(-1) === 1 && snapshots.slice(1, -1).every((p) => p === 0);
    return shaped ? "caught by the first and the last snapshot" : undefined;
  }
  if (snapshots && snapshots.length > GENERATED_LIMITS.snapshots && snapshots.length <= REACH_LIMITS.snapshots) {
    if (transfers === 0) return "snapshots";
    return transfers === 1 && programs[0]!.length === 1 ? "caught by the last snapshot" : undefined;
  }
  if (snapshots && snapshots.length !== 1) return undefined;
  const oneSender = programs.filter((program) => program.length > 0).length === 1;
  if (initiators.length !== 1 || !oneSender) return undefined;
  if (!shape.fifo && transfers === REACH_LIMITS.overtaken && programs[initiators[0]!]!.length === 0) return "an overtaking transfer";
  return transfers > GENERATED_LIMITS.perChannel && transfers <= REACH_LIMITS.perChannel ? "long channel" : undefined;
}

/**
 * A hub's shape, as reachSkeletons makes it or shrinking leaves it: the one
 * initiator's one channel is to the hub, which may have one back, and it
 * may send the hub a transfer; every other process has a channel each way
 * with the hub and sends it one transfer to fifteen; nothing else. The hub
 * and the others by number, in the file's order.
 */
function hubOf({ names, channels, programs, initiators, snapshots }: Skeleton): { hub: number; others: number[] } | undefined {
  const [initiator] = initiators;
  const out = channels.filter(([from]) => from === initiator);
  if (initiators.length !== 1 || out.length !== 1 || (snapshots && (snapshots.length > 2 || snapshots.some((p) => p !== initiator)))) return undefined;
  const hub = out[0]![1];
  const others = names.map((_, p) => p).filter((p) => p !== initiator && p !== hub);
  const both = (p: number) => channels.some(([f, t]) => f === p && t === hub) && channels.some(([f, t]) => f === hub && t === p);
  const sends = (p: number) => programs[p]!.length >= 1 && programs[p]!.length <= REACH_LIMITS.hubFirstSends && programs[p]!.every((t) => t.to === hub);
  // The channel back to the initiator, as shrinking may leave it or take it away.
  const back = channels.some(([f, t]) => f === hub && t === initiator) ? 1 : 0;
  const shaped = channels.length === 1 + back + 2 * others.length && others.every((p) => both(p) && sends(p));
  const initiatorSent = programs[initiator!]!;
  const atMostOneToHub = initiatorSent.length === 0 || (initiatorSent.length === 1 && initiatorSent[0]!.to === hub);
  return shaped && atMostOneToHub && programs[hub]!.length === 0 ? { hub, others } : undefined;
}

/**
 * A hundred transfers' shape, or a sender's lookalike's, as reachSkeletons
 * makes it or shrinking leaves it: the one initiator, the receiver (or, of
 * a hundred received, the sender), with a channel each way with the sender, which sends it a hundred transfers; or
 * sixty-five, and one or two lookalikes with a channel each way with the
 * receiver, each sending it one transfer or two; nothing else. By number.
 */
function hundredOf({ names, channels, programs, initiators, snapshots }: Skeleton): { sender: number; receiver: number; lookalikes: number[] } | undefined {
  const sender = programs.findIndex((program) => program.length === (names.length > 2 ? REACH_LIMITS.lookalikeSends : REACH_LIMITS.sends));
  // The receiver starts the snapshot, or, of a hundred received, the sender does.
  const [initiator] = initiators as [number];
  const receiver = initiator === sender && names.length === 2 ? 1 - sender : initiator;
  if (snapshots || initiators.length !== 1 || names.length < 2 || names.length > 4 || sender < 0 || sender === receiver) return undefined;
  const lookalikes = names.map((_, p) => p).filter((p) => p !== sender && p !== receiver);
  const has = ([from, to]: readonly [number, number]) => channels.some(([f, t]) => f === from && t === to);
  const both = (p: number): [number, number][] => [
    [p, receiver],
    [receiver, p],
  ];
  const shaped =
    channels.length === 2 * (names.length - 1) &&
    [sender, ...lookalikes].flatMap(both).every(has) &&
    programs[sender]!.every((t) => t.to === receiver) &&
    programs[receiver]!.length === 0 &&
    lookalikes.every((p) => programs[p]!.length <= 2 && programs[p]!.every((t) => t.to === receiver));
  return shaped ? { sender, receiver, lookalikes } : undefined;
}

/**
 * A gap's shape, as reachSkeletons makes it or shrinking leaves it: the
 * sender, whose first and last transfers go to the one initiator (in
 * exercise 6, of one snapshot) and the six or more between to a third
 * process (more than drawn scenarios send); a channel each way between the
 * sender and the initiator, one to the third; nothing else. By number.
 */
function gapOf({ names, channels, programs, initiators, snapshots }: Skeleton): { sender: number; receiver: number; other: number } | undefined {
  const [receiver] = initiators as [number];
  const sender = programs.findIndex((program) => program.length > 0);
  const other = 3 - sender - receiver;
  if (names.length !== 3 || initiators.length !== 1 || (snapshots && snapshots.length !== 1) || sender < 0 || sender === receiver) return undefined;
  const program = programs[sender]!;
  const between = program.slice(1, -1);
  const has = (from: number, to: number) => channels.some(([f, t]) => f === from && t === to);
  const shaped =
    channels.length === 3 &&
    has(sender, receiver) &&
    has(receiver, sender) &&
    has(sender, other) &&
    programs.filter((p) => p.length > 0).length === 1 &&
    program[0]!.to === receiver &&
    program.at(-1)!.to === receiver &&
    between.length > GENERATED_LIMITS.perChannel &&
    between.every((t) => t.to === other);
  return shaped ? { sender, receiver, other } : undefined;
}

/**
 * A relays' shape, as reachSkeletons makes it or shrinking one leaves it:
 * the one initiator with a channel to each other process, the relays each
 * with one to the end and one transfer there; nothing else. By number.
 */
function relayOf({ names, channels, programs, initiators }: Skeleton): { origin: number; relays: number[]; end: number } | undefined {
  const [origin] = initiators as [number];
  const relays = programs.flatMap((program, p) => (program.length === 1 ? [p] : []));
  const end = programs[relays[0] ?? -1]?.[0]?.to;
  if (names.length !== relays.length + 2 || initiators.length !== 1 || relays.includes(origin) || end === undefined || end === origin) return undefined;
  const has = (from: number, to: number) => channels.some(([f, t]) => f === from && t === to);
  const shaped =
    channels.length === 1 + 2 * relays.length &&
    has(origin, end) &&
    relays.every((relay) => has(origin, relay) && has(relay, end) && programs[relay]![0]!.to === end);
  return shaped && programs.flat().length === relays.length ? { origin, relays, end } : undefined;
}

/**
 * The steps every run the grader searches of a skeleton begins with, where
 * it searches only such runs: the forms past the drawn sizes whose whole
 * graphs are too big for a grade (REACH_LIMITS). In exercise 6's with
 * transfers, every snapshot is started, in id order, then every transfer
 * sent: each is then caught by the snapshots its receiver started. A hub's
 * is one run: the initiator starts each snapshot and sends its transfer if
 * it has one, every other sends its transfers but its last, the hub
 * receives each other's first (the first other's first three) and records
 * on the initiator's markers (without FIFO, on its transfer, which
 * overtakes them; with FIFO the transfer comes after them), the others
 * receive the hub's markers and send their last, the hub receives each
 * other's transfers caught (on a channel still open beside closed ones),
 * markers and last transfer (on a channel closed, the later ones still
 * open) in turn, and the initiator the hub's markers. A hundred transfers'
 * is one run too: all are sent, their receiver starts a snapshot and
 * receives them all, the sender takes its marker, and it the sender's. So
 * is a hundred received's: all are sent, the sender starts a snapshot, the
 * receiver takes them all and its marker, and the sender the receiver's. So
 * is the sender's lookalike's: all are sent, the sender's first two
 * received, and each lookalike's first, the receiver starts a snapshot and
 * receives the sender's other sixty-three and each lookalike's second, the sender takes its
 * marker, and it the sender's, then each lookalike likewise. So is a
 * gap's: all are sent, the receiver starts a snapshot and receives the
 * first and the last (both caught), the sender takes its marker, and it
 * the sender's, and the third takes the others and the sender's marker. So
 * is twelve transfers' without FIFO: all are sent, the twelfth received, the receiver starts a
 * snapshot and receives the other eleven, the sender takes its marker, and
 * it the sender's. So is sixty-four snapshots': P0 starts them all,
 * P1 sends its transfer and takes P0's markers, P0 the transfer (caught by
 * every snapshot) and P1's markers. So is the first and the last's: P0
 * starts its own and sends its transfer, P1 starts snapshots 0 and 63 and
 * takes P0's markers and the transfer (caught by those two alone), P0 P1's
 * markers, P1 P0's last two. So is the relays': x starts every snapshot, 0x
 * takes x's markers, then sends its transfer, and x1 likewise, y takes 0x's
 * markers and transfer (caught by none), x1's likewise, and x's markers. Every run searched is a run
 * of the scenario, so what fails there fails in `snaplab explore` too,
 * which searches them all.
 */
export function firstSteps(skeleton: Skeleton, shape: Shape): BankAction[] | undefined {
  const form = reachForm(skeleton, shape);
  const channel = (from: number, to: number) => skeleton.channels.findIndex(([f, t]) => f === from && t === to);
  const deliver = (from: number, to: number, position = 0): BankAction => ({ type: "deliver", channel: channel(from, to), position });
  if (form === "hubs") {
    const { hub, others } = hubOf(skeleton)!;
    const [initiator] = skeleton.initiators as [number];
    const each = (step: BankAction) => (skeleton.snapshots ?? [initiator]).map(() => step);
    // Of each other's transfers (as shrinking leaves them: one, two, or more), the first of three or more reaches the hub
    // before it records, and of the first other's fifteen the first three; the last of two or more is sent after its
    // sender recorded; the others are caught (eleven of the first other's).
    const count = (p: number) => skeleton.programs[p]!.length;
    const early = (p: number) => (count(p) >= 3 ? Math.max(1, count(p) - 12) : 0);
    const late = (p: number) => (count(p) >= 2 ? 1 : 0);
    const caught = (p: number) => count(p) - early(p) - late(p);
    const times = (n: number, step: BankAction) => Array.from({ length: n }, () => step);
    const sends = (p: number, n: number) => times(n, { type: "send", process: p });
    // The initiator's transfer, sent once it has recorded: without FIFO it overtakes the markers, and the hub records on it.
    const markers = each(deliver(initiator, hub));
    const red = times(count(initiator), deliver(initiator, hub, shape.fifo ? 0 : markers.length));
    return [
      ...each({ type: "initiate", process: initiator }),
      ...sends(initiator, count(initiator)),
      ...others.flatMap((p) => sends(p, early(p) + caught(p))),
      ...others.flatMap((p) => times(early(p), deliver(p, hub))),
      ...(shape.fifo ? [...markers, ...red] : [...red, ...markers]),
      ...others.flatMap((p) => each(deliver(hub, p))),
      ...others.flatMap((p) => sends(p, late(p))),
      ...others.flatMap((p) => [...times(caught(p), deliver(p, hub)), ...each(deliver(p, hub)), ...times(late(p), deliver(p, hub))]),
      ...(skeleton.channels.some(([f, t]) => f === hub && t === initiator) ? each(deliver(hub, initiator)) : []),
    ];
  }
  if (form === "a hundred transfers" || form === "a hundred received" || form === "a sender's lookalike") {
    const { sender, receiver, lookalikes } = hundredOf(skeleton)!;
    const sends = skeleton.programs[sender]!.map((): BankAction => ({ type: "send", process: sender }));
    const markers = [deliver(receiver, sender), deliver(sender, receiver)];
    if (form === "a hundred received") {
      return [
        ...sends,
        { type: "initiate", process: sender },
        ...sends.map(() => deliver(sender, receiver)),
        deliver(sender, receiver),
        deliver(receiver, sender),
      ];
    }
    if (lookalikes.length === 0) return [...sends, { type: "initiate", process: receiver }, ...sends.map(() => deliver(sender, receiver)), ...markers];
    const delivered = (p: number, from: number, to?: number) => skeleton.programs[p]!.slice(from, to).map(() => deliver(p, receiver));
    // The sender's first two and each lookalike's first are received before the snapshot, the rest caught.
    return [
      ...sends,
      ...lookalikes.flatMap((p) => skeleton.programs[p]!.map((): BankAction => ({ type: "send", process: p }))),
      ...delivered(sender, 0, 2),
      ...lookalikes.flatMap((p) => delivered(p, 0, 1)),
      { type: "initiate", process: receiver },
      ...delivered(sender, 2),
      ...lookalikes.flatMap((p) => delivered(p, 1)),
      ...markers,
      ...lookalikes.flatMap((p) => [deliver(receiver, p), deliver(p, receiver)]),
    ];
  }
  if (form === "a gap on one channel") {
    const { sender, receiver, other } = gapOf(skeleton)!;
    const program = skeleton.programs[sender]!;
    const between = program.slice(1, -1).map(() => deliver(sender, other));
    return [
      ...program.map((): BankAction => ({ type: "send", process: sender })),
      { type: "initiate", process: receiver },
      deliver(sender, receiver),
      deliver(sender, receiver),
      deliver(receiver, sender),
      deliver(sender, receiver),
      ...between,
      deliver(sender, other),
    ];
  }
  if (form === "an overtaking transfer") {
    const receiver = skeleton.initiators[0]!;
    const sender = 1 - receiver;
    const sends = skeleton.programs[sender]!;
    return [
      ...sends.map((): BankAction => ({ type: "send", process: sender })),
      deliver(sender, receiver, sends.length - 1),
      { type: "initiate", process: receiver },
      ...sends.slice(1).map(() => deliver(sender, receiver)),
      deliver(receiver, sender),
      deliver(sender, receiver),
    ];
  }
  if (form === "relayed snapshots") {
    const { origin, relays, end } = relayOf(skeleton)!;
    const each = (step: BankAction) => skeleton.snapshots!.map(() => step);
    return [
      ...each({ type: "initiate", process: origin }),
      ...relays.flatMap((relay): BankAction[] => [...each(deliver(origin, relay)), { type: "send", process: relay }]),
      ...relays.flatMap((relay) => [...each(deliver(relay, end)), deliver(relay, end)]),
      ...each(deliver(origin, end)),
    ];
  }
  if (form === "caught by the first and the last snapshot") {
    const started = (p: number) => skeleton.snapshots!.filter((q) => q === p).map((): BankAction => ({ type: "initiate", process: p }));
    const p1s = started(1).map(() => deliver(0, 1));
    return [
      ...started(0),
      { type: "send", process: 0 },
      ...started(1),
      ...started(0).map(() => deliver(0, 1)),
      deliver(0, 1),
      ...skeleton.snapshots!.map(() => deliver(1, 0)),
      ...p1s,
    ];
  }
  if (form === "caught by every snapshot") {
    const markers = skeleton.snapshots!.map(() => deliver(0, 1));
    return [
      ...skeleton.snapshots!.map((process): BankAction => ({ type: "initiate", process })),
      { type: "send", process: 1 },
      ...markers,
      deliver(1, 0),
      ...markers.map(() => deliver(1, 0)),
    ];
  }
  if (!shape.multiSnapshot || (form !== "long channel" && form !== "caught by the last snapshot")) return undefined;
  return [
    ...skeleton.snapshots!.map((process): BankAction => ({ type: "initiate", process })),
    ...skeleton.programs.flatMap((program, process) => program.map((): BankAction => ({ type: "send", process }))),
  ];
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

/**
 * The skeleton as a scenario file. A long channel's, and a hundred
 * transfers', is FIFO in every exercise: without FIFO their messages arrive
 * in thousands of orders more, and every run with FIFO is a run without it
 * too, so rules right without FIFO are right on it.
 */
export function scenarioFile(skeleton: Skeleton, title: string, shape: Shape): ScenarioFile {
  const name = (p: number) => skeleton.names[p]!;
  // Object.fromEntries makes each name an own key: assigning programs["__proto__"] would set the prototype instead.
  const programs = Object.fromEntries(
    skeleton.programs.flatMap((program, p) => (program.length > 0 ? [[name(p), program.map(({ to, amount }) => ({ to: name(to), amount }))]] : [])),
  );
  return {
    name: title,
    processes: Object.fromEntries(skeleton.names.map((n, p) => [n, skeleton.balances[p]!])),
    channels: skeleton.channels.map(([from, to]) => [name(from), name(to)] as const),
    programs,
    initiators: skeleton.initiators.map(name),
    ...(shape.fifo || fifoEverywhere(skeleton, shape) ? {} : { fifo: false as const }),
    ...(skeleton.snapshots ? { snapshots: skeleton.snapshots.map(name) } : {}),
  };
}

/** A long channel, a hundred transfers (sent or received), a sender's lookalike and a gap are FIFO in every exercise (scenarioFile). */
function fifoEverywhere(skeleton: Skeleton, shape: Shape): boolean {
  const form = reachForm(skeleton, shape);
  return form !== undefined && ["long channel", "a hundred transfers", "a hundred received", "a sender's lookalike", "a gap on one channel"].includes(form);
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

export interface GeneratedScenario {
  readonly skeleton: Skeleton;
  readonly file: ScenarioFile;
}

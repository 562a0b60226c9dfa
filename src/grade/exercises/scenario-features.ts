/**
 * What a generated scenario shows that a learner's code may depend on, and
 * what exploring it costs: what generated-list.ts chooses an exercise's list
 * by.
 */
import { MAX_MONEY, moneyOf } from "./generated-data.js";
import { GENERATED_LIMITS, type Shape, type Skeleton } from "./generated-scenarios.js";

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * A rough measure of how many states a scenario's exploration has: the ways
 * each channel's messages can have been delivered (in order, or any subset
 * without FIFO), times the ways each program can have run, times two for
 * each initiator and each snapshot (when it starts is free). Rough, but
 * of two drawn scenarios the one it says costs more mostly explores more
 * states.
 */
export function interleavings(skeleton: Skeleton, shape: Shape): number {
  const markers = skeleton.snapshots?.length ?? 1;
  let ways = 2 ** (skeleton.initiators.length + (skeleton.snapshots?.length ?? 0));
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
export function features(skeleton: Skeleton, shape: Shape): string[] {
  const { names, balances, channels, programs, initiators, snapshots } = skeleton;
  const n = names.length;
  const ins = names.map(() => 0);
  const outs = names.map(() => 0);
  for (const [from, to] of channels) {
    outs[from]!++;
    ins[to]!++;
  }
  const incoming = (p: number) => ins[p]!;
  const outgoing = (p: number) => outs[p]!;
  const onChannel = channels.map(([from, to]) => programs[from]!.filter((t) => t.to === to).map((t) => t.amount));
  const amounts = programs.flat().map((t) => t.amount);
  const ps = range(n);
  const sortedChannels = [...channels].sort(([a, b], [c, d]) => a - c || b - d);
  // A snapshot may catch a channel's transfers in flight where its receiver may record before the channel's marker comes
  // (it starts the snapshot, or has another way in), or where the marker may overtake them (no FIFO).
  const catchable = (initiator: number) =>
    channels.filter(([from, to]) => programs[from]!.some((t) => t.to === to) && (!shape.fifo || to === initiator || incoming(to) >= 2));
  const isCaught = (from: number, to: number) => initiators.some((p) => catchable(p).some(([f, t]) => f === from && t === to));
  const caught = channels
    .map(([from, to], c) => ({ amounts: onChannel[c]!, by: initiators.filter((p) => catchable(p).some(([f, t]) => f === from && t === to)) }))
    .filter((c) => c.by.length > 0)
    .map((c) => c.amounts);
  // The sizes alone, and with money moving while the snapshots are taken.
  const sizes = [`${n} processes`, `${initiators.length} initiators`, ...(snapshots ? [`${snapshots.length} snapshots`] : [])];
  const found: [string, boolean][] = [
    ...sizes.map((size): [string, boolean] => [size, true]),
    ...sizes.map((size): [string, boolean] => [`${size} and a transfer`, amounts.length > 0]),
    // The most transfers on one channel: a mistake that holds up to k messages fails at five.
    ...[0, 1, 2, GENERATED_LIMITS.perChannel].map((k): [string, boolean] => [
      `${k} transfers on one channel`,
      Math.max(0, ...onChannel.map((a) => a.length)) === k,
    ]),
    // A snapshot records a transfer on a channel when the receiver may record before the channel's marker comes; in exercise 6, the last snapshot.
    ...sizes
      .filter((size) => size.endsWith("snapshots"))
      .map((size): [string, boolean] => [`${size}, the last of which may catch a transfer in flight`, catchable(snapshots!.at(-1)!).length > 0]),
    ["a transfer a snapshot may catch in flight", initiators.some((p) => catchable(p).length > 0)],
    // Exercise 6: one message in flight in the channel states of several snapshots at once.
    ...(snapshots
      ? [2, 3].map((k): [string, boolean] => [
          `a transfer ${k} snapshots may catch at once`,
          channels.some(
            ([from, to]) =>
              programs[from]!.some((t) => t.to === to) && snapshots.filter((p) => catchable(p).some(([f, t]) => f === from && t === to)).length >= k,
          ),
        ])
      : []),
    [
      "a process with two incoming channels that carry transfers",
      ps.some((p) => channels.filter(([from, to]) => to === p && programs[from]!.some((t) => t.to === p)).length >= 2),
    ],
    ["a process with no incoming channel", ps.some((p) => incoming(p) === 0)],
    ["a process with no outgoing channel", ps.some((p) => outgoing(p) === 0)],
    ["a process with two incoming channels", ps.some((p) => incoming(p) >= 2)],
    ["a process with three or more incoming channels", ps.some((p) => incoming(p) >= 3)],
    [
      "a process with four incoming channels, one carrying a transfer",
      ps.some((p) => incoming(p) >= 4 && channels.some(([from, to]) => to === p && programs[from]!.some((t) => t.to === p))),
    ],
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
    // A channel's name holds both ends' names, a message's id its sender's: the same text twice over.
    [
      "channels into one process from names one of which begins the other, the longer carrying a transfer",
      ps.some((p) =>
        channels.some(
          ([a, to]) => to === p && channels.some(([b, too]) => too === p && a !== b && names[b]!.startsWith(names[a]!) && programs[b]!.some((t) => t.to === p)),
        ),
      ),
    ],
    [
      "channels of one process to or from names that differ only in case",
      ps.some((p) => {
        const others = channels.flatMap(([from, to]) => (from === p ? [names[to]!] : to === p ? [names[from]!] : []));
        return new Set(others.map((name) => name.toLowerCase())).size < new Set(others).size;
      }),
    ],
    [
      "a transfer a snapshot may catch, from a process with a # in its name",
      channels.some(([from, to], c) => onChannel[c]!.length > 0 && names[from]!.includes("#") && isCaught(from, to)),
    ],
    ["a name an object already has", names.some((name) => name in {})],
    ["a zero balance", balances.includes(0)],
    ["a negative balance", balances.some((b) => b < 0)],
    ["a balance past 32 bits", balances.some((b) => Math.abs(b) > 2 ** 32)],
    ["all the money the format allows", moneyOf(balances, amounts) === MAX_MONEY],
    ["unequal balances", new Set(balances).size > 1],
    ["equal balances other than 100", new Set(balances).size === 1 && balances[0] !== 100],
    ["distinct amounts, each set adding up to its own total", amounts.length >= 2 && distinctSums(amounts)],
    // What a snapshot records of a channel: several transfers, the same amount twice, amounts falling, amounts past 32 bits.
    ["four or more transfers a snapshot may catch on one channel", caught.some((a) => a.length >= 4)],
    ["an amount repeated on a channel a snapshot may catch", caught.some((a) => new Set(a).size < a.length)],
    ["amounts falling on a channel a snapshot may catch", caught.some((a) => a.some((x, i) => i > 0 && x < a[i - 1]!))],
    ["an amount past 32 bits on a channel a snapshot may catch", caught.some((a) => a.some((x) => x > 2 ** 32))],
  ];
  return found.filter(([, holds]) => holds).map(([feature]) => feature);
}

/** Amounts that are c·2^k for distinct k: every subset adds up to its own total. */
function distinctSums(amounts: readonly number[]): boolean {
  const c = Math.min(...amounts);
  return amounts.every((a) => Number.isInteger(Math.log2(a / c))) && new Set(amounts).size === amounts.length;
}

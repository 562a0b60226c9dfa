/**
 * What a generated scenario shows that a learner's code may depend on, and
 * what exploring it costs: what generated-list.ts chooses an exercise's list
 * by.
 */
import {
  BLANK_NAME,
  type confusableNames,
  changedByCents,
  HASH_TWINS,
  isDigits,
  CUT_TWINS_NAMES,
  END_TWINS_NAMES,
  ORDER_TWINS_NAMES,
  LARGEST_AMOUNT,
  LONG_DIGITS_TWINS_NAMES,
  MAX_MONEY,
  moneyOf,
  PLACEHOLDER_NAME,
  UTF8_TWINS_NAMES,
} from "./generated-data.js";
import { SCENARIO_LIMITS } from "../../scenario/scenario-fields.js";
import { GENERATED_LIMITS, type Shape, type Skeleton } from "./generated-scenarios.js";

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * How a scenario's states grow, fitted (log-linear) to what the answers in
 * solutions/ explore on drawn scenarios of each shape: by the transfers on
 * each channel (without FIFO each may overtake the others; in exercise 6
 * more so the more snapshots may catch them), by each channel, each program
 * step and each snapshot an initiator may start when it likes.
 */
const growth = {
  fifo: { transfers: 0.8, channels: 0.5, steps: 1.4, starts: 1, base: -0.1 },
  unordered: { transfers: 1.35, channels: 0.5, steps: 1, starts: 0.75, base: 0 },
  snapshots: { transfers: 1.1, channels: 0.55, steps: 1.5, starts: 2.4, base: -1.2 },
};

/**
 * A rough estimate of how many states a scenario's exploration has (within
 * a factor of two or so, mostly): what the list weighs a scenario's cost by.
 */
export function estimatedStates(skeleton: Skeleton, shape: Shape): number {
  const weights = shape.multiSnapshot ? growth.snapshots : shape.fifo ? growth.fifo : growth.unordered;
  const { channels, programs, initiators, snapshots } = skeleton;
  const onChannel = channels.map(([from, to]) => programs[from]!.filter((t) => t.to === to).length);
  const perTransfer = snapshots ? Math.log(snapshots.length + 1) : 1;
  const transfers = onChannel.reduce((sum, d) => sum + (shape.fifo ? Math.log(d + 1) : d * Math.LN2) * perTransfer, 0);
  const steps = programs.reduce((sum, program) => sum + Math.log(program.length + 1), 0);
  const starts = initiators.reduce((sum, p) => sum + Math.log((snapshots ? snapshots.filter((q) => q === p).length : 1) + 1), 0);
  return Math.exp(weights.transfers * transfers + weights.channels * channels.length + weights.steps * steps + weights.starts * starts + weights.base);
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
  // The names of the processes a process has a channel to; the processes that send it transfers.
  const receivers = ps.map((p) => channels.filter(([from]) => from === p).map(([, to]) => names[to]!));
  const receiversOf = (p: number) => receivers[p]!;
  const carriersInto = (p: number) => channels.filter(([from, to]) => to === p && programs[from]!.some((t) => t.to === p)).map(([from]) => from);
  const channelName = (from: number, to: number) => `${names[from]!}->${names[to]!}`;
  // A snapshot may catch a channel's transfers (never an empty channel's) in flight where its receiver may record before the channel's marker comes
  // (it starts the snapshot, or has another way in), or where the marker may overtake them (no FIFO).
  const index = new Map(channels.map(([from, to], c) => [from * n + to, c]));
  const catchableBy = (initiator: number) =>
    channels.map(([from, to], c) => onChannel[c]!.length > 0 && (!shape.fifo || to === initiator || incoming(to) >= 2));
  const mayCatch = new Map(initiators.map((p) => [p, catchableBy(p)]));
  const catchable = (initiator: number) => channels.filter((_, c) => mayCatch.get(initiator)![c]);
  const catches = (p: number, from: number, to: number) => mayCatch.get(p)![index.get(from * n + to)!] === true;
  const isCaught = (from: number, to: number) => initiators.some((p) => catches(p, from, to));
  const caughtEachWay = (a: number, b: number) => a >= 0 && b >= 0 && isCaught(a, b) && isCaught(b, a);
  // Two processes that send p transfers, their names so related.
  const carriersRelated = (p: number, related: (a: string, b: string) => boolean) => {
    const into = carriersInto(p);
    return into.some((a) => into.some((b) => a !== b && related(names[a]!, names[b]!)));
  };
  // The processes with channels into p, two at a time, [a, b] where a's channel is listed before b's.
  const listedInto = (p: number) => {
    const into = channels.filter(([, to]) => to === p).map(([from]) => from);
    return into.flatMap((a, i) => into.slice(i + 1).map((b) => [a, b] as const));
  };
  // q may record, and send p a marker, before p records: it starts a snapshot, or a process that starts one sends to it.
  const recordsBefore = (q: number, p: number) => initiators.includes(q) || channels.some(([from, to]) => to === q && from !== p && initiators.includes(from));
  // Two senders into one process, a's channel listed before b's, their names so related, b's transfer one a snapshot may catch.
  const listedBefore = (related: (a: string, b: string) => boolean) =>
    ps.some((p) => listedInto(p).some(([a, b]) => related(names[a]!, names[b]!) && isCaught(b, p)));
  // Two processes that send p transfers, their names so related, one snapshot catching both.
  const caughtTogether = (p: number, related: (a: string, b: string) => boolean) => {
    const into = carriersInto(p);
    return initiators.some((i) => into.some((a) => into.some((b) => a !== b && related(names[a]!, names[b]!) && catches(i, a, p) && catches(i, b, p))));
  };
  // Two senders into p, a listed before b into p and out of p, their names so related, one snapshot catching both: code
  // that skips a name one listed before it covers (a pattern made of it, a text of names joined) drops b's.
  const coveredAfter = (related: (a: string, b: string) => boolean) =>
    ps.some((p) =>
      listedInto(p).some(([a, b]) => {
        const out = receiversOf(p);
        const listedOut = out.includes(names[a]!) && out.indexOf(names[a]!) < out.indexOf(names[b]!);
        return related(names[a]!, names[b]!) && listedOut && initiators.some((i) => catches(i, a, p) && catches(i, b, p));
      }),
    );
  // The two names of a pair, both sending the initiator transfers one snapshot may catch.
  const twinsIntoInitiator = ([first, second]: readonly [string, string]) => initiators.some((p) => caughtTogether(p, (a, b) => a === first && b === second));
  const caught = onChannel.filter((_, c) => isCaught(...channels[c]!));
  // Where one snapshot may catch transfers on two channels into p: p records when it starts one, or has a third way in
  // (with FIFO, a marker on either channel follows its transfer, so the other's may not be caught in flight too).
  const bothCatchableInto = (p: number) => !shape.fifo || initiators.includes(p) || incoming(p) >= 3;
  // p sends to a name and, listed later, one that begins it.
  const longerFirstOut = (p: number) => receiversOf(p).some((a, i) => receiversOf(p).some((b, j) => j > i && a !== b && a.startsWith(b)));
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
    // Exercise 6: snapshots of two initiators that overlap and interleave, and markers of a late snapshot on several channels.
    ...(snapshots
      ? [
          ["four snapshots or more from two initiators", snapshots.length >= 4 && initiators.length === 2] as [string, boolean],
          ["a process with two outgoing channels, in a run of four snapshots or more", snapshots.length >= 4 && ps.some((p) => outgoing(p) >= 2)] as [
            string,
            boolean,
          ],
        ]
      : []),
    // Exercise 6: one message in flight in the channel states of several snapshots at once.
    ...(snapshots
      ? [2, 3].map((k): [string, boolean] => [
          `a transfer ${k} snapshots may catch at once`,
          channels.some(([from, to]) => snapshots.filter((p) => catches(p, from, to)).length >= k),
        ])
      : []),
    ["a process with two incoming channels that carry transfers", ps.some((p) => carriersInto(p).length >= 2)],
    ["a process with no incoming channel", ps.some((p) => incoming(p) === 0)],
    ["a process with no outgoing channel", ps.some((p) => outgoing(p) === 0)],
    ["a process with two incoming channels", ps.some((p) => incoming(p) >= 2)],
    ["a process with three or more incoming channels", ps.some((p) => incoming(p) >= 3)],
    ["a process with four incoming channels, one carrying a transfer", ps.some((p) => incoming(p) >= 4 && carriersInto(p).length > 0)],
    // A mistake that takes a process's incoming channels in name order, and holds only the first few.
    [
      "a process with four or more incoming channels, a transfer a snapshot may catch on the one whose name sorts last",
      ps.some((p) => {
        const last = channels
          .filter(([, to]) => to === p)
          .sort(([a], [b]) => (channelName(a, p) < channelName(b, p) ? -1 : 1))
          .at(-1);
        return incoming(p) >= 4 && last !== undefined && isCaught(last[0], p);
      }),
    ],
    ["a process with five outgoing channels", ps.some((p) => outgoing(p) === 5)],
    // A mistake that holds a process's markers in a fixed number of places, or treats one number of them apart.
    ...(shape.multiSnapshot ? [] : [2, 3, 4]).map((k): [string, boolean] => [
      `a process with exactly ${k} outgoing channels`,
      ps.some((p) => outgoing(p) === k),
    ]),
    // A mistake that holds only a process's first few incoming channels, or treats the last differently.
    ...[3, 5].map((k): [string, boolean] => [
      `a process with ${k === 3 ? "three or more" : "five"} incoming channels, the last listed carrying a transfer a snapshot may catch`,
      ps.some((p) => {
        const last = channels.filter(([, to]) => to === p).at(-1);
        return incoming(p) >= k && last !== undefined && isCaught(last[0], p);
      }),
    ]),
    // A mistake that treats one number of incoming channels apart: each number a process may have, with a transfer to record.
    ...(shape.multiSnapshot ? [] : range(GENERATED_LIMITS.processes).slice(1)).map((k): [string, boolean] => [
      `a process with exactly ${k} incoming channels, one carrying a transfer a snapshot may catch`,
      ps.some((p) => incoming(p) === k && channels.some(([from, to]) => to === p && isCaught(from, p))),
    ]),
    ["channels listed out of order", channels.some((c, i) => c !== sortedChannels[i])],
    // Code that tells a process's own name in a channel's by `endsWith` (to skip itself) skips a receiver whose name ends so.
    ["a channel to a process whose name ends with its sender's", channels.some(([from, to]) => names[to] !== names[from] && names[to]!.endsWith(names[from]!))],
    // Code that takes a channel holding its own name and -> for an outgoing one (ba->a holds a->) skips it at the receiver: a
    // red transfer there must make it record (exercise 5), a caught one be recorded.
    [
      SUFFIX_SENDER,
      channels.some(
        ([from, to]) =>
          names[from] !== names[to] &&
          names[from]!.endsWith(names[to]!) &&
          initiators.includes(from) &&
          initiators.includes(to) &&
          programs[from]!.some((t) => t.to === to) &&
          isCaught(from, to),
      ),
    ],
    // A message's number counts its sender's sends over all its channels: the first sent on a second channel is not its first.
    [
      "a process sending transfers to two receivers, a snapshot may catch the later one's",
      ps.some((p) => {
        const to = [...new Set(programs[p]!.map((t) => t.to))];
        return to.length >= 2 && isCaught(p, to[1]!);
      }),
    ],
    // Code that takes a channel's messages to be numbered one after another (a gap, a message lost or already counted) skips one.
    [
      "two transfers on one channel a snapshot may catch, with a send on another channel between them",
      ps.some((p) => {
        const to = programs[p]!.map((t) => t.to);
        return to.some((r, i) => isCaught(p, r) && to.some((s, j) => j > i && s !== r && to.slice(j + 1).includes(r)));
      }),
    ],
    // Code that treats only a neighbour with channels both ways as one (sends it markers, records from it) leaves the others out.
    [
      "a process sending to a neighbour that sends back and to one that does not, and one receiving from both kinds, a transfer a snapshot may catch on the one-way channel in",
      ps.some((p) => {
        const to = channels.filter(([from]) => from === p).map(([, to]) => to);
        return to.some((q) => index.has(q * n + p)) && to.some((q) => !index.has(q * n + p));
      }) &&
        ps.some((p) => {
          const from = channels.filter(([, to]) => to === p).map(([from]) => from);
          return from.some((q) => index.has(p * n + q)) && from.some((q) => !index.has(p * n + q) && isCaught(q, p));
        }),
    ],
    ["names not like P0", names.some((name) => !/^P\d+$/.test(name))],
    ["names out of sorted order", names.some((name, i) => i > 0 && name < names[i - 1]!)],
    ["a name of digits (JavaScript lists it first)", names.some(isDigits)],
    ["a name of one character", names.some((name) => name.length === 1)],
    ["a name of 40 characters or more", names.some((name) => name.length >= 40)],
    [
      "a name as long as the format allows, of a process with an outgoing channel",
      names.some((name, p) => name.length === SCENARIO_LIMITS.nameLength && outgoing(p) > 0),
    ],
    // The format counts a name's characters, `length` its UTF-16 code units: a name of 64 characters can be up to 128 of them.
    [
      "a name as long as the format allows beyond the Basic Multilingual Plane (more UTF-16 code units than characters), of a process with an outgoing channel",
      names.some((name, p) => [...name].length === SCENARIO_LIMITS.nameLength && name.length > SCENARIO_LIMITS.nameLength && outgoing(p) > 0),
    ],
    ...["#", "-", ">"].map((c): [string, boolean] => [`a name with a ${c} in it`, names.some((name) => name.includes(c))]),
    ["a name with a space in it", names.some((name) => name.includes(" "))],
    ["a name beyond ASCII", names.some((name) => /[^\x20-\x7e]/.test(name))],
    // A name not in NFC: code that normalises a channel's name finds another, or none.
    [
      "a transfer a snapshot may catch, on a channel a name not in Unicode's composed form (NFC) is at one end of",
      channels.some(([from, to]) => [names[from]!, names[to]!].some((name) => name !== name.normalize("NFC")) && isCaught(from, to)),
    ],
    [
      "a transfer a snapshot may catch, on a channel a name beyond the Basic Multilingual Plane is at one end of",
      channels.some(([from, to]) => [names[from]!, names[to]!].some((name) => /[\u{10000}-\u{10FFFF}]/u.test(name)) && isCaught(from, to)),
    ],
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
    ...senderReceiverPrefixes(shape).map((longer): [string, boolean] => [
      `a transfer a snapshot may catch, the ${longer} name beginning with the other's`,
      channels.some(
        ([from, to]) =>
          names[from] !== names[to] &&
          (longer === "sender's" ? names[from]!.startsWith(names[to]!) : names[to]!.startsWith(names[from]!)) &&
          isCaught(from, to),
      ),
    ]),
    // Two senders' names the same but for a space at the start of one: their ids too, once trimmed (" 1#1", "1#1").
    [
      "transfers into one process from two names that differ only in a space at the start of one, which one snapshot may both catch",
      !shape.multiSnapshot && ps.some((p) => bothCatchableInto(p) && caughtTogether(p, (a, b) => b === ` ${a}`)),
    ],
    // A process with each number of outgoing channels sending on the last listed, a transfer a snapshot may catch: a mistake
    // in what one marker of several carries (exercise 5's history, without FIFO; with it, markers carry nothing) shows there.
    ...(shape.fifo ? [] : range(GENERATED_LIMITS.processes).slice(1)).map((k): [string, boolean] => [
      `a process with exactly ${k} outgoing channels, a transfer a snapshot may catch on the last listed`,
      ps.some((p) => {
        const last = channels.filter(([from]) => from === p).at(-1);
        return outgoing(p) === k && last !== undefined && isCaught(p, last[1]);
      }),
    ]),
    // The same where that process records on a marker or on a transfer, not on its own: the markers its onMarker or
    // onMessage sends carry each channel's history too.
    [
      RELAYED_HUB,
      !shape.fifo &&
        !shape.multiSnapshot &&
        ps.some((p) => {
          const last = channels.filter(([from]) => from === p).at(-1);
          return (
            !initiators.includes(p) && outgoing(p) >= 2 && last !== undefined && isCaught(p, last[1]) && carriersInto(p).some((q) => initiators.includes(q))
          );
        }),
    ],
    // Code that finds a sender's channel by the start of its name takes the first listed that begins so: either order. The
    // longer one is the other and a -, so that the start of its channel's name is the other's and the arrow's first half.
    ...(shape.multiSnapshot ? [] : (["longer", "shorter"] as const)).map((first): [string, boolean] => [
      `channels into one process from names one of which begins the other, the ${first} listed first, the other carrying a transfer a snapshot may catch`,
      listedBefore((a, b) => a !== b && (first === "longer" ? a === `${b}-` : b.startsWith(a))),
    ]),
    // The same into a process that starts a snapshot, every channel open when the first marker comes: code that closes the
    // first open channel whose sender's name begins as the marker's closes the longer's, whose transfer is then lost.
    [
      "channels into a process that starts a snapshot from names one of which begins the other, the longer listed first and carrying a transfer a snapshot may catch",
      !shape.multiSnapshot && initiators.some((p) => listedInto(p).some(([a, b]) => a !== b && names[a]!.startsWith(names[b]!) && isCaught(a, p))),
    ],
    // Into a process that records on a marker, with a third way in for it: code that opens one channel for each sender's
    // name made lower case (trimmed, normalised...) opens one of the two, or that opens every channel but the marker's,
    // comparing names so, skips the other's; either loses the other's transfer.
    ...sameNames.map(([same, key]): [string, boolean] => [
      `channels into a process that starts no snapshot from a third and from names that ${same}, the later listed carrying a transfer a snapshot may catch`,
      ps.some(
        (p) => !initiators.includes(p) && incoming(p) >= 3 && listedInto(p).some(([a, b]) => a !== b && key(names[a]!) === key(names[b]!) && isCaught(b, p)),
      ),
    ]),
    // Into a process that starts no snapshot, where either's marker may come first: code that leaves unopened the first channel
    // whose sender, so compared, is the first marker's skips the other's when that marker is the later listed's, and loses its
    // transfer. Exercise 3's runs are the reference rules', which compare no names.
    ...(shape.referenceRules ? [] : markerFirstPairs).map(([words, related]): [string, boolean] => [
      markerFirstInto(words),
      ps.some(
        (p) =>
          !initiators.includes(p) &&
          listedInto(p).some(([a, b]) => related(names[a]!, names[b]!) && [a, b].every((q) => isCaught(q, p) && recordsBefore(q, p))),
      ),
    ]),
    // Names one process may mistake for each other: those it sends to (its markers), from a process that starts a snapshot
    // (its rule to start one) and from one that does not (its rule for a marker); those it receives from (its recordings).
    ...sameNames.flatMap(([same, key]): [string, boolean][] => [
      [`channels from a process that starts a snapshot to names that ${same}`, initiators.some((p) => collide(receiversOf(p), key))],
      [`channels from a process that starts no snapshot to names that ${same}`, ps.some((p) => !initiators.includes(p) && collide(receiversOf(p), key))],
      // The two ends of one channel: code that skips a channel to or from itself, comparing names so, skips it.
      [
        `a transfer a snapshot may catch on a channel between two names that ${same}`,
        channels.some(([from, to]) => key(names[from]!) === key(names[to]!) && programs[from]!.some((t) => t.to === to) && isCaught(from, to)),
      ],
      // Both sending, one name and the receiver's in their plain forms, one snapshot catching both: code that makes a
      // channel's name or an id plain finds the other's.
      [
        `transfers into one process from two names that ${same}, one of them and the receiver's in their plain forms, one snapshot may catch both`,
        ps.some((p) => key(names[p]!) === names[p]! && bothCatchableInto(p) && caughtTogether(p, (a, b) => key(b) === a && key(a) === a)),
      ],
    ]),
    // Twins a process that starts none sends markers to, on its first marker: code that keeps the names it sent to by such a
    // key sends one of them none (into the process that starts a snapshot, twinsIntoInitiator's draw sends them its markers).
    ...(shape.referenceRules ? [] : lookalikeTwins).map(([words, twins]): [string, boolean] => [
      `channels from a process that starts no snapshot to ${words}`,
      ps.some((p) => !initiators.includes(p) && twins.every((name) => receiversOf(p).includes(name))),
    ]),
    // The longer listed first: code that keeps the names it sent to in a string, and looks them up with includes, skips the
    // other; in its rule for a marker too, where the process starts no snapshot.
    ["channels from one process to names one of which begins the other, the longer listed first", !shape.multiSnapshot && ps.some(longerFirstOut)],
    [
      "channels from a process that starts no snapshot to names one of which begins the other, the longer listed first",
      !shape.multiSnapshot && ps.some((p) => !initiators.includes(p) && longerFirstOut(p)),
    ],
    ["a transfer from a process whose name an object already has", ps.some((p) => programs[p]!.length > 0 && names[p]! in {})],
    // Code that finds a message's sender by splitting its id on # finds another name, or none.
    [
      "two transfers a snapshot may catch, from an initiator with a # in its name, the part before it no process's name",
      channels.some(
        ([from, to], c) =>
          onChannel[c]!.length >= 2 &&
          names[from]!.includes("#") &&
          !names.includes(names[from]!.split("#")[0]!) &&
          initiators.includes(from) &&
          isCaught(from, to),
      ),
    ],
    // A name's - or > next to a channel's arrow ("a-->b", "a->>b"): splitting the channel's name on - or > misreads it.
    ...arrowSides.flatMap(([side, touches]): [string, boolean][] => [
      [`a channel whose ${side} touches its arrow`, channels.some(([from, to]) => touches(names[from]!, names[to]!))],
      [
        `a transfer a snapshot may catch, on a channel whose ${side} touches its arrow`,
        channels.some(([from, to]) => touches(names[from]!, names[to]!) && isCaught(from, to)),
      ],
    ]),
    // A sender's name with a space at one end: its messages' ids begin with a space, or hold one before the #. Not in
    // exercise 6, whose rules look up no ids, and whose list is full with its snapshots.
    [
      "a transfer a snapshot may catch, from a process whose name begins with a space",
      !shape.multiSnapshot && channels.some(([from, to]) => names[from]!.startsWith(" ") && isCaught(from, to)),
    ],
    // Both ends: code that trims the name it reads off either side of a channel's arrow finds no such process.
    [
      "a transfer a snapshot may catch, from a name with a space at one end to another such name",
      channels.some(([from, to]) => spacedAtAnEnd(names[from]!) && spacedAtAnEnd(names[to]!) && isCaught(from, to)),
    ],
    // Two senders' transfers into one process: their ids (sender#k) side by side, where one may be taken for the other.
    [
      "two transfers of the same amount into one process from two senders, which one snapshot may both catch",
      ps.some((p) => {
        const amountsInto = carriersInto(p).map((from) => programs[from]!.filter((t) => t.to === p).map((t) => t.amount));
        const repeated = amountsInto.some((a, i) => amountsInto.some((b, j) => i !== j && a.some((x) => b.includes(x))));
        return repeated && bothCatchableInto(p);
      }),
    ],
    // Code that looks for an id in the recorded ones joined into one string takes a#1 for recorded once a#1#1 is.
    [
      "two transfers into one process from senders whose first ids hold one another (a#1 in a#1#1), which one snapshot may both catch",
      ps.some((p) => bothCatchableInto(p) && carriersRelated(p, (a, b) => `${b}#1`.includes(`${a}#1`))),
    ],
    [
      "transfers into one process from two senders, one's name beginning with the other's message id (a and a#1)",
      ps.some((p) => carriersRelated(p, (a, b) => b.startsWith(`${a}#`))),
    ],
    // Code that reads a message's sender as what comes before the first # of its id takes a#1's two, received before the
    // process records (a higher number, it thinks, than a's), for a's: a's transfer, caught, is then left out.
    [
      "transfers into a process that starts a snapshot from a and a#1, two from a#1 that it may take before it records, a's one a snapshot may catch",
      !shape.referenceRules &&
        initiators.some((p) =>
          carriersInto(p).some((a) =>
            carriersInto(p).some((b) => names[b]!.startsWith(`${names[a]!}#`) && programs[b]!.filter((t) => t.to === p).length >= 2 && isCaught(a, p)),
          ),
        ),
    ],
    // Code that finds a message's channel by the sender's name and # its id begins with takes a's for a#1's messages.
    [
      "channels into one process from a and a#1, a's listed first, a#1's carrying a transfer a snapshot may catch",
      listedBefore((a, b) => b.startsWith(`${a}#`)),
    ],
    // Code that cuts ids short, or reads a message's number after the first # of its id, takes one of a sender's messages for
    // another it had received.
    [
      "two transfers on one channel a snapshot may catch, from a sender named as long as the format allows, a # in its name",
      channels.some(
        ([from, to]) =>
          names[from]!.length >= SCENARIO_LIMITS.nameLength &&
          names[from]!.includes("#") &&
          programs[from]!.filter((t) => t.to === to).length >= 2 &&
          isCaught(from, to),
      ),
    ],
    // Code that reads an id's digits, or a name of digits, as a number takes one of a sender's messages for another past 2^53.
    [
      LONG_DIGITS_SENDER,
      channels.some(
        ([from, to]) =>
          isDigits(names[from]!) && !Number.isSafeInteger(Number(names[from]!)) && programs[from]!.filter((t) => t.to === to).length >= 2 && isCaught(from, to),
      ),
    ],
    // Code that pairs a process's incoming channels with an object keyed by sender: JavaScript lists names of digits first.
    [
      "channels into one process from a name of digits and another name, the other listed first, the one of digits carrying a transfer a snapshot may catch",
      !shape.multiSnapshot && listedBefore((a, b) => !isDigits(a) && isDigits(b)),
    ],
    [
      "transfers into one process from two senders whose names sort one way with case and the other without",
      !shape.multiSnapshot && ps.some((p) => carriersRelated(p, (a, b) => a < b && a.toLowerCase() > b.toLowerCase())),
    ],
    ["a name an object already has", names.some((name) => name in {})],
    [COLLECTION_NAMES, caughtEachWay(names.indexOf("length"), names.indexOf("size"))],
    // Code that keys a plain object by name sets its prototype for __proto__, and never finds what it kept there.
    [PROTO_NAME, ps.some((p) => names[p] === "__proto__" && ps.some((q) => caughtEachWay(p, q)))],
    // Code that builds a channel's name with a format helper, keys pairs by a::b, or splits an id on # misreads this name.
    [PLACEHOLDER_SENDER, ps.some((p) => names[p] === PLACEHOLDER_NAME && initiators.includes(p) && ps.some((q) => caughtEachWay(p, q)))],
    // Code that skips a blank name sends it no marker, or records none of its transfers.
    [BLANK_SENDER, ps.some((p) => names[p] === BLANK_NAME && initiators.includes(p) && ps.some((q) => caughtEachWay(p, q)))],
    // Code that keeps answers, or channels, by a hash of a view or a name takes one twin's for the other's: their views hash alike.
    ...Object.entries(HASH_TWINS).map(([hash, twins]): [string, boolean] => [hashTwins(hash, twins), twinsIntoInitiator(twins)]),
    ...NAME_TWINS.map(([feature, twins]): [string, boolean] => [feature, twinsIntoInitiator(twins)]),
    // A name that holds another after a joiner (a comma, a quote, a line separator...), listed first: code that joins names or
    // ids so and searches the text takes the other for one it has met.
    ...joiners.map(([joiner, words]): [string, boolean] => [joinedNames(words), coveredAfter((a, b) => a.endsWith(`${joiner}${b}`))]),
    // Code that looks names or ids up with a pattern made of a name, its dot not escaped, takes axb for a.b, listed first.
    [DOTTED_TWINS, coveredAfter(dotMatches)],
    [
      VIEW_WORDS,
      channels.some(
        ([from, to]) =>
          /open/.test(names[from]!) && /closed/.test(names[from]!) && isCaught(from, to) && programs[from]!.filter((t) => t.to === to).length >= 2,
      ),
    ],
    [
      SNAPSHOT_GAP,
      snapshots !== undefined &&
        ps.some((p) => {
          const own = snapshots.flatMap((q, k) => (q === p ? [k] : []));
          const between = own.some((k, i) => i > 0 && snapshots.slice(own[i - 1]! + 1, k).some((q) => q !== p));
          return between && channels.some(([from, to]) => to === p && isCaught(from, p));
        }),
    ],
    ["a zero balance", balances.includes(0)],
    ["a negative balance", balances.some((b) => b < 0)],
    ["a balance past 32 bits", balances.some((b) => Math.abs(b) > 2 ** 32)],
    ["all the money the format allows", moneyOf(balances, amounts) === MAX_MONEY],
    ["unequal balances", new Set(balances).size > 1],
    ["equal balances other than 100", new Set(balances).size === 1 && balances[0] !== 100],
    ["distinct amounts, each set adding up to its own total", amounts.length >= 2 && distinctSums(amounts)],
    // What a snapshot records of a channel: several transfers, the same amount twice, amounts falling, amounts past 32 bits.
    ["five transfers a snapshot may catch on one channel", caught.some((a) => a.length >= GENERATED_LIMITS.perChannel)],
    ["an amount repeated on a channel a snapshot may catch", caught.some((a) => new Set(a).size < a.length)],
    ["amounts falling on a channel a snapshot may catch", caught.some((a) => a.some((x, i) => i > 0 && x < a[i - 1]!))],
    ["an amount past 32 bits on a channel a snapshot may catch", caught.some((a) => a.some((x) => x > 2 ** 32))],
    ["the largest amount drawn, 2^44, on a channel a snapshot may catch", caught.some((a) => a.includes(LARGEST_AMOUNT))],
    // Past what is drawn: the format's own limit, all its money in one transfer but the rest, one that code rounding it to
    // cents or to fewer significant digits changes.
    [
      "an amount as large as the format allows, on a channel a snapshot may catch",
      moneyOf(balances, amounts) === MAX_MONEY && caught.some((a) => a.some((x) => x > LARGEST_AMOUNT && changedByCents(x))),
    ],
  ];
  return found.filter(([, holds]) => holds).map(([feature]) => feature);
}

/**
 * A sender and its receiver, one's name beginning the other's: code that
 * takes the channels beginning with a process's own name for its outgoing
 * ones takes an incoming one too (P10->P1 at P1). Exercise 6, whose list is
 * full with its snapshots, has the one where an incoming channel's name
 * begins with its receiver's.
 */
export function senderReceiverPrefixes(shape: Shape): readonly ("sender's" | "receiver's")[] {
  return shape.multiSnapshot ? ["sender's"] : ["sender's", "receiver's"];
}

/** The two ways a name can touch a channel's arrow: a sender's name ending in - ("a-->b"), a receiver's beginning with > ("a->>b"). */
export const arrowSides = [
  ["sender's name, ending in -,", (from: string) => from.endsWith("-")],
  ["receiver's name, beginning with >,", (_from: string, to: string) => to.startsWith(">")],
] as const;

/** A process that starts two snapshots, another process one between them, and receives a transfer a snapshot may catch. */
export const SNAPSHOT_GAP = "a transfer a snapshot may catch into a process that starts two snapshots, another process starting one between them";

/** Names an array, a Map or a Set has, each sending the other a transfer a snapshot may catch. */
export const COLLECTION_NAMES = "transfers a snapshot may catch each way between processes named length and size (names an array, a Map or a Set has)";

/** A channel whose name holds its receiver's and -> (ba->a holds a->), both ends starting a snapshot. */
export const SUFFIX_SENDER = "a transfer a snapshot may catch, from a process whose name ends with its receiver's, both starting a snapshot";

/** A process named `__proto__`, drawn where the answer is not an object keyed by name (Shape.answerKeyedByName). */
export const PROTO_NAME = "transfers a snapshot may catch each way between a process named __proto__ and another";

/** A process with formats' placeholders, a pair's joiner and a # at the end of its name, starting a snapshot. */
export const PLACEHOLDER_SENDER = `transfers a snapshot may catch each way between a process named ${PLACEHOLDER_NAME}, which starts a snapshot, and another`;

/** A process named by a space alone, starting a snapshot. */
export const BLANK_SENDER = "transfers a snapshot may catch each way between a process named by a space alone, which starts a snapshot, and another";

/** Two senders a string hash takes for one, into a process that starts the snapshot, which may catch both. */
export const hashTwins = (hash: string, [a, b]: readonly [string, string]): string =>
  `transfers into a process that starts a snapshot from ${a} and ${b}, whose hashes by ${hash} are the same, one snapshot may catch both`;

/** A process that records on a marker or a transfer, sending markers on two channels or more, one of which may catch a transfer. */
export const RELAYED_HUB =
  "a process with two or more outgoing channels that records on a marker or on a transfer from an initiator, a transfer a snapshot may catch on the last listed";

/**
 * What code may join ids with before it searches the text, or splits it again: commas and semicolons (a space after
 * them too, as lists are written), bars, colons, slashes; the quotes JSON writes around each (JSON.stringify of a
 * list); lines, whose starts a multiline pattern's ^ matches, after a line separator too.
 */
export const joiners = [
  [",", "a comma"],
  [", ", "a comma and a space"],
  ['"', "a double quote"],
  ["\u2028", "a line separator (U+2028)"],
  ["|", "a vertical bar"],
  [";", "a semicolon"],
  ["; ", "a semicolon and a space"],
  [":", "a colon"],
  ["/", "a slash"],
] as const;

/** Whether a pattern made of `pattern`, its dots unescaped, matches `name` whole: each dot matches any one UTF-16 code unit. */
export const dotMatches = (pattern: string, name: string): boolean =>
  pattern !== name && pattern.length === name.length && pattern.split("").every((c, i) => c === "." || c === name[i]);

/** Two transfers on one channel from a sender named by digits past 2^53, a snapshot may catch both. */
export const LONG_DIGITS_SENDER = "two transfers on one channel a snapshot may catch, from a sender named by twenty digits (a number past 2^53)";

/**
 * Two senders that a key of names other than a hash takes for one, into a process that starts the snapshot, which may
 * catch both: each feature with its two names.
 */
export const NAME_TWINS: readonly (readonly [feature: string, twins: readonly [string, string]])[] = [
  // Code that keys names by their UTF-8 bytes (TextEncoder, Buffer) takes an unpaired surrogate's for U+FFFD's.
  [
    "transfers into a process that starts a snapshot from w and an unpaired surrogate and from w and U+FFFD, the same in UTF-8, one snapshot may catch both",
    UTF8_TWINS_NAMES,
  ],
  // Code that slots processes named by digits by their number sends one of these no marker, or keeps one's transfer for the other's.
  [
    "transfers into a process that starts a snapshot from two processes named by twenty digits, one number past 2^53, one snapshot may catch both",
    LONG_DIGITS_TWINS_NAMES,
  ],
  // Code that searches the sorted received ids comparing code points (or UTF-8 bytes) misses one of these.
  [
    "transfers into a process that starts a snapshot from U+FF42 and from U+1F3E6, ordered one way by UTF-16 code units and the other by code points, one snapshot may catch both",
    ORDER_TWINS_NAMES,
  ],
  // Code that cuts names to 64 UTF-16 code units takes one of these for the other.
  [
    "transfers into a process that starts a snapshot from two processes named by 64 characters beyond the Basic Multilingual Plane, alike in their first 64 UTF-16 code units, one snapshot may catch both",
    CUT_TWINS_NAMES,
  ],
  // Code that keys names or ids by their last 64 UTF-16 code units (or any number of them up to 128) takes one of these for the other.
  [
    "transfers into a process that starts a snapshot from two processes named by 64 characters that differ only in their first, alike in their last 126 UTF-16 code units, one snapshot may catch both",
    END_TWINS_NAMES,
  ],
];

/** Two senders into one process, a name with a dot and the same with another character there, listed in that order. */
export const DOTTED_TWINS =
  "transfers into one process from a name with a dot and, listed after it in and out, the same name with another character there (a.b then axb), one snapshot may catch both";

/** A name and another that holds it after a joiner, into one process: code that joins names or ids so and searches the text takes the one's for the other's. */
export const joinedNames = (joinerInWords: string): string =>
  `transfers into one process from a name that holds another after ${joinerInWords} and, listed after it in and out, that other (x,a then a), one snapshot may catch both`;

/** Two transfers on one channel from a name holding open and closed, a snapshot may catch the first. */
export const VIEW_WORDS =
  "two transfers on one channel from a process whose name holds open and closed (words of a view's recordings), a snapshot may catch the first";

/**
 * Ways two distinct names can be the same to code that compares them so: it mistakes one for the other. Each with the
 * pool of confusableNames a draw takes two such names from.
 */
export const sameNames = [
  ["differ only in case", (name: string) => name.toLowerCase(), "cases"],
  ["differ only in spaces at either end", (name: string) => name.trim(), "spaced"],
  ["differ only in invisible characters", visibleName, "invisible"],
  ["differ only in the kind or number of their spaces", oneSpaced, "unspaced"],
  ["are the same number", (name: string) => (name.trim() !== "" && !Number.isNaN(Number(name)) ? String(Number(name)) : name), "sameNumbers"],
  // NFC: names canonically the same are the same under every normal form, so any normalising code mistakes them.
  ["are the same once Unicode-normalised", (name: string) => name.normalize("NFC"), "unicode"],
] as const satisfies readonly (readonly [string, (name: string) => string, keyof typeof confusableNames])[];

/**
 * Senders' names a rule that finds a channel by its sender may take one for the other, the first listed before the second:
 * the same in one of sameNames' ways, or one beginning or ending with the other (`startsWith`, `includes` of `a->` in
 * `ba->x`), the longer listed first. Each with the pool a draw takes two such names from.
 */
export const lookalikeSenders: readonly (readonly [words: string, related: (first: string, second: string) => boolean, pool: keyof typeof confusableNames])[] =
  [
    ...sameNames.map(([same, key, pool]) => [`names that ${same}`, (a: string, b: string) => key(a) === key(b), pool] as const),
    ["names one of which begins the other, the longer listed first", (a, b) => a !== b && a.startsWith(b), "prefixes"],
    ["names one of which ends with the other, the longer listed first", (a, b) => a !== b && a.endsWith(b), "suffixes"],
    [
      "names with the same number after their first character (P1 and Q1)",
      (a, b) => a !== b && numberAfterFirst(a) !== undefined && numberAfterFirst(a) === numberAfterFirst(b),
      "renumbered",
    ],
  ];

/** The number a name's characters after its first begin with, as parseInt reads it, if any. */
const numberAfterFirst = (name: string): number | undefined => {
  const number = Number.parseInt(name.slice(1), 10);
  return Number.isNaN(number) ? undefined : number;
};

/** Two names code that keys names so takes one for the other: alike under a hash written by hand, in UTF-8, or cut to 64 UTF-16 code units. */
export const lookalikeTwins: readonly (readonly [words: string, twins: readonly [string, string]])[] = [
  ...Object.entries(HASH_TWINS).map(([hash, twins]) => [`${twins[0]} and ${twins[1]}, alike under ${hash}`, twins] as const),
  ["w and an unpaired surrogate and w and U+FFFD, the same in UTF-8", UTF8_TWINS_NAMES],
  ["two names of 64 characters beyond the Basic Multilingual Plane, alike in their first 64 UTF-16 code units", CUT_TWINS_NAMES],
];

/** The twins a rule that finds a channel by its sender may take one for the other, listed in this order: axb before a.b too, which a pattern made of a.b, its dot not escaped, matches. */
export const markerFirstTwins: readonly (readonly [words: string, twins: readonly [string, string]])[] = [
  ...lookalikeTwins,
  ["axb and a.b, in that order", ["axb", "a.b"]],
];

const markerFirstPairs = [...lookalikeSenders, ...markerFirstTwins.map(([words, [x, y]]) => [words, (a: string, b: string) => a === x && b === y] as const)];

/** The feature of two such senders into a process that starts no snapshot, each sending it a transfer. */
export const markerFirstInto = (words: string): string =>
  `channels into a process that starts no snapshot from ${words}, either's marker may come first, each carrying a transfer a snapshot may catch`;

/** A name with its invisible characters dropped: a soft hyphen, zero-width spaces and joiners. */
export function visibleName(name: string): string {
  return name.replace(/[\u00ad\u200b-\u200d\u2060]/g, "");
}

/** A name with each run of spaces of any kind made one space. */
export function oneSpaced(name: string): string {
  return name.replace(/\s+/g, " ");
}

const spacedAtAnEnd = (name: string) => name.startsWith(" ") || name.endsWith(" ");

/** Two of these distinct names are the same under `key`. */
function collide(names: readonly string[], key: (name: string) => string): boolean {
  return names.some((a) => names.some((b) => a !== b && key(a) === key(b)));
}

/** Amounts that are c·2^k for distinct k: every subset adds up to its own total. */
function distinctSums(amounts: readonly number[]): boolean {
  const c = Math.min(...amounts);
  return amounts.every((a) => Number.isInteger(Math.log2(a / c))) && new Set(amounts).size === amounts.length;
}

/**
 * The features every list of generated scenarios must show (scenario-
 * features.ts says what each is), and for each the draw that shows it: a
 * wish that steers drawn-skeletons.ts towards it, everything else drawn at
 * random. generated-list.ts draws for each feature its list does not show
 * yet, so that every seed's list shows them all, the kit's and any
 * instructor's, rather than those a pool of random draws happens to hold.
 */
import {
  amountsOfKind,
  balanceOfKind,
  balancesOf,
  balancesWithOne,
  collectionNamed,
  confusableNames,
  isDigits,
  namesOfKind,
  namesWithPairs,
  protoNamed,
  placeholderNamed,
  blankNamed,
  HASH_TWINS,
  twinsNamed,
  twinsInOrder,
  longDigitsNamed,
  viewWordsNamed,
} from "./generated-data.js";
import {
  arrowSides,
  COLLECTION_NAMES,
  joinedNames,
  joiners,
  PROTO_NAME,
  PLACEHOLDER_SENDER,
  BLANK_SENDER,
  hashTwins,
  LONG_DIGITS_SENDER,
  lookalikeSenders,
  lookalikeTwins,
  markerFirstInto,
  markerFirstTwins,
  DOTTED_TWINS,
  NAME_TWINS,
  RELAYED_HUB,
  sameNames,
  SNAPSHOT_GAP,
  SUFFIX_SENDER,
  senderReceiverPrefixes,
  VIEW_WORDS,
} from "./scenario-features.js";
import { GENERATED_LIMITS, type Shape } from "./generated-scenarios.js";
import type { Wish } from "./drawn-skeletons.js";

export interface FeatureDraw {
  readonly feature: string;
  readonly wish: Wish;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Every feature a list of this shape must show, each with its draw, in the
 * order they are drawn for: those that need a scenario of their own (sizes,
 * shapes) first, those that ride along on any (names, money) last.
 */
export function featureDraws(shape: Shape): FeatureDraw[] {
  const { processes, initiators, snapshots, perChannel } = GENERATED_LIMITS;
  const some: Wish["transfers"] = [1, 3];
  // A transfer a snapshot may catch, on one channel between two processes that both have a way to the other.
  const caught = (transfers: readonly [number, number], more: Wish = {}): Wish => ({
    processes: 2,
    topology: "complete",
    transfers,
    oneChannel: true,
    catchFirst: true,
    ...(shape.multiSnapshot ? { snapshots: 1 } : {}),
    ...more,
  });
  // Both processes start a snapshot (in exercise 6, one each), so that a transfer either way may be caught.
  const bothStart: Wish = { initiators: 2, ...(shape.multiSnapshot ? { snapshots: 2 } : {}) };
  const multi: FeatureDraw[] = shape.multiSnapshot
    ? [
        // Snapshots of two initiators interleaved, and a late snapshot's markers on two channels: five and four snapshots.
        { feature: "four snapshots or more from two initiators", wish: { snapshots: 5, initiators: 2, processes: 2, transfers: [0, 1] } },
        // A process that has recorded snapshots 0 and 2 and not yet 1: its recorded ids have a gap.
        {
          feature: SNAPSHOT_GAP,
          wish: { snapshots: 3, initiators: 2, processes: 2, topology: "complete", transfers: [1, 1], catchFirst: true },
        },
        {
          feature: "a process with two outgoing channels, in a run of four snapshots or more",
          wish: { snapshots: 4, initiators: 1, processes: 3, topology: "star out" },
        },
        ...range(1, snapshots).flatMap((s): FeatureDraw[] => {
          // Two processes, a channel each way, leave room for a transfer beside six snapshots' markers.
          const two: Wish = { snapshots: s, processes: 2, initiators: 1, topology: "complete" };
          // The first shows the other two. A transfer the sixth snapshot may catch is one the fourth and fifth may too: four
          // and five snapshots come without one, whose interleavings with the snapshots would cost more than they show.
          const caughtByLast: FeatureDraw[] = [
            { feature: `${s} snapshots, the last of which may catch a transfer in flight`, wish: { ...two, transfers: [1, 1], catchFirst: true } },
            { feature: `${s} snapshots and a transfer`, wish: { ...two, transfers: [1, 1] } },
          ];
          return [...(s === 4 || s === 5 ? [] : caughtByLast), { feature: `${s} snapshots`, wish: { snapshots: s, processes: 2 } }];
        }),
        ...[2, 3].map((k) => ({
          feature: `a transfer ${k} snapshots may catch at once`,
          wish: { snapshots: k, processes: 2, initiators: 1, topology: "complete", transfers: [1, 1], catchFirst: true } as Wish,
        })),
      ]
    : [];
  // Exercise 6's draws of a shape take one snapshot, whose markers leave the most room.
  const one: Wish = shape.multiSnapshot ? { snapshots: 1 } : {};
  // A star out of one process to five, and into one process from three with a transfer, named by names one mistakes for
  // each other (and so showing the stars' shapes too).
  const starOut = (names: Wish["names"]): Wish => ({ ...one, processes: 6, initiators: 1, topology: "star out", names });
  // The same star out of a process that records on a marker, no transfer: its rule for a marker sends the markers.
  const relayedStarOut = (names: Wish["names"]): Wish => ({ ...starOut(names), topology: "relayed star", transfers: [0, 0] });
  const starIn = (names: Wish["names"], processes = 4): Wish => ({
    ...one,
    processes,
    initiators: 1,
    topology: "star in",
    transfers: [1, 1],
    catchFirst: true,
    names,
  });
  // Into one process from two others, each sending it a transfer.
  const twoInto = (names: Wish["names"]): Wish => ({ ...one, processes: 3, initiators: 1, topology: "star in", transfers: [2, 2], converging: true, names });
  // Two names one may take for each other, sending the same amount into the process that starts the snapshot, which may catch both.
  const twinsIntoInitiator = (twins: readonly [string, string]): Wish => ({
    ...twoInto(twinsNamed(twins)),
    topology: "two-way star",
    amounts: amountsOfKind.same,
  });
  const related = ([, key, pool]: (typeof sameNames)[number]) => ({ pool: confusableNames[pool], related: (a: string, b: string) => key(a) === key(b) });
  // Two such names sending the same amount, one the other's plain form (A and a), the rest plain, into the initiator (so that,
  // with FIFO too, its snapshot may catch both): code that makes a channel's name or an id plain finds the other's.
  const plainBeside = ([, key, pool]: (typeof sameNames)[number]): Wish => ({
    ...twoInto(
      namesWithPairs(
        [{ pool: confusableNames[pool], related: (a: string, b: string) => key(a) === key(b) && (key(a) === a || key(b) === b) }],
        (name) => key(name) === name,
      ),
    ),
    topology: "two-way star",
    amounts: amountsOfKind.same,
  });
  // Into one process from a and a#1, whose ids begin with a's name and #.
  const idPrefixed = twoInto(namesWithPairs([{ pool: confusableNames.idPrefixes, related: (a, b) => b.startsWith(`${a}#`) }]));
  // Two senders' ids side by side, where code that compares or sorts received ids (exercise 5) takes one for the other. In
  // exercise 6, whose rules need no ids but may keep them (a duplicate, they think), a sender's and one named with its id.
  const idsCompared: FeatureDraw[] = shape.multiSnapshot
    ? [
        {
          feature: "two transfers into one process from senders whose first ids hold one another (a#1 in a#1#1), which one snapshot may both catch",
          wish: { ...idPrefixed, processes: 4 },
        },
        { feature: "transfers into one process from two senders, one's name beginning with the other's message id (a and a#1)", wish: idPrefixed },
        { feature: "channels into one process from a and a#1, a's listed first, a#1's carrying a transfer a snapshot may catch", wish: idPrefixed },
        {
          feature: "two transfers on one channel a snapshot may catch, with a send on another channel between them",
          wish: { ...one, processes: 3, initiators: 1, transfers: [3, 3], sendOrder: ["caught", "other", "caught"] } as Wish,
        },
        {
          feature: "two transfers on one channel a snapshot may catch, from a sender named as long as the format allows, a # in its name",
          wish: caught([2, 2], { names: namesOfKind.longestAstral }),
        },
      ]
    : [
        // First, as it shows the next too. Drawn with FIFO only, with a third way into the receiver, so that its marker may
        // come before both transfers: without FIFO, the next draw's two transfers may both be caught already.
        ...(shape.fifo
          ? [
              {
                feature: "two transfers into one process from senders whose first ids hold one another (a#1 in a#1#1), which one snapshot may both catch",
                wish: { ...idPrefixed, processes: 4 },
              },
            ]
          : []),
        // Their numbers do not follow one another: code that rebuilds the ids of a channel's messages from the first's number takes
        // a wrong one (in exercise 5, from the history a marker carries).
        {
          feature: "two transfers on one channel a snapshot may catch, with a send on another channel between them",
          wish: { processes: 3, initiators: 1, transfers: [3, 3], sendOrder: ["caught", "other", "caught"] } as Wish,
        },
        { feature: "transfers into one process from two senders, one's name beginning with the other's message id (a and a#1)", wish: idPrefixed },
        // Code that cuts ids short (to a name's 64 characters, or some length of its own), or reads a message's number after the
        // first # of its id, takes a sender's messages for one another.
        {
          feature: "two transfers on one channel a snapshot may catch, from a sender named as long as the format allows, a # in its name",
          wish: caught([2, 2], { names: namesOfKind.longestAstral }),
        },
        { feature: "channels into one process from a and a#1, a's listed first, a#1's carrying a transfer a snapshot may catch", wish: idPrefixed },
        ...(shape.referenceRules
          ? []
          : [
              {
                feature:
                  "transfers into a process that starts a snapshot from a and a#1, two from a#1 that it may take before it records, a's one a snapshot may catch",
                wish: { ...idPrefixed, topology: "two-way star", transfers: [3, 3] } as Wish,
              },
            ]),
        {
          feature: "transfers into one process from two senders whose names sort one way with case and the other without",
          wish: twoInto(namesWithPairs([{ pool: confusableNames.cases, related: (a, b) => a < b && a.toLowerCase() > b.toLowerCase() }])),
        },
        // Code that finds a sender's channel by the start of its name takes the first listed that begins so.
        ...(["longer", "shorter"] as const).map(
          (first): FeatureDraw => ({
            feature: `channels into one process from names one of which begins the other, the ${first} listed first, the other carrying a transfer a snapshot may catch`,
            wish: twoInto(
              first === "longer"
                ? namesWithPairs([{ pool: confusableNames.dashed, related: (a, b) => b === `${a}-` }])
                : namesWithPairs([{ pool: confusableNames.prefixes, related: (a, b) => b.startsWith(a) }]),
            ),
          }),
        ),
      ];
  // Code that pairs a process's incoming channels with an object keyed by sender takes one channel for the other: JavaScript
  // lists a name of digits first among the keys, wherever its channel is listed.
  const keyOrdered: FeatureDraw[] = shape.multiSnapshot
    ? []
    : [
        {
          feature:
            "channels into one process from a name of digits and another name, the other listed first, the one of digits carrying a transfer a snapshot may catch",
          wish: twoInto(namesWithPairs([{ pool: confusableNames.keyOrder, related: (a, b) => !isDigits(a) && isDigits(b) }])),
        },
      ];
  // A name ending in - and one beginning with >: the channel between them touches its arrow on both sides ("a-->>b").
  const bothSides = namesWithPairs([{ pool: confusableNames.arrows, related: (a, b) => a.endsWith("-") && b.startsWith(">") }]);
  // Stars out of one process to two, three and four, among them a name and one it begins, the longer listed first. Not in
  // exercise 6, whose list is full with its snapshots: its markers go out as exercise 1's do.
  const longerFirst = namesWithPairs([{ pool: confusableNames.prefixes, related: (a, b) => a.startsWith(b) }]);
  const fewOut: FeatureDraw[] = shape.multiSnapshot
    ? []
    : [
        {
          feature: "channels from one process to names one of which begins the other, the longer listed first",
          wish: { ...starOut(longerFirst), processes: 3 },
        },
        {
          feature: "channels from a process that starts no snapshot to names one of which begins the other, the longer listed first",
          wish: { ...relayedStarOut(longerFirst), processes: 4 },
        },
        ...range(2, 4).map(
          (k): FeatureDraw => ({ feature: `a process with exactly ${k} outgoing channels`, wish: { ...starOut(longerFirst), processes: k + 1 } }),
        ),
      ];
  return [
    ...multi,
    // A message's number counts its sender's sends over all its channels: code that counts them a channel finds another
    // message. Channels both ways between some neighbours and one way between others: code that treats only a neighbour
    // with channels both ways as one (sends it markers, records from it) leaves the others out.
    {
      feature: "a process sending transfers to two receivers, a snapshot may catch the later one's",
      wish: { ...one, processes: 3, initiators: 1, transfers: [2, 2], sendOrder: ["other", "caught"] },
    },
    {
      feature:
        "a process sending to a neighbour that sends back and to one that does not, and one receiving from both kinds, a transfer a snapshot may catch on the one-way channel in",
      wish: { ...one, processes: 3, initiators: 1, topology: "mixed", transfers: [1, 1], catchFirst: true },
    },
    // Names one process may mistake for each other, among those it sends to (two ways of being the same at a time) and those
    // it receives transfers from.
    ...sameNames.flatMap((way, i): FeatureDraw[] => {
      const pairs = namesWithPairs([related(way), related(sameNames[(i + 1) % sameNames.length]!)]);
      return [
        { feature: `channels from a process that starts a snapshot to names that ${way[0]}`, wish: starOut(pairs) },
        {
          feature: `channels from a process that starts no snapshot to names that ${way[0]}`,
          wish: relayedStarOut(pairs),
        },
        {
          feature: `a transfer a snapshot may catch on a channel between two names that ${way[0]}`,
          wish: caught([1, 1], { names: namesWithPairs([related(way)]), initiators: 1 }),
        },
        {
          feature: `transfers into one process from two names that ${way[0]}, one of them and the receiver's in their plain forms, one snapshot may catch both`,
          wish: plainBeside(way),
        },
      ];
    }),
    {
      feature: "channels into one process from names one of which begins the other, the longer carrying a transfer",
      wish: starIn(namesWithPairs([{ pool: confusableNames.prefixes, related: (a, b) => b.startsWith(a) }]), 5),
    },
    // Shapes.
    {
      feature: "a process with five incoming channels, the last listed carrying a transfer a snapshot may catch",
      wish: { ...one, processes: 6, initiators: shape.multiSnapshot ? 1 : 3, topology: "star in", transfers: [1, 1], catchFirst: "named last" },
    },
    {
      feature: "a process with three or more incoming channels, the last listed carrying a transfer a snapshot may catch",
      wish: { ...one, processes: 4, topology: "star in", transfers: some, catchFirst: true },
    },
    {
      feature: "a process with four or more incoming channels, a transfer a snapshot may catch on the one whose name sorts last",
      wish: { ...one, processes: 5, initiators: 1, topology: "star in", transfers: [1, 1], catchFirst: "named last" },
    },
    {
      feature: "a process with four incoming channels, one carrying a transfer",
      wish: { ...one, processes: 5, initiators: 1, topology: "star in", transfers: [1, 1], catchFirst: true },
    },
    // Two senders' transfers into one process: both caught by one snapshot, and names whose ids or order one may confuse.
    {
      feature: "two transfers of the same amount into one process from two senders, which one snapshot may both catch",
      wish: { ...one, processes: 4, initiators: 1, topology: "star in", transfers: [2, 2], converging: true, amounts: amountsOfKind.same },
    },
    ...idsCompared,
    ...keyOrdered,
    // Each number of incoming channels, one of them carrying a transfer a snapshot may catch: rules that treat one number apart.
    ...(shape.multiSnapshot ? [] : range(1, processes - 1)).map(
      (k): FeatureDraw => ({
        feature: `a process with exactly ${k} incoming channels, one carrying a transfer a snapshot may catch`,
        // One: a channel each way between two, the receiver able to record first. Five: the senders start the snapshot, a
        // channel back to each would not fit in the budget.
        wish: k === 1 ? caught([1, 1]) : { processes: k + 1, initiators: k === 5 ? 3 : 1, topology: "star in", transfers: [1, 1], catchFirst: true },
      }),
    ),
    { feature: "a process with five outgoing channels", wish: { ...one, processes: 6, initiators: 1, topology: "star out" } },
    // Each number of outgoing channels, the last listed carrying a transfer a snapshot may catch (without FIFO).
    ...(shape.fifo ? [] : range(1, processes - 1)).map(
      (k): FeatureDraw => ({
        feature: `a process with exactly ${k} outgoing channels, a transfer a snapshot may catch on the last listed`,
        wish: k === 1 ? caught([1, 1]) : { processes: k + 1, initiators: 1, topology: "star out", transfers: [1, 1], catchFirst: true },
      }),
    ),
    ...(shape.fifo ? [] : [{ feature: RELAYED_HUB, wish: { processes: 4, initiators: 1, topology: "relayed star", transfers: [2, 2] } as Wish }]),
    ...fewOut,
    {
      feature: "a process with two incoming channels that carry transfers",
      wish: { ...one, processes: 3, initiators: 1, topology: "star in", transfers: [2, 2], converging: true },
    },
    { feature: "a process with two incoming channels", wish: { ...one, processes: 3, topology: "star in" } },
    { feature: "a process with three or more incoming channels", wish: { ...one, processes: 4, topology: "star in" } },
    { feature: "a process with no incoming channel", wish: { ...one, initiators: 1, topology: "star out" } },
    { feature: "a process with no outgoing channel", wish: { ...one, topology: "star out" } },
    // Sizes: each with a transfer first, which shows the size too.
    ...range(2, processes).flatMap((n): FeatureDraw[] => [
      { feature: `${n} processes and a transfer`, wish: { ...one, processes: n, initiators: 1, transfers: some } },
      { feature: `${n} processes`, wish: { ...one, processes: n } },
    ]),
    ...range(1, initiators).flatMap((k): FeatureDraw[] => {
      // Exercise 6: k initiators start a snapshot each, on a ring of k.
      const starting: Wish = shape.multiSnapshot ? { snapshots: k, processes: Math.max(2, k) } : {};
      return [
        { feature: `${k} initiators and a transfer`, wish: { ...starting, initiators: k, transfers: some } },
        { feature: `${k} initiators`, wish: { ...starting, initiators: k } },
      ];
    }),
    // Transfers and their amounts.
    ...[perChannel, 2, 1, 0].map((k) => ({
      feature: `${k} transfers on one channel`,
      wish: { ...one, processes: 2, transfers: [k, k], oneChannel: true } as Wish,
    })),
    { feature: "five transfers a snapshot may catch on one channel", wish: caught([perChannel, perChannel]) },
    { feature: "an amount repeated on a channel a snapshot may catch", wish: caught([2, 3], { amounts: amountsOfKind.same }) },
    { feature: "amounts falling on a channel a snapshot may catch", wish: caught([2, 3], { amounts: amountsOfKind.falling }) },
    { feature: "an amount past 32 bits on a channel a snapshot may catch", wish: caught([1, 2], { amounts: amountsOfKind.large }) },
    { feature: "the largest amount drawn, 2^44, on a channel a snapshot may catch", wish: caught([1, 2], { amounts: amountsOfKind.largest }) },
    { feature: "an amount as large as the format allows, on a channel a snapshot may catch", wish: caught([1, 1], { allTheMoneyInAnAmount: true }) },
    { feature: "distinct amounts, each set adding up to its own total", wish: { ...one, transfers: [2, 4], amounts: amountsOfKind.powers } },
    { feature: "a transfer a snapshot may catch in flight", wish: caught([1, 1]) },
    // Names of every kind, and money: these ride along on the scenarios drawn for the features above.
    // Its sender starts a snapshot too, so that what it sends may be sent before its snapshot or after (red, in exercise 5).
    {
      feature: "two transfers a snapshot may catch, from an initiator with a # in its name, the part before it no process's name",
      wish: caught([2, 2], { names: namesOfKind.hashes, ...bothStart }),
    },
    ...senderReceiverPrefixes(shape).map(
      (longer): FeatureDraw => ({
        feature: `a transfer a snapshot may catch, the ${longer} name beginning with the other's`,
        wish: caught([1, 2], { names: namesWithPairs([{ pool: confusableNames.prefixes, related: (a, b) => b.startsWith(a) }]) }),
      }),
    ),
    ...(shape.multiSnapshot
      ? []
      : [
          {
            feature: "transfers into one process from two names that differ only in a space at the start of one, which one snapshot may both catch",
            // Into the initiator: with FIFO, a process that records on a marker has its channel's transfer before it.
            wish: { ...twoInto(namesWithPairs([{ pool: confusableNames.spaced, related: (a, b) => b === ` ${a}` }])), topology: "two-way star" } as Wish,
          },
        ]),
    // The name that holds the other listed first, in and out: code that skips a name an earlier one covers drops the second.
    ...joiners.map(([joiner, words]) => ({ feature: joinedNames(words), wish: { ...twinsIntoInitiator([`x${joiner}a`, "a"]), inProcessOrder: true } })),
    { feature: VIEW_WORDS, wish: caught([2, 2], { names: viewWordsNamed }) },
    {
      feature: COLLECTION_NAMES,
      wish: caught([2, 2], { names: collectionNamed, oneChannel: false, ...bothStart }),
    },
    { feature: "a transfer from a process whose name an object already has", wish: { ...one, transfers: some, names: namesOfKind.objectNames } },
    { feature: "a name an object already has", wish: { ...one, names: namesOfKind.objectNames } },
    { feature: "a name of digits (JavaScript lists it first)", wish: { ...one, names: namesOfKind.integers } },
    { feature: "a name of one character", wish: { ...one, names: namesOfKind.tricky } },
    { feature: "a name of 40 characters or more", wish: { ...one, names: namesOfKind.long } },
    { feature: "a name as long as the format allows, of a process with an outgoing channel", wish: { ...one, names: namesOfKind.longest } },
    {
      feature:
        "a name as long as the format allows beyond the Basic Multilingual Plane (more UTF-16 code units than characters), of a process with an outgoing channel",
      wish: { ...one, names: namesOfKind.longestAstral },
    },
    { feature: "a name with a # in it", wish: { ...one, names: namesOfKind.hashes } },
    { feature: "a name with a - in it", wish: { ...one, names: namesOfKind.arrows } },
    { feature: "a name with a > in it", wish: { ...one, names: namesOfKind.arrows } },
    ...arrowSides.flatMap(([side]): FeatureDraw[] => [
      { feature: `a channel whose ${side} touches its arrow`, wish: { ...one, names: bothSides } },
      { feature: `a transfer a snapshot may catch, on a channel whose ${side} touches its arrow`, wish: caught([1, 2], { names: bothSides }) },
    ]),
    ...(shape.multiSnapshot
      ? []
      : [
          {
            feature: "a transfer a snapshot may catch, from a process whose name begins with a space",
            wish: caught([1, 2], { names: namesWithPairs([{ pool: confusableNames.spaced, related: (a, b) => a.startsWith(" ") && b.startsWith(" ") }]) }),
          },
        ]),
    {
      feature: "a transfer a snapshot may catch, from a name with a space at one end to another such name",
      wish: caught([1, 2], { names: namesWithPairs([{ pool: confusableNames.spaced, related: (a, b) => a.startsWith(" ") && b.endsWith(" ") }]) }),
    },
    { feature: "a name with a space in it", wish: { ...one, names: namesOfKind.spaced } },
    { feature: "a name beyond ASCII", wish: { ...one, names: namesOfKind.unicode } },
    // Names only, so that they ride on a scenario drawn for its shape, a transfer a snapshot may catch most often among them.
    {
      feature: "a transfer a snapshot may catch, on a channel a name not in Unicode's composed form (NFC) is at one end of",
      wish: { ...one, names: namesOfKind.decomposed },
    },
    {
      feature: "a transfer a snapshot may catch, on a channel a name beyond the Basic Multilingual Plane is at one end of",
      wish: { ...one, names: namesOfKind.astral },
    },
    { feature: "a name that begins another", wish: { ...one, names: namesOfKind.prefixes } },
    { feature: "names not like P0", wish: { ...one, names: namesOfKind.words } },
    { feature: "names out of sorted order", wish: { ...one, processes: 3 } },
    { feature: "channels listed out of order", wish: { ...one, processes: 3, topology: "complete" } },
    {
      feature: "a channel to a process whose name ends with its sender's",
      wish: { ...one, names: namesWithPairs([{ pool: confusableNames.suffixes, related: (a, b) => a !== b && b.endsWith(a) }]) },
    },
    // Money.
    { feature: "a zero balance", wish: { ...one, balances: balancesWithOne(balanceOfKind.zero) } },
    { feature: "a negative balance", wish: { ...one, balances: balancesWithOne(balanceOfKind.negative) } },
    { feature: "a balance past 32 bits", wish: { ...one, balances: balancesWithOne(balanceOfKind.large) } },
    { feature: "all the money the format allows", wish: { ...one, allTheMoney: true } },
    { feature: "unequal balances", wish: { ...one, balances: balancesWithOne(balanceOfKind.largeNegative) } },
    {
      feature: "equal balances other than 100",
      wish: {
        ...one,
        balances: (n) =>
          balancesOf(1)
            .filter(([b]) => b !== 100)
            .map(([b]) => Array.from({ length: n }, () => b!)),
      },
    },
    ...(shape.answerKeyedByName
      ? []
      : [
          {
            feature: PROTO_NAME,
            wish: caught([2, 2], { names: protoNamed, oneChannel: false, ...bothStart }),
          },
        ]),
    ...(shape.multiSnapshot
      ? []
      : [
          {
            feature:
              "channels into a process that starts a snapshot from names one of which begins the other, the longer listed first and carrying a transfer a snapshot may catch",
            wish: { ...twoInto(namesWithPairs([{ pool: confusableNames.prefixes, related: (a, b) => a.startsWith(b) }])), topology: "two-way star" } as Wish,
          },
        ]),
    ...sameNames.map((way) => ({
      feature: `channels into a process that starts no snapshot from a third and from names that ${way[0]}, the later listed carrying a transfer a snapshot may catch`,
      wish: { ...starIn(namesWithPairs([related(way)]), 4), converging: true } as Wish,
    })),
    ...(shape.referenceRules
      ? []
      : [
          ...lookalikeSenders.map(([words, related, pool]) => ({
            feature: markerFirstInto(words),
            wish: twoInto(namesWithPairs([{ pool: confusableNames[pool], related }])),
          })),
          ...markerFirstTwins.map(([words, twins]) => ({ feature: markerFirstInto(words), wish: { ...twoInto(twinsInOrder(twins)), inProcessOrder: true } })),
          ...lookalikeTwins.map(([words, twins]) => ({
            feature: `channels from a process that starts no snapshot to ${words}`,
            wish: relayedStarOut(twinsNamed(twins)),
          })),
        ]),
    { feature: PLACEHOLDER_SENDER, wish: caught([2, 2], { names: placeholderNamed, oneChannel: false, ...bothStart }) },
    { feature: BLANK_SENDER, wish: caught([2, 2], { names: blankNamed, oneChannel: false, ...bothStart }) },
    // Code that reads an id's digits as a number takes a long sender's first message for its second.
    { feature: LONG_DIGITS_SENDER, wish: caught([2, 2], { names: longDigitsNamed }) },
    ...Object.entries(HASH_TWINS).map(([hash, twins]) => ({ feature: hashTwins(hash, twins), wish: twinsIntoInitiator(twins) })),
    {
      feature: SUFFIX_SENDER,
      wish: caught([1, 2], {
        names: namesWithPairs([{ pool: confusableNames.suffixes, related: (a, b) => a !== b && a.endsWith(b) }]),
        ...bothStart,
      }),
    },
    { feature: DOTTED_TWINS, wish: { ...twinsIntoInitiator(["a.b", "axb"]), inProcessOrder: true } },
    ...NAME_TWINS.map(([feature, twins]) => ({ feature, wish: twinsIntoInitiator(twins) })),
  ];
}

/** Every feature a list of this shape must show, in words (the README lists them). */
export function requiredFeatures(shape: Shape): string[] {
  return featureDraws(shape).map((d) => d.feature);
}

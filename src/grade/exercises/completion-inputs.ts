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
import type { LocalPart } from "./completion.js";
import { amountsOf, atTheLimit, balancesOf, MAX_MONEY, moneyOf, processNames } from "./generated-data.js";

/** The most processes a drawn input has; a process's view has up to five neighbours. */
const MOST_PROCESSES = 6;
/** The most messages a drawn channel holds (what a channel recorded, what a process sent on one). */
const MOST_PER_CHANNEL = 5;

/** `count` messages from `sender`, its sends numbered from `first`, with these amounts. */
const messages = (sender: string, first: number, amounts: readonly number[]): DataMessage[] =>
  amounts.map((amount, k) => ({ kind: "data", id: `${sender}#${first + k}`, amount }));

/** Up to MOST_PER_CHANNEL amounts, repeated or not. */
const someAmounts = fc.integer({ min: 0, max: MOST_PER_CHANNEL }).chain((count) => amountsOf(count));

/**
 * A process's view: its name, its incoming and outgoing channels (none, or
 * up to five each), and where it stands. Before it records, its incoming
 * channels are idle and `recorded` is null; once it has, each is open or
 * closed, with the messages it recorded there, and `recorded` holds what it
 * saved.
 */
export const views: fc.Arbitrary<ProcessView> = fc
  .integer({ min: 1, max: MOST_PROCESSES })
  .chain((n) =>
    fc.record({
      names: processNames(n),
      incoming: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      outgoing: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      hasRecorded: fc.boolean(),
      closed: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      recorded: fc.array(someAmounts, { minLength: n, maxLength: n }),
      sent: fc.array(someAmounts, { minLength: n, maxLength: n }),
      state: fc.record({ pc: fc.nat(20), balance: balancesOf(1).map(([b]) => b!) }),
    }),
  )
  .map(({ names, incoming, outgoing, hasRecorded, closed, recorded, sent, state }) => {
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
  });

/**
 * The parts of a complete snapshot, one per process, in any order: each
 * process's recorded pc and balance, and each of its incoming channels (any
 * channels between the processes, or none) with the messages recorded on it,
 * in the order they were recorded. The money in them all stays within the
 * scenario format's limit.
 */
export const partsOfSnapshots: fc.Arbitrary<LocalPart[]> = fc
  .integer({ min: 1, max: MOST_PROCESSES })
  .chain((n) => {
    const pairs = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (__, j) => [i, j] as const))
      .flat()
      .filter(([i, j]) => i !== j);
    return fc.record({
      names: processNames(n),
      balances: balancesOf(n),
      pcs: fc.array(fc.nat(20), { minLength: n, maxLength: n }),
      channels: fc.subarray(pairs),
      amounts: fc.array(someAmounts, { minLength: pairs.length, maxLength: pairs.length }),
      // One set in five holds all the money the format allows.
      limit: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(fc.nat(n - 1), fc.boolean()) }),
      order: fc.shuffledSubarray(
        Array.from({ length: n }, (_, i) => i),
        { minLength: n, maxLength: n },
      ),
    });
  })
  .map(({ names, balances, pcs, channels, amounts, limit, order }) => {
    const sends = names.map(() => 0);
    const inChannels = channels.map(([from, to], c) => {
      const sender = names[from]!;
      const recorded = messages(sender, sends[from]! + 1, amounts[c]!);
      sends[from]! += recorded.length;
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
  })
  .filter(
    (parts) =>
      moneyOf(
        parts.map((p) => p.state.balance),
        parts.flatMap((p) =>
          Object.values(p.channels)
            .flat()
            .map((m) => m.amount),
        ),
      ) <= MAX_MONEY,
  );

/**
 * The catalogue of wrong rule sets: mistakes learners make, and the two seed
 * systems' own, each with the exercise that must refuse it and the property
 * or step rule its shortest counterexample breaks.
 */
import type { MultiEffect, MultiSnapshotAlgorithm, MultiSnapshotView } from "../../../src/models/bank/multi-snapshot/multi-snapshot-algorithm.js";
import type { Effect, ProcessView, SnapshotAlgorithm } from "../../../src/models/bank/algorithms/snapshot-algorithm.js";
import { chandyLamport, recordAndForward } from "../../../src/models/bank/algorithms/chandy-lamport.js";
import type { GlobalSnapshot, LocalPart } from "../../../src/grade/exercises/completion.js";

export interface WrongRules {
  readonly name: string;
  /** The exercise that targets this mistake. */
  readonly exercise: number;
  /** What the shortest counterexample breaks. */
  readonly refusedBy: string;
  /** The learner's module, as the exercise's file would export it. */
  readonly module: Record<string, unknown>;
}

const rulesOf = (rules: Partial<SnapshotAlgorithm>) => ({ rules: { ...chandyLamport, name: "wrong", ...rules } });
const open = (view: ProcessView): Effect[] => view.incoming.map((channel) => ({ type: "start-recording", channel }));
const close = (channel: string): Effect => ({ type: "stop-recording", channel });
const record: Effect = { type: "record-state" };

/**
 * Exercise 1's half takes a marker on a channel not yet opened for the first (right while channels open when the process
 * records, as the reference's do); exercise 2's opens a channel only when a message or its marker comes (right beside
 * the reference's half, which asks hasRecorded). Together, a process records again on every marker.
 */
const halvesWrongTogether = rulesOf({
  initiate: (view) => recordAndForward(view).filter((e) => e.type !== "start-recording"),
  onMarker(view, channel) {
    const unopened = view.recordings[channel]!.status === "idle";
    const own = unopened ? recordAndForward(view).filter((e) => e.type !== "start-recording") : [];
    return [...own, ...(unopened ? [{ type: "start-recording", channel } as const] : []), close(channel)];
  },
  onMessage(view, channel, message) {
    const status = view.recordings[channel]!.status;
    if (!view.hasRecorded || status === "closed") return [];
    const opening: Effect[] = status === "idle" ? [{ type: "start-recording", channel }] : [];
    return [...opening, { type: "record-message", channel, message }];
  },
});

export const catalogue: readonly WrongRules[] = [
  {
    name: "never forwards markers",
    exercise: 1,
    refusedBy: "marker-sending-rule",
    module: rulesOf({
      initiate: (view) => [record, ...open(view)],
      onMarker: (view, channel) => [...(view.hasRecorded ? [] : [record, ...open(view)]), close(channel)],
    }),
  },
  {
    name: "records on every marker",
    exercise: 1,
    refusedBy: "records-once",
    module: rulesOf({ onMarker: (view, channel) => [...recordAndForward(view), close(channel)] }),
  },
  {
    name: "records channel state after the marker instead of before",
    exercise: 2,
    refusedBy: "channel-state",
    module: rulesOf({
      // Opens a channel when its marker comes, and closes them all with the last marker.
      initiate: (view) => recordAndForward(view).filter((e) => e.type !== "start-recording"),
      onMarker(view, channel) {
        const waiting = view.incoming.filter((c) => c !== channel && view.recordings[c]!.status === "idle");
        const own = view.hasRecorded ? [] : recordAndForward(view).filter((e) => e.type !== "start-recording");
        return waiting.length > 0 ? [...own, { type: "start-recording", channel }] : [...own, ...view.incoming.map(close)];
      },
    }),
  },
  {
    name: "never stops recording",
    exercise: 2,
    refusedBy: "termination",
    module: rulesOf({ onMarker: (view) => (view.hasRecorded ? [] : recordAndForward(view)) }),
  },
  {
    name: "records on the first marker but does not close that channel empty",
    exercise: 2,
    refusedBy: "termination",
    module: rulesOf({ onMarker: (view, channel) => (view.hasRecorded ? [close(channel)] : recordAndForward(view)) }),
  },
  {
    name: "opens no channel when it starts the snapshot itself",
    exercise: 2,
    refusedBy: "channel-state",
    module: rulesOf({ initiate: (view) => recordAndForward(view).filter((e) => e.type !== "start-recording") }),
  },
  {
    name: "halves each right beside the reference's, wrong together: the first marker told by its channel not yet opened",
    exercise: 1,
    refusedBy: "records-once",
    module: halvesWrongTogether,
  },
  {
    name: "halves each right beside the reference's, wrong together: channels opened only when something comes",
    exercise: 2,
    refusedBy: "records-once",
    module: halvesWrongTogether,
  },
  {
    // Seed 000's demo: after recording, every data message is put aside ("deferred") and never
    // applied; the channel's state is what was put aside before its marker.
    name: "the three-cashier demo: messages after recording are buffered and never applied",
    exercise: 2,
    refusedBy: "non-interference",
    module: rulesOf({
      onMessage(view, channel, message) {
        if (!view.hasRecorded) return [];
        const inFlight: Effect[] = view.recordings[channel]!.status === "open" ? [{ type: "record-message", channel, message }] : [];
        return [...inFlight, { type: "buffer-message" }];
      },
    }),
  },
  {
    name: "Chandy-Lamport's rules without FIFO",
    exercise: 5,
    refusedBy: "channel-state",
    module: rulesOf({}),
  },
  {
    name: "Lai-Yang without colours: records only on markers",
    exercise: 5,
    refusedBy: "no-ghost-receive",
    module: rulesOf({
      initiate: laiYangRecord,
      onMarker(view, channel, marker) {
        const received = view.recorded?.received ?? view.received;
        const inFlight = (marker.sent ?? []).filter((m) => !received.includes(m.id));
        const recorded = inFlight.map((message): Effect => ({ type: "record-message", channel, message }));
        return [...(view.hasRecorded ? [] : laiYangRecord(view)), ...recorded, close(channel)];
      },
      onMessage: () => [],
    }),
  },
  {
    name: "one snapshot at a time: ignores a marker's id once any snapshot is recorded",
    exercise: 6,
    refusedBy: "termination (snapshot 1)",
    module: multiRulesOf({
      onMarker: (view, channel, snapshot) => [
        ...(Object.keys(view.snapshots).length > 0 ? [] : startSnapshot(view, snapshot)),
        { type: "stop-recording", channel, snapshot },
      ],
    }),
  },
  {
    name: "records a message only in the newest snapshot",
    exercise: 6,
    refusedBy: "channel-state (snapshot 0)",
    module: multiRulesOf({
      onMessage(view, channel, message) {
        const open = Object.keys(view.snapshots)
          .map(Number)
          .filter((s) => view.snapshots[s]!.recordings[channel]!.status === "open");
        return open.length === 0 ? [] : [{ type: "record-message", channel, message, snapshot: Math.max(...open) }];
      },
    }),
  },
  {
    name: "a part is done as soon as the process has recorded",
    exercise: 3,
    refusedBy: "knows-when-done",
    module: { isPartDone: (view: ProcessView) => view.hasRecorded, assembleSnapshot },
  },
  {
    name: "the total forgets the money in the channels",
    exercise: 3,
    refusedBy: "assembled-snapshot",
    module: {
      isPartDone: (view: ProcessView) => view.hasRecorded && view.incoming.every((c) => view.recordings[c]!.status === "closed"),
      assembleSnapshot: (parts: readonly LocalPart[]) => ({
        ...assembleSnapshot(parts),
        total: parts.reduce((sum, part) => sum + part.state.balance, 0),
      }),
    },
  },
];

function laiYangRecord(view: ProcessView): Effect[] {
  return [record, ...view.outgoing.map((channel): Effect => ({ type: "send-marker", channel, sent: view.sent[channel] })), ...open(view)];
}

function startSnapshot(view: MultiSnapshotView, snapshot: number): MultiEffect[] {
  return [
    { type: "record-state", snapshot },
    ...view.outgoing.map((channel): MultiEffect => ({ type: "send-marker", channel, snapshot })),
    ...view.incoming.map((channel): MultiEffect => ({ type: "start-recording", channel, snapshot })),
  ];
}

function multiRulesOf(rules: Partial<MultiSnapshotAlgorithm>): { rules: MultiSnapshotAlgorithm } {
  return {
    rules: {
      name: "wrong",
      initiate: startSnapshot,
      onMarker: (view, channel, snapshot) => [
        ...(snapshot in view.snapshots ? [] : startSnapshot(view, snapshot)),
        { type: "stop-recording", channel, snapshot },
      ],
      onMessage: (view, channel, message) =>
        Object.keys(view.snapshots)
          .map(Number)
          .filter((s) => view.snapshots[s]!.recordings[channel]!.status === "open")
          .map((snapshot): MultiEffect => ({ type: "record-message", channel, message, snapshot })),
      ...rules,
    },
  };
}

function assembleSnapshot(parts: readonly LocalPart[]): GlobalSnapshot {
  const channels = Object.fromEntries(parts.flatMap((p) => Object.entries(p.channels).map(([c, ms]) => [c, ms.map((m) => m.amount)])));
  const inFlight = Object.values(channels)
    .flat()
    .reduce((sum, amount) => sum + amount, 0);
  return {
    processes: Object.fromEntries(parts.map((p) => [p.process, p.state])),
    channels,
    total: parts.reduce((sum, p) => sum + p.state.balance, 0) + inFlight,
  };
}

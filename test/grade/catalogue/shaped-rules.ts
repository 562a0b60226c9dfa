/**
 * The catalogue of submissions whose mistake needs a shape that no fixed
 * scenario has (several messages in flight on one channel, a process with no
 * incoming or no outgoing channel, a process with two incoming channels, more
 * than two snapshots), each with the check and property that refuse it; and
 * right-but-unusual submissions, which must keep full marks.
 */
import type { MultiEffect, MultiSnapshotAlgorithm, MultiSnapshotView } from "../../../src/models/bank/multi-snapshot/multi-snapshot-algorithm.js";
import type { Effect, ProcessView, SnapshotAlgorithm } from "../../../src/models/bank/algorithms/snapshot-algorithm.js";
import { chandyLamport, recordAndForward } from "../../../src/models/bank/algorithms/chandy-lamport.js";
import type { GlobalSnapshot, LocalPart } from "../../../src/grade/exercises/completion.js";
import * as laiYangAnswer from "../../../solutions/05-lai-yang/rules.js";
import * as multiAnswer from "../../../solutions/06-concurrent-snapshots/rules.js";
import * as completionAnswer from "../../../solutions/03-completion/completion.js";
import type { Skeleton } from "../../../src/grade/exercises/generated-scenarios.js";
import { beyondBoundsRightRules } from "./beyond-bounds.js";

/** The shape a mistake needs, as the generated scenarios have it. */
export type Shape = "several in flight on one channel" | "no incoming channel" | "no outgoing channel" | "two incoming channels" | "more than two snapshots";

export interface ShapedWrongRules {
  readonly name: string;
  readonly exercise: number;
  readonly shape: Shape;
  /** Passes every fixed scenario: only the generated ones refuse it. */
  readonly passesFixed: boolean;
  /** The property or step rule the smallest failing scenario's shortest counterexample breaks. */
  readonly refusedBy: string;
  /** Why, as the counterexample says it. */
  readonly reason: string;
  readonly module: Record<string, unknown>;
}

export interface RightRules {
  readonly name: string;
  /** The exercises it answers (exercises 1 and 2 share a file). */
  readonly exercises: readonly number[];
  readonly module: Record<string, unknown>;
}

const rulesOf = (rules: Partial<SnapshotAlgorithm>) => ({ rules: { ...chandyLamport, name: "wrong", ...rules } });
const close = (channel: string): Effect => ({ type: "stop-recording", channel });
const isOpen = (view: ProcessView, channel: string) => view.recordings[channel]?.status === "open";
const isClosed = (view: ProcessView, channel: string) => view.recordings[channel]?.status === "closed";
const recorded = (view: ProcessView, channel: string) => {
  const recording = view.recordings[channel];
  return recording && recording.status !== "idle" ? recording.messages : [];
};

export const shapedWrongRules: readonly ShapedWrongRules[] = [
  // Exercise 1: record and forward.
  {
    name: "a process with nowhere to forward a marker skips the snapshot",
    exercise: 1,
    shape: "no outgoing channel",
    passesFixed: true,
    // An initiator with no outgoing channel "starts" the snapshot without recording.
    refusedBy: "marker-sending-rule",
    reason: "P0 started a snapshot without recording its state",
    module: rulesOf({
      initiate: (view) => (view.outgoing.length === 0 ? [] : recordAndForward(view)),
      onMarker: (view, channel) => [...(view.hasRecorded || view.outgoing.length === 0 ? [] : recordAndForward(view)), close(channel)],
    }),
  },
  {
    name: "a process with no incoming channel records, but sends no markers (nothing to close, it thinks)",
    exercise: 1,
    shape: "no incoming channel",
    passesFixed: true,
    refusedBy: "marker-sending-rule",
    reason: "P1 recorded its state and sent 0 markers on P1->P0 (one is due on every outgoing channel)",
    module: rulesOf({ initiate: (view) => (view.incoming.length === 0 ? [{ type: "record-state" }] : recordAndForward(view)) }),
  },
  // Exercise 2: channel recording.
  {
    name: "records only the first message that arrives on a channel",
    exercise: 2,
    shape: "several in flight on one channel",
    passesFixed: true,
    refusedBy: "channel-state",
    reason: "channel P0->P1 recorded [P0#1 (1)], expected [P0#1 (1), P0#2 (2)]",
    module: rulesOf({
      onMessage: (view, channel, message) =>
        isOpen(view, channel) && recorded(view, channel).length === 0 ? [{ type: "record-message", channel, message }] : [],
    }),
  },
  {
    name: "a recorded channel keeps only the newest message (one slot a channel)",
    exercise: 2,
    shape: "several in flight on one channel",
    passesFixed: true,
    refusedBy: "channel-state",
    reason: "channel P0->P1 recorded [P0#2 (2)], expected [P0#1 (1), P0#2 (2)]",
    module: rulesOf({
      // Restarting the recording empties it: what arrived before is lost.
      onMessage: (view, channel, message) =>
        isOpen(view, channel)
          ? [
              { type: "start-recording", channel },
              { type: "record-message", channel, message },
            ]
          : [],
    }),
  },
  // Exercise 3: completion.
  {
    name: "a part is done once every incoming channel is closed (forgets to ask whether the process recorded)",
    exercise: 3,
    shape: "no incoming channel",
    passesFixed: true,
    refusedBy: "knows-when-done",
    reason: "P0 says its part is done, but it has not recorded",
    module: { ...completionAnswer, isPartDone: (view: ProcessView) => view.incoming.every((c) => isClosed(view, c)) },
  },
  {
    name: "a part is done when some marker has come and every channel is closed (waits forever without incoming channels)",
    exercise: 3,
    shape: "no incoming channel",
    passesFixed: true,
    refusedBy: "knows-when-done",
    reason: "P0 has recorded and every incoming channel is closed, but does not say its part is done",
    module: {
      ...completionAnswer,
      isPartDone: (view: ProcessView) => view.hasRecorded && view.incoming.some((c) => isClosed(view, c)) && view.incoming.every((c) => isClosed(view, c)),
    },
  },
  {
    name: "a channel's state is its first recorded message",
    exercise: 3,
    shape: "several in flight on one channel",
    passesFixed: true,
    refusedBy: "assembled-snapshot",
    reason: 'the assembled snapshot has channels["P1->P0"] = [1], expected [1,2]',
    module: {
      ...completionAnswer,
      assembleSnapshot(parts: readonly LocalPart[]): GlobalSnapshot {
        const answer = completionAnswer.assembleSnapshot(parts);
        const channels = Object.fromEntries(Object.entries(answer.channels).map(([c, amounts]) => [c, amounts.slice(0, 1)]));
        const total =
          Object.values(answer.processes).reduce((sum, p) => sum + p.balance, 0) +
          Object.values(channels)
            .flat()
            .reduce((a, b) => a + b, 0);
        return { ...answer, channels, total };
      },
    },
  },
  // Exercise 5: Lai-Yang.
  {
    name: "records the messages in flight on the first marker only (the first channel)",
    exercise: 5,
    shape: "two incoming channels",
    passesFixed: true,
    refusedBy: "channel-state",
    reason: "channel P0->P2 recorded [], expected [P0#1 (1)]",
    module: laiYangWith({
      onMarker(view, channel, marker) {
        const first = view.incoming.every((c) => !isClosed(view, c));
        const history = view.recorded?.received ?? view.received;
        const inFlight = first ? (marker.sent ?? []).filter((m) => !history.includes(m.id)) : [];
        return [
          ...(view.hasRecorded ? [] : turnRed(view)),
          ...inFlight.map((message): Effect => ({ type: "record-message", channel, message })),
          close(channel),
        ];
      },
    }),
  },
  {
    name: "a red message turns the process red only on its first incoming channel",
    exercise: 5,
    shape: "two incoming channels",
    passesFixed: true,
    refusedBy: "no-ghost-receive",
    reason: "P2 recorded receiving P0#1, but P0 recorded after 0 sends, before sending it",
    module: laiYangWith({
      onMessage: (view, channel, message) => (message.colour === "red" && !view.hasRecorded && channel === view.incoming[0] ? turnRed(view) : []),
    }),
  },
  {
    name: "a process with no incoming channel turns red without telling its neighbours",
    exercise: 5,
    shape: "no incoming channel",
    passesFixed: true,
    refusedBy: "marker-sending-rule",
    reason: "P1 recorded its state and sent 0 markers on P1->P0 (one is due on every outgoing channel)",
    module: laiYangWith({ initiate: (view) => (view.incoming.length === 0 ? [{ type: "record-state" }] : turnRed(view)) }),
  },
  {
    // Two transfers on one channel in a fixed scenario (two-transfers) catch it too.
    name: "records one in-flight message a channel: the first of the marker's list",
    exercise: 5,
    shape: "several in flight on one channel",
    passesFixed: false,
    refusedBy: "channel-state",
    reason: "channel P0->P1 recorded [P0#1 (1)], expected [P0#1 (1), P0#2 (2)]",
    module: laiYangWith({
      onMarker(view, channel, marker) {
        const history = view.recorded?.received ?? view.received;
        const inFlight = (marker.sent ?? []).filter((m) => !history.includes(m.id)).slice(0, 1);
        return [
          ...(view.hasRecorded ? [] : turnRed(view)),
          ...inFlight.map((message): Effect => ({ type: "record-message", channel, message })),
          close(channel),
        ];
      },
    }),
  },
  // Exercise 6: repeated and concurrent snapshots.
  {
    name: "room for two snapshots: records messages for snapshots 0 and 1 only",
    exercise: 6,
    shape: "more than two snapshots",
    passesFixed: true,
    refusedBy: "channel-state (snapshot 2)",
    reason: "channel P0->P1 recorded [], expected [P0#1 (1)]",
    module: multiWith({
      onMessage: (view, channel, message) =>
        [0, 1]
          .filter((s) => view.snapshots[s]?.recordings[channel]?.status === "open")
          .map((snapshot): MultiEffect => ({ type: "record-message", channel, message, snapshot })),
    }),
  },
  {
    name: "snapshot ids mixed up after the second: a third marker is taken for snapshot 1",
    exercise: 6,
    shape: "more than two snapshots",
    passesFixed: true,
    refusedBy: "termination (snapshot 2)",
    reason: "the run ended with the snapshot incomplete (never recorded: P1; never closed: P0->P1)",
    module: multiWith({
      onMarker: (view, channel, snapshot) => {
        const id = Math.min(snapshot, 1);
        return [...(id in view.snapshots ? [] : multiAnswer.rules.initiate(view, id)), { type: "stop-recording", channel, snapshot: id }];
      },
    }),
  },
];

export const rightRules: readonly RightRules[] = [
  // Right whatever the names, balances and amounts (beyond-bounds.ts).
  ...beyondBoundsRightRules,
  {
    name: "Chandy-Lamport written as a class, effects in another order, markers sent last channel first",
    exercises: [1, 2],
    module: { rules: classRules() },
  },
  {
    name: "records a channel's messages with a lookup table of open channels and one helper per rule",
    exercises: [1, 2],
    module: {
      rules: {
        name: "table",
        initiate: (view: ProcessView) => snapshotNow(view),
        onMarker: (view: ProcessView, channel: string) => (view.hasRecorded ? [close(channel)] : [close(channel), ...snapshotNow(view)].reverse()),
        onMessage: (view: ProcessView, channel: string, message: unknown) => {
          const open = new Set(view.incoming.filter((c) => isOpen(view, c)));
          return open.has(channel) ? [{ type: "record-message", channel, message }] : [];
        },
      },
    },
  },
  {
    name: "on the first marker, opens only the other channels and closes the marker's channel empty directly",
    exercises: [1, 2],
    module: {
      rules: {
        name: "close at once",
        initiate: (view: ProcessView) => recordAndForward(view),
        onMarker(view: ProcessView, channel: string): Effect[] {
          if (view.hasRecorded) return [close(channel)];
          const others = view.incoming.filter((c) => c !== channel).map((c): Effect => ({ type: "start-recording", channel: c }));
          return [{ type: "record-state" }, ...view.outgoing.map((c): Effect => ({ type: "send-marker", channel: c })), ...others, close(channel)];
        },
        onMessage: (view: ProcessView, channel: string, message: unknown) => (isOpen(view, channel) ? [{ type: "record-message", channel, message }] : []),
      },
    },
  },
  {
    name: "completion with loops and early returns, the total summed from the assembled channels",
    exercises: [3],
    module: {
      isPartDone(view: ProcessView): boolean {
        if (!view.hasRecorded) return false;
        for (const channel of view.incoming) if (!isClosed(view, channel)) return false;
        return true;
      },
      assembleSnapshot(parts: readonly LocalPart[]) {
        const processes = Object.fromEntries(parts.map((part) => [part.process, { ...part.state }]));
        const channels = Object.fromEntries(parts.flatMap((part) => Object.entries(part.channels)).map(([c, messages]) => [c, messages.map((m) => m.amount)]));
        const balances = Object.values(processes).map((p) => p.balance);
        const total = [...balances, ...Object.values(channels).flat()].reduce((a, b) => a + b, 0);
        return { total, channels, processes };
      },
    },
  },
  {
    name: "completion counting closed channels, snapshot built with reduce, keys in another order",
    exercises: [3],
    module: {
      isPartDone: (view: ProcessView) =>
        view.hasRecorded && Object.values(view.recordings).filter((r) => r.status === "closed").length === view.incoming.length,
      assembleSnapshot: (parts: readonly LocalPart[]) =>
        parts.reduce<{ total: number; channels: Record<string, number[]>; processes: Record<string, object> }>(
          (acc, part) => {
            acc.processes[part.process] = { balance: part.state.balance, pc: part.state.pc };
            for (const channel of Object.keys(part.channels).sort().reverse()) {
              const amounts = part.channels[channel]!.map((m) => m.amount);
              acc.channels[channel] = amounts;
              acc.total += amounts.reduce((a, b) => a + b, 0);
            }
            acc.total += part.state.balance;
            return acc;
          },
          { total: 0, channels: {}, processes: {} },
        ),
    },
  },
  {
    name: "Lai-Yang with a Set for the history and the in-flight messages recorded last channel effect first",
    exercises: [5],
    module: laiYangWith({
      onMarker(view, channel, marker) {
        const history = new Set(view.hasRecorded ? view.recorded!.received : view.received);
        const inFlight = (marker.sent ?? []).filter((m) => !history.has(m.id)).map((message): Effect => ({ type: "record-message", channel, message }));
        return view.hasRecorded ? [...inFlight, close(channel)] : [...turnRed(view), ...inFlight, close(channel)];
      },
    }),
  },
  {
    name: "Lai-Yang written as a class with early returns, markers carrying copies of the sent messages",
    exercises: [5],
    module: { rules: laiYangClass() },
  },
  {
    name: "concurrent snapshots closing the first marker's channel empty directly",
    exercises: [6],
    module: multiWith({
      onMarker(view, channel, snapshot) {
        if (view.snapshots[snapshot]) return [{ type: "stop-recording", channel, snapshot }];
        return [
          ...start(view, snapshot).filter((e) => !(e.type === "start-recording" && e.channel === channel)),
          { type: "stop-recording", channel, snapshot },
        ];
      },
    }),
  },
  {
    name: "concurrent snapshots with the ids newest first and the markers before the record",
    exercises: [6],
    module: {
      rules: {
        name: "newest first",
        initiate: (view: MultiSnapshotView, snapshot: number) => start(view, snapshot).reverse(),
        onMarker: (view: MultiSnapshotView, channel: string, snapshot: number) =>
          view.snapshots[snapshot]
            ? [{ type: "stop-recording", channel, snapshot }]
            : [...start(view, snapshot).reverse(), { type: "stop-recording", channel, snapshot }],
        onMessage: (view: MultiSnapshotView, channel: string, message: unknown) =>
          Object.keys(view.snapshots)
            .map(Number)
            .sort((a, b) => b - a)
            .filter((s) => view.snapshots[s]!.recordings[channel]?.status === "open")
            .map((snapshot) => ({ type: "record-message", channel, message, snapshot })),
      },
    },
  },
];

function turnRed(view: ProcessView): Effect[] {
  return [
    { type: "record-state" },
    ...view.outgoing.map((channel): Effect => ({ type: "send-marker", channel, sent: view.sent[channel] })),
    ...view.incoming.map((channel): Effect => ({ type: "start-recording", channel })),
  ];
}

function laiYangWith(rules: Partial<SnapshotAlgorithm>): { rules: SnapshotAlgorithm } {
  return { rules: { ...laiYangAnswer.rules, name: "lai-yang variant", ...rules } };
}

function multiWith(rules: Partial<MultiSnapshotAlgorithm>): { rules: MultiSnapshotAlgorithm } {
  return { rules: { ...multiAnswer.rules, name: "concurrent variant", ...rules } };
}

function start(view: MultiSnapshotView, snapshot: number): MultiEffect[] {
  return [
    { type: "record-state", snapshot },
    ...view.outgoing.map((channel): MultiEffect => ({ type: "send-marker", channel, snapshot })),
    ...view.incoming.map((channel): MultiEffect => ({ type: "start-recording", channel, snapshot })),
  ];
}

function snapshotNow(view: ProcessView): Effect[] {
  const opens = view.incoming.map((channel): Effect => ({ type: "start-recording", channel }));
  const markers = [...view.outgoing].reverse().map((channel): Effect => ({ type: "send-marker", channel }));
  return [...opens, { type: "record-state" }, ...markers];
}

function classRules(): SnapshotAlgorithm {
  class Snapshotter implements SnapshotAlgorithm {
    readonly name = "as a class";
    initiate(view: ProcessView): Effect[] {
      return this.record(view);
    }
    onMarker(view: ProcessView, channel: string): Effect[] {
      return view.hasRecorded ? [close(channel)] : [...this.record(view), close(channel)];
    }
    onMessage(view: ProcessView, channel: string, message: { id: string; amount: number }): Effect[] {
      return isOpen(view, channel) ? [{ type: "record-message", channel, message: { kind: "data", id: message.id, amount: message.amount } }] : [];
    }
    private record(view: ProcessView): Effect[] {
      return [
        ...view.incoming.map((channel): Effect => ({ type: "start-recording", channel })),
        { type: "record-state" },
        ...view.outgoing.map((channel): Effect => ({ type: "send-marker", channel })),
      ];
    }
  }
  const rules = new Snapshotter();
  // The grader calls the exported functions by path (rules.initiate, ...), so they are bound here.
  return { name: rules.name, initiate: (v) => rules.initiate(v), onMarker: (v, c) => rules.onMarker(v, c), onMessage: (v, c, m) => rules.onMessage(v, c, m) };
}

function laiYangClass(): SnapshotAlgorithm {
  class LaiYang {
    readonly name = "lai-yang as a class";
    initiate(view: ProcessView): Effect[] {
      return this.turnRed(view);
    }
    onMarker(view: ProcessView, channel: string, marker: { sent?: readonly { kind: "data"; id: string; amount: number }[] }): Effect[] {
      const effects: Effect[] = view.hasRecorded ? [] : this.turnRed(view);
      const history = view.hasRecorded ? view.recorded!.received : view.received;
      for (const message of marker.sent ?? []) {
        if (history.includes(message.id)) continue;
        effects.push({ type: "record-message", channel, message });
      }
      effects.push(close(channel));
      return effects;
    }
    onMessage(view: ProcessView, _channel: string, message: { colour: string }): Effect[] {
      if (view.hasRecorded) return [];
      if (message.colour !== "red") return [];
      return this.turnRed(view);
    }
    private turnRed(view: ProcessView): Effect[] {
      const markers = view.outgoing.map((channel): Effect => ({ type: "send-marker", channel, sent: view.sent[channel]!.map((m) => ({ ...m })) }));
      return [...view.incoming.map((channel): Effect => ({ type: "start-recording", channel })), { type: "record-state" }, ...markers];
    }
  }
  const rules = new LaiYang();
  return {
    name: rules.name,
    initiate: (v) => rules.initiate(v),
    onMarker: (v, c, m) => rules.onMarker(v, c, m),
    onMessage: (v, c, m) => rules.onMessage(v, c, m),
  };
}

/** Whether a generated scenario's skeleton has the shape a mistake needs. */
export function hasShape(s: Skeleton, shape: Shape): boolean {
  const processes = Array.from({ length: s.names.length }, (_, p) => p);
  const incoming = (p: number) => s.channels.filter(([, to]) => to === p).length;
  const outgoing = (p: number) => s.channels.filter(([from]) => from === p).length;
  switch (shape) {
    case "several in flight on one channel":
      return s.channels.some(([from, to]) => s.programs[from]!.filter((t) => t.to === to).length >= 2);
    case "no incoming channel":
      return processes.some((p) => incoming(p) === 0);
    case "no outgoing channel":
      return processes.some((p) => outgoing(p) === 0);
    case "two incoming channels":
      return processes.some((p) => incoming(p) >= 2);
    case "more than two snapshots":
      return (s.snapshots?.length ?? 0) > 2;
  }
}

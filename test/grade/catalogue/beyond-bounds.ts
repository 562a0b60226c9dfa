/**
 * The catalogue of wrong submissions whose mistake lies outside what the
 * generated scenarios once were (names P0…P3, every balance 100, amounts 1,
 * 2, 4, …, at most four processes, three transfers a channel, two
 * initiators, four snapshots): each was right on every scenario the grader
 * then drew. Each names the bound it leans on and the property or step rule
 * that refuses it now. And right-but-unusual submissions, right whatever the
 * names, balances and amounts, which must keep full marks.
 */
import type { MultiEffect, MultiSnapshotAlgorithm, MultiSnapshotView } from "../../../src/models/bank/multi-snapshot/multi-snapshot-algorithm.js";
import type { DataMessage } from "../../../src/models/bank/bank-state.js";
import type { Effect, ProcessView, SnapshotAlgorithm } from "../../../src/models/bank/algorithms/snapshot-algorithm.js";
import { chandyLamport, recordAndForward } from "../../../src/models/bank/algorithms/chandy-lamport.js";
import type { GlobalSnapshot, LocalPart } from "../../../src/grade/exercises/completion.js";
import * as laiYangAnswer from "../../../solutions/05-lai-yang/rules.js";
import * as multiAnswer from "../../../solutions/06-concurrent-snapshots/rules.js";
import * as completionAnswer from "../../../solutions/03-completion/completion.js";
import type { RightRules } from "./shaped-rules.js";

export interface BeyondBoundsWrongRules {
  readonly name: string;
  readonly exercise: number;
  /** What the old generator held fixed that this mistake leans on. */
  readonly bound: string;
  /** The property or step rule the grade refuses it with. */
  readonly refusedBy: string;
  readonly module: Record<string, unknown>;
}

const rulesOf = (rules: Partial<SnapshotAlgorithm>) => ({ rules: { ...chandyLamport, name: "wrong", ...rules } });
const laiYangWith = (rules: Partial<SnapshotAlgorithm>) => ({ rules: { ...laiYangAnswer.rules, name: "lai-yang variant", ...rules } });
const multiWith = (rules: Partial<MultiSnapshotAlgorithm>) => ({ rules: { ...multiAnswer.rules, name: "concurrent variant", ...rules } });
const completionWith = (functions: Partial<typeof completionAnswer>) => ({ ...completionAnswer, ...functions });
/** Exercise 3's answer, assembling each channel's messages as `kept` leaves them. */
const assemblingEachChannel = (kept: (messages: readonly DataMessage[]) => readonly DataMessage[]) =>
  completionWith({
    assembleSnapshot: (parts: readonly LocalPart[]) =>
      completionAnswer.assembleSnapshot(
        parts.map((part) => ({ ...part, channels: Object.fromEntries(Object.entries(part.channels).map(([c, messages]) => [c, kept(messages)])) })),
      ),
  });

const record: Effect = { type: "record-state" };
const close = (channel: string): Effect => ({ type: "stop-recording", channel });
const open = (channel: string): Effect => ({ type: "start-recording", channel });
const keep = (channel: string, message: DataMessage): Effect => ({ type: "record-message", channel, message });
const marker = (channel: string): Effect => ({ type: "send-marker", channel });
const isOpen = (view: ProcessView, channel: string) => view.recordings[channel]?.status === "open";
const recordedOn = (view: ProcessView, channel: string): readonly DataMessage[] => {
  const recording = view.recordings[channel];
  return recording && recording.status !== "idle" ? recording.messages : [];
};
const senderOf = (channel: string) => channel.slice(0, channel.lastIndexOf("->"));
const receiverOf = (channel: string) => channel.split("->")[1]!;

/** Exercise 1's rules with these markers sent on recording, the reference's otherwise. */
const markersTo = (choose: (view: ProcessView) => readonly string[]) =>
  rulesOf({
    initiate: (view) => [record, ...choose(view).map(marker), ...view.incoming.map(open)],
    onMarker: (view, channel) => [...(view.hasRecorded ? [] : [record, ...choose(view).map(marker), ...view.incoming.map(open)]), close(channel)],
  });

/** Exercise 6's reference with a message recorded for these snapshot ids, those of them recording its channel. */
const recordingFor = (ids: (view: MultiSnapshotView) => readonly number[]) =>
  multiWith({
    onMessage: (view, channel, message) =>
      ids(view)
        .filter((id) => view.snapshots[id]?.recordings[channel]?.status === "open")
        .map((snapshot): MultiEffect => ({ type: "record-message", channel, message, snapshot })),
  });

/** Chandy-Lamport with these incoming channels opened on recording (on a first marker, chosen knowing its channel). */
const opening = (choose: (view: ProcessView, markerChannel?: string) => readonly string[]) =>
  rulesOf({
    initiate: (view) => [record, ...view.outgoing.map(marker), ...choose(view).map(open)],
    onMarker: (view, channel) => [...(view.hasRecorded ? [] : [record, ...view.outgoing.map(marker), ...choose(view, channel).map(open)]), close(channel)],
  });

/** The reference, but a process's first marker opens every incoming channel whose name, so keyed, is not the marker's. */
const openingAllBut = (key: (channel: string) => string) =>
  opening((view, markerChannel) => view.incoming.filter((c) => markerChannel === undefined || key(c) !== key(markerChannel)));

/** Exercise 1's rules, but a process recording on a marker sends one marker for each `key` of its receivers' names (its `initiate` sends them all). */
const markerPerKeyOnMarker = (key: (receiver: string) => unknown) =>
  rulesOf({
    onMarker(view, channel) {
      if (view.hasRecorded) return [close(channel)];
      const byKey = new Map(view.outgoing.map((c) => [key(receiverOf(c)), c]));
      return [record, ...[...byKey.values()].map(marker), ...view.incoming.map(open), close(channel)];
    },
  });

/** The reference, but a process's first marker leaves unopened the first incoming channel whose `key` is the marker's channel's. */
const openingAllButFirstAlike = (key: (channel: string) => unknown) =>
  opening((view, markerChannel) => {
    const skipped = markerChannel === undefined ? undefined : view.incoming.find((c) => key(c) === key(markerChannel));
    return view.incoming.filter((c) => c !== skipped);
  });

/** The reference, but a process's first marker leaves unopened every incoming channel whose place, written out, `skips` with the marker channel's. */
const openingButPlaces = (skips: (place: string, markerPlace: string) => boolean) =>
  opening((view, markerChannel) => {
    const markerPlace = markerChannel === undefined ? undefined : String(view.incoming.indexOf(markerChannel));
    return view.incoming.filter((_, i) => markerPlace === undefined || !skips(String(i), markerPlace));
  });

/** Lai-Yang's answer, but each marker carries the sends on every outgoing channel `alike` takes for the marker's. */
const markersCarryingSendsOf = (alike: (channel: string, markerChannel: string) => boolean) => {
  const carrying = (view: ProcessView, effects: readonly Effect[]) =>
    effects.map((e) => (e.type === "send-marker" ? { ...e, sent: view.outgoing.filter((c) => alike(c, e.channel)).flatMap((c) => view.sent[c] ?? []) } : e));
  return laiYangWith({
    initiate: (view) => carrying(view, laiYangAnswer.rules.initiate(view) as Effect[]),
    onMarker(view, channel, marker) {
      const turned = view.hasRecorded ? [] : carrying(view, laiYangAnswer.rules.initiate(view) as Effect[]);
      return [...turned, ...(laiYangAnswer.rules.onMarker({ ...view, hasRecorded: true }, channel, marker) as Effect[])];
    },
  });
};

/** Exercise 3's answer with the snapshot's processes, channels or total made otherwise. */
const assembledWith = (change: (answer: GlobalSnapshot, parts: readonly LocalPart[]) => GlobalSnapshot) =>
  completionWith({ assembleSnapshot: (parts: readonly LocalPart[]) => change(completionAnswer.assembleSnapshot(parts), parts) });

const sum = (amounts: readonly number[]) => amounts.reduce((a, b) => a + b, 0);
const totalOf = (processes: GlobalSnapshot["processes"], channels: GlobalSnapshot["channels"]) =>
  sum(Object.values(processes).map((p) => p.balance)) + sum(Object.values(channels).flat());

/** Exercise 3's answer, remembered by a 32-bit hash (h · `times` + c over UTF-16 code units, from `start`) of the parts as JSON: kept state. */
const answersKeptByHash = (times: number, start = 0) => {
  const hash = (text: string) => {
    let h = start;
    for (let i = 0; i < text.length; i++) h = (Math.imul(h, times) + text.charCodeAt(i)) | 0;
    return h;
  };
  const answers = new Map<number, GlobalSnapshot>();
  return completionWith({
    assembleSnapshot(parts: readonly LocalPart[]) {
      const key = hash(JSON.stringify(parts));
      if (!answers.has(key)) answers.set(key, completionAnswer.assembleSnapshot(parts));
      return answers.get(key)!;
    },
  });
};

/** Exercise 2's answer, reading each channel's recording from a Map keyed by `hash` of the channels' names. */
const recordingsKeyedBy = (hash: (text: string) => number) =>
  rulesOf({
    onMessage(view, channel, message) {
      const byKey = new Map(Object.entries(view.recordings).map(([c, recording]) => [hash(c), recording]));
      return byKey.get(hash(channel))?.status === "open" ? [keep(channel, message)] : [];
    },
  });

/** Exercise 3's answer keeping each channel's first `count` amounts, its total theirs. */
const firstMessagesKept = (count: number) =>
  assembledWith((answer) => {
    const channels = Object.fromEntries(Object.entries(answer.channels).map(([channel, amounts]) => [channel, amounts.slice(0, count)]));
    return { ...answer, channels, total: totalOf(answer.processes, channels) };
  });

/** Lai-Yang's answer with the in-flight messages a marker brings chosen otherwise. */
const inFlightWith = (choose: (inFlight: readonly DataMessage[]) => readonly DataMessage[]) =>
  laiYangWith({
    onMarker(view, channel, marker) {
      const history = view.recorded?.received ?? view.received;
      const inFlight = choose((marker.sent ?? []).filter((m) => !history.includes(m.id)));
      const turned = view.hasRecorded ? [] : (laiYangAnswer.rules.initiate(view) as Effect[]);
      return [...turned, ...inFlight.map((m) => keep(channel, m)), close(channel)];
    },
  });

/** Lai-Yang's answer with a message of the sender's history taken as received (so not in flight) when `received` says so. */
const receivedWhen = (received: (history: readonly string[], id: string) => boolean) =>
  laiYangWith({
    onMarker(view, channel, marker) {
      const history = view.recorded?.received ?? view.received;
      const turned = view.hasRecorded ? [] : (laiYangAnswer.rules.initiate(view) as Effect[]);
      return [...turned, ...(marker.sent ?? []).filter((m) => !received(history, m.id)).map((m) => keep(channel, m)), close(channel)];
    },
  });

/** Exercise 5's answer telling a message received by its number among those its sender's received ids have, kept as `kept` keeps them. */
const receivedByNumber = (kept: (numbers: readonly number[]) => (k: number) => boolean) =>
  laiYangWith({
    onMarker(view, channel, marker) {
      const sender = senderOf(channel);
      const number = (id: string) => Number(id.slice(id.lastIndexOf("#") + 1));
      const history = (view.recorded?.received ?? view.received).filter((id) => id.slice(0, id.lastIndexOf("#")) === sender);
      const received = kept(history.map(number));
      const turned = view.hasRecorded ? [] : (laiYangAnswer.rules.initiate(view) as Effect[]);
      return [...turned, ...(marker.sent ?? []).filter((m) => !received(number(m.id))).map((m) => keep(channel, m)), close(channel)];
    },
  });

/** The view with only the incoming channels from neighbours it also sends to (all of them where none is one). */
const peersOnly = (view: MultiSnapshotView): MultiSnapshotView => {
  const peers = view.incoming.filter((c) => view.outgoing.includes(`${receiverOf(c)}->${c.split("->")[0]}`));
  return { ...view, incoming: peers.length > 0 ? peers : view.incoming };
};

/** Exercise 6's recording, opening only the incoming channels whose name does not begin with the process's own. */
const startOpeningOwnNamed = (view: MultiSnapshotView, snapshot: number): MultiEffect[] =>
  (multiAnswer.rules.initiate(view, snapshot) as MultiEffect[]).filter((e) => !(e.type === "start-recording" && e.channel.startsWith(view.process)));

export const beyondBoundsWrongRules: readonly BeyondBoundsWrongRules[] = [
  // Exercise 1: record and forward.
  {
    name: "sends no marker on a channel whose name ends with its own (a channel to itself, it thinks)",
    exercise: 1,
    bound: "names P0, P1, ...",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => view.outgoing.filter((c) => !c.endsWith(view.process))),
  },
  {
    name: "sends markers only to the neighbours that send back, as to peers (to every receiver where none does)",
    exercise: 1,
    bound: "channels both ways or one way, never both from one process",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => {
      const peers = view.outgoing.filter((c) => view.incoming.includes(`${receiverOf(c)}->${view.process}`));
      return peers.length > 0 ? peers : view.outgoing;
    }),
  },
  {
    name: "sends markers only from a name of at most 64 code units (a name's 64 characters, it thinks, are its length)",
    exercise: 1,
    bound: "names P0, P1, ...",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => (view.process.length > 64 ? [] : view.outgoing)),
  },
  {
    name: "forwards markers on three outgoing channels at most (a process has three neighbours at most, it thinks)",
    exercise: 1,
    bound: "at most four processes",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => view.outgoing.slice(0, 3)),
  },
  {
    name: "notes the receivers it sent a marker to in an array, by the number in their name (P<k>)",
    exercise: 1,
    bound: "names P0, P1, ...",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => {
      const sent: boolean[] = [];
      return view.outgoing.filter((channel) => {
        const k = Number(receiverOf(channel).slice(1));
        if (sent[k]) return false;
        sent[k] = true;
        return true;
      });
    }),
  },
  {
    name: "notes the receivers it sent a marker to in a plain object, by name",
    exercise: 1,
    bound: "names P0, P1, ...",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => {
      const sent: Record<string, boolean> = {};
      return view.outgoing.filter((channel) => {
        if (sent[receiverOf(channel)]) return false;
        sent[receiverOf(channel)] = true;
        return true;
      });
    }),
  },
  {
    name: "notes the receivers it sent a marker to in an array used as a dictionary, asking hasOwnProperty",
    exercise: 1,
    bound: "names an object already has (never length or size)",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => {
      const sent: boolean[] = [];
      return view.outgoing.filter((channel) => {
        if (Object.hasOwn(sent, receiverOf(channel))) return false;
        (sent as unknown as Record<string, boolean>)[receiverOf(channel)] = true;
        return true;
      });
    }),
  },
  {
    name: "takes each outgoing channel apart on /-+>/ and puts it back together",
    exercise: 1,
    bound: "names without - or >",
    refusedBy: "well-formed-effects",
    module: markersTo((view) => view.outgoing.map((channel) => channel.split(/-+>/).join("->"))),
  },
  {
    name: "forwards markers on five outgoing channels at most (the most the drawn scenarios have)",
    exercise: 1,
    bound: "at most six processes",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => view.outgoing.slice(0, 5)),
  },
  {
    name: "reads each outgoing channel's receiver with /^(.+)->(.+)$/, skipping a channel it does not match (a pattern's . is no line separator)",
    exercise: 1,
    bound: "names P0, P1, ...",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => view.outgoing.filter((c) => /^(.+)->(.+)$/.test(c))),
  },
  // Exercise 2: channel recording.
  {
    name: "leaves out a message whose number (what follows the first # of its id) a recorded one has, as a duplicate",
    exercise: 2,
    bound: "names without #",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage: (view, channel, message) => {
        const number = (id: string) => Number.parseInt(id.split("#")[1]!, 10);
        const again = recordedOn(view, channel).some((m) => number(m.id) === number(message.id));
        return isOpen(view, channel) && !again ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "starts recording only the channels from the neighbours it sends to, as from peers (all where none is one)",
    exercise: 2,
    bound: "channels both ways or one way, never both into one process",
    refusedBy: "channel-state",
    module: opening((view) => {
      const peers = view.incoming.filter((c) => view.outgoing.includes(`${view.process}->${senderOf(c)}`));
      return peers.length > 0 ? peers : view.incoming;
    }),
  },
  {
    name: "opens the channels of the senders it notes in an array used as a dictionary, asking hasOwnProperty",
    exercise: 2,
    bound: "names an object already has (never length or size)",
    refusedBy: "channel-state",
    module: opening((view) => {
      const senders: boolean[] = [];
      return view.incoming.filter((channel) => {
        const sender = senderOf(channel);
        if (Object.hasOwn(senders, sender)) return false;
        (senders as unknown as Record<string, boolean>)[sender] = true;
        return true;
      });
    }),
  },
  {
    name: "finds a channel's recording by its place among the incoming channels, in an object keyed by sender",
    exercise: 2,
    bound: "names P0, P1, ...",
    refusedBy: "well-formed-effects",
    module: rulesOf({
      onMessage(view, channel, message) {
        const bySender: Record<string, ProcessView["recordings"][string] | undefined> = {};
        for (const c of view.incoming) bySender[c.slice(0, c.indexOf("->"))] = view.recordings[c];
        const recording = Object.values(bySender)[view.incoming.indexOf(channel)];
        return recording?.status === "open" ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "leaves out a message whose id ends in the digit a recorded one's ends in (a duplicate, it thinks)",
    exercise: 2,
    bound: "ten transfers a channel",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage: (view, channel, message) =>
        isOpen(view, channel) && !recordedOn(view, channel).some((m) => m.id.slice(-1) === message.id.slice(-1)) ? [keep(channel, message)] : [],
    }),
  },
  {
    name: "records five messages a channel at most (the most the drawn scenarios send on one)",
    exercise: 2,
    bound: "five transfers a channel",
    refusedBy: "channel-state",
    module: rulesOf({ onMessage: (view, channel, message) => (isOpen(view, channel) && recordedOn(view, channel).length < 5 ? [keep(channel, message)] : []) }),
  },
  {
    name: "leaves out a message whose id begins with a recorded one's (P0#10 after P0#1: a duplicate, it thinks)",
    exercise: 2,
    bound: "five transfers a channel",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage: (view, channel, message) =>
        isOpen(view, channel) && !recordedOn(view, channel).some((m) => message.id.startsWith(m.id)) ? [keep(channel, message)] : [],
    }),
  },
  {
    name: "records three messages a channel at most",
    exercise: 2,
    bound: "three transfers a channel",
    refusedBy: "channel-state",
    module: rulesOf({ onMessage: (view, channel, message) => (isOpen(view, channel) && recordedOn(view, channel).length < 3 ? [keep(channel, message)] : []) }),
  },
  {
    name: "leaves out a message whose amount the channel already recorded (a duplicate, it thinks)",
    exercise: 2,
    bound: "amounts 1, 2, 4, ...: never twice",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage: (view, channel, message) =>
        isOpen(view, channel) && !recordedOn(view, channel).some((m) => m.amount === message.amount) ? [keep(channel, message)] : [],
    }),
  },
  {
    name: "looks a channel's recording up by its name trimmed",
    exercise: 2,
    bound: "names without spaces",
    refusedBy: "channel-state",
    module: rulesOf({ onMessage: (view, channel, message) => (isOpen(view, channel.trim()) ? [keep(channel, message)] : []) }),
  },
  {
    name: "opens the first three incoming channels in sorted order (three neighbours at most, it thinks)",
    exercise: 2,
    bound: "at most four processes",
    refusedBy: "channel-state",
    module: opening((view) => [...view.incoming].sort().slice(0, 3)),
  },
  {
    name: "leaves out a message whose sender's send number (the k of sender#k) any channel already recorded",
    exercise: 2,
    bound: "one transfer into a process a snapshot may catch",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage(view, channel, message) {
        const k = message.id.split("#").pop();
        const seen = view.incoming.some((c) => recordedOn(view, c).some((m) => m.id.split("#").pop() === k));
        return isOpen(view, channel) && !seen ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "looks a channel's recording up by its name without spaces first",
    exercise: 2,
    bound: "names without spaces",
    refusedBy: "well-formed-effects",
    module: rulesOf({
      onMessage(view, channel, message) {
        const recording = view.recordings[channel.replace(/ /g, "")] ?? view.recordings[channel];
        return recording?.status === "open" ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "writes a channel's recording out, when its marker comes, from an object keyed by amount",
    exercise: 2,
    bound: "amounts 1, 2, 4, ...: growing, never twice",
    refusedBy: "channel-state",
    module: rulesOf({
      onMarker(view, channel) {
        const own = view.hasRecorded ? [] : recordAndForward(view).filter((e) => e.type !== "start-recording");
        const opened = view.hasRecorded ? [] : view.incoming.filter((c) => c !== channel).map(open);
        const byAmount: Record<number, DataMessage> = {};
        for (const m of recordedOn(view, channel)) byAmount[m.amount] = m;
        return [...own, ...opened, open(channel), ...Object.values(byAmount).map((m) => keep(channel, m)), close(channel)];
      },
    }),
  },
  {
    name: "checks that a message came on its sender's channel, finding the sender in the message's id",
    exercise: 2,
    bound: "names without #",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage: (view, channel, message) =>
        isOpen(view, channel) && channel === `${message.id.split("#")[0]}->${view.process}` ? [keep(channel, message)] : [],
    }),
  },
  {
    name: "on its first marker, opens the channels whose name does not start with the marker's sender",
    exercise: 2,
    bound: "names P0…P3: none begins another",
    refusedBy: "channel-state",
    module: rulesOf({
      onMarker(view, channel) {
        if (view.hasRecorded) return [close(channel)];
        const sender = channel.split("->")[0]!;
        const others = view.incoming.filter((c) => !c.startsWith(sender));
        return [...recordAndForward(view).filter((e) => e.type !== "start-recording"), ...others.map(open), open(channel), close(channel)];
      },
    }),
  },
  {
    name: "records a message on the first incoming channel whose sender's name and # begin its id (a's, for a#1's messages)",
    exercise: 2,
    bound: "names without #",
    // Recorded on a channel it did not come on: an effect the bank cannot carry out.
    refusedBy: "well-formed-effects",
    module: rulesOf({
      onMessage(view, _channel, message) {
        const from = view.incoming.find((c) => message.id.startsWith(`${c.split("->")[0]!}#`));
        return from !== undefined && isOpen(view, from) ? [keep(from, message)] : [];
      },
    }),
  },
  {
    name: "skips a message whose id is in the ids it recorded on any channel, joined into one string (a#1 inside a#1#1)",
    exercise: 2,
    bound: "names without #",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage(view, channel, message) {
        const recorded = view.incoming.flatMap((c) => recordedOn(view, c).map((m) => m.id)).join(" ");
        return isOpen(view, channel) && !recorded.includes(message.id) ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "records a message's amount in 32 bits",
    exercise: 2,
    bound: "amounts 1, 2, 4, ...: small",
    // The message recorded is not the one that arrived: an effect the bank cannot carry out.
    refusedBy: "well-formed-effects",
    module: rulesOf({ onMessage: (view, channel, message) => (isOpen(view, channel) ? [keep(channel, { ...message, amount: message.amount | 0 })] : []) }),
  },
  {
    name: "records a message only if its id reads as sender#number with /^(.+)#(\\d+)$/ (a pattern's . is no line separator)",
    exercise: 2,
    bound: "names P0, P1, ...",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage: (view, channel, message) => (isOpen(view, channel) && /^(.+)#(\d+)$/.test(message.id) ? [keep(channel, message)] : []),
    }),
  },
  {
    name: "records a message only if its number follows the last one recorded on its channel (a gap, it thinks, is a duplicate)",
    exercise: 2,
    bound: "names P0, P1, ...: each sender's transfers on one channel",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage(view, channel, message) {
        const number = (id: string) => Number(id.slice(id.lastIndexOf("#") + 1));
        const last = recordedOn(view, channel).at(-1);
        const follows = last === undefined || number(message.id) === number(last.id) + 1;
        return isOpen(view, channel) && follows ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "records a message on the first incoming channel whose name begins with its sender's name and a -",
    exercise: 2,
    bound: "names P0, P1, ...: none begins another",
    refusedBy: "well-formed-effects",
    module: rulesOf({
      onMessage(view, _channel, message) {
        const sender = message.id.slice(0, message.id.lastIndexOf("#"));
        const channel = view.incoming.find((c) => c.startsWith(`${sender}-`))!;
        return isOpen(view, channel) ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "drops a message whose number, read as what follows the first # of its id, a message recorded on its channel has",
    exercise: 2,
    bound: "names without #",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage(view, channel, message) {
        const number = (id: string) => Number(id.split("#")[1]);
        const again = recordedOn(view, channel).some((m) => number(m.id) === number(message.id));
        return isOpen(view, channel) && !again ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "records a copy of each message with its amount rounded to cents (money, it thinks)",
    exercise: 2,
    bound: "amounts 1, 2, 4, ...: small",
    refusedBy: "well-formed-effects",
    module: rulesOf({
      onMessage: (view, channel, message) =>
        isOpen(view, channel) ? [keep(channel, { kind: "data", id: message.id, amount: Math.round(message.amount * 100) / 100 })] : [],
    }),
  },
  // Exercise 3: completion.
  {
    name: "the total is 100 a process (every account starts with 100, it thinks)",
    exercise: 3,
    bound: "every balance 100",
    refusedBy: "assembled-snapshot",
    module: assembledWith((answer, parts) => ({ ...answer, total: 100 * parts.length })),
  },
  {
    name: "adds the total up in 32 bits",
    exercise: 3,
    bound: "every balance 100, small amounts",
    refusedBy: "assembled-snapshot",
    module: assembledWith((answer) => {
      let total = 0;
      for (const amount of [...Object.values(answer.processes).map((p) => p.balance), ...Object.values(answer.channels).flat()]) total = (total + amount) | 0;
      return { ...answer, total };
    }),
  },
  {
    name: "keeps each channel's amounts in a Set",
    exercise: 3,
    bound: "amounts 1, 2, 4, ...: never twice",
    refusedBy: "assembled-snapshot",
    module: assembledWith((answer) => {
      const channels = Object.fromEntries(Object.entries(answer.channels).map(([c, amounts]) => [c, [...new Set(amounts)]]));
      return { processes: answer.processes, channels, total: totalOf(answer.processes, channels) };
    }),
  },
  {
    name: "sorts each channel's amounts (their order does not matter, it thinks)",
    exercise: 3,
    bound: "amounts 1, 2, 4, ...: growing",
    refusedBy: "assembled-snapshot",
    module: assembledWith((answer) => ({
      ...answer,
      channels: Object.fromEntries(Object.entries(answer.channels).map(([c, amounts]) => [c, [...amounts].sort((a, b) => a - b)])),
    })),
  },
  {
    name: "leaves out a part whose name is longer than 64 code units (a name's 64 characters, it thinks, are its length)",
    exercise: 3,
    bound: "names P0, P1, ...",
    refusedBy: "assembled-snapshot",
    module: completionWith({
      assembleSnapshot: (parts: readonly LocalPart[]) => completionAnswer.assembleSnapshot(parts.filter((part) => part.process.length <= 64)),
    }),
  },
  {
    name: "puts a process's state in only if the snapshot has none for its name yet",
    exercise: 3,
    bound: "names P0, P1, ...",
    refusedBy: "assembled-snapshot",
    module: assembledWith((answer, parts) => {
      const processes: Record<string, { pc: number; balance: number }> = {};
      for (const part of parts) if (!processes[part.process]) processes[part.process] = part.state;
      return { ...answer, processes };
    }),
  },
  {
    name: "names the processes P0, P1, ... by the parts' order",
    exercise: 3,
    bound: "names P0, P1, ... in the file's order",
    refusedBy: "assembled-snapshot",
    module: assembledWith((answer, parts) => ({ ...answer, processes: Object.fromEntries(parts.map((part, i) => [`P${i}`, part.state])) })),
  },
  {
    name: "counts a balance below zero as zero",
    exercise: 3,
    bound: "every balance 100",
    refusedBy: "assembled-snapshot",
    module: assembledWith((answer) => {
      const processes = Object.fromEntries(Object.entries(answer.processes).map(([p, s]) => [p, { ...s, balance: Math.max(0, s.balance) }]));
      return { processes, channels: answer.channels, total: totalOf(processes, answer.channels) };
    }),
  },
  {
    name: "leaves out a process whose balance is zero",
    exercise: 3,
    bound: "every balance 100",
    refusedBy: "assembled-snapshot",
    module: assembledWith((answer) => {
      const processes = Object.fromEntries(Object.entries(answer.processes).filter(([, s]) => s.balance));
      return { ...answer, processes };
    }),
  },
  {
    name: "rounds the total to cents",
    exercise: 3,
    bound: "every balance 100",
    refusedBy: "assembled-snapshot",
    module: assembledWith((answer) => ({ ...answer, total: Math.round(answer.total * 100) / 100 })),
  },
  {
    name: "a process in debt is not done (its recorded balance must not be below zero)",
    exercise: 3,
    bound: "every balance 100",
    refusedBy: "knows-when-done",
    module: completionWith({ isPartDone: (view: ProcessView) => completionAnswer.isPartDone(view) && view.recorded!.balance >= 0 }),
  },
  {
    name: "keeps the channels by a key from:to, split again on : to write each channel's name",
    exercise: 3,
    bound: "names P0, P1, ...",
    refusedBy: "assembled-snapshot",
    module: assembledWith((answer) => {
      const byKey = new Map(Object.entries(answer.channels).map(([channel, amounts]) => [channel.split("->").join(":"), amounts]));
      return { ...answer, channels: Object.fromEntries([...byKey].map(([key, amounts]) => [key.split(":").slice(0, 2).join("->"), amounts])) };
    }),
  },
  {
    name: "keeps a channel's first five messages (five, it read, is the most a channel holds)",
    exercise: 3,
    bound: "three transfers a channel",
    refusedBy: "assembled-snapshot",
    module: firstMessagesKept(5),
  },
  // Exercise 5: Lai-Yang.
  {
    name: "numbers the marker's messages by their place on its channel (sender#1, sender#2, ...) to look them up",
    exercise: 5,
    bound: "one transfer into a process a snapshot may catch",
    refusedBy: "channel-state",
    module: laiYangWith({
      onMarker(view, channel, marker) {
        const history = view.recorded?.received ?? view.received;
        const sender = channel.slice(0, channel.length - view.process.length - 2);
        const inFlight = (marker.sent ?? []).filter((_, i) => !history.includes(`${sender}#${i + 1}`));
        const turned = view.hasRecorded ? [] : (laiYangAnswer.rules.initiate(view) as Effect[]);
        return [...turned, ...inFlight.map((m) => keep(channel, m)), close(channel)];
      },
    }),
  },
  {
    name: "records each in-flight message with its amount rounded to 15 significant digits (float safety, it thinks)",
    exercise: 5,
    bound: "amounts 1, 2, 4, ...: small",
    refusedBy: "well-formed-effects",
    module: inFlightWith((inFlight) => inFlight.map((m) => ({ ...m, amount: Number(m.amount.toPrecision(15)) }))),
  },
  {
    name: "compares the ids it received by their first 64 code units (a name's 64 characters, it thinks, are enough)",
    exercise: 5,
    bound: "names P0, P1, ...",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => history.some((h) => h.slice(0, 64) === id.slice(0, 64))),
  },
  {
    name: "leaves out an in-flight message whose amount it already recorded (a duplicate, it thinks)",
    exercise: 5,
    bound: "amounts 1, 2, 4, ...: never twice",
    refusedBy: "channel-state",
    module: inFlightWith((inFlight) => inFlight.filter((m, i) => inFlight.findIndex((o) => o.amount === m.amount) === i)),
  },
  {
    name: "records three in-flight messages a channel at most",
    exercise: 5,
    bound: "three transfers a channel",
    refusedBy: "channel-state",
    module: inFlightWith((inFlight) => inFlight.slice(0, 3)),
  },
  {
    name: "turns red on a red message only from a neighbour it knows, finding the sender in the message's id",
    exercise: 5,
    bound: "names without #",
    refusedBy: "no-ghost-receive",
    module: laiYangWith({
      onMessage(view, _channel, message) {
        const sender = message.id.split("#")[0];
        const known = view.incoming.includes(`${sender}->${view.process}`);
        return message.colour === "red" && !view.hasRecorded && known ? (laiYangAnswer.rules.initiate(view) as Effect[]) : [];
      },
    }),
  },
  {
    name: "sends its markers, with what it sent, on three outgoing channels at most",
    exercise: 5,
    bound: "at most four processes",
    refusedBy: "marker-sending-rule",
    module: laiYangWith({
      initiate: (view) => [
        record,
        ...view.outgoing.slice(0, 3).map((c): Effect => ({ type: "send-marker", channel: c, sent: view.sent[c] })),
        ...view.incoming.map(open),
      ],
    }),
  },
  {
    name: "on its first marker, sends markers that all carry what it sent on its first outgoing channel",
    exercise: 5,
    bound: "a process with several outgoing channels records only when it starts the snapshot",
    refusedBy: "well-formed-effects",
    module: laiYangWith({
      onMarker(view, channel, marker) {
        const turned = view.hasRecorded
          ? []
          : (laiYangAnswer.rules.initiate(view) as Effect[]).map((e) => (e.type === "send-marker" ? { ...e, sent: view.sent[view.outgoing[0]!] } : e));
        const answer = laiYangAnswer.rules.onMarker({ ...view, hasRecorded: true }, channel, marker) as Effect[];
        return [...turned, ...answer];
      },
    }),
  },
  {
    name: "on a red message, sends its markers on its first outgoing channel only",
    exercise: 5,
    bound: "a process with several outgoing channels records only when it starts the snapshot",
    refusedBy: "marker-sending-rule",
    module: laiYangWith({
      onMessage(view, channel, message) {
        const answer = laiYangAnswer.rules.onMessage(view, channel, message) as Effect[];
        return answer.filter((e) => e.type !== "send-marker" || e.channel === view.outgoing[0]);
      },
    }),
  },
  {
    name: "keeps the received ids as one text joined with a semicolon and a space, split apart again when a marker comes",
    exercise: 5,
    bound: "names P0, P1, ...",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => history.join("; ").split("; ").includes(id)),
  },
  {
    name: "takes a message as received if its id begins with a received one",
    exercise: 5,
    bound: "names without #",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => history.some((received) => id.startsWith(received))),
  },
  {
    name: "finds a received id by binary search with localeCompare, in ids sorted by code units",
    exercise: 5,
    bound: "names P0, P1, ...",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => {
      let [lo, hi] = [0, history.length - 1];
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const order = history[mid]!.localeCompare(id);
        if (order === 0) return true;
        if (order < 0) lo = mid + 1;
        else hi = mid - 1;
      }
      return false;
    }),
  },
  {
    name: "compares message ids without case",
    exercise: 5,
    bound: "names P0, P1, ...",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => history.some((received) => received.toLowerCase() === id.toLowerCase())),
  },
  {
    name: "compares message ids once NFC-normalised",
    exercise: 5,
    bound: "names P0, P1, ...",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => history.some((received) => received.normalize("NFC") === id.normalize("NFC"))),
  },
  {
    name: "puts the in-flight messages in order by sorting their ids as text",
    exercise: 5,
    bound: "three transfers a channel",
    refusedBy: "channel-state",
    module: inFlightWith((inFlight) => [...inFlight].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))),
  },
  {
    name: "takes a message as received by its sender and number, read from its id with /^(.+)#(\\d+)$/ (a pattern's . is no line separator)",
    exercise: 5,
    bound: "names P0, P1, ...",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => {
      const key = (of: string) => /^(.+)#(\d+)$/.exec(of)?.slice(1).join(" ") ?? "unread";
      return history.some((received) => key(received) === key(id));
    }),
  },
  // Exercise 6: repeated and concurrent snapshots.
  {
    name: "takes snapshot ids modulo four (room for four snapshots)",
    exercise: 6,
    bound: "four snapshots at most",
    refusedBy: "marker-sending-rule (snapshot 0)",
    module: multiWith({
      onMarker(view, channel, snapshot) {
        const id = snapshot % 4;
        const seen = id in view.snapshots;
        return [...(seen ? [] : multiAnswer.rules.initiate(view, id)), { type: "stop-recording", channel, snapshot: id }];
      },
    }),
  },
  {
    name: "ignores the markers of snapshots past the fourth",
    exercise: 6,
    bound: "four snapshots at most",
    refusedBy: "termination (snapshot 4)",
    module: multiWith({ onMarker: (view, channel, snapshot) => (snapshot > 3 ? [] : multiAnswer.rules.onMarker(view, channel, snapshot)) }),
  },
  {
    name: "ignores the markers of snapshots past the sixth (the most the drawn scenarios take)",
    exercise: 6,
    bound: "six snapshots at most",
    refusedBy: "termination (snapshot 6)",
    module: multiWith({ onMarker: (view, channel, snapshot) => (snapshot > 5 ? [] : multiAnswer.rules.onMarker(view, channel, snapshot)) }),
  },
  {
    name: "takes a snapshot as recorded if its id is in the recorded ids joined with commas (10 holds 1 and 0)",
    exercise: 6,
    bound: "four snapshots at most",
    refusedBy: "termination (snapshot 0)",
    module: multiWith({
      onMarker(view, channel, snapshot) {
        const seen = Object.keys(view.snapshots).join(",").includes(String(snapshot));
        return [...(seen ? [] : multiAnswer.rules.initiate(view, snapshot)), { type: "stop-recording", channel, snapshot }];
      },
    }),
  },
  {
    name: "records a message only on a channel whose receiver, read off its name and trimmed, is the process",
    exercise: 6,
    bound: "names P0…P3: no spaces",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      onMessage: (view, channel, message) => (channel.split("->")[1]!.trim() === view.process ? multiAnswer.rules.onMessage(view, channel, message) : []),
    }),
  },
  {
    name: "opens only the incoming channels whose name does not begin with the process's own (never P10->P1 at P1)",
    exercise: 6,
    bound: "names P0…P3: none begins another",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      initiate: (view, snapshot) => startOpeningOwnNamed(view, snapshot),
      onMarker: (view, channel, snapshot) => [
        ...(snapshot in view.snapshots ? [] : startOpeningOwnNamed(view, snapshot)),
        { type: "stop-recording", channel, snapshot },
      ],
    }),
  },
  {
    name: "leaves out, in each snapshot, a message whose amount that channel already recorded",
    exercise: 6,
    bound: "amounts 1, 2, 4, ...: never twice",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      onMessage: (view, channel, message) =>
        (multiAnswer.rules.onMessage(view, channel, message) as MultiEffect[]).filter((effect) => {
          const recording = view.snapshots[effect.snapshot]!.recordings[channel];
          return !(recording?.status === "open" && recording.messages.some((m) => m.amount === message.amount));
        }),
    }),
  },
  {
    name: "records a message in a snapshot only if its number follows the last one that channel recorded (a gap, it thinks, is a duplicate)",
    exercise: 6,
    bound: "each sender's transfers on one channel numbered one after another",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      onMessage: (view, channel, message) =>
        (multiAnswer.rules.onMessage(view, channel, message) as MultiEffect[]).filter((effect) => {
          const recording = view.snapshots[effect.snapshot]!.recordings[channel];
          const last = recording && recording.status !== "idle" ? recording.messages.at(-1) : undefined;
          const number = (id: string) => Number(id.slice(id.lastIndexOf("#") + 1));
          return last === undefined || number(message.id) === number(last.id) + 1;
        }),
    }),
  },
  {
    name: "records a message only if it comes from the first incoming channel whose sender's name and # begin its id",
    exercise: 6,
    bound: "names without #",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      onMessage(view, channel, message) {
        const from = view.incoming.find((c) => message.id.startsWith(`${senderOf(c)}#`));
        return from === channel ? multiAnswer.rules.onMessage(view, channel, message) : [];
      },
    }),
  },
  {
    name: "records each message with its amount rounded to 15 significant digits (float safety, it thinks)",
    exercise: 6,
    bound: "amounts up to 2^44",
    refusedBy: "well-formed-effects",
    module: multiWith({
      onMessage: (view, channel, message) => multiAnswer.rules.onMessage(view, channel, { ...message, amount: Number(message.amount.toPrecision(15)) }),
    }),
  },
  {
    name: "numbers the snapshots it has recorded from the least id up, one after another (recorded ids never have a gap, it thinks)",
    exercise: 6,
    bound: "a process's recorded snapshots numbered one after another",
    refusedBy: "well-formed-effects",
    module: multiWith({
      onMessage(view, channel, message) {
        const ids = Object.keys(view.snapshots).map(Number);
        return Object.values(view.snapshots).flatMap((snapshot, i): MultiEffect[] =>
          snapshot.recordings[channel]?.status === "open" ? [{ type: "record-message", channel, message, snapshot: Math.min(...ids) + i }] : [],
        );
      },
    }),
  },
  {
    name: "sends one marker to each receiver named the same once a zero-width space is dropped",
    exercise: 1,
    bound: "names P0…P3: no invisible characters",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => [...new Map(view.outgoing.map((c) => [receiverOf(c).replace(/\u200b/g, ""), c])).values()]),
  },
  {
    name: "skips a message whose id the ids it has received, joined with commas, hold between commas",
    exercise: 2,
    bound: "names P0…P3: no commas",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage: (view, channel, message) =>
        isOpen(view, channel) && !`,${view.received.join(",")},`.includes(`,${message.id},`) ? [keep(channel, message)] : [],
    }),
  },
  {
    name: "takes a channel's recording as open when its JSON holds open",
    exercise: 2,
    bound: "names P0…P3: none holds open or closed",
    refusedBy: "well-formed-effects",
    module: rulesOf({
      onMessage: (view, channel, message) => (JSON.stringify(view.recordings[channel]).includes("open") ? [keep(channel, message)] : []),
    }),
  },
  {
    name: "starts recording only the channels from neighbours it also sends to, in a new snapshot (all where none is one)",
    exercise: 6,
    bound: "exercise 6: no process with a one-way neighbour beside a two-way one",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      initiate: (view, snapshot) => multiAnswer.rules.initiate(peersOnly(view), snapshot),
      onMarker: (view, channel, snapshot) => multiAnswer.rules.onMarker(peersOnly(view), channel, snapshot),
    }),
  },
  {
    name: "sends a snapshot's markers on at most five outgoing channels (the most a drawn scenario has)",
    exercise: 6,
    bound: "five channels out of one process at most",
    refusedBy: "marker-sending-rule (snapshot 0)",
    module: multiWith({
      initiate: (view, snapshot) => multiAnswer.rules.initiate({ ...view, outgoing: view.outgoing.slice(0, 5) }, snapshot),
    }),
  },
  {
    name: "looks for the snapshots recording a channel among ids 0 to 9 (as COS418's cases never pass ten)",
    exercise: 6,
    bound: "a transfer caught only by snapshots of one digit",
    refusedBy: "channel-state (snapshot 10)",
    module: recordingFor(() => Array.from({ length: 10 }, (_, id) => id)),
  },
  {
    name: "reads a snapshot's id off its key's first character (snapshot 10 taken for 1)",
    exercise: 6,
    bound: "a transfer caught only by snapshots of one digit",
    refusedBy: "well-formed-effects",
    module: multiWith({
      onMessage: (view, channel, message) =>
        Object.entries(view.snapshots)
          .filter(([, recorded]) => recorded.recordings[channel]?.status === "open")
          .map(([id]): MultiEffect => ({ type: "record-message", channel, message, snapshot: id.charCodeAt(0) - 48 })),
    }),
  },
  {
    name: "keeps a message only if its id is past the last one recorded on the channel, comparing the ids as text (P0#10 before P0#9)",
    exercise: 6,
    bound: "at most five transfers from one sender",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      onMessage(view, channel, message) {
        const recorded = Object.values(view.snapshots).flatMap((snapshot) => {
          const r = snapshot.recordings[channel];
          return r && r.status !== "idle" ? r.messages : [];
        });
        const last = recorded.at(-1);
        return last !== undefined && message.id <= last.id ? [] : multiAnswer.rules.onMessage(view, channel, message);
      },
    }),
  },
  {
    name: "sends its markers to the receivers it keeps in an object keyed by name (a receiver named __proto__ sets its prototype instead)",
    exercise: 1,
    bound: "names P0…P3: never __proto__",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => {
      const byReceiver: Record<string, string> = {};
      for (const channel of view.outgoing) byReceiver[receiverOf(channel)] = channel;
      return Object.values(byReceiver);
    }),
  },
  {
    name: "groups the snapshots open on its incoming channels by sender, in an object guarded by Object.hasOwn (a sender named __proto__ is never found)",
    exercise: 6,
    bound: "names P0…P3: never __proto__",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      onMessage(view, channel, message) {
        const bySender: Record<string, number[]> = {};
        for (const [id, snapshot] of Object.entries(view.snapshots)) {
          for (const c of view.incoming.filter((c) => snapshot.recordings[c]?.status === "open")) {
            if (!Object.hasOwn(bySender, senderOf(c))) bySender[senderOf(c)] = [];
            bySender[senderOf(c)]!.push(Number(id));
          }
        }
        const open = Object.hasOwn(bySender, senderOf(channel)) ? bySender[senderOf(channel)]! : [];
        return open.map((snapshot): MultiEffect => ({ type: "record-message", channel, message, snapshot }));
      },
    }),
  },
  {
    name: "records a message only if its id comes after the last recorded, numbers padded to two digits (P0#100 before P0#99)",
    exercise: 2,
    bound: "at most five transfers from one sender",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage(view, channel, message) {
        const key = (id: string) => id.replace(/\d+$/, (digits) => digits.padStart(2, "0"));
        const last = recordedOn(view, channel).at(-1);
        return isOpen(view, channel) && (last === undefined || key(message.id) > key(last.id)) ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "keeps the numbers of the messages received from a sender as bits of a 32-bit mask (#33 taken for #1)",
    exercise: 5,
    bound: "at most five transfers from one sender",
    refusedBy: "channel-state",
    module: laiYangWith({
      onMarker(view, channel, marker) {
        const sender = senderOf(channel);
        const number = (id: string) => Number(id.slice(id.lastIndexOf("#") + 1));
        let mask = 0;
        for (const id of view.recorded?.received ?? view.received) if (id.slice(0, id.lastIndexOf("#")) === sender) mask |= 1 << (number(id) - 1);
        const inFlight = (marker.sent ?? []).filter((message) => (mask & (1 << (number(message.id) - 1))) === 0);
        return [...(view.hasRecorded ? [] : laiYangAnswer.rules.initiate(view)), ...inFlight.map((message) => keep(channel, message)), close(channel)];
      },
    }),
  },
  {
    name: "on a marker, sends one marker to each receiver's name lower-cased (A and a taken for one), though it starts a snapshot rightly",
    exercise: 1,
    bound: "names P0…P3: none the same but for case",
    refusedBy: "marker-sending-rule",
    module: markerPerKeyOnMarker((receiver) => receiver.toLowerCase()),
  },
  {
    name: "on a marker, sends one marker for each djb2 hash (33h + c) of its receivers' names (Ab and BA taken for one), though it starts a snapshot rightly",
    exercise: 1,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "marker-sending-rule",
    module: markerPerKeyOnMarker((name: string) => [...name].reduce((h, c) => (Math.imul(h, 33) + c.charCodeAt(0)) | 0, 5381)),
  },
  {
    name: "on a marker, sends one marker for each receiver's name in UTF-8 (w and an unpaired surrogate taken for w and U+FFFD), though it starts a snapshot rightly",
    exercise: 1,
    bound: "names P0…P3: ASCII",
    refusedBy: "marker-sending-rule",
    module: markerPerKeyOnMarker((receiver) => Buffer.from(receiver).toString("hex")),
  },
  {
    name: "leaves out a message whose id and amount, written together, a recorded one's are too (x#1 and 123 read as x#12 and 3)",
    exercise: 2,
    bound: "at most five transfers from one sender",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage: (view, channel, message) =>
        isOpen(view, channel) && !recordedOn(view, channel).some((m) => `${m.id}${m.amount}` === `${message.id}${message.amount}`)
          ? [keep(channel, message)]
          : [],
    }),
  },
  {
    name: "leaves out a message when it had received, before it recorded, one of a higher number from its sender, read as what comes before the first # (a#1's taken for a's)",
    exercise: 2,
    bound: "names without #",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage(view, channel, message) {
        const sender = (id: string) => id.split("#")[0];
        const number = (id: string) => Number(id.slice(id.lastIndexOf("#") + 1));
        const later = (view.recorded?.received ?? []).some((id) => sender(id) === sender(message.id) && number(id) > number(message.id));
        return isOpen(view, channel) && !later ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "on a marker, sends markers on fourteen outgoing channels at most (sixteen processes less itself and the marker's sender), though it starts a snapshot rightly",
    exercise: 1,
    bound: "at most five outgoing channels",
    refusedBy: "marker-sending-rule",
    module: rulesOf({
      onMarker: (view, channel) => [
        ...(view.hasRecorded ? [] : [record, ...view.outgoing.slice(0, 14).map(marker), ...view.incoming.map(open)]),
        close(channel),
      ],
    }),
  },
  {
    name: "records a message unless one of the same id, lower-cased, is recorded on any channel (A#1 taken for a#1)",
    exercise: 2,
    bound: "names P0…P3: none the same but for case",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage(view, channel, message) {
        const recorded = view.incoming.flatMap((c) => recordedOn(view, c)).map((m) => m.id.toLowerCase());
        return isOpen(view, channel) && !recorded.includes(message.id.toLowerCase()) ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "looks for the snapshots recording a channel among its ten latest (eleven recording it at once)",
    exercise: 6,
    bound: "four snapshots at most",
    refusedBy: "channel-state (snapshot 0)",
    module: recordingFor((view) =>
      Object.keys(view.snapshots)
        .map(Number)
        .sort((a, b) => a - b)
        .slice(-10),
    ),
  },
  {
    name: "records nothing on a channel that holds its own name and -> (ba->a taken at a for an outgoing channel)",
    exercise: 2,
    bound: "names P0…P3: none ends another",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage: (view, channel, message) => (channel.includes(`${view.process}->`) ? [] : chandyLamport.onMessage(view, channel, message)),
    }),
  },
  {
    name: 'tells a message received by searching the JSON of the ids received for its id\'s JSON (x"a#1 written holds "a#1")',
    exercise: 5,
    bound: "names P0…P3: none holds a quote",
    refusedBy: "channel-state",
    module: laiYangWith({
      onMarker(view, channel, marker) {
        const received = JSON.stringify(view.recorded?.received ?? view.received);
        const inFlight = (marker.sent ?? []).filter((message) => !received.includes(JSON.stringify(message.id)));
        return [...(view.hasRecorded ? [] : laiYangAnswer.rules.initiate(view)), ...inFlight.map((message) => keep(channel, message)), close(channel)];
      },
    }),
  },
  {
    name: "rebuilds the ids of the messages a marker lists from the first one's number, as if a channel's numbers followed one another",
    exercise: 5,
    bound: "exercise 5: no send on another channel between two on one",
    refusedBy: "channel-state",
    module: laiYangWith({
      onMarker(view, channel, marker) {
        const sent = marker.sent ?? [];
        const sender = senderOf(channel);
        const first = Number(sent[0]?.id.slice(sent[0].id.lastIndexOf("#") + 1) ?? 1);
        const received = view.recorded?.received ?? view.received;
        const inFlight = sent.filter((_, i) => !received.includes(`${sender}#${first + i}`));
        return [...(view.hasRecorded ? [] : laiYangAnswer.rules.initiate(view)), ...inFlight.map((message) => keep(channel, message)), close(channel)];
      },
    }),
  },
  {
    name: "records a message only if no message whose id is the same once trimmed is recorded on any channel (' 1#1' taken for '1#1')",
    exercise: 2,
    bound: "names P0…P3: none begins with a space",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage(view, channel, message) {
        const kept = view.incoming.flatMap((c) => recordedOn(view, c).map((m) => m.id.trim()));
        return isOpen(view, channel) && !kept.includes(message.id.trim()) ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "tells a message received by searching the ids received joined with | for its id between bars (x|a#1 holds |a#1|)",
    exercise: 5,
    bound: "names P0…P3: none holds a |",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => `|${history.join("|")}|`.includes(`|${id}|`)),
  },
  {
    name: "tells a message received by searching the ids received joined with / for its id between slashes (x/a#1 holds /a#1/)",
    exercise: 5,
    bound: "names P0…P3: none holds a /",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => `/${history.join("/")}/`.includes(`/${id}/`)),
  },
  {
    name: "tells a message received by a pattern made of its id, escaped but for the dot (a.b#1 matches axb#1)",
    exercise: 5,
    bound: "names P0…P3: no dot",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => {
      const escaped = id.replace(/[*+?^${}()|[\]\\]/g, "\\$&");
      const pattern = new RegExp(`^${escaped}$`);
      return history.some((received) => pattern.test(received));
    }),
  },
  {
    name: "on a marker's recording, sends markers only to receivers whose names the text of those it sent to does not hold (P1 after P10)",
    exercise: 1,
    bound: "names P0…P3: none begins another",
    refusedBy: "marker-sending-rule",
    module: rulesOf({
      onMarker(view, channel) {
        if (view.hasRecorded) return [close(channel)];
        let sentTo = "";
        const markers: Effect[] = [];
        for (const out of view.outgoing) {
          if (sentTo.includes(receiverOf(out))) continue;
          sentTo += receiverOf(out);
          markers.push(marker(out));
        }
        return [record, ...markers, ...view.incoming.map(open), close(channel)];
      },
    }),
  },
  {
    name: "closes, on a later marker, the first open channel whose name begins with the marker's sender's name (P10->R for P1's)",
    exercise: 2,
    bound: "names P0…P3: none begins another",
    refusedBy: "termination",
    module: rulesOf({
      onMarker(view, channel, message) {
        if (!view.hasRecorded) return chandyLamport.onMarker(view, channel, message);
        const sender = senderOf(channel);
        return [close(view.incoming.find((c) => c.startsWith(sender) && isOpen(view, c)) ?? channel)];
      },
    }),
  },
  {
    name: "on its first marker, opens one incoming channel for each sender's name in lower case (a->R left idle beside A->R)",
    exercise: 2,
    bound: "names P0…P3: none the same as another but for case",
    refusedBy: "channel-state",
    module: opening((view) => {
      const bySender = new Map<string, string>();
      for (const c of view.incoming) {
        const from = senderOf(c).toLowerCase();
        if (!bySender.has(from)) bySender.set(from, c);
      }
      return [...bySender.values()];
    }),
  },
  {
    name: "keeps the recordings open as each snapshot's id and channel's name written together (1 and 0x->y read as 10 and x->y)",
    exercise: 6,
    bound: "four snapshots at most, on names P0…P3",
    refusedBy: "well-formed-effects",
    module: multiWith({
      onMessage(view, channel, message) {
        const open = new Set(
          Object.entries(view.snapshots).flatMap(([id, s]) => view.incoming.filter((c) => s.recordings[c]?.status === "open").map((c) => `${id}${c}`)),
        );
        return Object.keys(view.snapshots)
          .filter((id) => open.has(`${id}${channel}`))
          .map((id): MultiEffect => ({ type: "record-message", channel, message, snapshot: Number(id) }));
      },
    }),
  },
  {
    name: "writes each marker's channel with a format helper, {0}->{1} filled in turn, so that a sender named {1}::x# gets its receiver's name",
    exercise: 1,
    bound: "names P0…P3: none holds braces",
    refusedBy: "well-formed-effects",
    module: markersTo((view) =>
      view.outgoing.map((c) => {
        const format = (template: string, ...values: string[]) => values.reduce((text, value, i) => text.split(`{${i}}`).join(value), template);
        return format("{0}->{1}", view.process, receiverOf(c));
      }),
    ),
  },
  {
    name: "keeps onMessage's answers by a 32-bit hash of the question (Aa's message taken for BB's, whose names hash alike)",
    exercise: 2,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "well-formed-effects",
    module: (() => {
      const answers = new Map<number, Effect[]>();
      const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 0);
      return rulesOf({
        onMessage(view, channel, message) {
          const key = hash(JSON.stringify([view, channel, message]));
          if (!answers.has(key)) answers.set(key, [...chandyLamport.onMessage(view, channel, message)]);
          return answers.get(key)!;
        },
      });
    })(),
  },
  {
    name: "keeps the snapshots recording a channel as bits of a 32-bit mask (snapshot 32 taken for 0)",
    exercise: 6,
    bound: "four snapshots at most",
    refusedBy: "channel-state (snapshot 32)",
    module: recordingFor((view) => {
      let bits = 0;
      for (const id of Object.keys(view.snapshots)) bits |= 1 << Number(id);
      return Array.from({ length: 32 }, (_, id) => id).filter((id) => (bits & (1 << id)) !== 0);
    }),
  },
  {
    name: "on its first marker opens every incoming channel but the marker's, comparing their names NFC-normalised (é and e + U+0301 are one)",
    exercise: 2,
    bound: "names P0…P3: ASCII",
    refusedBy: "channel-state",
    module: openingAllBut((c) => c.normalize("NFC")),
  },
  {
    name: "on its first marker opens every incoming channel but the marker's, comparing their senders trimmed (a and ' a' are one)",
    exercise: 2,
    bound: "names P0…P3: no spaces",
    refusedBy: "channel-state",
    module: openingAllBut((c) => senderOf(c).trim()),
  },
  {
    name: "on its first marker leaves unopened the first incoming channel whose sender, lower-cased, is the marker's (A->x, listed first, for a's marker)",
    exercise: 2,
    bound: "names P0…P3: no two the same but for case",
    refusedBy: "channel-state",
    module: openingAllButFirstAlike((c) => senderOf(c).toLowerCase()),
  },
  {
    name: "on its first marker leaves unopened the first incoming channel that holds the marker's sender and -> (ba->x, listed first, for a's marker)",
    exercise: 2,
    bound: "names P0…P3: none ends with another",
    refusedBy: "channel-state",
    module: opening((view, markerChannel) => {
      const sender = markerChannel?.slice(0, markerChannel.lastIndexOf("->"));
      const skipped = sender === undefined ? undefined : view.incoming.find((c) => c.includes(`${sender}->`));
      return view.incoming.filter((c) => c !== skipped);
    }),
  },
  {
    name: "on its first marker opens every incoming channel but those whose sender has the marker's sender's djb2 hash (33h + c: Ab's marker skips BA's)",
    exercise: 2,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "channel-state",
    module: openingAllBut((c) => String([...senderOf(c)].reduce((h, ch) => (Math.imul(h, 33) + ch.charCodeAt(0)) | 0, 5381))),
  },
  {
    name: "on its first marker opens every incoming channel but those whose sender's UTF-8 bytes are the marker's sender's (w and an unpaired surrogate skips w and U+FFFD)",
    exercise: 2,
    bound: "names P0…P3: ASCII",
    refusedBy: "channel-state",
    module: openingAllBut((c) => Buffer.from(senderOf(c)).toString("hex")),
  },
  {
    name: "leaves out a message whose sender and number, run together, a recorded one's are too (x1#1 taken for x#11)",
    exercise: 2,
    bound: "at most five transfers from one sender",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage(view, channel, message) {
        const key = (id: string) => id.slice(0, id.lastIndexOf("#")) + id.slice(id.lastIndexOf("#") + 1);
        const seen = Object.values(view.recordings).flatMap((r) => (r.status === "idle" ? [] : r.messages.map((m) => key(m.id))));
        return isOpen(view, channel) && !seen.includes(key(message.id)) ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "sends its markers to the receivers it keeps by their names' UTF-8 bytes (w and an unpaired surrogate taken for w and U+FFFD)",
    exercise: 1,
    bound: "names P0…P3: well-formed",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => {
      const byBytes = new Map<string, string>();
      for (const channel of view.outgoing) byBytes.set(Buffer.from(receiverOf(channel)).toString("hex"), channel);
      return [...byBytes.values()];
    }),
  },
  {
    name: "keeps assembleSnapshot's answers by a 32-bit hash of the parts (BB's parts given Aa's answer, whose texts hash alike)",
    exercise: 3,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "assembled-snapshot",
    module: answersKeptByHash(31),
  },
  {
    name: "keeps assembleSnapshot's answers by djb2's hash (33h + c) of the parts (BA's parts given Ab's answer, whose texts hash alike)",
    exercise: 3,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "assembled-snapshot",
    module: answersKeptByHash(33, 5381),
  },
  {
    name: "keeps assembleSnapshot's answers by a 32-bit hash (37h + c) of the parts (two Thue-Morse names' parts given each other's answer, whose texts hash alike)",
    exercise: 3,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "assembled-snapshot",
    module: answersKeptByHash(37),
  },
  {
    name: "keeps a channel's first sixty-four messages (a bounded buffer)",
    exercise: 3,
    bound: "three transfers a channel",
    refusedBy: "assembled-snapshot",
    module: firstMessagesKept(64),
  },
  {
    name: "leaves out a message whose id's digits, read as a number, a recorded one's are too (past 2^53, a twenty-digit sender's #1 and #2 are one)",
    exercise: 2,
    bound: "names P0…P3: numbers of one digit",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage(view, channel, message) {
        const key = (id: string) => Number(id.replace(/\D/g, ""));
        const seen = Object.values(view.recordings).flatMap((r) => (r.status === "idle" ? [] : r.messages.map((m) => key(m.id))));
        return isOpen(view, channel) && !seen.includes(key(message.id)) ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "assembles each channel's messages once for each number their ids' digits make (past 2^53, a twenty-digit sender's #1 and #2 are one)",
    exercise: 3,
    bound: "names P0…P3: numbers of one digit",
    refusedBy: "assembled-snapshot",
    module: assemblingEachChannel((messages) => [...new Map(messages.map((m) => [Number(m.id.replace(/\D/g, "")), m])).values()]),
  },
  {
    name: "slots receivers named by digits by their number, so that two of twenty digits, one number past 2^53, take one marker",
    exercise: 1,
    bound: "names P0…P3: no two of digits one number",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => {
      const slots = new Map<number | string, string>();
      for (const c of view.outgoing) slots.set(/^(0|[1-9]\d*)$/.test(receiverOf(c)) ? Number(receiverOf(c)) : receiverOf(c), c);
      return [...slots.values()];
    }),
  },
  {
    name: "assembles each channel's messages once for each bit of a 32-bit mask their numbers set (#1 and #33 are one)",
    exercise: 3,
    bound: "transfers numbered 1 to 12 on a channel, one after another",
    refusedBy: "assembled-snapshot",
    module: assemblingEachChannel((messages) => {
      let seen = 0;
      return messages.filter((m) => {
        const bit = 1 << Number(m.id.slice(m.id.lastIndexOf("#") + 1));
        const fresh = (seen & bit) === 0;
        seen |= bit;
        return fresh;
      });
    }),
  },
  {
    name: "assembles each channel's messages sorted by their ids, the numbers written with two digits (#100 before #99)",
    exercise: 3,
    bound: "transfers numbered 1 to 12 on a channel",
    refusedBy: "assembled-snapshot",
    module: assemblingEachChannel((messages) => {
      const key = (id: string) => id.replace(/\d+$/, (digits) => digits.padStart(2, "0"));
      return [...messages].sort((a, b) => (key(a.id) < key(b.id) ? -1 : key(a.id) > key(b.id) ? 1 : 0));
    }),
  },
  {
    name: "records a message only if its id, padded to twelve characters, sorts after the last recorded (a long name's #10 before its #9)",
    exercise: 2,
    bound: "names P0…P3: ids of a few characters",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage(view, channel, message) {
        const key = (id: string) => id.padStart(12, "0");
        const last = recordedOn(view, channel).at(-1);
        return isOpen(view, channel) && (last === undefined || key(message.id) > key(last.id)) ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "tells a message received by its id with the # taken out (x1#1, received, taken for x#11, in flight)",
    exercise: 5,
    bound: "names P0…P3: none ends in a digit another's id begins with",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => history.some((h) => h.replaceAll("#", "") === id.replaceAll("#", ""))),
  },
  {
    name: "tells a message received by the djb2a hash (33h ^ c) of its id (aaB#1 and aba#1 hash alike)",
    exercise: 5,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "channel-state",
    module: (() => {
      const djb2a = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 33) ^ c.charCodeAt(0)) >>> 0, 5381);
      return receivedWhen((history, id) => history.some((h) => djb2a(h) === djb2a(id)));
    })(),
  },
  {
    name: "tells a message received by a binary search of the received ids comparing code points, where they are sorted by UTF-16 code units (U+FF42 after U+1F3E6)",
    exercise: 5,
    bound: "names P0…P3: code units and code points order them alike",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => {
      const compare = (a: string, b: string) => {
        const [x, y] = [[...a], [...b]];
        for (let i = 0; i < Math.min(x.length, y.length); i++) {
          const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
          if (d !== 0) return d;
        }
        return x.length - y.length;
      };
      let [low, high] = [0, history.length - 1];
      while (low <= high) {
        const middle = (low + high) >> 1;
        const c = compare(id, history[middle]!);
        if (c === 0) return true;
        if (c < 0) high = middle - 1;
        else low = middle + 1;
      }
      return false;
    }),
  },
  {
    name: "tells a message received by searching its sender's received ids, joined with commas, for its id (x#12 holds x#1)",
    exercise: 5,
    bound: "at most five transfers from one sender: numbers of one digit",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => {
      const sender = id.slice(0, id.lastIndexOf("#"));
      return history
        .filter((h) => h.slice(0, h.lastIndexOf("#")) === sender)
        .join(",")
        .includes(id);
    }),
  },
  {
    name: "sends one marker for each sdbm hash (65599h + c) of its receivers' names (IllOa and ZoOPq hash alike)",
    exercise: 1,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => {
      const sdbm = (text: string) => [...text].reduce((h, c) => (c.charCodeAt(0) + (h << 6) + (h << 16) - h) | 0, 0);
      return [...new Map(view.outgoing.map((c) => [sdbm(receiverOf(c)), c])).values()];
    }),
  },
  {
    name: "sends one marker for each receiver's name cut to 64 UTF-16 code units, the format's most characters (names beyond the BMP alike so far)",
    exercise: 1,
    bound: "names P0…P3: none past 64 code units",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => [...new Map(view.outgoing.map((c) => [receiverOf(c).slice(0, 64), c])).values()]),
  },
  {
    name: "finds a channel's recording by the sum of its name's character codes, each times its place (aacb->x and abac->x are one)",
    exercise: 2,
    bound: "names P0…P3: no two so alike",
    refusedBy: "well-formed-effects",
    module: recordingsKeyedBy((text) => [...text].reduce((h, c, i) => h + c.charCodeAt(0) * (i + 1), 0)),
  },
  {
    name: "sends one marker for each ELF hash (16h + c, its top four bits folded in) of its receivers' names (Aa and BQ hash alike)",
    exercise: 1,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => {
      const elf = (text: string) =>
        [...text].reduce((h, c) => {
          const next = ((h << 4) + c.charCodeAt(0)) >>> 0;
          const top = next & 0xf0000000;
          return (next ^ (top >>> 24)) & ~top;
        }, 0);
      return [...new Map(view.outgoing.map((c) => [elf(receiverOf(c)), c])).values()];
    }),
  },
  {
    name: "sends its markers once for each place, kept as the digits of the places sent on run together (place 12 found in 0123…)",
    exercise: 1,
    bound: "at most five outgoing channels: places of one digit",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => {
      let sent = "";
      return view.outgoing.filter((_, place) => {
        if (sent.includes(String(place))) return false;
        sent += String(place);
        return true;
      });
    }),
  },
  {
    name: "records a message if its channel's place is among the open ones', written as digits run together (closed 1 found in open 10)",
    exercise: 2,
    bound: "at most five incoming channels: places of one digit",
    refusedBy: "well-formed-effects",
    module: rulesOf({
      onMessage(view, channel, message) {
        const open = view.incoming.map((c, place) => (isOpen(view, c) ? String(place) : "")).join("");
        return open.includes(String(view.incoming.indexOf(channel))) ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "tells a part done when the places of its closed channels, sorted as the default sort does, read 0, 1, 2, ... (10 before 2)",
    exercise: 3,
    bound: "at most five incoming channels: places of one digit",
    refusedBy: "knows-when-done",
    module: completionWith({
      isPartDone(view) {
        const closed = view.incoming.flatMap((c, place) => (view.recordings[c]?.status === "closed" ? [place] : [])).sort();
        return view.hasRecorded && closed.length === view.incoming.length && closed.every((place, k) => place === k);
      },
    }),
  },
  {
    name: "tells a part done when its last five incoming channels are closed (five neighbours at most, it thinks)",
    exercise: 3,
    bound: "at most five incoming channels",
    refusedBy: "knows-when-done",
    module: completionWith({
      isPartDone: (view) => view.hasRecorded && view.incoming.slice(-5).every((c) => view.recordings[c]?.status === "closed"),
    }),
  },
  {
    name: "sends no marker to a receiver whose name is blank (a space alone taken for no name)",
    exercise: 1,
    bound: "names P0…P3: none blank",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => view.outgoing.filter((c) => receiverOf(c).trim() !== "")),
  },
  {
    name: "writes each marker's channel from a template, {from} then {to} filled in, so that a sender named with {to} gets its receiver's name there",
    exercise: 1,
    bound: "names P0…P3: none holds braces",
    refusedBy: "well-formed-effects",
    module: markersTo((view) => view.outgoing.map((c) => "{from}->{to}".replace("{from}", () => view.process).replace("{to}", () => receiverOf(c)))),
  },
  {
    name: "writes each marker's channel from a route's template, :from then :to filled in by split and join, so that a sender named with :to gets its receiver's name there",
    exercise: 1,
    bound: "names P0…P3: none holds a colon",
    refusedBy: "well-formed-effects",
    module: markersTo((view) => view.outgoing.map((c) => ":from->:to".split(":from").join(view.process).split(":to").join(receiverOf(c)))),
  },
  {
    name: "opens each incoming channel by its name from a template, every <to> then every <from> filled in, so that a receiver named with <from> gets its sender's name there",
    exercise: 2,
    bound: "names P0…P3: none holds angle brackets",
    refusedBy: "well-formed-effects",
    module: rulesOf({
      initiate: (view) => [
        record,
        ...view.outgoing.map(marker),
        ...view.incoming.map((c) => open("<from>-><to>".replaceAll("<to>", () => view.process).replaceAll("<from>", () => c.split("->")[0]!))),
      ],
      onMarker: (view, channel) => [
        ...(view.hasRecorded
          ? []
          : [
              record,
              ...view.outgoing.map(marker),
              ...view.incoming.map((c) => open("<from>-><to>".replaceAll("<to>", () => view.process).replaceAll("<from>", () => c.split("->")[0]!))),
            ]),
        close(channel),
      ],
    }),
  },
  {
    name: "tells a message received by searching the ids received joined with a comma and a space for its id between them (x, a#1 holds , a#1,)",
    exercise: 5,
    bound: "names P0…P3: none holds a comma",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => `, ${history.join(", ")}, `.includes(`, ${id}, `)),
  },
  {
    name: "records a message in the snapshots where its sender and the snapshot's id, run together, are an open recording's (x and 10 read as x1 and 0)",
    exercise: 6,
    bound: "at most six snapshots: ids of one digit",
    refusedBy: "well-formed-effects",
    module: multiWith({
      onMessage(view, channel, message) {
        const open = new Set<string>();
        for (const [id, recorded] of Object.entries(view.snapshots)) {
          for (const [c, recording] of Object.entries(recorded.recordings)) if (recording.status === "open") open.add(c.split("->")[0]! + id);
        }
        const sender = channel.split("->")[0]!;
        return Object.keys(view.snapshots)
          .filter((id) => open.has(sender + id))
          .map((id): MultiEffect => ({ type: "record-message", channel, message, snapshot: Number(id) }));
      },
    }),
  },
  {
    name: "leaves out a message whose id the ids recorded on its channel, joined with nothing between, hold (1#1 then 1#2 hold 1#11)",
    exercise: 2,
    bound: "names P0…P3: none begins with a digit",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage(view, channel, message) {
        const seen = recordedOn(view, channel)
          .map((m) => m.id)
          .join("");
        return isOpen(view, channel) && !seen.includes(message.id) ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "sends no marker to a receiver that the earlier receivers' names, joined with commas and split again, hold (x,a then a)",
    exercise: 1,
    bound: "names P0…P3: none holds a comma",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => {
      const seen: string[] = [];
      return view.outgoing.filter((c) => {
        const covered = seen.join(",").split(",").includes(receiverOf(c));
        seen.push(receiverOf(c));
        return !covered;
      });
    }),
  },
  {
    name: "opens no recording of a channel whose sender a pattern made of an earlier sender's name matches, its dot not escaped (a.b then axb)",
    exercise: 2,
    bound: "names P0…P3: none holds a dot",
    refusedBy: "channel-state",
    module: (() => {
      const opened = (view: ProcessView) => {
        const earlier: RegExp[] = [];
        return view.incoming.filter((c) => {
          const from = senderOf(c);
          const covered = earlier.some((pattern) => pattern.test(from));
          earlier.push(new RegExp(`^${from.replace(/[\\^$*+?()[\]{}|/]/g, "\\$&")}$`));
          return !covered;
        });
      };
      return rulesOf({
        initiate: (view) => [record, ...view.outgoing.map(marker), ...opened(view).map(open)],
        onMarker: (view, channel) => [...(view.hasRecorded ? [] : [record, ...view.outgoing.map(marker), ...opened(view).map(open)]), close(channel)],
      });
    })(),
  },
  {
    name: "tells a message received by its channel's place and its number run together (place 1's #11 and place 11's #1 read as 111)",
    exercise: 5,
    bound: "at most four processes: no process with eleven channels in",
    refusedBy: "channel-state",
    module: laiYangWith({
      onMarker(view, channel, marker) {
        const key = (id: string) => {
          const at = id.lastIndexOf("#");
          return `${view.incoming.indexOf(`${id.slice(0, at)}->${view.process}`)}${id.slice(at + 1)}`;
        };
        const received = new Set((view.recorded?.received ?? view.received).map(key));
        const sent = (marker.sent ?? []).filter((message) => !received.has(key(message.id)));
        return laiYangAnswer.rules.onMarker(view, channel, { ...marker, sent });
      },
    }),
  },
  {
    name: "leaves out a message whose channel's place and number, run together, a recorded one's are (place 1's #12 and place 11's #2 read as 112)",
    exercise: 2,
    bound: "at most four processes: no process with eleven channels in",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage(view, channel, message) {
        const key = (c: string, id: string) => `${view.incoming.indexOf(c)}${id.slice(id.lastIndexOf("#") + 1)}`;
        const seen = new Set(Object.entries(view.recordings).flatMap(([c, r]) => (r.status === "idle" ? [] : r.messages.map((m) => key(c, m.id)))));
        return isOpen(view, channel) && !seen.has(key(channel, message.id)) ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "records a message in the snapshots where its snapshot's id times ten plus its channel's place is an open recording's (1 and 1 read as 0 and 11)",
    exercise: 6,
    bound: "at most four processes: no process with ten channels in",
    refusedBy: "well-formed-effects",
    module: multiWith({
      onMessage(view, channel, message) {
        const key = (id: string, c: string) => Number(id) * 10 + view.incoming.indexOf(c);
        const open = new Set<number>();
        for (const [id, recorded] of Object.entries(view.snapshots)) {
          for (const [c, recording] of Object.entries(recorded.recordings)) if (recording.status === "open") open.add(key(id, c));
        }
        return Object.keys(view.snapshots)
          .filter((id) => open.has(key(id, channel)))
          .map((id): MultiEffect => ({ type: "record-message", channel, message, snapshot: Number(id) }));
      },
    }),
  },
  {
    name: "on its first marker of a snapshot opens every incoming channel but the marker's, comparing their names lower-cased (A's marker skips a's channel)",
    exercise: 6,
    bound: "names P0…P3: no two the same but for case",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      onMarker(view, channel, snapshot) {
        if (snapshot in view.snapshots) return [{ type: "stop-recording", channel, snapshot }];
        const opened = { ...view, incoming: view.incoming.filter((c) => c.toLowerCase() !== channel.toLowerCase()) };
        return [...(multiAnswer.rules.initiate(opened, snapshot) as MultiEffect[]), { type: "stop-recording", channel, snapshot }];
      },
    }),
  },
  {
    name: "sends one marker for each djb2 hash (33h + c) of its receivers' names (Ab and BA hash alike)",
    exercise: 1,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "marker-sending-rule",
    module: markersTo((view) => {
      const djb2 = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 33) + c.charCodeAt(0)) | 0, 5381);
      return [...new Map(view.outgoing.map((c) => [djb2(receiverOf(c)), c])).values()];
    }),
  },
  {
    name: "finds a channel's recording by the sum of its name's character codes (aacb->x and abac->x are one)",
    exercise: 2,
    bound: "names P0…P3: no two anagrams",
    refusedBy: "well-formed-effects",
    module: recordingsKeyedBy((text) => [...text].reduce((h, c) => h + c.charCodeAt(0), 0)),
  },
  {
    name: "assembles the parts kept by the FNV-1a hash of their process's name (l9On and H8aa hash alike)",
    exercise: 3,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "assembled-snapshot",
    module: completionWith({
      assembleSnapshot(parts: readonly LocalPart[]) {
        const fnv1a = (text: string) => [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
        return completionAnswer.assembleSnapshot([...new Map(parts.map((part) => [fnv1a(part.process), part])).values()]);
      },
    }),
  },
  {
    name: "records a message in the snapshots whose ids the text of those that closed its channel, joined with commas, does not hold (10 holds 0)",
    exercise: 6,
    bound: "ids of two digits only where the lower ones are closed",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      onMessage(view, channel, message) {
        const ids = Object.keys(view.snapshots);
        const closed = ids.filter((id) => view.snapshots[Number(id)]!.recordings[channel]?.status === "closed").join(",");
        return ids
          .filter((id) => !closed.includes(id) && view.snapshots[Number(id)]!.recordings[channel]?.status === "open")
          .map((id): MultiEffect => ({ type: "record-message", channel, message, snapshot: Number(id) }));
      },
    }),
  },
  {
    name: "keeps the snapshots that closed a channel as bits of a 32-bit mask (snapshot 32 closed taken for 0)",
    exercise: 6,
    bound: "ids past 31 only while every snapshot is open",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      onMessage(view, channel, message) {
        const ids = Object.keys(view.snapshots).map(Number);
        let closed = 0;
        for (const id of ids) if (view.snapshots[id]!.recordings[channel]?.status === "closed") closed |= 1 << id;
        return ids
          .filter((id) => (closed & (1 << id)) === 0 && view.snapshots[id]!.recordings[channel]?.status === "open")
          .map((snapshot): MultiEffect => ({ type: "record-message", channel, message, snapshot }));
      },
    }),
  },
  {
    name: "looks for the snapshots recording a channel among ids 0 to 49 (a fixed most it thinks enough)",
    exercise: 6,
    bound: "four snapshots at most",
    refusedBy: "channel-state (snapshot 50)",
    module: recordingFor(() => Array.from({ length: 50 }, (_, id) => id)),
  },
  {
    name: "keeps the numbers of the messages received from a sender in a Uint8Array(100), by number (#100 falls off its end)",
    exercise: 5,
    bound: "at most five transfers from one sender",
    refusedBy: "channel-state",
    module: receivedByNumber((numbers) => {
      const got = new Uint8Array(100);
      for (const k of numbers) got[k] = 1;
      return (k) => got[k] === 1;
    }),
  },
  {
    name: "keeps the numbers of the messages received from a sender as bits of a float, by powers of two (2^54 + 2^1 is 2^54)",
    exercise: 5,
    bound: "at most five transfers from one sender",
    refusedBy: "channel-state",
    module: receivedByNumber((numbers) => {
      const bits = numbers.reduce((sum, k) => sum + 2 ** k, 0);
      return (k) => Math.floor(bits / 2 ** k) % 2 === 1;
    }),
  },
  {
    name: "reads the first sixty-four ids it received, a bounded history",
    exercise: 5,
    bound: "at most five transfers from one sender",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => history.slice(0, 64).includes(id)),
  },
  {
    name: "keeps the snapshots recording a channel as bits of a float, read back from the highest down (2^63 + 2^0 is 2^63)",
    exercise: 6,
    bound: "four snapshots at most",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      onMessage(view, channel, message) {
        let bits = 0;
        for (const [id, snapshot] of Object.entries(view.snapshots)) if (snapshot.recordings[channel]?.status === "open") bits += 2 ** Number(id);
        const open: number[] = [];
        for (let id = 63; id >= 0; id--) {
          if (bits < 2 ** id) continue;
          open.push(id);
          bits -= 2 ** id;
        }
        return open.map((snapshot): MultiEffect => ({ type: "record-message", channel, message, snapshot }));
      },
    }),
  },
  {
    name: "keeps the snapshots recording a channel as bits of a number, by powers of two (inexact past 2^53: every bit lost)",
    exercise: 6,
    bound: "four snapshots at most",
    refusedBy: "channel-state (snapshot 0)",
    module: recordingFor((view) => {
      let bits = 0;
      let top = -1;
      for (const id of Object.keys(view.snapshots).map(Number)) {
        bits += 2 ** id;
        top = Math.max(top, id);
      }
      return Array.from({ length: top + 1 }, (_, id) => id).filter((id) => Math.floor(bits / 2 ** id) % 2 === 1);
    }),
  },
  {
    name: "on a marker, sends one marker for each hash (37h + c) of its receivers' names (Aa and B< taken for one), though it starts a snapshot rightly",
    exercise: 1,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "marker-sending-rule",
    module: markerPerKeyOnMarker((name: string) => [...name].reduce((h, c) => (h * 37 + c.charCodeAt(0)) >>> 0, 0)),
  },
  {
    name: "on its first marker opens every other sender's channel through a plain object keyed by sender (a sender named __proto__ is no key there), though it starts a snapshot rightly",
    exercise: 2,
    bound: "names P0…P3: none an object's own",
    refusedBy: "channel-state",
    module: rulesOf({
      onMarker(view, channel) {
        if (view.hasRecorded) return [close(channel)];
        const others: Record<string, string> = {};
        for (const c of view.incoming) others[senderOf(c)] = c;
        delete others[senderOf(channel)];
        return [record, ...view.outgoing.map(marker), ...Object.values(others).map(open), close(channel)];
      },
    }),
  },
  {
    name: "a part is done once every incoming channel's name is found between dashes in the closed ones' joined with dashes (x-a->y closed taken for a->y)",
    exercise: 3,
    bound: "names P0…P3: none holds a -",
    refusedBy: "knows-when-done",
    module: completionWith({
      isPartDone(view: ProcessView) {
        const closed = `-${view.incoming.filter((c) => view.recordings[c]?.status === "closed").join("-")}-`;
        return view.hasRecorded && view.incoming.every((c) => closed.includes(`-${c}-`));
      },
    }),
  },
  {
    name: "adds each message to the total once, known by its id and amount written together (x#1 of 12 taken for x#11 of 2)",
    exercise: 3,
    bound: "three transfers a channel",
    refusedBy: "assembled-snapshot",
    module: assembledWith((answer, parts) => {
      const counted = new Set<string>();
      let total = parts.reduce((sum, part) => sum + part.state.balance, 0);
      for (const message of parts.flatMap((part) => Object.values(part.channels).flat())) {
        if (counted.has(`${message.id}${message.amount}`)) continue;
        counted.add(`${message.id}${message.amount}`);
        total += message.amount;
      }
      return { ...answer, total };
    }),
  },
  {
    name: "tells a message received by its number written before its sender's name (0x's #1 taken for x's #10)",
    exercise: 5,
    bound: "three transfers a channel",
    refusedBy: "channel-state",
    module: (() => {
      const key = (id: string) => `${id.slice(id.lastIndexOf("#") + 1)}${id.slice(0, id.lastIndexOf("#"))}`;
      return receivedWhen((history, id) => history.some((h) => key(h) === key(id)));
    })(),
  },
  {
    name: "on a marker, sends one marker for each 32-bit hash (9h + c) of its receivers' names, though it starts a snapshot rightly",
    exercise: 1,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "marker-sending-rule",
    module: markerPerKeyOnMarker((name: string) => [...name].reduce((h, c) => (Math.imul(h, 9) + c.charCodeAt(0)) | 0, 0)),
  },
  {
    name: "on its first marker opens every incoming channel but the first whose sender has the marker's sender's 32-bit hash (9h + c)",
    exercise: 2,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "channel-state",
    module: openingAllButFirstAlike((channel: string) => [...senderOf(channel)].reduce((h, c) => (h * 9 + c.charCodeAt(0)) >>> 0, 0)),
  },
  {
    name: "on its first marker opens every incoming channel but the first whose sender has the marker's sender's number, read as parseInt of all but its first character (P1 and Q1 taken for one)",
    exercise: 2,
    bound: "names P0…P3: one letter, then the number",
    refusedBy: "channel-state",
    module: openingAllButFirstAlike((channel: string) => Number.parseInt(channel.slice(1, channel.lastIndexOf("->")), 10)),
  },
  {
    name: "tells a message received by searching the ids received joined with bullets for its id between bullets (x•a#1 holds •a#1•)",
    exercise: 5,
    bound: "names P0…P3: ASCII",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => `•${history.join("•")}•`.includes(`•${id}•`)),
  },
  {
    name: "tells a message received by searching the ids received joined with ) for its id between them (x)a#1 holds )a#1))",
    exercise: 5,
    bound: "names P0…P3: no brackets",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => `)${history.join(")")})`.includes(`)${id})`)),
  },
  {
    name: "on its first marker leaves unopened every incoming channel whose place, written out, the marker channel's holds (place 14 holds 1 and 4)",
    exercise: 2,
    bound: "at most four processes",
    refusedBy: "channel-state",
    module: openingButPlaces((place, markerPlace) => markerPlace.includes(place)),
  },
  {
    name: "records a message in each snapshot open on its channel, the open ones kept as channel•id and split on the bullet again (a sender's • cuts the channel)",
    exercise: 6,
    bound: "names P0…P3: ASCII",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      onMessage(view, channel, message) {
        const open = Object.entries(view.snapshots).flatMap(([id, s]) =>
          Object.entries(s.recordings).flatMap(([c, r]) => (r.status === "open" ? [`${c}•${id}`] : [])),
        );
        return open
          .filter((key) => key.split("•")[0] === channel)
          .map((key): MultiEffect => ({ type: "record-message", channel, message, snapshot: Number(key.split("•")[1]) }));
      },
    }),
  },
  {
    name: "records a message in each snapshot where a channel ending as its channel does, in 64 UTF-16 code units, is open (every channel into a long name alike)",
    exercise: 6,
    bound: "names P0…P3: short",
    refusedBy: "well-formed-effects",
    module: multiWith({
      onMessage(view, channel, message) {
        return Object.entries(view.snapshots)
          .filter(([, s]) => Object.entries(s.recordings).some(([c, r]) => r.status === "open" && c.slice(-64) === channel.slice(-64)))
          .map(([id]): MultiEffect => ({ type: "record-message", channel, message, snapshot: Number(id) }));
      },
    }),
  },
  {
    name: "tells a message received by the last 64 UTF-16 code units of its id (two senders' ids alike in their ending taken for one)",
    exercise: 5,
    bound: "names P0…P3: short",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => history.some((received) => received.slice(-64) === id.slice(-64))),
  },
  {
    name: "records on a red message only when it comes on one of its first five channels in, the most a drawn process has",
    exercise: 5,
    bound: "at most four processes",
    refusedBy: "no-ghost-receive",
    module: laiYangWith({
      onMessage: (view, channel, message) => (view.incoming.indexOf(channel) < 5 ? laiYangAnswer.rules.onMessage(view, channel, message) : []),
    }),
  },
  {
    name: "takes a recorded state of zeros (pc 0, balance 0, nothing received) at a process with more than four channels in for none, and records again",
    exercise: 1,
    bound: "every balance 100",
    refusedBy: "records-once",
    module: rulesOf({
      onMarker: (view, channel) => {
        const zeros = view.recorded?.pc === 0 && view.recorded.balance === 0 && view.recorded.received.length === 0 && view.incoming.length > 4;
        return [...(view.hasRecorded && !zeros ? [] : [record, ...view.outgoing.map(marker), ...view.incoming.map(open)]), close(channel)];
      },
    }),
  },
  {
    name: "records a message only if its number is at most two past the last recorded on its channel (a sender's sends elsewhere taken for a gap)",
    exercise: 2,
    bound: "at most five transfers from one sender",
    refusedBy: "channel-state",
    module: rulesOf({
      onMessage: (view, channel, message) => {
        const number = (id: string) => Number(id.slice(id.lastIndexOf("#") + 1));
        const last = recordedOn(view, channel).at(-1);
        return isOpen(view, channel) && (last === undefined || number(message.id) - number(last.id) <= 2) ? [keep(channel, message)] : [];
      },
    }),
  },
  {
    name: "on its first marker at a process with more than five channels in, leaves unopened every channel from a sender the same as the marker's but for case",
    exercise: 2,
    bound: "names P0…P3: none the same but for case",
    refusedBy: "channel-state",
    module: opening((view, markerChannel) => {
      const sender = (channel: string) => senderOf(channel).toLowerCase();
      return view.incoming.filter((c) => markerChannel === undefined || view.incoming.length <= 5 || sender(c) !== sender(markerChannel));
    }),
  },
  {
    name: "on its first marker leaves unopened every incoming channel whose place, written out, begins with the marker channel's (places 10 to 14 with 1)",
    exercise: 2,
    bound: "at most four processes",
    refusedBy: "channel-state",
    module: openingButPlaces((place, markerPlace) => place.startsWith(markerPlace)),
  },
  {
    name: "on its first marker, sends the marker back first, on the first outgoing channel to a name the same as its sender's but for case, and the others on the rest but the exact one",
    exercise: 1,
    bound: "names P0…P3: none the same but for case",
    refusedBy: "marker-sending-rule",
    module: rulesOf({
      onMarker(view, channel) {
        if (view.hasRecorded) return [close(channel)];
        const sender = senderOf(channel);
        const back = view.outgoing.find((c) => receiverOf(c).toLowerCase() === sender.toLowerCase());
        const rest = view.outgoing.filter((c) => c !== back && c !== `${view.process}->${sender}`);
        return [record, ...(back ? [marker(back)] : []), ...rest.map(marker), ...view.incoming.map(open), close(channel)];
      },
    }),
  },
  {
    name: "sends with each marker the sends on every outgoing channel whose name ends with its receiver's (S->bb's with S->b's marker)",
    exercise: 5,
    bound: "names P0…P3: none ends with another",
    refusedBy: "well-formed-effects",
    module: markersCarryingSendsOf((channel, markerChannel) => channel.endsWith(receiverOf(markerChannel))),
  },
  {
    name: "adds each balance as its cents, b × 100 / 100, when there are more than six parts (a bank that size, it thinks, needs it)",
    exercise: 3,
    bound: "at most four processes",
    refusedBy: "assembled-snapshot",
    module: assembledWith((answer, parts) =>
      parts.length > 6 ? { ...answer, total: sum(parts.map((p) => (p.state.balance * 100) / 100)) + sum(Object.values(answer.channels).flat()) } : answer,
    ),
  },
  {
    name: "adds each channel as its mean times its count, (sum / n) × n (the same, it thinks)",
    exercise: 3,
    bound: "three transfers on a channel",
    refusedBy: "assembled-snapshot",
    module: assembledWith((answer) => ({
      ...answer,
      total:
        sum(Object.values(answer.processes).map((p) => p.balance)) +
        sum(Object.values(answer.channels).map((amounts) => (amounts.length ? (sum(amounts) / amounts.length) * amounts.length : 0))),
    })),
  },
  {
    name: "tells a message received by searching the ids received joined with ~ for its id between tildes (x~a#1 holds ~a#1~)",
    exercise: 5,
    bound: "names P0…P3: none holds a ~",
    refusedBy: "channel-state",
    module: receivedWhen((history, id) => `~${history.join("~")}~`.includes(`~${id}~`)),
  },
  {
    name: "tells a message received by a 32-bit hash (131h + c) of its id (two ids of names that hash alike taken for one)",
    exercise: 5,
    bound: "names P0…P3: no two hash alike",
    refusedBy: "channel-state",
    module: (() => {
      const hash = (id: string) => [...id].reduce((h, c) => (Math.imul(h, 131) + c.charCodeAt(0)) | 0, 0);
      return receivedWhen((history, id) => history.some((h) => hash(h) === hash(id)));
    })(),
  },
  {
    name: "records a message in each snapshot whose recording of its channel is open, unless that snapshot's closed channels, joined with ~, hold the channel's between tildes (x~a->y taken for a->y)",
    exercise: 6,
    bound: "names P0…P3: none holds a ~",
    refusedBy: "channel-state (snapshot 0)",
    module: multiWith({
      onMessage(view, channel, message) {
        const closedHolds = (recordings: MultiSnapshotView["snapshots"][number]["recordings"]) =>
          `~${Object.keys(recordings)
            .filter((c) => recordings[c]?.status === "closed")
            .join("~")}~`.includes(`~${channel}~`);
        return Object.entries(view.snapshots)
          .filter(([, s]) => s.recordings[channel]?.status === "open" && !closedHolds(s.recordings))
          .map(([id]): MultiEffect => ({ type: "record-message", channel, message, snapshot: Number(id) }));
      },
    }),
  },
];

export const beyondBoundsRightRules: readonly RightRules[] = [
  // Right because the format stops there (spec/model.md): a hundred program steps in all, sixty-four snapshots in a run.
  { name: "completion keeping a channel's first hundred messages, the most a scenario sends", exercises: [3], module: firstMessagesKept(100) },
  {
    name: "completion keeping each process's pc in a byte, which holds the most program steps a scenario has",
    exercises: [3],
    module: completionWith({
      assembleSnapshot: (parts: readonly LocalPart[]) =>
        completionAnswer.assembleSnapshot(parts.map((part) => ({ ...part, state: { ...part.state, pc: Uint8Array.of(part.state.pc)[0]! } }))),
    }),
  },
  {
    name: "concurrent snapshots looking for those recording a channel among ids 0 to 63, the most a run has",
    exercises: [6],
    module: recordingFor(() => Array.from({ length: 64 }, (_, id) => id)),
  },
  {
    name: "Chandy-Lamport with a Map of open channels, names read with split('->'), messages copied",
    exercises: [1, 2],
    module: {
      rules: {
        name: "map",
        initiate: (view: ProcessView) => [record, ...view.outgoing.map(marker), ...view.incoming.map(open)],
        onMarker(view: ProcessView, channel: string): Effect[] {
          const [from, to] = channel.split("->");
          const own = `${from}->${to}`;
          return view.hasRecorded ? [close(own)] : [record, ...view.outgoing.map(marker), ...view.incoming.map(open), close(own)];
        },
        onMessage(view: ProcessView, channel: string, message: DataMessage): Effect[] {
          const opened = new Map(Object.entries(view.recordings).map(([c, r]) => [c, r.status === "open"]));
          return opened.get(channel) ? [keep(channel, { kind: "data", id: message.id, amount: message.amount })] : [];
        },
      },
    },
  },
  {
    name: "completion with Maps, the total added up as BigInt, a process done when no recording is open or idle",
    exercises: [3],
    module: {
      isPartDone: (view: ProcessView) => view.recorded !== null && Object.values(view.recordings).every((r) => r.status === "closed"),
      assembleSnapshot(parts: readonly LocalPart[]) {
        const processes = new Map(parts.map((part) => [part.process, { balance: part.state.balance, pc: part.state.pc }]));
        const channels = new Map(parts.flatMap((part) => Object.entries(part.channels).map(([c, ms]) => [c, ms.map((m) => m.amount)] as const)));
        const money = [...[...processes.values()].map((p) => p.balance), ...[...channels.values()].flat()];
        const total = Number(money.reduce((t, amount) => t + BigInt(amount), 0n));
        return { processes: Object.fromEntries(processes), channels: Object.fromEntries(channels), total };
      },
    },
  },
  {
    name: "completion sorting the parts by name, into objects without a prototype",
    exercises: [3],
    module: {
      isPartDone: (view: ProcessView) => view.hasRecorded && !view.incoming.some((c) => view.recordings[c]!.status !== "closed"),
      assembleSnapshot(parts: readonly LocalPart[]) {
        const processes = Object.create(null) as Record<string, { pc: number; balance: number }>;
        const channels = Object.create(null) as Record<string, number[]>;
        let total = 0;
        for (const part of [...parts].sort((a, b) => a.process.localeCompare(b.process))) {
          processes[part.process] = { pc: part.state.pc, balance: part.state.balance };
          total += part.state.balance;
          for (const channel of Object.keys(part.channels).sort()) {
            channels[channel] = part.channels[channel]!.map((m) => m.amount);
            total += sum(channels[channel]!);
          }
        }
        return { processes, channels, total };
      },
    },
  },
  {
    name: "Lai-Yang with Sets of ids, the in-flight messages worked out per channel in a Map",
    exercises: [5],
    module: laiYangWith({
      onMarker(view, channel, marker) {
        const history = new Set(view.recorded?.received ?? view.received);
        const inFlight = new Map([[channel, (marker.sent ?? []).filter((m) => !history.has(m.id))]]);
        const turned = view.hasRecorded ? [] : (laiYangAnswer.rules.initiate(view) as Effect[]);
        return [...turned, ...inFlight.get(channel)!.map((m) => keep(channel, m)), close(channel)];
      },
    }),
  },
  {
    name: "concurrent snapshots with the open snapshots of a channel in a Map by id",
    exercises: [6],
    module: multiWith({
      onMessage(view, channel, message) {
        const open = new Map(Object.entries(view.snapshots).map(([id, s]) => [Number(id), s.recordings[channel]?.status === "open"]));
        return [...open].filter(([, isOpenHere]) => isOpenHere).map(([snapshot]): MultiEffect => ({ type: "record-message", channel, message, snapshot }));
      },
    }),
  },
  {
    name: "Lai-Yang finding received ids by binary search in code-unit order, the order they come sorted in",
    exercises: [5],
    module: receivedWhen((history, id) => {
      let [lo, hi] = [0, history.length];
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (history[mid]! < id) lo = mid + 1;
        else hi = mid;
      }
      return history[lo] === id;
    }),
  },
  {
    name: "Chandy-Lamport opening each incoming channel by its sender's name, read with split('->') and put back",
    exercises: [2],
    module: opening((view) => [...new Set(view.incoming.map((c) => c.split("->")[0]))].map((from) => `${from}->${view.process}`)),
  },
];

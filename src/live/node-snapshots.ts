/**
 * The snapshots at one live process: for each snapshot id, its own copy of
 * what the rules may see (recorded or not, rec[c] per incoming channel), so
 * that snapshots may overlap while every rule call sees one snapshot, through
 * the same SnapshotAlgorithm interface as the explorer. Each answer is
 * checked as the explorer and the grader check it (valid-effects.ts), so a
 * mistake is told in the same words, before it is carried out.
 */
import type { DeliveredMessage, Effect, ProcessView, SnapshotAlgorithm } from "../models/bank/algorithms/snapshot-algorithm.js";
import type { ChannelRecording, DataMessage, LocalSnapshot, Marker } from "../models/bank/bank-state.js";
import { ruleCall, type RuleCallOf } from "../models/bank/rule-call.js";
import type { ChannelId, Scenario } from "../models/bank/scenario.js";
import { validEffects } from "../models/bank/valid-effects.js";
import type { LiveEvent } from "./event-log.js";

/** What the process is, as the rules see it: live counters, read when a rule asks. */
export interface ProcessCounters {
  readonly pc: () => number;
  readonly balance: () => number;
  /** Ids of the messages delivered so far, in delivery order. */
  readonly delivered: readonly string[];
  /** Per outgoing channel index, the data messages sent on it, in order. */
  readonly sentOn: ReadonlyMap<number, readonly DataMessage[]>;
}

/** What the rules' effects do outside the snapshot's own record. */
export interface SnapshotOutlet {
  sendMarker(snapshot: number, channel: number, payload: Record<string, unknown> | undefined): void;
  log(event: LiveEvent): void;
}

interface SnapshotCopy {
  recorded: LocalSnapshot | null;
  recordings: Record<ChannelId, ChannelRecording>;
}

const IDLE: ChannelRecording = { status: "idle" };

export class NodeSnapshots {
  private readonly copies = new Map<number, SnapshotCopy>();
  private readonly name: string;
  private readonly incomingIds: string[];
  private readonly outgoingIds: string[];
  private sortedReceived: string[] = [];
  /** The ids of the snapshots recorded here, ascending: every data message sent carries them (its colours). */
  private recordedList: number[] = [];
  /**
   * Snapshots this process has recorded and closed every incoming channel of:
   * its part is fixed, so data messages no longer go to the rules for them
   * (the kit's rules answer nothing there; asking costs a call per message).
   */
  private readonly finished = new Set<number>();

  constructor(
    private readonly scenario: Scenario,
    private readonly process: number,
    private readonly rules: SnapshotAlgorithm,
    private readonly counters: ProcessCounters,
    private readonly outlet: SnapshotOutlet,
  ) {
    this.name = scenario.processes[process]!;
    this.incomingIds = scenario.channels.filter((c) => c.to === process).map((c) => c.id);
    this.outgoingIds = scenario.channels.filter((c) => c.from === process).map((c) => c.id);
  }

  /** The snapshots this process has recorded, by id, ascending. */
  recordedIds(): readonly number[] {
    return this.recordedList;
  }

  /** Has this process recorded snapshot s and closed every incoming channel in it? */
  isComplete(s: number): boolean {
    if (this.finished.has(s)) return true;
    const copy = this.copies.get(s);
    const complete = copy !== undefined && copy.recorded !== null && this.incomingIds.every((c) => copy.recordings[c]?.status === "closed");
    if (complete) this.finished.add(s);
    return complete;
  }

  initiate(s: number): void {
    this.run(s, { rule: "initiate", process: this.name }, (view) => this.rules.initiate(view));
  }

  onMarker(s: number, channel: number, payload: Record<string, unknown> | undefined): void {
    const marker: Marker = { kind: "marker", ...payload };
    const id = this.scenario.channels[channel]!.id;
    this.run(s, { rule: "onMarker", process: this.name, channel: id }, (view) => this.rules.onMarker(view, id, marker));
  }

  /** A data message arrives: every snapshot this process knows of, or the message was red in, hears of it. Returns whether a rule kept it out of the balance. */
  onMessage(channel: number, message: DataMessage, redIn: readonly number[]): boolean {
    // This runs for every delivery: no more than a call per snapshot.
    let buffered = false;
    const id = this.scenario.channels[channel]!.id;
    const hear = (s: number) => {
      const delivered: DeliveredMessage = { kind: "data", id: message.id, amount: message.amount, colour: redIn.includes(s) ? "red" : "white" };
      const call: RuleCallOf = { rule: "onMessage", process: this.name, channel: id, message: message.id };
      const effects = this.run(s, call, (view) => this.rules.onMessage(view, id, delivered), delivered);
      for (const effect of effects) if (effect.type === "buffer-message") buffered = true;
    };
    for (const s of [...this.copies.keys()]) if (!this.finished.has(s)) hear(s);
    for (const s of redIn) if (!this.copies.has(s)) hear(s);
    return buffered;
  }

  private run(s: number, call: RuleCallOf, ask: (view: ProcessView) => readonly Effect[], delivered?: DataMessage): readonly Effect[] {
    const copy = this.copies.get(s) ?? { recorded: null, recordings: Object.freeze(Object.fromEntries(this.incomingIds.map((c) => [c, IDLE]))) };
    const view = this.view(copy);
    let answer: readonly Effect[];
    try {
      answer = ask(view);
    } catch (error) {
      // Exercise 6's rules (several snapshots in one view) fail here first: say which rules a live run takes.
      throw new Error(
        `${call.rule} at ${this.name} (snapshot ${s}) threw: ${(error as Error)?.message ?? String(error)} (a live run calls the rules once per snapshot, with one snapshot's view, as exercises 1, 2 and 5 write them)`,
      );
    }
    const effects = validEffects(this.scenario, answer, { rule: ruleCall(call), channels: view, ...(delivered ? { delivered } : {}), sent: messageByForm });
    if (effects.length > 0 && !this.copies.has(s)) this.copies.set(s, copy);
    for (const effect of effects) this.apply(s, copy, effect);
    if (effects.length > 0) this.isComplete(s);
    return effects;
  }

  private view(copy: SnapshotCopy): ProcessView {
    const self = this;
    return {
      process: this.name,
      hasRecorded: copy.recorded !== null,
      incoming: this.incomingIds,
      outgoing: this.outgoingIds,
      // Frozen, so a rule cannot change it: no copy per call.
      recordings: copy.recordings,
      recorded: copy.recorded,
      get received() {
        return self.received();
      },
      get sent() {
        const sent: Record<ChannelId, DataMessage[]> = {};
        self.scenario.channels.forEach((c, i) => {
          if (c.from === self.process) sent[c.id] = (self.counters.sentOn.get(i) ?? []).slice();
        });
        return sent;
      },
    };
  }

  /** The delivered ids, sorted as the model keeps them; sorted again only after new deliveries. */
  private received(): string[] {
    if (this.sortedReceived.length !== this.counters.delivered.length) this.sortedReceived = [...this.counters.delivered].sort();
    return this.sortedReceived;
  }

  /** Carries out one effect of a checked answer. */
  private apply(s: number, copy: SnapshotCopy, effect: Effect): void {
    const channelIndex = (id: string) => this.scenario.channels.findIndex((ch) => ch.id === id);
    switch (effect.type) {
      case "record-state": {
        const n = this.counters.delivered.length;
        const received = this.received();
        if (copy.recorded === null) this.recordedList = [...this.recordedList, s].sort((a, b) => a - b);
        copy.recorded = { pc: this.counters.pc(), balance: this.counters.balance(), received };
        this.outlet.log({ e: "record", s, pc: copy.recorded.pc, b: copy.recorded.balance, n });
        return;
      }
      case "send-marker": {
        const c = channelIndex(effect.channel);
        const { type: _type, channel: _channel, ...payload } = effect;
        this.outlet.log({ e: "marker-out", s, c });
        this.outlet.sendMarker(s, c, Object.keys(payload).length === 0 ? undefined : payload);
        return;
      }
      case "start-recording": {
        copy.recordings = Object.freeze({ ...copy.recordings, [effect.channel]: { status: "open", messages: [] } });
        this.outlet.log({ e: "open", s, c: channelIndex(effect.channel) });
        return;
      }
      case "record-message": {
        // Open: valid-effects.ts refuses a message recorded on any other.
        const recording = copy.recordings[effect.channel] as Extract<ChannelRecording, { status: "open" }>;
        const message = effect.message;
        // Appended in place: a channel open behind a long queue records thousands, and a copy each time would be quadratic.
        (recording.messages as DataMessage[]).push(message);
        this.outlet.log({ e: "keep", s, c: channelIndex(effect.channel), id: message.id, a: message.amount });
        return;
      }
      case "stop-recording": {
        const recording = copy.recordings[effect.channel]!;
        copy.recordings = Object.freeze({
          ...copy.recordings,
          [effect.channel]: { status: "closed", messages: recording.status === "idle" ? [] : recording.messages },
        });
        this.outlet.log({ e: "close", s, c: channelIndex(effect.channel), t: performance.timeOrigin + performance.now() });
        return;
      }
      case "buffer-message":
        return;
    }
  }
}

/**
 * A data message as a node judges one its rules name: by its form alone. The
 * transfers are drawn as the run goes, and a node does not know what its
 * neighbours sent.
 */
function messageByForm(value: unknown): DataMessage | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { id, amount } = value as Record<string, unknown>;
  return typeof id === "string" && typeof amount === "number" ? { kind: "data", id, amount } : undefined;
}

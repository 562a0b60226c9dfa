/**
 * The bank's state as a row of parts for the explorer (StateParts): each
 * process, each channel's queue, each channel's recording. A step touches
 * one process and a few channels, so most parts of a successor are the
 * parts of the state before it.
 *
 * A step's footprint: a process's own step (send, initiate, or a delivery to
 * it) reads and changes its own part, the queues of its outgoing channels
 * (sends and markers) and the recordings of its incoming ones, as the rules
 * may (valid-effects.ts refuses any other channel); a delivery also takes
 * from its channel's queue, and a data message's colour reads whether its
 * sender had recorded. Losing a message touches its queue only. No step
 * reads the process's outgoing queues (its rules cannot see them, and it
 * only appends to them; a send reads its process alone): one that appends
 * nothing is reused whatever they hold (StepFootprint.reads).
 *
 * Parts are stored in one group per process, with its incoming recordings
 * and outgoing queues, so a state is kept as one number per process.
 *
 * Each part's key is complete on its own (a process's balance and received
 * ids included), so two states have the same parts exactly when they have
 * the same key (bank-state.ts).
 */
import type { StateParts, StepFootprint } from "../../model-contract/state-parts.js";
import { channelActions, processActions, type BankAction } from "./actions.js";
import { localKey, queueKey, recordingKey, type BankState, type ChannelRecording, type Message, type ProcessState } from "./bank-state.js";
import { incomingChannels, outgoingChannels, type Scenario } from "./scenario.js";

export function bankParts(scenario: Scenario): StateParts<BankState, BankAction> {
  const processes = scenario.processes.length;
  const channels = scenario.channels.length;
  const queue = (c: number) => processes + c;
  const recording = (c: number) => processes + channels + c;
  // What a process's rules see of it (process-view.ts).
  const seen = scenario.processes.map((_, p) => [p, ...incomingChannels(scenario, p).map(recording)]);
  // What its own step touches, whatever its rules: that, and its outgoing queues.
  const own = seen.map(([p, ...recordings]) => [p!, ...outgoingChannels(scenario, p!).map(queue), ...recordings]);
  // Made once per action: per type, per process or channel, per position.
  const withData = { deliver: "deliver data", duplicate: "duplicate data" } as const;
  const footprints = new Map<string, StepFootprint[][]>();
  const made = (type: string, subject: number, position: number): StepFootprint | undefined => footprints.get(type)?.[subject]?.[position];
  const make = (type: string, subject: number, position: number, slots: number[], reads?: number[]): StepFootprint => {
    let ofType = footprints.get(type);
    if (!ofType) footprints.set(type, (ofType = []));
    return ((ofType[subject] ??= [])[position] = { key: `${type} ${subject} ${position}`, slots, ...(reads ? { reads } : {}) });
  };
  // A delivery on c: the receiver's own parts and the queue, and the sender for a data message's colour. Its rules
  // see the receiver's process and incoming recordings, not its outgoing queues, which they may only append markers to.
  const makeDelivery = (type: string, c: number, position: number, data: boolean): StepFootprint => {
    const { from, to } = scenario.channels[c]!;
    const colour = data ? [from] : [];
    return make(type, c, position, [...own[to]!, queue(c), ...colour], [...seen[to]!, queue(c), ...colour]);
  };
  return {
    count: processes + 2 * channels,
    groups: own,
    split(state) {
      const parts: unknown[] = new Array(processes + 2 * channels);
      for (let p = 0; p < processes; p++) parts[p] = state.processes[p];
      for (let c = 0; c < channels; c++) {
        parts[queue(c)] = state.channels[c]!.queue;
        parts[recording(c)] = state.channels[c]!.recording;
      }
      return parts;
    },
    join(parts) {
      const joined: BankState["channels"][number][] = new Array(channels);
      for (let c = 0; c < channels; c++) {
        joined[c] = { queue: parts[queue(c)] as readonly Message[], recording: parts[recording(c)] as ChannelRecording };
      }
      return { processes: parts.slice(0, processes) as ProcessState[], channels: joined };
    },
    // A process's own steps, then each channel's deliveries, as enabledActions lists them.
    actionSources: [...scenario.processes.keys(), ...scenario.channels.map((_, c) => queue(c))],
    actionsOf(part, source) {
      if (source < processes) return processActions(scenario, source, part as ProcessState);
      return channelActions(scenario, source - processes, part as readonly Message[]);
    },
    // The properties checked in every state (properties.ts) judge a complete snapshot only: every process recorded, every channel closed.
    mayFail(part, slot) {
      if (slot < processes) return (part as ProcessState).recorded !== null;
      if (slot < processes + channels) return true;
      return (part as ChannelRecording).status === "closed";
    },
    key(part, slot) {
      if (slot < processes) return processKey(part as ProcessState);
      if (slot < processes + channels) return queueKey(part as readonly Message[]);
      return recordingKey(part as ChannelRecording);
    },
    footprint(state, action) {
      if (!("channel" in action)) {
        // A send reads its process alone; an initiate, what its rules see. Either only appends to the outgoing queues.
        const p = action.process;
        return made(action.type, p, 0) ?? make(action.type, p, 0, own[p]!, action.type === "initiate" ? seen[p]! : [p]);
      }
      const { channel: c, position } = action;
      if (action.type === "lose") return made("lose", c, position) ?? make("lose", c, position, [queue(c)]);
      // Only a data message's colour reads its sender; a marker's delivery does not.
      const data = state.channels[c]!.queue[position]!.kind === "data";
      const type = data ? withData[action.type] : action.type;
      return made(type, c, position) ?? makeDelivery(type, c, position, data);
    },
  };
}

/** A process's key, complete on its own (its balance and received ids included). */
export function processKey(p: ProcessState): string {
  const buffered = p.buffered ? `b${p.buffered.map((m) => m.id).join(" ")}` : "";
  return `${p.pc}${p.debited ? "d" : ""},${p.balance},${p.received.join(" ")},${p.recorded ? localKey(p.recorded) : "-"},${buffered}`;
}

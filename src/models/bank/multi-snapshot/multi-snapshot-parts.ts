/**
 * The several-snapshots bank's state as a row of parts for the explorer
 * (StateParts), as bank-parts.ts does for one snapshot: each process and each
 * channel of the bank, then, per snapshot, what each process recorded and
 * each channel's recording in that snapshot's layer. The bank's own
 * recording fields never change here, so a channel's part is its whole
 * ChannelState (the queue, with that constant recording).
 *
 * A step's footprint: sending reads the sender, and changes it and the channel of
 * its program step. Starting a snapshot and a delivery run the rules of one
 * process, which see (multiView) whether it recorded in each layer and its
 * incoming recordings there, and change its own parts only (valid-effects.ts
 * refuses any other channel): its process, the queues of its outgoing
 * channels (markers), and its recorded state and incoming recordings in every
 * layer, reading all but those queues. A delivery also takes from its
 * channel's queue. No step reads another process: a data message here has
 * no colour.
 *
 * Parts are stored in one group per process, with its outgoing channels and
 * its parts in every layer, so a state is kept as one number per process and
 * a process's step touches its own group (a delivery, the sender's too).
 *
 * Each part's key is complete on its own, so two states have the same parts
 * exactly when they have the same key (multiStateKey).
 */
import type { StateParts, StepFootprint } from "../../../model-contract/state-parts.js";
import type { BankAction } from "../actions.js";
import { processKey } from "../bank-parts.js";
import { localKey, queueKey, recordingKey, type ChannelRecording, type ChannelState, type LocalSnapshot, type ProcessState } from "../bank-state.js";
import { incomingChannels, outgoingChannels } from "../scenario.js";
import type { MultiSnapshotScenario, MultiSnapshotState, SnapshotLayer } from "./multi-snapshot-state.js";

export function multiSnapshotParts(scenario: MultiSnapshotScenario): StateParts<MultiSnapshotState, BankAction> {
  const processes = scenario.processes.length;
  const channels = scenario.channels.length;
  const snapshots = scenario.snapshots.length;
  // Per layer: each process's recorded state, then each channel's recording.
  const perLayer = processes + channels;
  const channel = (c: number) => processes + c;
  const recorded = (s: number, p: number) => perLayer * (1 + s) + p;
  const recording = (s: number, c: number) => perLayer * (1 + s) + processes + c;
  const layers = scenario.snapshots.map((_, s) => s);
  // What a process's rules see of it (multiView): per layer, what it recorded and its incoming recordings.
  const seen = scenario.processes.map((_, p) => [p, ...layers.flatMap((s) => [recorded(s, p), ...incomingChannels(scenario, p).map((c) => recording(s, c))])]);
  // Its own parts, whatever its rules (one group each): that, and its outgoing channels, which they may only append markers to.
  const own = seen.map(([p, ...layered]) => [p!, ...outgoingChannels(scenario, p!).map(channel), ...layered]);
  const count = perLayer * (1 + snapshots);
  // Made once per action (the explorer finds a step's memo by its footprint object).
  const initiates = own.map((slots, p): StepFootprint => ({ key: `initiate ${p}`, slots, reads: seen[p]! }));
  const sends: StepFootprint[][] = scenario.processes.map(() => []);
  const deliveries: StepFootprint[][] = scenario.channels.map(() => []);
  const others = new Map<string, StepFootprint>();
  const everything = Array.from({ length: count }, (_, slot) => slot);

  return {
    count,
    groups: own,
    split(state) {
      const parts: unknown[] = new Array(count);
      for (let p = 0; p < processes; p++) parts[p] = state.bank.processes[p];
      for (let c = 0; c < channels; c++) parts[channel(c)] = state.bank.channels[c];
      for (let s = 0; s < snapshots; s++) {
        const layer = state.layers[s]!;
        for (let p = 0; p < processes; p++) parts[recorded(s, p)] = layer.recorded[p];
        for (let c = 0; c < channels; c++) parts[recording(s, c)] = layer.recordings[c];
      }
      return parts;
    },
    join(parts) {
      const joined: SnapshotLayer[] = new Array(snapshots);
      for (let s = 0; s < snapshots; s++) {
        joined[s] = {
          recorded: parts.slice(recorded(s, 0), recorded(s, processes)) as (LocalSnapshot | null)[],
          recordings: parts.slice(recording(s, 0), recording(s, channels)) as ChannelRecording[],
        };
      }
      return { bank: { processes: parts.slice(0, processes) as ProcessState[], channels: parts.slice(processes, perLayer) as ChannelState[] }, layers: joined };
    },
    key(part, slot) {
      if (slot < processes) return processKey(part as ProcessState);
      if (slot < perLayer) return `${queueKey((part as ChannelState).queue)}|${recordingKey((part as ChannelState).recording)}`;
      if ((slot - perLayer) % perLayer < processes) return part === null ? "-" : localKey(part as LocalSnapshot);
      return recordingKey(part as ChannelRecording);
    },
    footprint(state, action) {
      switch (action.type) {
        case "send": {
          const p = action.process;
          const c = scenario.programs[p]![state.bank.processes[p]!.pc]?.channel;
          if (c !== undefined) return (sends[p]![c] ??= { key: `send ${p} ${c}`, slots: [p, channel(c)], reads: [p] });
          break;
        }
        case "initiate":
          return initiates[action.process]!;
        case "deliver": {
          const { channel: c, position } = action;
          const to = scenario.channels[c]!.to;
          return (deliveries[c]![position] ??= { key: `deliver ${c} ${position}`, slots: [...own[to]!, channel(c)], reads: [...seen[to]!, channel(c)] });
        }
      }
      // Not a step of several snapshots (the step refuses it), or a send with no program step left: it may touch anything.
      const key = `${action.type} ${"channel" in action ? `${action.channel} ${action.position}` : action.process}`;
      let footprint = others.get(key);
      if (!footprint) others.set(key, (footprint = { key, slots: everything }));
      return footprint;
    },
  };
}

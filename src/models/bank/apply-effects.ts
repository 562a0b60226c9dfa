/**
 * Carries out a snapshot rule's effects on the bank's state, one by one. The
 * answer was checked first (valid-effects.ts): every effect names a channel of
 * its process in the right direction, and records a message only on an open
 * channel.
 */
import type { Effect } from "./algorithms/snapshot-algorithm.js";
import type { Scenario } from "./scenario.js";
import { MARKER, type BankState, type ChannelRecording, type ChannelState, type DataMessage, type Marker, type ProcessState } from "./bank-state.js";

export function applyEffects(scenario: Scenario, state: BankState, process: number, effects: readonly Effect[]): BankState {
  const processes = state.processes.slice();
  const channels = state.channels.slice();
  const channelIndex = (id: string): number => scenario.channels.findIndex((ch) => ch.id === id);
  const updateChannel = (c: number, change: Partial<ChannelState>) => (channels[c] = { ...channels[c]!, ...change });

  for (const effect of effects) {
    switch (effect.type) {
      case "record-state": {
        const p: ProcessState = processes[process]!;
        processes[process] = { ...p, recorded: { pc: p.pc, balance: p.balance, received: p.received } };
        break;
      }
      case "send-marker": {
        const c = channelIndex(effect.channel);
        updateChannel(c, { queue: [...channels[c]!.queue, markerOf(effect)] });
        break;
      }
      case "start-recording":
        updateChannel(channelIndex(effect.channel), { recording: { status: "open", messages: [] } });
        break;
      case "record-message": {
        const c = channelIndex(effect.channel);
        // Open: valid-effects.ts refuses a message recorded on any other.
        const { messages } = channels[c]!.recording as Extract<ChannelRecording, { status: "open" }>;
        updateChannel(c, { recording: { status: "open", messages: [...messages, dataMessage(effect.message)] } });
        break;
      }
      case "stop-recording": {
        const c = channelIndex(effect.channel);
        const recording = channels[c]!.recording;
        const messages = recording.status === "idle" ? [] : recording.messages;
        updateChannel(c, { recording: { status: "closed", messages } });
        break;
      }
      case "buffer-message":
        // The bank keeps the arriving message instead of crediting it (system.ts).
        break;
    }
  }
  return { processes, channels };
}

/** The marker a send-marker effect puts on its channel: payload fields (snapshot id, Lai-Yang's sent list) ride along. */
function markerOf(effect: Effect & { type: "send-marker" }): Marker {
  const { type: _type, channel: _channel, ...payload } = effect;
  return Object.keys(payload).length === 0 ? MARKER : { kind: "marker", ...payload };
}

/** A recorded message keeps what the snapshot needs: rules may hand over a delivered message with its colour. */
function dataMessage(message: DataMessage): DataMessage {
  return { kind: "data", id: message.id, amount: message.amount };
}

/**
 * Carries out a snapshot rule's effects on the bank's state, one by one, and
 * refuses any effect that a process could not do: a channel that is not its
 * own, a message recorded on a channel that is not open.
 */
import type { Effect } from "./algorithms/snapshot-algorithm.js";
import { MalformedEffectError } from "../../errors/malformed-effect-error.js";
import type { Scenario } from "./scenario.js";
import { MARKER, type BankState, type ChannelState, type DataMessage, type Marker, type ProcessState } from "./bank-state.js";

export function applyEffects(scenario: Scenario, state: BankState, process: number, effects: readonly Effect[], rule: string): BankState {
  if (!Array.isArray(effects)) throw new MalformedEffectError(`${rule} must return a list of effects`);
  const processes = state.processes.slice();
  const channels = state.channels.slice();
  const who = scenario.processes[process]!;

  const ownChannel = (effect: Effect, direction: "from" | "to"): number => {
    const id = "channel" in effect ? effect.channel : undefined;
    const c = scenario.channels.findIndex((ch) => ch.id === id);
    if (c < 0 || scenario.channels[c]![direction] !== process) {
      const kind = direction === "from" ? "outgoing" : "incoming";
      throw new MalformedEffectError(`${rule} at ${who}: ${JSON.stringify(id)} is not an ${kind} channel of ${who}`);
    }
    return c;
  };
  const updateChannel = (c: number, change: Partial<ChannelState>) => (channels[c] = { ...channels[c]!, ...change });

  for (const effect of effects) {
    switch (effect?.type) {
      case "record-state": {
        const p: ProcessState = processes[process]!;
        processes[process] = { ...p, recorded: { pc: p.pc, balance: p.balance, received: p.received } };
        break;
      }
      case "send-marker": {
        const c = ownChannel(effect, "from");
        updateChannel(c, { queue: [...channels[c]!.queue, markerOf(effect)] });
        break;
      }
      case "start-recording":
        updateChannel(ownChannel(effect, "to"), { recording: { status: "open", messages: [] } });
        break;
      case "record-message": {
        const c = ownChannel(effect, "to");
        const recording = channels[c]!.recording;
        if (recording.status !== "open") {
          throw new MalformedEffectError(`${rule} at ${who}: records a message on ${effect.channel}, which is not open`);
        }
        updateChannel(c, { recording: { status: "open", messages: [...recording.messages, dataMessage(effect.message)] } });
        break;
      }
      case "stop-recording": {
        const c = ownChannel(effect, "to");
        const recording = channels[c]!.recording;
        const messages = recording.status === "idle" ? [] : recording.messages;
        updateChannel(c, { recording: { status: "closed", messages } });
        break;
      }
      case "buffer-message":
        // The bank keeps the arriving message instead of crediting it (system.ts).
        if (rule !== "onMessage") {
          throw new MalformedEffectError(`${rule} at ${who}: buffer-message only applies to an arriving message (onMessage)`);
        }
        break;
      default:
        throw new MalformedEffectError(`${rule} at ${who}: unknown effect ${JSON.stringify(effect)}`);
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

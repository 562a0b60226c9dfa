/**
 * Facts about a recorded snapshot that the properties compare against: which
 * sends fall inside the cut (among the first recorded pc steps of a sender).
 */
import type { Scenario, Transfer } from "./scenario.js";
import type { BankState, DataMessage } from "./bank-state.js";

/** The sender index and 1-based step of a message id "<sender>#<k>". */
export function parseMessageId(scenario: Scenario, id: string): { sender: number; step: number } {
  const hash = id.lastIndexOf("#");
  return { sender: scenario.processes.indexOf(id.slice(0, hash)), step: Number(id.slice(hash + 1)) };
}

/** Whether message `id` was sent after its sender recorded (Lai-Yang's red): its step is past the recorded pc. */
export function sentAfterRecording(scenario: Scenario, state: BankState, id: string): boolean {
  const { sender, step } = parseMessageId(scenario, id);
  const recorded = state.processes[sender]!.recorded;
  return recorded !== null && step > recorded.pc;
}

/** The transfers process `sender` had made on `channel` by the time it recorded. */
export function sentInCut(scenario: Scenario, state: BankState, channel: number): Transfer[] {
  const sender = scenario.channels[channel]!.from;
  const pc = state.processes[sender]!.recorded?.pc ?? 0;
  return scenario.programs[sender]!.slice(0, pc).filter((t) => t.channel === channel);
}

/** The recorded list of a closed or open channel ([] for an idle one). */
export function recordedMessages(state: BankState, channel: number): readonly DataMessage[] {
  const recording = state.channels[channel]!.recording;
  return recording.status === "idle" ? [] : recording.messages;
}

export function formatMessages(messages: readonly { id: string; amount: number }[]): string {
  return `[${messages.map((m) => `${m.id} (${m.amount})`).join(", ")}]`;
}

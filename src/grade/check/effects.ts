/**
 * Checks what a submitted rule returned before the bank applies it: a list of
 * effects of known types, with the fields each needs, naming messages that
 * were really sent on their channel. Whatever else an effect carries is
 * dropped. The bank itself still refuses channels that are not the process's.
 */
import type { Effect } from "../../models/bank/algorithms/snapshot-algorithm.js";
import type { Scenario } from "../../models/bank/scenario.js";
import { messageOf, type DataMessage } from "../../models/bank/bank-state.js";
import { RuleFault } from "./rule-fault.js";

export interface EffectContext {
  /** Names the call in a reason, e.g. "onMarker at P1 (marker on P0->P1)". */
  readonly rule: string;
  /** The data message being delivered (onMessage only): the one a buffer-message effect keeps. */
  readonly delivered?: DataMessage;
  /** Runs with several snapshots: every effect names one of this many snapshots. */
  readonly snapshots?: number;
}

type Raw = Record<string, unknown>;

export function validEffects(scenario: Scenario, value: unknown, context: EffectContext): Effect[] {
  const malformed = (problem: string): never => {
    throw new RuleFault("malformed", `${context.rule} returned ${problem}`);
  };
  if (!Array.isArray(value)) return malformed(`${describe(value)}, not a list of effects`);
  return value.map((raw: unknown, i) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      return malformed(`${describe(raw)} as effect ${i + 1}, not an effect object`);
    }
    const effect = raw as Raw;
    const where = `effect ${i + 1} (${String(effect.type)})`;
    const channel = (): string => (typeof effect.channel === "string" ? effect.channel : malformed(`${where} without a channel`));
    const message = (field: unknown, on: string): DataMessage => sentMessage(scenario, field, on) ?? malformed(`${where} with ${describe(field)}, which is not a message sent on ${on}`);
    const snapshot = snapshotOf(effect, context, where, malformed);
    switch (effect.type) {
      case "record-state":
        return { type: "record-state", ...snapshot };
      case "start-recording":
      case "stop-recording":
        return { type: effect.type, channel: channel(), ...snapshot };
      case "send-marker": {
        const on = channel();
        if (effect.sent === undefined) return { type: "send-marker", channel: on, ...snapshot };
        if (!Array.isArray(effect.sent)) return malformed(`${where} whose sent is not a list of messages`);
        return { type: "send-marker", channel: on, sent: effect.sent.map((m: unknown) => message(m, on)), ...snapshot };
      }
      case "record-message": {
        const on = channel();
        return { type: "record-message", channel: on, message: message(effect.message, on), ...snapshot };
      }
      case "buffer-message":
        if (context.delivered === undefined) return malformed(`${where}, but only a rule taking a message (onMessage) can buffer it`);
        return { type: "buffer-message", ...snapshot };
      default:
        return malformed(`${where}: unknown effect type ${JSON.stringify(effect.type)}`);
    }
  }) as Effect[];
}

function snapshotOf(effect: Raw, context: EffectContext, where: string, malformed: (problem: string) => never): { snapshot?: number } {
  if (context.snapshots === undefined) return {};
  const s = effect.snapshot;
  if (typeof s === "number" && Number.isInteger(s) && s >= 0 && s < context.snapshots) return { snapshot: s };
  return malformed(`${where} with snapshot ${describe(s)} (snapshots are numbered 0 to ${context.snapshots - 1})`);
}

/** The data message `value` names, if it is one sent on channel `on` (id and amount as sent). */
function sentMessage(scenario: Scenario, value: unknown, on: string): DataMessage | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { id, amount } = value as Raw;
  const c = scenario.channels.findIndex((ch) => ch.id === on);
  const sent = scenario.programs[scenario.channels[c]?.from ?? -1]?.find((t) => t.messageId === id && t.channel === c);
  return sent && sent.amount === amount ? messageOf(sent) : undefined;
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

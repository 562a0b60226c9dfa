/**
 * The space-time view of a counterexample, derived once from its path and
 * drawn by every picture (text, SVG, Mermaid, ShiViz): the events on each
 * process's lane in order, the messages between them, where each process
 * recorded (the cut), and the messages that break the cut.
 *
 * Everything is read off the states, never off the property's words: a
 * message appears when a queue grows, leaves when it is delivered, and a
 * process records when its recorded part changes. So the picture is true for
 * any rules, right or wrong.
 */
import type { Scenario } from "../bank/scenario.js";
import type { BankState, LocalSnapshot, Message } from "../bank/state.js";
import type { Counterexample } from "../check/check-scenario.js";
import { describeStep } from "./describe-step.js";
import { findOffences, type Offence } from "./offences.js";

export interface SpaceTimeMessage {
  readonly kind: "data" | "marker";
  /** The data message's id ("P0#1"); undefined for a marker. */
  readonly id: string | undefined;
  /** "P0#1 (10)" or "marker". */
  readonly label: string;
  readonly channel: number;
  readonly from: number;
  readonly to: number;
  /** Index of its send event. */
  readonly sent: number;
  /** Index of its delivery event; undefined while it is still in flight at the end. */
  readonly delivered: number | undefined;
}

export type SpaceTimeEvent =
  | { readonly kind: "send"; readonly step: number; readonly process: number; readonly message: number }
  | { readonly kind: "deliver"; readonly step: number; readonly process: number; readonly message: number }
  | { readonly kind: "record"; readonly step: number; readonly process: number; readonly snapshot: LocalSnapshot };

export interface SpaceTime {
  readonly scenario: Scenario;
  readonly property: string;
  readonly reason: string;
  /** Events in time order; a step gives one or more (its delivery, a recording, the sends). */
  readonly events: readonly SpaceTimeEvent[];
  readonly messages: readonly SpaceTimeMessage[];
  /** Per step (0-based), what it did in words. */
  readonly steps: readonly string[];
  /** Per process, the index of the event where it recorded (the last, if it recorded twice), or undefined. */
  readonly cut: readonly (number | undefined)[];
  /** The messages that break the recorded cut. */
  readonly offences: readonly Offence[];
}

export function spaceTime(scenario: Scenario, counterexample: Counterexample): SpaceTime {
  const { states, actions } = counterexample.path;
  const events: SpaceTimeEvent[] = [];
  const messages: { -readonly [K in keyof SpaceTimeMessage]: SpaceTimeMessage[K] }[] = [];
  // The messages in flight, index for index beside each channel's queue.
  const inFlight: number[][] = scenario.channels.map(() => []);
  const cut: (number | undefined)[] = scenario.processes.map(() => undefined);

  actions.forEach((action, step) => {
    const before = states[step]!;
    const after = states[step + 1]!;
    const delivered = action.type === "deliver" ? inFlight[action.channel]!.splice(action.position, 1)[0] : undefined;
    const recorders = after.processes.flatMap((p, i) => (sameRecord(p.recorded, before.processes[i]!.recorded) ? [] : [i]));

    const deliver = () => {
      if (delivered === undefined) return;
      messages[delivered]!.delivered = events.length;
      events.push({ kind: "deliver", step, process: messages[delivered]!.to, message: delivered });
    };
    // A rule may record on a data message before the process takes it (then
    // the message is outside the recorded state): draw the recording first.
    const recordsFirst = delivered !== undefined && recordedWithout(after, messages[delivered]!);
    if (!recordsFirst) deliver();
    for (const p of recorders) {
      cut[p] = events.length;
      events.push({ kind: "record", step, process: p, snapshot: after.processes[p]!.recorded! });
    }
    if (recordsFirst) deliver();

    after.channels.forEach(({ queue }, c) => {
      for (const message of queue.slice(inFlight[c]!.length)) {
        const { from, to } = scenario.channels[c]!;
        inFlight[c]!.push(messages.length);
        events.push({ kind: "send", step, process: from, message: messages.length });
        messages.push({ ...describeMessage(message), channel: c, from, to, sent: events.length - 1, delivered: undefined });
      }
    });
  });

  const last = states[states.length - 1]!;
  return {
    scenario,
    property: counterexample.property,
    reason: counterexample.reason,
    events,
    messages,
    steps: actions.map((action, i) => describeStep(scenario, states[i]!, action, states[i + 1]!)),
    cut,
    offences: findOffences(scenario, last, messages),
  };
}

function describeMessage(message: Message): { kind: "data" | "marker"; id: string | undefined; label: string } {
  return message.kind === "marker"
    ? { kind: "marker", id: undefined, label: "marker" }
    : { kind: "data", id: message.id, label: `${message.id} (${message.amount})` };
}

/** Compared by value: a path's states may be rebuilt rather than shared. */
function sameRecord(a: LocalSnapshot | null, b: LocalSnapshot | null): boolean {
  if (a === null || b === null) return a === b;
  return a.pc === b.pc && a.balance === b.balance && a.received.join(" ") === b.received.join(" ");
}

function recordedWithout(state: BankState, message: SpaceTimeMessage): boolean {
  const recorded = state.processes[message.to]!.recorded;
  return message.id !== undefined && recorded !== null && !recorded.received.includes(message.id);
}

/** One event in words, e.g. "P0 sends P0#1 (10) to P1", "P1 receives the marker from P0". */
export function describeEvent(view: SpaceTime, event: SpaceTimeEvent): string {
  const name = (p: number) => view.scenario.processes[p]!;
  if (event.kind === "record") return `${name(event.process)} records: balance ${event.snapshot.balance}, pc ${event.snapshot.pc}`;
  const m = view.messages[event.message]!;
  if (event.kind === "send") {
    return m.kind === "marker" ? `${name(m.from)} sends a marker to ${name(m.to)}` : `${name(m.from)} sends ${m.label} to ${name(m.to)}`;
  }
  return m.kind === "marker" ? `${name(m.to)} receives the marker from ${name(m.from)}` : `${name(m.to)} receives ${m.label}`;
}

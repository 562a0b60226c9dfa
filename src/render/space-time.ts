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
import type { BankAction } from "../bank/actions.js";
import type { Scenario } from "../bank/scenario.js";
import type { BankState, LocalSnapshot, Message } from "../bank/state.js";
import type { Counterexample } from "../check/check-scenario.js";
import { describeStep } from "./describe-step.js";
import { findOffences, OFFENCE_NAMES, type Offence } from "./offences.js";

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
  | { readonly kind: "record"; readonly step: number; readonly process: number; readonly snapshot: LocalSnapshot }
  /** A step that sent, delivered and recorded nothing (rules that ignored it). */
  | { readonly kind: "quiet"; readonly step: number; readonly process: number };

export interface SpaceTimeStep {
  /** The process that acted: the sender, the initiator, or the receiver of a delivery. */
  readonly actor: number;
  /** What the step did, in words. */
  readonly text: string;
}

export interface SpaceTime {
  readonly scenario: Scenario;
  readonly property: string;
  readonly reason: string;
  /** Events in time order; a step gives one or more (its delivery, a recording, the sends). */
  readonly events: readonly SpaceTimeEvent[];
  readonly messages: readonly SpaceTimeMessage[];
  readonly steps: readonly SpaceTimeStep[];
  /** Per process, the index of the event where it recorded (the last, if it recorded twice), or undefined. */
  readonly cut: readonly (number | undefined)[];
  /** The messages that break the recorded cut. */
  readonly offences: readonly Offence[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface Drawing {
  readonly events: SpaceTimeEvent[];
  readonly messages: Mutable<SpaceTimeMessage>[];
  readonly cut: (number | undefined)[];
  /** The messages in flight, index for index beside each channel's queue. */
  readonly inFlight: number[][];
}

export function spaceTime(scenario: Scenario, counterexample: Counterexample): SpaceTime {
  const { states, actions } = counterexample.path;
  const drawing: Drawing = {
    events: [],
    messages: [],
    cut: scenario.processes.map(() => undefined),
    inFlight: scenario.channels.map(() => []),
  };
  const steps = actions.map((action, step) => {
    addStep(scenario, drawing, step, action, states[step]!, states[step + 1]!);
    return { actor: actorOf(scenario, action), text: describeStep(scenario, states[step]!, action, states[step + 1]!) };
  });
  return {
    scenario,
    property: counterexample.property,
    reason: counterexample.reason,
    events: drawing.events,
    messages: drawing.messages,
    steps,
    cut: drawing.cut,
    offences: findOffences(scenario, states[states.length - 1]!, drawing.messages),
  };
}

/** The process that acts in a step: the sender, the initiator, or the receiver of a delivery. */
function actorOf(scenario: Scenario, action: BankAction): number {
  return action.type === "deliver" ? scenario.channels[action.channel]!.to : action.process;
}

/** The events of one step: its delivery, any recording (before the delivery if it leaves the message out), its sends. */
function addStep(scenario: Scenario, drawing: Drawing, step: number, action: BankAction, before: BankState, after: BankState): void {
  const { events, messages, inFlight } = drawing;
  const actor = actorOf(scenario, action);
  const first = events.length;
  const delivered = action.type === "deliver" ? inFlight[action.channel]!.splice(action.position, 1)[0] : undefined;
  const deliver = () => {
    if (delivered === undefined) return;
    messages[delivered]!.delivered = events.length;
    events.push({ kind: "deliver", step, process: actor, message: delivered });
  };
  // A rule may record on a data message before the process takes it (then
  // the message is outside the recorded state): draw the recording first.
  const recordsFirst = delivered !== undefined && recordedWithout(after, messages[delivered]!);
  if (!recordsFirst) deliver();
  after.processes.forEach((p, i) => {
    if (sameRecord(p.recorded, before.processes[i]!.recorded)) return;
    drawing.cut[i] = events.length;
    events.push({ kind: "record", step, process: i, snapshot: p.recorded! });
  });
  if (recordsFirst) deliver();

  after.channels.forEach(({ queue }, c) => {
    for (const message of queue.slice(inFlight[c]!.length)) {
      const { from, to } = scenario.channels[c]!;
      inFlight[c]!.push(messages.length);
      events.push({ kind: "send", step, process: from, message: messages.length });
      messages.push({ ...describeMessage(message), channel: c, from, to, sent: events.length - 1, delivered: undefined });
    }
  });
  if (events.length === first) events.push({ kind: "quiet", step, process: actor });
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
  if (event.kind === "quiet") return view.steps[event.step]!.text;
  const m = view.messages[event.message]!;
  if (event.kind === "send") {
    return m.kind === "marker" ? `${name(m.from)} sends a marker to ${name(m.to)}` : `${name(m.from)} sends ${m.label} to ${name(m.to)}`;
  }
  return m.kind === "marker" ? `${name(m.to)} receives the marker from ${name(m.from)}` : `${name(m.to)} receives ${m.label}`;
}

/** What the picture cannot say by itself: why each offending message breaks the cut, who never recorded. */
export function footnotes(view: SpaceTime): string[] {
  const notes = view.offences.map((o) => `✗ ${view.messages[o.message]!.label}, ${OFFENCE_NAMES[o.kind]}: ${o.why}`);
  const unrecorded = view.scenario.processes.filter((_, p) => view.cut[p] === undefined);
  return unrecorded.length > 0 ? [...notes, `never recorded: ${unrecorded.join(", ")}`] : notes;
}

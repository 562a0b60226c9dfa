/**
 * The bank's space-time view of a counterexample (space-time-view.ts), derived
 * once from its path and drawn by every picture: the events on each process's
 * lane in order, the messages between them, where each process recorded (the
 * cut), and the messages that break the cut.
 *
 * Everything is read off the states, never off the property's words: a
 * message appears when a queue grows, leaves when it is delivered, and a
 * process records when its recorded part is a new one (a path's states share
 * what a step did not change), so a second record shows as one. So the
 * picture is true for any rules, right or wrong.
 */
import type { BankAction } from "./actions.js";
import type { Scenario } from "./scenario.js";
import type { BankState, Message } from "./bank-state.js";
import type { Violation } from "../../explore/exploration.js";
import { describeBankStep } from "./describe-bank-step.js";
import { channelsInWords } from "./faults.js";
import { findOffences, OFFENCE_NAMES } from "./offences.js";
import { SpaceTimeDrawing, type MessageLabel } from "../../view/space-time-drawing.js";
import type { SpaceTime } from "../../view/space-time-view.js";

const BANK_WORDS = { data: "data", marker: "marker", records: "records", before: "before recording", never: "never recorded" };

/** `counterexample`: a violation, or a counterexample that also says its length. */
export function bankSpaceTime(scenario: Scenario, counterexample: Violation<BankState, BankAction> & { readonly length?: number }): SpaceTime {
  const { states, actions } = counterexample.path;
  const drawing = new SpaceTimeDrawing(scenario.channels.length);
  const steps = actions.map((action, step) => {
    const text = describeBankStep(scenario, states[step]!, action, states[step + 1]!);
    addStep(scenario, drawing, step, action, states[step]!, states[step + 1]!, text);
    return { actor: actorOf(scenario, action), text };
  });
  const offences = findOffences(scenario, states[states.length - 1]!, drawing.messages);
  return drawing.view(counterexample, {
    lanes: scenario.processes,
    setting: `${scenario.name}: ${channelsInWords(scenario)}`,
    steps,
    cut: scenario.processes.map((_, p) => drawing.lastRecord(p)),
    offences: offences.map(({ message, kind, why }) => ({ message, name: OFFENCE_NAMES[kind], why })),
    words: BANK_WORDS,
  });
}

/** The process that acts in a step: the sender, the initiator, or the receiver of a delivery. */
function actorOf(scenario: Scenario, action: BankAction): number {
  return "channel" in action ? scenario.channels[action.channel]!.to : action.process;
}

/** The events of one step: its delivery, any recording (before the delivery if it leaves the message out), its sends. */
function addStep(scenario: Scenario, drawing: SpaceTimeDrawing, step: number, action: BankAction, before: BankState, after: BankState, text: string): void {
  const name = (p: number) => scenario.processes[p]!;
  const actor = actorOf(scenario, action);
  const first = drawing.events.length;
  if (action.type === "lose") {
    const lost = drawing.messages[drawing.queuedMessage(action.channel, action.position)]!;
    drawing.lose(step, action.channel, action.position, actor, text, `loses ${lost.kind === "marker" ? "a marker" : lost.id}`);
    return;
  }
  const delivered = action.type === "deliver" || action.type === "duplicate" ? drawing.take(action.channel, action.position) : undefined;
  const deliver = () => {
    if (delivered === undefined) return;
    const m = drawing.messages[delivered]!;
    drawing.deliver(
      step,
      actor,
      delivered,
      m.kind === "marker" ? `${name(m.to)} receives the marker from ${name(m.from)}` : `${name(m.to)} receives ${m.label}`,
    );
  };
  // A rule may record on a data message before the process takes it (then
  // the message is outside the recorded state): draw the recording first.
  const recordsFirst = delivered !== undefined && recordedWithout(after, drawing.messages[delivered]!);
  if (!recordsFirst) deliver();
  after.processes.forEach((p, i) => {
    // A record-state effect makes a new recorded part, even one equal to the last: a rule that records twice is drawn so.
    if (p.recorded === null || p.recorded === before.processes[i]!.recorded) return;
    const { balance, pc } = p.recorded!;
    drawing.record(step, i, `${name(i)} records: balance ${balance}, pc ${pc}`, `records ${balance}`);
  });
  if (recordsFirst) deliver();
  if (action.type === "duplicate") drawing.copy(action.channel, action.position, delivered!);

  after.channels.forEach(({ queue }, c) => {
    for (const message of queue.slice(drawing.queued(c))) {
      const { from, to } = scenario.channels[c]!;
      const label = describeMessage(message);
      const words = label.kind === "marker" ? `${name(from)} sends a marker to ${name(to)}` : `${name(from)} sends ${label.label} to ${name(to)}`;
      drawing.send(step, c, from, to, label, words);
    }
  });
  if (drawing.events.length === first) drawing.quiet(step, actor, text);
}

function describeMessage(message: Message): MessageLabel {
  return message.kind === "marker"
    ? { kind: "marker", id: undefined, label: "marker" }
    : { kind: "data", id: message.id, label: `${message.id} (${message.amount})` };
}

function recordedWithout(state: BankState, message: { id: string | undefined; to: number }): boolean {
  const recorded = state.processes[message.to]!.recorded;
  return message.id !== undefined && recorded !== null && !recorded.received.includes(message.id);
}

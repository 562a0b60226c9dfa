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
 *
 * A run with several snapshots is drawn as one of them sees it (its cut, its
 * offences), with every snapshot's recordings and markers, each labelled with
 * its snapshot: a marker of another snapshot is no marker out of place.
 * A run whose rules are told each message's colour names every data message
 * with it, "P0#1 (10, red)", in every picture (message-colours.ts).
 */
import type { BankAction } from "./actions.js";
import type { Scenario } from "./scenario.js";
import type { BankState, LocalSnapshot, Message } from "./bank-state.js";
import type { Violation } from "../../explore/exploration.js";
import { describeBankStep } from "./describe-bank-step.js";
import { channelsInWords } from "./faults.js";
import { colourOf, type Colour } from "./message-colours.js";
import { findOffences, OFFENCE_NAMES } from "./offences.js";
import { SpaceTimeDrawing, type MessageLabel } from "../../view/space-time-drawing.js";
import type { SpaceTime } from "../../view/space-time-view.js";

const BANK_WORDS = { data: "data", marker: "marker", records: "records", before: "before recording", never: "never recorded" };

/** A run with several snapshots (multi-snapshot-space-time.ts): the one drawn, and what the path's states hold of each. */
export interface SeveralSnapshots {
  /** The snapshot whose cut and offences are drawn (the path's states are the bank as it sees them). */
  readonly drawn: number;
  readonly count: number;
  /** What `process` had recorded for `snapshot` in the path's state `state`: a new object at each recording. */
  recorded(state: number, snapshot: number, process: number): LocalSnapshot | null;
  /** The steps in words, each snapshot's part tagged. */
  readonly steps: readonly string[];
}

/** What a picture tells besides the bank's own: several snapshots (the one drawn), or each message's colour. */
export interface BankPictureOptions {
  readonly several?: SeveralSnapshots;
  readonly colours?: boolean;
}

/** `counterexample`: a violation, or a counterexample that also says its length. */
export function bankSpaceTime(
  scenario: Scenario,
  counterexample: Violation<BankState, BankAction> & { readonly length?: number },
  { several, colours = false }: BankPictureOptions = {},
): SpaceTime {
  const { states, actions } = counterexample.path;
  const drawing = new SpaceTimeDrawing(scenario.channels.length);
  const cut: (number | undefined)[] = scenario.processes.map(() => undefined);
  const steps = actions.map((action, step) => {
    const text = several?.steps[step] ?? describeBankStep(scenario, states[step]!, action, states[step + 1]!, { colours });
    const records = several ? recordsOfEach(scenario, several, step) : recordsOf(scenario, states[step]!, states[step + 1]!);
    addStep(scenario, drawing, step, action, states[step]!, states[step + 1]!, text, records, cut, colours);
    return { actor: actorOf(scenario, action), text };
  });
  const offences = findOffences(scenario, states[states.length - 1]!, drawing.messages);
  const drawn = several?.drawn;
  return drawing.view(counterexample, {
    lanes: scenario.processes,
    setting: `${scenario.name}: ${channelsInWords(scenario)}${drawn === undefined ? "" : `, snapshot ${drawn}'s cut`}`,
    steps,
    cut,
    offences: offences.map(({ message, kind, why }) => ({ message, name: OFFENCE_NAMES[kind], why })),
    words:
      drawn === undefined
        ? BANK_WORDS
        : {
            ...BANK_WORDS,
            records: "records (for the snapshot its note names)",
            before: `before recording snapshot ${drawn}`,
            never: `never recorded snapshot ${drawn}`,
          },
  });
}

/** A process's recording in a step: drawn as ◆, and, if `inCut`, where its lane's part of the cut drawn is. */
interface Recording {
  readonly process: number;
  readonly text: string;
  readonly label: string;
  readonly inCut: boolean;
}

/** The recordings of a step with one snapshot: each process whose recorded part is a new one. */
function recordsOf(scenario: Scenario, before: BankState, after: BankState): Recording[] {
  return after.processes.flatMap((p, i) => {
    // A record-state effect makes a new recorded part, even one equal to the last: a rule that records twice is drawn so.
    if (p.recorded === null || p.recorded === before.processes[i]!.recorded) return [];
    const { balance, pc } = p.recorded;
    return [{ process: i, text: `${scenario.processes[i]} records: balance ${balance}, pc ${pc}`, label: `records ${balance}`, inCut: true }];
  });
}

/** The recordings of a step with several snapshots: every snapshot's, each named, the drawn one's in the cut. */
function recordsOfEach(scenario: Scenario, several: SeveralSnapshots, step: number): Recording[] {
  return Array.from({ length: several.count }, (_, s) =>
    scenario.processes.flatMap((name, i) => {
      const now = several.recorded(step + 1, s, i);
      if (now === null || now === several.recorded(step, s, i)) return [];
      const { balance, pc } = now;
      return [
        { process: i, text: `${name} records snapshot ${s}: balance ${balance}, pc ${pc}`, label: `${s}: records ${balance}`, inCut: s === several.drawn },
      ];
    }),
  ).flat();
}

/** The process that acts in a step: the sender, the initiator, or the receiver of a delivery. */
function actorOf(scenario: Scenario, action: BankAction): number {
  return "channel" in action ? scenario.channels[action.channel]!.to : action.process;
}

/** The events of one step: its delivery, any recording (before the delivery if it leaves the message out), its sends. */
function addStep(
  scenario: Scenario,
  drawing: SpaceTimeDrawing,
  step: number,
  action: BankAction,
  before: BankState,
  after: BankState,
  text: string,
  records: readonly Recording[],
  cut: (number | undefined)[],
  colours: boolean,
): void {
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
    const marker = m.label === "marker" ? "the marker" : m.label;
    drawing.deliver(
      step,
      actor,
      delivered,
      m.kind === "marker" ? `${name(m.to)} receives ${marker} from ${name(m.from)}` : `${name(m.to)} receives ${m.label}`,
    );
  };
  // A rule may record on a data message before the process takes it (then
  // the message is outside the recorded state): draw the recording first.
  const recordsFirst = delivered !== undefined && recordedWithout(after, drawing.messages[delivered]!);
  if (!recordsFirst) deliver();
  for (const { process, text, label, inCut } of records) {
    const row = drawing.record(step, process, text, label);
    if (inCut) cut[process] = row;
  }
  if (recordsFirst) deliver();
  if (action.type === "duplicate") drawing.copy(action.channel, action.position, delivered!);

  after.channels.forEach(({ queue }, c) => {
    for (const message of queue.slice(drawing.queued(c))) {
      const { from, to } = scenario.channels[c]!;
      // A message's colour is fixed where it is sent: its label tells it there, and wherever it is drawn after.
      const label = describeMessage(message, colours && message.kind === "data" ? colourOf(scenario, after, message.id) : undefined);
      const marker = label.label === "marker" ? "a marker" : label.label;
      const words = label.kind === "marker" ? `${name(from)} sends ${marker} to ${name(to)}` : `${name(from)} sends ${label.label} to ${name(to)}`;
      drawing.send(step, c, from, to, label, words);
    }
  });
  if (drawing.events.length === first) drawing.quiet(step, actor, text);
}

/** A message as the picture names it; a marker of a run with several snapshots says which ("marker 1"), a data message its colour if told. */
function describeMessage(message: Message, colour?: Colour): MessageLabel {
  if (message.kind === "marker") return { kind: "marker", id: undefined, label: message.snapshot === undefined ? "marker" : `marker ${message.snapshot}` };
  return { kind: "data", id: message.id, label: `${message.id} (${message.amount}${colour === undefined ? "" : `, ${colour}`})` };
}

function recordedWithout(state: BankState, message: { id: string | undefined; to: number }): boolean {
  const recorded = state.processes[message.to]!.recorded;
  return message.id !== undefined && recorded !== null && !recorded.received.includes(message.id);
}

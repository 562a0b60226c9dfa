/**
 * The space-time view of a counterexample, whatever the model: lanes (the
 * bank's processes, the database's nodes, the dataflow's tasks) with their
 * events in time order, the messages between them, where each lane recorded
 * its part of the snapshot (the cut), and the messages that break it. Every
 * picture (text, SVG, Mermaid, ShiViz) draws from this view alone; each model
 * derives it from its own paths (the bank's in models/bank/bank-space-time.ts).
 */

export interface SpaceTimeMessage {
  /** "data" is drawn solid, "marker" dashed: the algorithm's own messages (markers, barriers, signals). */
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
  /** Index of the event that lost it undelivered (a failure); undefined if nothing did. */
  readonly dropped: number | undefined;
}

/** Every event says what happened in words (`text`), as the picture's note for its row. */
export type SpaceTimeEvent =
  | { readonly kind: "send"; readonly step: number; readonly process: number; readonly message: number; readonly text: string }
  | { readonly kind: "deliver"; readonly step: number; readonly process: number; readonly message: number; readonly text: string }
  /** The lane records (part of) its snapshot; `label` is the few words drawn beside it ("records 100"). */
  | { readonly kind: "record"; readonly step: number; readonly process: number; readonly text: string; readonly label: string }
  /** Something a lane did that is no message and no recording: a local commit, a gate closing, rules that did nothing. */
  | { readonly kind: "quiet"; readonly step: number; readonly process: number; readonly text: string; readonly label?: string }
  /** Something that happened to every lane at once (a failure and restart), drawn as a row across them. */
  | { readonly kind: "global"; readonly step: number; readonly text: string };

export interface SpaceTimeStep {
  /** The lane that acted (the sender, the initiator, the receiver of a delivery); undefined for every lane at once. */
  readonly actor: number | undefined;
  /** What the step did, in words. */
  readonly text: string;
}

export interface SpaceTimeOffence {
  /** Index of the message in the view. */
  readonly message: number;
  /** What is wrong, in a word or two ("ghost receive"). */
  readonly name: string;
  /** Why, in a sentence, e.g. "sent after P0 recorded, received before P1 recorded". */
  readonly why: string;
}

/** What a model calls the things drawn, in the legends. */
export interface SpaceTimeWords {
  /** The solid messages and the dashed ones, e.g. "data" and "marker", "record" and "barrier". */
  readonly data: string;
  readonly marker: string;
  /** What a lane does at ◆, e.g. "records". */
  readonly records: string;
  /** A lane before it recorded, e.g. "before recording". */
  readonly before: string;
  /** The lanes that never reached ◆, e.g. "never recorded". */
  readonly never: string;
}

export interface SpaceTime {
  /** The lanes' names, left to right. */
  readonly lanes: readonly string[];
  /** What was run, e.g. "two-node: non-FIFO channels". */
  readonly setting: string;
  readonly property: string;
  readonly reason: string;
  /** Events in time order; a step gives one or more (its delivery, a recording, the sends). */
  readonly events: readonly SpaceTimeEvent[];
  readonly messages: readonly SpaceTimeMessage[];
  readonly steps: readonly SpaceTimeStep[];
  /** Per lane, the index of the event where it recorded its part of the cut, or undefined. */
  readonly cut: readonly (number | undefined)[];
  /** The messages that break the recorded cut. */
  readonly offences: readonly SpaceTimeOffence[];
  readonly words: SpaceTimeWords;
}

/** Where a message's line ends: its delivery, the event that lost it, or (undefined) still in flight at the end. */
export function endOf(message: SpaceTimeMessage): number | undefined {
  return message.delivered ?? message.dropped;
}

/**
 * The marks a picture of `view` draws, whatever it draws them with: what
 * every legend names, and only that. A message that breaks the cut still
 * counts for its kind: its dot needs naming too.
 */
export function drawnMarks(view: SpaceTime) {
  const sent = (kind: "data" | "marker") => view.messages.some((m) => m.kind === kind);
  const happened = (kind: SpaceTimeEvent["kind"]) => view.events.some((e) => e.kind === kind);
  return {
    data: sent("data"),
    marker: sent("marker"),
    records: happened("record"),
    quiet: happened("quiet"),
    global: happened("global"),
    lost: view.messages.some((m) => m.dropped !== undefined),
    breaksTheCut: view.offences.length > 0,
  };
}

/** The messages still in flight when the counterexample ends. */
export function stillInFlight(view: SpaceTime): number[] {
  return view.messages.flatMap((m, i) => (endOf(m) === undefined ? [i] : []));
}

/** What the picture cannot say by itself: why each offending message breaks the cut, who never recorded. */
export function footnotes(view: SpaceTime): string[] {
  const notes = view.offences.map((o) => `✗ ${view.messages[o.message]!.label}, ${o.name}: ${o.why}`);
  const unrecorded = view.lanes.filter((_, p) => view.cut[p] === undefined);
  return unrecorded.length > 0 ? [...notes, `${view.words.never}: ${unrecorded.join(", ")}`] : notes;
}

/**
 * The one check of what a snapshot rule returned, wherever the rules run: the
 * bank (explore, the library's check), the grader, and a live node each check
 * an answer here before they carry it out, so one mistake reads the same in
 * each. An answer must be a list of effects of known types, with the fields
 * each needs, naming messages sent on their channel; and each effect one its
 * process can carry out at that point of the list (its own channels in the
 * right direction, a message recorded only on an open channel). Whatever else
 * an effect carries is dropped. An answer that fails is a
 * MalformedEffectError: the grader shows it as a violation of
 * well-formed-effects, with the shortest run that leads to it (graded-model.ts).
 */
import { MalformedEffectError } from "../../errors/malformed-effect-error.js";
import { nearSpelling } from "../../scenario/unknown-key.js";
import type { Effect, ProcessView } from "./algorithms/snapshot-algorithm.js";
import { formatMessages } from "./cut.js";
import type { Scenario } from "./scenario.js";
import { messageOf, type ChannelRecording, type DataMessage } from "./bank-state.js";

export interface EffectContext {
  /** Names the call in a reason, e.g. "rules.onMarker(view, channel, marker) at P1 (marker on P0->P1)" (rule-call.ts). */
  readonly rule: string;
  /**
   * The process's channels, and their recordings as the answer's effects
   * find them: what each effect is checked against. Without them, only the
   * answer's form is checked.
   */
  readonly channels?: ChannelsSeen;
  /** The data message being delivered (onMessage only): the one a buffer-message effect keeps. */
  readonly delivered?: DataMessage;
  /** Runs with several snapshots: every effect names one of this many snapshots. */
  readonly snapshots?: number;
  /** The snapshot the call is about, where it names one (initiate's, onMarker's marker's): what a refused answer is for, where its effect names none. */
  readonly asked?: number;
  /** The view the rule was called with: shown when its answer is refused. */
  readonly view?: unknown;
  /** The message or marker the rule was handed, shown beside the view. */
  readonly handed?: { readonly what: string; readonly value: unknown };
  /**
   * The effects whose channels and recordings are checked; the default is
   * all. An exercise that grades part of the answer leaves the other part to
   * the reference rules.
   */
  readonly graded?: (effect: Effect) => boolean;
  /**
   * The data message `value` names, if it is one sent on channel `on`; by
   * default, one the scenario's programs send there. A live run draws its
   * transfers as it goes, so its nodes judge a message by its form alone.
   */
  readonly sent?: (value: unknown, on: string) => DataMessage | undefined;
}

/**
 * What an answer is checked against of its process's channels: the
 * recordings of one snapshot (a ProcessView has them), or with several, by
 * snapshot (a MultiSnapshotView has those its process has recorded; the bank
 * gives every one).
 */
export type ChannelsSeen = Pick<ProcessView, "process" | "incoming" | "outgoing"> & {
  readonly recordings?: ProcessView["recordings"];
  readonly snapshots?: Readonly<Record<number, { readonly recordings: ProcessView["recordings"] }>>;
};

type Raw = Record<string, unknown>;

/** Every type of effect a rule may return (snapshot-algorithm.ts; the compiler checks the list is whole), for a misspelt one's suggestion. */
const EFFECT_TYPES = Object.keys({
  "record-state": true,
  "send-marker": true,
  "start-recording": true,
  "record-message": true,
  "stop-recording": true,
  "buffer-message": true,
} satisfies Record<Effect["type"], true>);

export function validEffects(scenario: Scenario, value: unknown, context: EffectContext): Effect[] {
  const malformed = (problem: string, status: readonly string[] = [], effectSnapshot?: number): never => {
    const snapshot = effectSnapshot ?? context.asked;
    // An answer of several snapshots that neither its effect nor its call ties to one: the words say so, as no snapshot's picture is its own.
    const untold =
      context.snapshots !== undefined && snapshot === undefined
        ? ["the snapshot it is for cannot be told (the call names none, nor does the effect refused): a picture of the run shows snapshot 0's cut"]
        : [];
    const seen = [
      ...(context.view === undefined ? [] : [`the view it saw: ${JSON.stringify(context.view)}`]),
      ...(context.handed ? [`the ${context.handed.what} it was handed: ${JSON.stringify(context.handed.value)}`] : []),
    ];
    throw new MalformedEffectError(`${context.rule} returned ${problem}`, [...status, ...untold, ...seen], snapshot);
  };
  const effects = wellFormed(scenario, value, context, malformed);
  if (context.channels) checkAgainstChannels(scenario, context.channels, effects, context.graded ?? (() => true), malformed);
  return effects;
}

/** Refuses an answer: why, what the rule saw of its channels, and the snapshot of the effect refused, where it names one of the run's. */
type Malformed = (problem: string, status?: readonly string[], snapshot?: number) => never;

/** An effect as a reason names it: its place in the answer, its type, and in a run with several snapshots the one it is for. */
const effectAt = (i: number, type: unknown, snapshot: number | undefined) =>
  `effect ${i + 1} (${String(type)}${snapshot === undefined ? "" : `, snapshot ${snapshot}`})`;

function wellFormed(scenario: Scenario, value: unknown, context: EffectContext, malformed: Malformed): Effect[] {
  if (!Array.isArray(value)) return malformed(`${describe(value)}, not a list of effects`);
  const sentOn = context.sent ?? ((field: unknown, on: string) => sentMessage(scenario, field, on));
  return value.map((raw: unknown, i) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      return malformed(`${describe(raw)} as effect ${i + 1}, not an effect object`);
    }
    const effect = raw as Raw;
    const snapshot = snapshotOf(effect, context, effectAt(i, effect.type, undefined), malformed);
    const where = effectAt(i, effect.type, snapshot.snapshot);
    // Refused for the snapshot it names.
    const refused = (problem: string): never => malformed(problem, [], snapshot.snapshot);
    const channel = (): string => (typeof effect.channel === "string" ? effect.channel : refused(`${where} without a channel`));
    const message = (field: unknown, on: string): DataMessage =>
      sentOn(field, on) ?? refused(`${where} with ${describe(field)}, which is not a message sent on ${on}`);
    switch (effect.type) {
      case "record-state":
        return { type: "record-state", ...snapshot };
      case "start-recording":
      case "stop-recording":
        return { type: effect.type, channel: channel(), ...snapshot };
      case "send-marker": {
        const on = channel();
        if (effect.sent === undefined) return { type: "send-marker", channel: on, ...snapshot };
        if (!Array.isArray(effect.sent)) return refused(`${where} whose sent is not a list of messages`);
        return { type: "send-marker", channel: on, sent: effect.sent.map((m: unknown) => message(m, on)), ...snapshot };
      }
      case "record-message": {
        const on = channel();
        return { type: "record-message", channel: on, message: message(effect.message, on), ...snapshot };
      }
      case "buffer-message":
        if (context.delivered === undefined) return refused(`${where}, but only a rule taking a message (onMessage) can buffer it`);
        return { type: "buffer-message", ...snapshot };
      default: {
        const near = typeof effect.type === "string" ? nearSpelling(effect.type, EFFECT_TYPES) : undefined;
        return refused(`${where}: unknown effect type ${JSON.stringify(effect.type)}${near === undefined ? "" : `, did you mean "${near}"?`}`);
      }
    }
  }) as Effect[];
}

/**
 * Carries the effects out on the process's channels as `seen` shows them, in
 * order (as apply-effects.ts then does): each names a channel of the process
 * in the right direction, and a message is recorded only on a channel that is
 * open at that point of the list. A recording not shown (in a rule's view of
 * several snapshots, one its process has not recorded) is not judged here:
 * the bank checks again against every snapshot's recordings.
 */
function checkAgainstChannels(
  scenario: Scenario,
  seen: ChannelsSeen,
  effects: readonly Effect[],
  graded: (effect: Effect) => boolean,
  malformed: Malformed,
): void {
  const recordings = new Map<string, ChannelRecording>();
  const shown = (effect: Effect, channel: string): ChannelRecording | undefined => {
    const snapshot = (effect as { snapshot?: number }).snapshot;
    return (snapshot === undefined ? seen.recordings : seen.snapshots?.[snapshot]?.recordings)?.[channel];
  };
  effects.forEach((effect, i) => {
    if (!graded(effect) || !("channel" in effect)) return;
    const snapshot = (effect as { snapshot?: number }).snapshot;
    const where = `${effectAt(i, effect.type, snapshot)} on ${effect.channel}`;
    const direction = effect.type === "send-marker" ? "outgoing" : "incoming";
    if (!(direction === "outgoing" ? seen.outgoing : seen.incoming).includes(effect.channel)) {
      return malformed(`${where}, which is not an ${direction} channel of ${seen.process}`, [whereChannelRuns(scenario, seen, effect.channel)], snapshot);
    }
    if (effect.type === "send-marker") return;
    const channel = effect.channel;
    const key = `${snapshot ?? ""}/${channel}`;
    const before = shown(effect, channel);
    const now = recordings.get(key) ?? before;
    switch (effect.type) {
      case "start-recording":
        recordings.set(key, { status: "open", messages: [] });
        break;
      case "record-message":
        if (now === undefined) return;
        if (now.status !== "open") {
          const changed = before === undefined || before === now ? "" : ` (it was ${statusText(before)} when the rule was called)`;
          return malformed(
            `${where}, which is ${now.status === "idle" ? "not open yet" : "closed"}`,
            [
              `the channel's status: ${channel} is ${statusText(now)} at effect ${i + 1}${changed}; a message is recorded only between start-recording and stop-recording`,
            ],
            snapshot,
          );
        }
        recordings.set(key, { status: "open", messages: [...now.messages, effect.message] });
        break;
      case "stop-recording":
        if (now !== undefined) recordings.set(key, { status: "closed", messages: now.status === "idle" ? [] : now.messages });
        break;
    }
  });
}

function statusText(recording: ChannelRecording): string {
  if (recording.status === "idle") return "idle (not opened)";
  return recording.status === "open" ? `open, holding ${formatMessages(recording.messages)}` : `closed with ${formatMessages(recording.messages)}`;
}

/** Where a channel that is not the process's runs, and the process's own. */
function whereChannelRuns(scenario: Scenario, seen: ChannelsSeen, id: string): string {
  const channel = scenario.channels.find((c) => c.id === id);
  const is = channel
    ? `${id} runs from ${scenario.processes[channel.from]} to ${scenario.processes[channel.to]}`
    : `there is no channel ${JSON.stringify(id)} in ${scenario.name}`;
  const list = (ids: readonly string[]) => (ids.length > 0 ? ids.join(", ") : "none");
  return `where the channels run: ${is}; ${seen.process}'s incoming channels: ${list(seen.incoming)}; outgoing: ${list(seen.outgoing)}`;
}

function snapshotOf(effect: Raw, context: EffectContext, where: string, malformed: Malformed): { snapshot?: number } {
  if (context.snapshots === undefined) return {};
  const s = effect.snapshot;
  if (typeof s === "number" && Number.isInteger(s) && s >= 0 && s < context.snapshots) return { snapshot: s };
  // None at all: most likely rules written for one snapshot a run (exercises 1, 2 and 5).
  if (s === undefined) return malformed(`${where} without a snapshot (in a run with several snapshots, every effect names one, 0 to ${context.snapshots - 1})`);
  // A number written as a string: most likely a key of view.snapshots, which an object's keys all are.
  if (typeof s === "string" && /^\d+$/.test(s)) {
    return malformed(
      `${where} with snapshot ${describe(s)}, a string: ids are numbers, 0 to ${context.snapshots - 1} (view.snapshots' keys are strings: Number(key))`,
    );
  }
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

/**
 * Draws a space-time view step by step, for a model deriving one from its
 * path: it keeps each channel's messages in flight in queue order, so that a
 * delivery finds its message and a failure loses what is on the way.
 */
import type { SpaceTime, SpaceTimeEvent, SpaceTimeMessage } from "./space-time-view.js";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** What a message is, as the picture names it. */
export type MessageLabel = Pick<SpaceTimeMessage, "kind" | "id" | "label">;

export class SpaceTimeDrawing {
  readonly events: SpaceTimeEvent[] = [];
  readonly messages: Mutable<SpaceTimeMessage>[] = [];
  /** Per channel, the messages in flight, index for index beside its queue. */
  private readonly inFlight: number[][];

  constructor(channels: number) {
    this.inFlight = Array.from({ length: channels }, () => []);
  }

  /** How many messages are on their way on a channel: what its queue held before the step. */
  queued(channel: number): number {
    return this.inFlight[channel]!.length;
  }

  /** The message at `position` on a channel, left there. */
  queuedMessage(channel: number, position: number): number {
    return this.inFlight[channel]![position]!;
  }

  /** Takes the message at `position` off the channel; `deliver` draws where it arrives. */
  take(channel: number, position: number): number {
    return this.inFlight[channel]!.splice(position, 1)[0]!;
  }

  deliver(step: number, process: number, message: number, text: string): void {
    this.messages[message]!.delivered = this.events.length;
    this.events.push({ kind: "deliver", step, process, message, text });
  }

  send(step: number, channel: number, from: number, to: number, message: MessageLabel, text: string): void {
    this.inFlight[channel]!.push(this.messages.length);
    this.events.push({ kind: "send", step, process: from, message: this.messages.length, text });
    this.messages.push({ ...message, channel, from, to, sent: this.events.length - 1, delivered: undefined, dropped: undefined });
  }

  /** An unreliable channel loses the message at `position`: its line ends in ✕ at an event on the receiver's lane. */
  lose(step: number, channel: number, position: number, process: number, text: string, label: string): void {
    this.messages[this.take(channel, position)]!.dropped = this.events.length;
    this.quiet(step, process, text, label);
  }

  /** A duplicating channel keeps a copy of `message` in flight at `position`: a second line from the same send. */
  copy(channel: number, position: number, message: number): void {
    const original = this.messages[message]!;
    this.inFlight[channel]!.splice(position, 0, this.messages.length);
    this.messages.push({ ...original, label: `${original.label} copy`, delivered: undefined, dropped: undefined });
  }

  /** Returns the recording's event index, which a cut may point at. */
  record(step: number, process: number, text: string, label: string): number {
    this.events.push({ kind: "record", step, process, text, label });
    return this.events.length - 1;
  }

  /** `label`: a word or two to draw beside the dot ("A#1 (log 1)"), if the picture has room. */
  quiet(step: number, process: number, text: string, label?: string): void {
    this.events.push({ kind: "quiet", step, process, text, ...(label === undefined ? {} : { label }) });
  }

  /** Something every lane goes through at once; whatever is in flight is lost in it. */
  global(step: number, text: string): void {
    for (const channel of this.inFlight) {
      for (const message of channel.splice(0)) this.messages[message]!.dropped = this.events.length;
    }
    this.events.push({ kind: "global", step, text });
  }

  /** The view drawn, given what the drawing cannot know: the lanes, the steps in words, the cut, the offences. */
  view(violation: Pick<SpaceTime, "property" | "reason">, rest: Omit<SpaceTime, "property" | "reason" | "events" | "messages">): SpaceTime {
    return { ...rest, property: violation.property, reason: violation.reason, events: this.events, messages: this.messages };
  }

  /** A step drawn as one event says all it did on that row: it replaces the event's short words by `text`. */
  sayAllInOne(firstOfStep: number, text: string): void {
    if (this.events.length === firstOfStep + 1) this.events[firstOfStep] = { ...this.events[firstOfStep]!, text };
  }
}

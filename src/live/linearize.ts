/**
 * The processes' logs merged into one order of steps that respects causality:
 * a step is taken only once every step its vector clock has seen is taken
 * (a delivery after its send, a marker's arrival after the step that sent it),
 * and among those that may go next the earliest goes first.
 */
import { isTick, type LiveEvent } from "./event-log.js";

export type TickEvent = Extract<LiveEvent, { vc: readonly number[] }>;

/** An event with its clock and the effects logged after it. */
export interface LiveStep {
  readonly process: number;
  readonly event: TickEvent;
  readonly effects: readonly LiveEvent[];
}

export function stepsOf(log: readonly LiveEvent[], process: number): LiveStep[] {
  const steps: { process: number; event: TickEvent; effects: LiveEvent[] }[] = [];
  for (const event of log) {
    if (isTick(event)) steps.push({ process, event, effects: [] });
    else steps.at(-1)?.effects.push(event);
  }
  return steps;
}

export function linearize(logs: readonly (readonly LiveEvent[])[]): LiveStep[] {
  const lanes = logs.map(stepsOf);
  const next = lanes.map(() => 0);
  const order: LiveStep[] = [];
  const ready = (p: number) => {
    const step = lanes[p]![next[p]!];
    return step?.event.vc.every((t, q) => q === p || t <= next[q]!) ?? false;
  };
  for (;;) {
    let best = -1;
    for (let p = 0; p < lanes.length; p++) {
      if (ready(p) && (best < 0 || lanes[p]![next[p]!]!.event.t < lanes[best]![next[best]!]!.event.t)) best = p;
    }
    // Nothing may go: every lane is through (or a step saw one of a log cut short by a kill).
    if (best < 0) return order;
    order.push(lanes[best]![next[best]!]!);
    next[best]! += 1;
  }
}

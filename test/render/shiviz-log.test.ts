import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SHIVIZ_REGEX, shivizLog } from "../../src/render/shiviz-log.js";
import { bankSpaceTime } from "../../src/models/bank/bank-space-time.js";
import type { SpaceTime } from "../../src/view/space-time-view.js";
import { checked, counterexampleOf, randomWalk, threeWay } from "../support/counterexamples.js";

interface LoggedEvent {
  readonly description: string;
  readonly host: string;
  readonly clock: Record<string, number>;
}

/** Reads a log as ShiViz does: the regex on line 1, the (empty) delimiter on line 2, then the events. */
function readLog(log: string): LoggedEvent[] {
  const [regex, delimiter, ...rest] = log.split("\n");
  expect(regex).toBe(SHIVIZ_REGEX);
  expect(delimiter).toBe("");
  const body = rest.join("\n");
  const events = [...body.matchAll(new RegExp(regex!, "g"))].map((m) => ({
    description: m.groups!.event!,
    host: m.groups!.host!,
    clock: JSON.parse(m.groups!.clock!) as Record<string, number>,
  }));
  // Nothing is left over that the regex did not read.
  expect(body.replace(new RegExp(regex!, "g"), "").trim()).toBe("");
  return events;
}

/**
 * Happens-before between the steps of a view, worked out from the trace alone:
 * a step precedes the later steps of its own process and the delivery of each
 * message it sent, and the relation is transitive.
 */
function happensBefore(view: SpaceTime): boolean[][] {
  const n = view.steps.length;
  const before = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  view.steps.forEach((a, i) => view.steps.forEach((b, j) => (before[i]![j] = i < j && a.actor === b.actor)));
  for (const m of view.messages) {
    if (m.delivered !== undefined) before[view.events[m.sent]!.step]![view.events[m.delivered]!.step] = true;
  }
  for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (before[i]![k] && before[k]![j]) before[i]![j] = true;
  return before;
}

const atMost = (a: Record<string, number>, b: Record<string, number>) => Object.entries(a).every(([h, t]) => t <= (b[h] ?? 0));

function expectClocksMatchHappensBefore(view: SpaceTime): void {
  const events = readLog(shivizLog(view));
  expect(events.map((e) => e.host)).toEqual(view.steps.map((s) => view.lanes[s.actor!]));
  // Each host's own entry starts at 1 and grows by exactly 1 per event.
  const seen = new Map<string, number>();
  for (const e of events) {
    seen.set(e.host, (seen.get(e.host) ?? 0) + 1);
    expect(e.clock[e.host]).toBe(seen.get(e.host));
  }
  // e happens before f exactly when e's clock is below f's.
  const before = happensBefore(view);
  events.forEach((e, i) =>
    events.forEach((f, j) => {
      if (i !== j) expect(atMost(e.clock, f.clock), `step ${i + 1} vs step ${j + 1}`).toBe(before[i]![j]);
    }),
  );
}

describe("shivizLog", () => {
  it("should log one event per step on the process that acted, the violation marked", () => {
    const report = checked("two-node", false);
    const view = bankSpaceTime(report.scenario, counterexampleOf(report, "no-ghost-receive"));
    const events = readLog(shivizLog(view));
    expect(events.map((e) => [e.host, e.clock])).toEqual([
      ["P0", { P0: 1 }],
      ["P0", { P0: 2 }],
      ["P1", { P0: 2, P1: 1 }], // receives P0#1, sent at P0's second event
      ["P1", { P0: 2, P1: 2 }],
      ["P0", { P0: 3, P1: 2 }], // receives P1's marker
    ]);
    expect(events[2]!.description).toBe(
      "3. deliver P0#1 (10) on P0->P1 (overtaking a marker): P1 balance 110   ✗ ghost receive: sent after P0 recorded, received before P1 recorded",
    );
  });

  it("should give vector clocks that order events exactly as happens-before does, on every counterexample shipped", () => {
    for (const report of [checked("two-node", false), checked("disconnected")]) {
      for (const c of report.counterexamples) expectClocksMatchHappensBefore(bankSpaceTime(report.scenario, c));
    }
  });

  it("should give vector clocks that order events exactly as happens-before does, on random runs", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (choices) => {
        expectClocksMatchHappensBefore(bankSpaceTime(threeWay, randomWalk(threeWay, choices)));
      }),
      { numRuns: 150 },
    );
  });
});

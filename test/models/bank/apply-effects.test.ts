import { describe, expect, it } from "vitest";
import { chandyLamport } from "../../../src/models/bank/algorithms/chandy-lamport.js";
import type { SnapshotAlgorithm } from "../../../src/models/bank/algorithms/snapshot-algorithm.js";
import { MalformedEffectError } from "../../../src/errors/malformed-effect-error.js";
import { specScenario } from "../../support/scenarios.js";
import { check } from "../../../src/check/check.js";
import { bankModel } from "../../../src/models/bank/bank-model.js";

/** The reference rules with one rule replaced. */
const withRule = (rule: Partial<SnapshotAlgorithm>): SnapshotAlgorithm => ({ ...chandyLamport, name: "broken", ...rule });

describe("effects a process cannot do are refused with a reason", () => {
  // In the grader's words (valid-effects.ts), which the explorer and a live node share.
  const cases: [string, Partial<SnapshotAlgorithm>, string][] = [
    [
      "a marker on a channel the process does not own",
      { initiate: () => [{ type: "send-marker", channel: "P1->P0" }] },
      "rules.initiate(view) at P0 returned effect 1 (send-marker) on P1->P0, which is not an outgoing channel of P0",
    ],
    [
      "recording a channel that is not incoming",
      { initiate: () => [{ type: "start-recording", channel: "P0->P1" }] },
      "rules.initiate(view) at P0 returned effect 1 (start-recording) on P0->P1, which is not an incoming channel of P0",
    ],
    [
      "an unknown effect",
      { initiate: () => [{ type: "teleport" } as never] },
      'rules.initiate(view) at P0 returned effect 1 (teleport): unknown effect type "teleport"',
    ],
    ["something that is not a list", { initiate: () => "record" as never }, 'rules.initiate(view) at P0 returned "record", not a list of effects'],
    [
      "recording a message on a channel that is not open",
      { onMessage: (_view, channel, message) => [{ type: "record-message", channel, message }] },
      "rules.onMessage(view, channel, message) at P1 (P0#1 on P0->P1) returned effect 1 (record-message) on P0->P1, which is not open yet",
    ],
  ];
  for (const [what, rule, message] of cases) {
    it(what, () => {
      expect(() => check({ model: bankModel, scenario: specScenario("two-node") }, { rules: withRule(rule) })).toThrow(
        expect.objectContaining({ constructor: MalformedEffectError, message }),
      );
    });
  }

  it("closes a channel that was never opened as empty", () => {
    // P1 never records on a marker, but closes the channel it came on: P0->P1
    // goes from idle to closed([]), and P1->P0 is never closed.
    const report = check(
      { model: bankModel, scenario: specScenario("two-node") },
      { rules: withRule({ onMarker: (_view, channel) => [{ type: "stop-recording", channel }] }) },
    );
    expect(report.properties.find((p) => p.name === "termination")?.holds).toBe(false);
    expect(report.counterexamples[0]?.reason).toBe("the run ended with the snapshot incomplete (never recorded: P1; never closed: P1->P0)");
  });
});

// Designs are plug-ins: an effect a node could not do is refused with the rule and node named.
import { describe, expect, it } from "vitest";
import { MalformedEffectError } from "../../../src/errors/malformed-effect-error.js";
import type { DatabaseEffect } from "../../../src/models/database/design.js";
import { applyDatabaseEffects } from "../../../src/models/database/apply-effects.js";
import { parseDatabaseScenario } from "../../../src/models/database/parse-scenario.js";
import { initialDatabaseState } from "../../../src/models/database/system.js";

const scenario = parseDatabaseScenario(JSON.stringify({ model: "database", nodes: { A: { x: 1 }, B: { x: 1 } }, initiators: ["A"], algorithm: "blocking" }));
const apply = (effects: DatabaseEffect[]) => () => applyDatabaseEffects(scenario, initialDatabaseState(scenario), 0, effects, "onSignal");

describe("applyDatabaseEffects", () => {
  it.each<[DatabaseEffect[], string]>([
    [[{ type: "send-signal", channel: "B->A", signal: "marker" }], 'onSignal at A: "B->A" is not an outgoing channel of A'],
    [[{ type: "stop-recording", channel: "A->B" }], 'onSignal at A: "A->B" is not an incoming channel of A'],
    [[{ type: "record-credit" }], "onSignal at A: record-credit only applies to an arriving credit (onCredit)"],
    [[{ type: "redo", what: "since-recording" }], "onSignal at A: redoes before recording"],
    [[{ type: "teleport" } as unknown as DatabaseEffect], 'onSignal at A: unknown effect {"type":"teleport"}'],
  ])("should refuse %j", (effects, message) => {
    expect(apply(effects)).toThrow(new MalformedEffectError(message));
  });

  it("should refuse a credit recorded on a channel that is not open", () => {
    const credit = { kind: "credit", txn: "B#1", account: 0, amount: 1 } as const;
    expect(() => applyDatabaseEffects(scenario, initialDatabaseState(scenario), 0, [{ type: "record-credit" }], "onCredit", { credit, channel: 1 })).toThrow(
      "onCredit at A: records a credit on B->A, which is not open",
    );
  });

  it("should remember notes once each, in order", () => {
    const after = apply([
      { type: "note", text: "b" },
      { type: "note", text: "a" },
      { type: "note", text: "b" },
    ])();
    expect(after.nodes[0]!.notes).toEqual(["a", "b"]);
  });
});

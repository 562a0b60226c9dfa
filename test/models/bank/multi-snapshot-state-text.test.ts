/**
 * A run with several snapshots as replay prints its state and the page
 * tabulates it: every snapshot's recordings, each tagged with its id, never
 * the bank's own unused recording fields.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Stepper } from "../../../src/web/page/stepper.js";
import { buildSystem } from "../../../src/web/page/system.js";

// Exercise 6's kind of scenario: two-node, with P1 starting two snapshots.
const text = JSON.stringify({ ...JSON.parse(readFileSync("spec/scenarios/two-node.json", "utf8")), initiators: ["P1"], snapshots: ["P1", "P1"] });

describe("the state of a run with several snapshots", () => {
  it("should show what each snapshot recorded, tagged with its id, once P1 has recorded two", () => {
    const system = buildSystem({ text, file: "two-snapshots.json", settings: {} });
    const stepper = new Stepper(system);
    for (const step of [/^P1 starts snapshot 0/, /^P1 starts snapshot 1/, /^P0 sends/]) stepper.take(stepper.enabled().find((c) => step.test(c.text))!.index);
    expect(system.descriptor.trace!.stateLines(system.scenario, stepper.state)).toEqual([
      "P0      pc 1  balance 90   received []  [0] not recorded                               [1] not recorded",
      "P1      pc 0  balance 100  received []  [0] recorded (pc 0, balance 100, received [])  [1] recorded (pc 0, balance 100, received [])",
      "P0->P1  in flight [P0#1 (10)]           [0] recording []   [1] recording []",
      "P1->P0  in flight [marker 0, marker 1]  [0] not recording  [1] not recording",
      "snapshot 0: P0 (not recorded), P1 (pc 0, balance 100); P0->P1 (not closed), P1->P0 (not closed)",
      "snapshot 1: P0 (not recorded), P1 (pc 0, balance 100); P0->P1 (not closed), P1->P0 (not closed)",
    ]);
  });
});

// The database properties explain their failures; designs broken on purpose show the two that the seed's designs never break.
import { describe, expect, it } from "vitest";
import { blocking } from "../../../src/models/database/designs/blocking.js";
import { exploreModel } from "../../../src/explore/generic-explorer.js";
import type { DatabaseDesign } from "../../../src/models/database/design.js";
import { databaseSystem } from "../../../src/models/database/system.js";
import { oneTransfer } from "../../support/one-transfer.js";

const violations = (design: DatabaseDesign) =>
  exploreModel(databaseSystem(oneTransfer, design)).violations.map((v) => [v.property, v.path.actions.length, v.reason]);

describe("database properties", () => {
  it("should report a deadlock when a gate never reopens", () => {
    const neverReopens: DatabaseDesign = { ...blocking, onSignal: (...args) => blocking.onSignal(...args).filter((e) => e.type !== "open-gate") };
    // A starts the snapshot before A#1, the two markers go round, and A#1 waits for ever.
    expect(violations(neverReopens)).toEqual([["no-deadlock", 3, "nothing can happen, but A#1 (gate closed) never committed"]]);
  });

  it("should report an unfinished snapshot when nothing is ever redone", () => {
    const neverRedoes: DatabaseDesign = { ...blocking, onSignal: (...args) => blocking.onSignal(...args).filter((e) => e.type !== "redo") };
    expect(violations(neverRedoes)).toEqual([["termination", 5, "the run ended with the snapshot unfinished at A, B"]]);
  });
});

// An unknown key in a file is told the keys it may have, and the one it was likely meant to be.
import { describe, expect, it } from "vitest";
import { runCli, tempFile } from "../support/cli.js";
import { unknownKey } from "../../src/scenario/unknown-key.js";

const BANK = ["model", "name", "processes", "channels", "programs", "initiators", "fifo", "atomicSend"];

describe("an unknown key", () => {
  it.each([
    ["initators", "initiators"],
    ["intiators", "initiators"],
    ["FIFO", "fifo"],
    ["program", "programs"],
    ["chanels", "channels"],
    ["nmae", "name"],
    ["atomicsend", "atomicSend"],
  ])("should suggest the key %s was meant to be", (typed, meant) => {
    expect(unknownKey(typed, BANK)).toBe(`unknown key, did you mean ${meant}? (expected one of ${BANK.join(", ")})`);
  });

  it.each(["memo", "to", "balances", "fifos-and-more"])("should suggest nothing for %s, which is no key's typo", (typed) => {
    expect(unknownKey(typed, BANK)).toBe(`unknown key (expected one of ${BANK.join(", ")})`);
  });

  it("should say so in the one line a scenario's mistake gets, naming the file", async () => {
    const file = tempFile("typo.json", { processes: { P0: 100, P1: 100 }, initators: ["P0"] });
    const { status, stderr } = await runCli("explore", file);
    expect(status).toBe(2);
    expect(stderr).toMatch(/^snaplab: .*typo\.json: initators: unknown key, did you mean initiators\? \(expected one of model, name, processes, /);
  });
});

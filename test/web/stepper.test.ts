/**
 * The page's stepper in Node, where it is the same code as in the browser:
 * history as a browser keeps it, a link's path followed until a step is not
 * enabled, the verdicts of the current state, and a search's counterexample
 * turned into the places of its actions and walked again to its end.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { check } from "../../src/check/check.js";
import { SnaplabError } from "../../src/errors/snaplab-error.js";
import { loadModelScenario } from "../../src/models/load-model-scenario.js";
import { actionPlaces, Stepper } from "../../src/web/page/stepper.js";
import { buildSystem, oneLine, rulesWord } from "../../src/web/page/system.js";

const system = (path: string, settings: Record<string, boolean> = {}, algorithm?: string) =>
  buildSystem({ text: readFileSync(`spec/scenarios/${path}`, "utf8"), file: `spec/scenarios/${path}`, settings, ...(algorithm ? { algorithm } : {}) });

describe("the page's stepper", () => {
  it("goes back and forward on the path taken, and a new step drops the steps ahead", () => {
    const stepper = new Stepper(system("two-node.json"));
    expect(stepper.take(0)).toBe(true);
    expect(stepper.take(0)).toBe(true);
    expect([stepper.position, stepper.length, stepper.pathIndices()]).toEqual([2, 2, [0, 0]]);
    stepper.goTo(0);
    expect([stepper.position, stepper.pathIndices(), stepper.path().states.length]).toEqual([0, [], 1]);
    stepper.goTo(1);
    expect(stepper.take(1)).toBe(true);
    expect([stepper.position, stepper.length, stepper.pathIndices()]).toEqual([2, 2, [0, 1]]);
    expect(stepper.take(99)).toBe(false);
    stepper.goTo(-5);
    expect(stepper.position).toBe(0);
    stepper.goTo(99);
    expect(stepper.position).toBe(2);
    expect(stepper.steps()).toHaveLength(2);
  });

  it("follows a link's path until a step is not enabled", () => {
    const { stepper, refused } = Stepper.following(system("two-node.json"), [0, 7, 0]);
    expect([stepper.position, refused]).toEqual([1, 1]);
  });

  it("walks a search's counterexample to the violation the search found, and says what waits for the end", () => {
    const loaded = loadModelScenario("spec/scenarios/disconnected.json");
    const [counterexample] = check(loaded).counterexamples;
    const walked = system("disconnected.json");
    const { stepper, refused } = Stepper.following(walked, actionPlaces(walked.model, counterexample!.path));
    expect(refused).toBeUndefined();
    expect(stepper.position).toBe(counterexample!.length);
    expect(stepper.verdicts().find((v) => v.name === counterexample!.property)).toMatchObject({ status: "violated", reason: counterexample!.reason });
    expect(stepper.view().property).toBe(counterexample!.property);

    const fresh = new Stepper(system("two-node.json"));
    expect(fresh.verdicts().map((v) => v.status)).toEqual(["holds", "holds", "holds", "holds", "pending", "pending"]);
    expect(fresh.view().property).toBe("");
    expect(fresh.enabled().map((c) => c.index)).toEqual([0, 1, 2]);
  });

  it("runs the rules and channel order asked for, and names them as each model does", () => {
    expect(system("two-node.json", { fifo: false }, "defer-after-recording").rules.name).toBe("defer-after-recording");
    expect((system("two-node.json", { fifo: false }).scenario as { fifo: boolean }).fifo).toBe(false);
    expect(rulesWord(system("case-studies/database-two-nodes-redo.json").descriptor)).toBe("design");
    expect(rulesWord(system("case-studies/dataflow-aligned.json").descriptor)).toBe("barrier mode");
    expect(rulesWord(system("two-node.json").descriptor)).toBe("algorithm");
    expect(() => system("two-node.json", {}, "nonsense")).toThrow(/unknown algorithm "nonsense"/);
    expect(oneLine(new SnaplabError("X", "one line"))).toBe("one line");
    expect(oneLine(new TypeError("bug"))).toBe("TypeError: bug");
  });
});

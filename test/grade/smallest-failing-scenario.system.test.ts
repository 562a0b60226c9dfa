// A submission graded through the sandbox on the generated scenarios loses only the generated check's
// points, with the smallest failing scenario shown beside the counterexample.
import { writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { skeletonOf, type ScenarioFile } from "../../src/grade/exercises/generated-scenarios.js";
import { gradeSubmission } from "../../src/grade/grade.js";
import { textReport } from "../../src/grade/report/text-report.js";
import { jsonReport } from "../../src/grade/report/json-report.js";
import { tempDir } from "../support/temp-dir.js";
import { hasShape } from "./catalogue/shaped-rules.js";

describe("a submission graded on generated scenarios, through the sandbox", () => {
  it("should lose only the generated check's points, and show the smallest failing scenario beside the counterexample", async () => {
    // Exercise 1 right; exercise 2 records only the first message that arrives on a channel.
    const dir = join(tempDir("shapes"), "first-message-only");
    mkdirSync(join(dir, "01-record-and-forward"), { recursive: true });
    writeFileSync(join(dir, "01-record-and-forward", "rules.ts"), FIRST_MESSAGE_ONLY);
    const report = await gradeSubmission(dir, { only: [1, 2] });
    expect(report.exercises.map((e) => [e.number, e.points, e.maxPoints])).toEqual([
      [1, 15, 15],
      [2, 12, 15],
    ]);
    const failed = report.exercises[1]!.checks.filter((c) => !c.passed);
    expect(failed.map((c) => [c.name, c.counterexample?.property])).toEqual([["generated scenarios (122)", "channel-state"]]);
    const scenario = failed[0]!.scenario as ScenarioFile;
    expect(hasShape(skeletonOf(scenario), "several in flight on one channel")).toBe(true);

    const text = textReport([report]);
    const shown = text.split("\n").find((line) => line.includes("on this generated scenario (the smallest that fails): "))!;
    expect(JSON.parse(shown.slice(shown.indexOf("{")))).toEqual(scenario);
    expect(text.indexOf(shown)).toBeLessThan(text.indexOf("shortest counterexample"));
    const json = jsonReport([report]) as { failures: { check: string; scenario?: object }[] };
    expect(json.failures).toEqual([expect.objectContaining({ check: "generated scenarios (122)", property: "channel-state", scenario })]);
  });

  it("should name the smallest generated scenario a rule breaks its contract on, whole, beside the fault", async () => {
    // Right rules, but initiate changes the view it is given where a process has three outgoing channels: none of the fixed scenarios has one.
    const dir = join(tempDir("shapes"), "changes-its-view");
    mkdirSync(join(dir, "01-record-and-forward"), { recursive: true });
    writeFileSync(join(dir, "01-record-and-forward", "rules.ts"), CHANGES_A_WIDE_VIEW);
    const report = await gradeSubmission(dir, { only: [1] });
    const [exercise] = report.exercises;
    expect(exercise!.fault).toMatchObject({
      kind: "mutates",
      message: expect.stringMatching(/^rules\.initiate\(view\) at P\d changed view\.outgoing \(rules must not change what they are given\)$/),
      check: 3,
    });
    // The smallest: one process with three outgoing channels and nothing else, which starts the snapshot; names and balances made plain.
    const scenario = exercise!.fault!.scenario as ScenarioFile;
    expect(scenario.name).toMatch(/^generated #\d+, shrunk$/);
    const skeleton = skeletonOf(scenario);
    expect(skeleton.names).toEqual(["P0", "P1", "P2", "P3"]);
    expect(skeleton.balances).toEqual([100, 100, 100, 100]);
    expect(skeleton.channels).toHaveLength(3);
    expect(new Set(skeleton.channels.map(([from]) => from))).toEqual(new Set(skeleton.initiators));
    expect(skeleton.programs.flat()).toEqual([]);

    const text = textReport([report]);
    const shown = text.split("\n").find((line) => line.includes("on this generated scenario (the smallest that fails): "))!;
    expect(JSON.parse(shown.slice(shown.indexOf("{")))).toEqual(scenario);
    const json = jsonReport([report]) as { failures: { fault?: object; scenario?: object }[] };
    expect(json.failures).toEqual([expect.objectContaining({ fault: { kind: "mutates", message: exercise!.fault!.message }, scenario })]);
  });
});

const CHANGES_A_WIDE_VIEW = `
function snapshot(view) {
  if (view.outgoing.length >= 3) view.outgoing.push("P9->P9");
  return [
    { type: "record-state" },
    ...view.outgoing.filter((channel) => channel !== "P9->P9").map((channel) => ({ type: "send-marker", channel })),
    ...view.incoming.map((channel) => ({ type: "start-recording", channel })),
  ];
}
export const rules = {
  name: "changes a wide view",
  initiate: snapshot,
  onMarker: (view, channel) => [...(view.hasRecorded ? [] : snapshot(view)), { type: "stop-recording", channel }],
  onMessage: (view, channel, message) => (view.recordings[channel].status === "open" ? [{ type: "record-message", channel, message }] : []),
};
`;

const FIRST_MESSAGE_ONLY = `
const close = (channel) => ({ type: "stop-recording", channel });
function snapshot(view) {
  return [
    { type: "record-state" },
    ...view.outgoing.map((channel) => ({ type: "send-marker", channel })),
    ...view.incoming.map((channel) => ({ type: "start-recording", channel })),
  ];
}
export const rules = {
  name: "first message only",
  initiate: snapshot,
  onMarker: (view, channel) => [...(view.hasRecorded ? [] : snapshot(view)), close(channel)],
  onMessage(view, channel, message) {
    const recording = view.recordings[channel];
    // One message a channel, at most: the first to arrive.
    return recording.status === "open" && recording.messages.length === 0 ? [{ type: "record-message", channel, message }] : [];
  },
};
`;

// A failure on a scenario the grade searched only from given first steps (a hundred transfers on one channel) gives its
// run as a trace, with the command that replays it: exploring every run of that scenario takes far too long. The
// command, run on the trace as a learner saves it, meets what the grade met.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { gradeSubmission } from "../../src/grade/grade.js";
import { jsonReport } from "../../src/grade/report/json-report.js";
import { textReport } from "../../src/grade/report/text-report.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

describe("a failure where the grade searched only the runs that begin with given steps", () => {
  it("should give the run as a trace and the command that replays it, and the command should meet the same failure", async () => {
    const { dir, rules, report, generated, command } = await failedGrade("fifty-messages", 2, "01-record-and-forward/rules.ts", FIFTY_MESSAGES);
    expect(generated).toMatchObject({ name: "generated scenarios (122)", firstSteps: 203, explore: command, counterexample: { property: "channel-state" } });
    const trace = generated.trace!;
    expect(trace).toMatchObject({ format: "snaplab-trace", scenario: generated.scenario, rules, violation: { property: "channel-state" } });
    expect(trace.actions).toHaveLength(generated.counterexample!.length);

    const lines = [
      `the run that fails, as a trace of the smallest generated scenario that fails: ${JSON.stringify(trace)}`,
      `to replay it, save that trace as it.json, then: ${command}`,
    ];
    expect(textReport([report])).toContain(lines.map((line) => `         ${line}`).join("\n"));
    const json = jsonReport([report]) as { failures: object[] };
    expect(json.failures).toContainEqual(expect.objectContaining({ check: generated.name, trace, explore: command }));

    // The learner saves the trace as it.json and runs the command: the run breaks channel-state again, at its last step.
    const replayed = await replayedAsSaved(dir, trace, rules);
    expect(replayed.status).toBe(1);
    expect(replayed.stdout).toContain(`reproduced: channel-state is violated after step ${trace.actions.length}: ${trace.violation!.reason}\n`);
  });

  it("should give a run that breaks a rule only the grader checks as a run alone, which replay runs to its end", async () => {
    const { dir, rules, report, generated, command } = await failedGrade("forty-snapshots", 6, "06-concurrent-snapshots/rules.ts", FORTY_SNAPSHOTS);
    expect(generated).toMatchObject({ firstSteps: 194, explore: command, counterexample: { property: "records-once (snapshot 40)" } });
    const trace = generated.trace!;
    expect(trace).not.toHaveProperty("violation");
    expect(trace.actions).toHaveLength(generated.counterexample!.length);
    expect(textReport([report])).toContain(
      "replay checks states, not records-once (snapshot 40), a rule about steps only the grader checks: the run's last step below breaks it",
    );

    // The learner's command replays the run to its last step, the one the report shows breaking the rule.
    const replayed = await replayedAsSaved(dir, trace, rules);
    expect([replayed.status, replayed.stderr]).toEqual([0, ""]);
    const lastStep = replayed.stdout.split("\n").find((line) => line.startsWith(`step ${trace.actions.length}: `));
    expect(lastStep).toContain("[40] P0 records");
  });

  it("should give a run to an answer the grader refuses as a run alone, which replay runs to that answer and refuses alike", async () => {
    const { dir, rules, generated } = await failedGrade("masked-snapshots", 6, "06-concurrent-snapshots/rules.ts", MASKED_SNAPSHOTS);
    expect(generated).toMatchObject({ counterexample: { property: "well-formed-effects" } });
    const trace = generated.trace!;
    expect(trace).not.toHaveProperty("violation");

    // Its last step's answer, for snapshot 31 (63 in 32 bits) on a channel snapshot 31 has closed, is the one replay refuses,
    // one line, exit 2.
    const replayed = await replayedAsSaved(dir, trace, rules);
    expect(replayed.status).toBe(2);
    expect(replayed.stderr).toMatch(
      new RegExp(
        `^snaplab: .*: at step ${trace.actions.length} \\(deliver .*\\): rules\\.onMessage\\(.*\\(record-message, snapshot 31\\) .* which is closed\n$`,
      ),
    );
  });
});

/** `source` as the submission's `file`, graded on exercise `only`: its check that failed, and the command the grade gives to replay it. */
async function failedGrade(name: string, only: number, file: string, source: string) {
  const dir = join(tempDir("replayed"), name);
  const rules = join(dir, file);
  mkdirSync(dirname(rules), { recursive: true });
  writeFileSync(rules, source);
  const report = await gradeSubmission(dir, { only: [only], filesNamedByPath: true });
  const generated = report.exercises[0]!.checks.find((c) => !c.passed)!;
  return { dir, rules, report, generated, command: `npx snaplab replay it.json --rules ${rules}` };
}

/** The learner saves the trace as it.json and runs the command the grade gave. */
function replayedAsSaved(dir: string, trace: object, rules: string) {
  const saved = join(dir, "it.json");
  writeFileSync(saved, JSON.stringify(trace));
  return runCli("replay", saved, "--rules", rules);
}

/** What both exercise 6 files below record and send when a snapshot starts, as the solution does. */
const START_SNAPSHOT = `
function startSnapshot(view, snapshot) {
  return [
    { type: "record-state", snapshot },
    ...view.outgoing.map((channel) => ({ type: "send-marker", channel, snapshot })),
    ...view.incoming.map((channel) => ({ type: "start-recording", channel, snapshot })),
  ];
}
`;

/** Exercise 6 answered right, but for a snapshot numbered 40 or more, recorded again on each marker: only 65 snapshots reach it. */
const FORTY_SNAPSHOTS = `${START_SNAPSHOT}export const rules = {
  name: "forty snapshots",
  initiate: startSnapshot,
  onMarker(view, channel, snapshot) {
    const seen = snapshot in view.snapshots && snapshot < 40;
    return [...(seen ? [] : startSnapshot(view, snapshot)), { type: "stop-recording", channel, snapshot }];
  },
  onMessage(view, channel, message) {
    return Object.entries(view.snapshots)
      .filter(([, recorded]) => recorded.recordings[channel]?.status === "open")
      .map(([id]) => ({ type: "record-message", channel, message, snapshot: Number(id) }));
  },
};
`;

/** Exercise 6 answered right, but for the snapshots recording a channel kept as bits of a 32-bit mask: 32 is taken for 0. */
const MASKED_SNAPSHOTS = `${START_SNAPSHOT}export const rules = {
  name: "masked snapshots",
  initiate: startSnapshot,
  onMarker(view, channel, snapshot) {
    return [...(snapshot in view.snapshots ? [] : startSnapshot(view, snapshot)), { type: "stop-recording", channel, snapshot }];
  },
  onMessage(view, channel, message) {
    let mask = 0;
    let most = 0;
    for (const id of Object.keys(view.snapshots).map(Number)) {
      most = Math.max(most, id);
      if (view.snapshots[id].recordings[channel]?.status === "open") mask |= 1 << id;
    }
    const effects = [];
    for (let id = 0; id <= most; id++) if (mask & (1 << id)) effects.push({ type: "record-message", channel, message, snapshot: id });
    return effects;
  },
};
`;

/** Exercises 1 and 2 answered right, but for a message numbered 50 or more, never recorded: only a hundred transfers on one channel reach it. */
const FIFTY_MESSAGES = `
function snapshot(view) {
  return [
    { type: "record-state" },
    ...view.outgoing.map((channel) => ({ type: "send-marker", channel })),
    ...view.incoming.map((channel) => ({ type: "start-recording", channel })),
  ];
}
export const rules = {
  name: "fifty messages",
  initiate: snapshot,
  onMarker: (view, channel) => [...(view.hasRecorded ? [] : snapshot(view)), { type: "stop-recording", channel }],
  onMessage(view, channel, message) {
    const open = view.recordings[channel]?.status === "open";
    return open && Number(message.id.slice(message.id.lastIndexOf("#") + 1)) < 50 ? [{ type: "record-message", channel, message }] : [];
  },
};
`;

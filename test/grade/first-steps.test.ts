// Some of the last scenarios have too many runs for a grade: a hub with six, nine or fourteen others (exercises 1, 2, 3, 5 and 6),
// whose one run in the file's order is searched, a hundred transfers on one channel and a sender's lookalike (exercises 2 and 5), one run each,
// a gap of ninety-eight sends elsewhere between two transfers on one channel (exercises 2, 5 and 6), one run,
// sixty-four snapshots and a transfer all of them catch (exercise 6), one run too, eleven snapshots reaching a process
// through a relay too (exercise 6), one run, and exercise 6's other two with
// transfers (eleven snapshots and a transfer snapshot 10 catches; eleven transfers on one channel), whose runs that start every snapshot, then send every transfer,
// are. A failure there is a run of the scenario, which replays from its start and says how it was searched; too many runs
// for explore too, it is given as a trace that snaplab replay replays.
import { describe, expect, it } from "vitest";
import { defaultLimits } from "../../src/grade/grade.js";
import { findExercise } from "../../src/grade/exercises/catalogue.js";
import type { GeneratedCheck } from "../../src/grade/exercises/generated-check.js";
import type { RulesExercise } from "../../src/grade/exercises/exercise.js";
import { firstSteps, reachForm, skeletonOf, type ScenarioFile } from "../../src/grade/exercises/generated-scenarios.js";
import { inProcessSubmission } from "../../src/grade/graded-rules/remembering-submission.js";
import { failureLines } from "../../src/grade/report/failure-text.js";
import { jsonReport } from "../../src/grade/report/json-report.js";
import type { CheckResult } from "../../src/grade/result.js";
import { learnerRules } from "../../src/grade/learner-rules.js";
import type { Scenario } from "../../src/models/bank/scenario.js";
import { parseTrace } from "../../src/trace/load-trace.js";
import { replayTrace } from "../../src/trace/replay.js";
import { beyondBoundsWrongRules } from "./catalogue/beyond-bounds.js";
import * as multiAnswer from "../../solutions/06-concurrent-snapshots/rules.js";

const exercise6 = findExercise(6) as RulesExercise;
const generated = exercise6.checks.find((check) => check.seeded) as GeneratedCheck;
const shape = { fifo: true, multiSnapshot: true };

describe("exercise 6's scenarios searched from their first steps", () => {
  it("should be the hubs, one run each, the gap, and exercise 6's three with transfers, each starting every snapshot, then sending every transfer", () => {
    const started = generated.scenarios().flatMap(({ skeleton }) => {
      const steps = firstSteps(skeleton, shape);
      return steps ? [[reachForm(skeleton, shape), steps.map((s) => s.type).join(" ")]] : [];
    });
    // A hub: the initiator starts each snapshot; the others send all but their last (the first other fourteen of fifteen, the
    // rest two of three); the hub takes each one's first (the first other's first three), then the initiator's markers; they
    // take its markers and send their last; it takes each one's caught transfers, markers and last in turn; the initiator
    // takes its markers. A lookalike hub's last other sends two, none taken before the hub records. Into the last lookalike hub
    // the initiator sends one more, once it has recorded, which the hub takes beside its markers.
    const hub = (others: number, snapshots = 1, lookalike = false, initiatorSends = 0) =>
      [
        ...Array(snapshots).fill("initiate"),
        ...Array(2 * others + 12 - (lookalike ? 1 : 0) + initiatorSends).fill("send"),
        ...Array(others + 2 + snapshots + snapshots * others - (lookalike ? 1 : 0) + initiatorSends).fill("deliver"),
        ...Array(others).fill("send"),
        ...Array(10 + 2 * others + snapshots * others + snapshots).fill("deliver"),
      ].join(" ");
    // The smallest hub records a state of zeros: every other sends two, none taken before the hub records.
    const zeroHub = (others: number, snapshots = 1) =>
      [
        ...Array(snapshots).fill("initiate"),
        ...Array(others).fill("send"),
        ...Array(snapshots + snapshots * others).fill("deliver"),
        ...Array(others).fill("send"),
        ...Array(2 * others + snapshots * others + snapshots).fill("deliver"),
      ].join(" ");
    // A gap: all a hundred sent, the snapshot started, the first and the last taken, the markers, the ninety-eight and a marker.
    const gap = [...Array(100).fill("send"), "initiate", ...Array(103).fill("deliver")].join(" ");
    expect(started).toEqual([
      ["long channel", `initiate ${Array(11).fill("send").join(" ")}`],
      ["caught by the last snapshot", `${Array(11).fill("initiate").join(" ")} send`],
      ["caught by every snapshot", [...Array(64).fill("initiate"), "send", ...Array(129).fill("deliver")].join(" ")],
      // x starts them, 0x takes x's markers and sends its transfer, y takes 0x's markers, the transfer and x's markers.
      [
        "relayed snapshots",
        [...Array(11).fill("initiate"), ...Array(11).fill("deliver"), "send", ...Array(11).fill("deliver"), "send", ...Array(35).fill("deliver")].join(" "),
      ],
      // P0 starts its sixty-two and sends, P1 starts snapshots 0 and 63, takes P0's markers and the transfer, P0 takes P1's, P1 P0's
      // last two.
      ["caught by the first and the last snapshot", [...Array(62).fill("initiate"), "send", "initiate", "initiate", ...Array(129).fill("deliver")].join(" ")],
      ["a gap on one channel", gap],
      ["hubs", zeroHub(6, 2)],
      ["hubs", hub(9, 2)],
      ["hubs", hub(14, 2)],
      ...Array(4).fill(["hubs", hub(14, 2, true)]),
      ["hubs", hub(14, 2, true, 1)],
    ]);
    // Elsewhere (every scenario drawn within the sizes, the stars, the long channel of exercises 2 and 5), every run is searched;
    // of a hundred transfers on one channel (exercises 2, 3 and 5), all taken after the snapshot, one run; of sixty-five and two from each of
    // two lookalikes, the first of each (the first two of the sixty-five) taken before the snapshot, one run; of a hundred all taken before the sender's marker
    // (exercise 5), one run.
    const hundred = [...Array(100).fill("send"), "initiate", ...Array(102).fill("deliver")].join(" ");
    const received = [...Array(100).fill("send"), "initiate", ...Array(102).fill("deliver")].join(" ");
    const lookalike = [...Array(69).fill("send"), ...Array(4).fill("deliver"), "initiate", ...Array(71).fill("deliver")].join(" ");
    for (const n of [1, 2, 3, 5]) {
      const check = (findExercise(n) as RulesExercise).checks.find((c) => c.seeded) as GeneratedCheck;
      const forms = check.scenarios().flatMap(({ skeleton }) => {
        const steps = firstSteps(skeleton, check.shape);
        return steps ? [[reachForm(skeleton, check.shape), steps.map((s) => s.type).join(" ")]] : [];
      });
      const hubs = [["hubs", zeroHub(6)], ["hubs", hub(9)], ["hubs", hub(14)], ...Array(4).fill(["hubs", hub(14, 1, true)]), ["hubs", hub(14, 1, true, 1)]];
      // Of twelve transfers without FIFO (exercise 5), one run: the twelfth taken first, then the snapshot, the others, the markers.
      const overtaking = [...Array(12).fill("send"), "deliver", "initiate", ...Array(13).fill("deliver")].join(" ");
      expect(forms, `exercise ${n}`).toEqual(
        {
          1: hubs,
          2: [...hubs, ["a hundred transfers", hundred], ["a sender's lookalike", lookalike], ["a gap on one channel", gap]],
          3: [...hubs, ["a hundred transfers", hundred]],
          5: [
            ...hubs,
            ["a hundred transfers", hundred],
            ["a hundred received", received],
            ["a sender's lookalike", lookalike],
            ["a gap on one channel", gap],
            ["an overtaking transfer", overtaking],
          ],
        }[n],
      );
    }
  });

  it("should have the last lookalike hub take the initiator's transfer before its marker without FIFO (exercise 5), after it with FIFO", () => {
    for (const n of [1, 5]) {
      const check = (findExercise(n) as RulesExercise).checks.find((c) => c.seeded) as GeneratedCheck;
      const { skeleton } = check
        .scenarios()
        .filter(({ skeleton }) => reachForm(skeleton, check.shape) === "hubs")
        .at(-1)!;
      const fromInitiator = skeleton.channels.findIndex(([from]) => from === skeleton.initiators[0]);
      const positions = firstSteps(skeleton, check.shape)!.flatMap((step) =>
        step.type === "deliver" && step.channel === fromInitiator ? [step.position] : [],
      );
      expect(positions, `exercise ${n}`).toEqual(n === 5 ? [1, 0] : [0, 0]);
    }
  });

  it("should keep the reference's answer right, and refuse snapshot 10 left out with a run that begins so, replays, and replays as a trace", () => {
    expect(generated.run(inProcessSubmission(multiAnswer), defaultLimits).counterexample).toBeUndefined();
    const wrong = beyondBoundsWrongRules.find((w) => w.name.startsWith("looks for the snapshots recording a channel among ids 0 to 9"))!;
    const submission = inProcessSubmission(wrong.module);
    const outcome = generated.run(submission, defaultLimits);
    expect([outcome.firstSteps, outcome.counterexample?.property]).toEqual([12, "channel-state (snapshot 10)"]);
    const steps = outcome.counterexample!.path.actions as readonly { type: string }[];
    expect(steps.slice(0, 12).map((s) => s.type)).toEqual([...Array(11).fill("initiate"), "send"]);
    expect(firstSteps(skeletonOf(outcome.scenario as ScenarioFile), shape)).toHaveLength(12);
    expect(generated.replay(submission, steps, outcome)?.property).toBe("channel-state (snapshot 10)");
    // The trace a learner saves as it.json, read back as snaplab replay reads it, with the rules file the report names.
    const trace = parseTrace(JSON.stringify({ ...outcome.trace, rules: "rules.ts" }), "it.json");
    expect([trace.scenario.name, trace.violation?.property, trace.actions.length]).toEqual([
      (outcome.scenario as ScenarioFile).name,
      "channel-state (snapshot 10)",
      steps.length,
    ]);
    const replayed = replayTrace(trace, learnerRules(submission, trace.scenario as Scenario, "rules.ts"));
    expect([replayed.reproduces, replayed.path.actions]).toEqual([true, steps]);
  });

  it("should say in the report, in words and in JSON, that the grade searched only those runs, and give the run as a trace to replay", () => {
    const trace = { format: "snaplab-trace", version: 2, scenario: { name: "generated #3, shrunk" }, rules: "r.ts", actions: ["initiate P0"] } as const;
    const explore = "npx snaplab replay it.json --rules r.ts";
    const check: CheckResult = {
      name: "generated scenarios (95)",
      points: 0,
      maxPoints: 6,
      passed: false,
      states: 9,
      failure: "failed",
      firstSteps: 12,
      trace,
      explore,
    };
    expect(failureLines(check)).toEqual([
      "failed",
      `the run that fails, as a trace of the smallest generated scenario that fails: ${JSON.stringify(trace)}`,
      "to replay it, save that trace as it.json, then: npx snaplab replay it.json --rules r.ts",
      "the grade searched only its runs that begin with the 12 steps exercises/generated-scenarios.md gives for it: all of them are too many for a grade, and for explore; replay runs your rules along the one that fails",
    ]);
    const exercise = { number: 6, slug: "06", title: "six", file: "rules.ts", points: 18, maxPoints: 24, passed: false, checks: [check], elapsedMs: 1 };
    const json = jsonReport([{ folder: "f", points: 18, maxPoints: 24, exercises: [exercise], elapsedMs: 1 }]) as { failures: object[] };
    expect(json.failures).toEqual([expect.objectContaining({ check: check.name, firstSteps: 12, trace, explore })]);
  });
});

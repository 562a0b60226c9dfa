// The four output formats of snaplab grade, from one hand-made report.
import { describe, expect, it } from "vitest";
import { gradescopeReport } from "../../src/grade/report/gradescope-report.js";
import { jsonReport } from "../../src/grade/report/json-report.js";
import { junitReport } from "../../src/grade/report/junit-report.js";
import { textReport } from "../../src/grade/report/text-report.js";
import type { ExerciseFault, SubmissionReport } from "../../src/grade/result.js";
import { allElements, parseXml } from "../support/xml.js";
import type { BankAction } from "../../src/models/bank/actions.js";
import { chandyLamport } from "../../src/models/bank/algorithms/chandy-lamport.js";
import { bankModel } from "../../src/models/bank/bank-model.js";
import { chandyLamportPerSnapshot } from "../../src/models/bank/multi-snapshot/chandy-lamport-per-snapshot.js";
import type { Scenario } from "../../src/models/bank/scenario.js";
import { bankGradedSystem } from "../../src/grade/exercises/bank-check.js";
import { multiGradedSystem } from "../../src/grade/exercises/concurrent-snapshots.js";
import { repeated } from "../../src/grade/exercises/scenarios.js";
import { counterexampleReport } from "../../src/grade/graded-rules/graded-counterexample.js";
import type { GradedSystem } from "../../src/grade/graded-rules/graded-system.js";
import { runCheck } from "../../src/grade/graded-rules/run-check.js";
import { counterexampleAsData } from "../../src/grade/results-as-data.js";
import { counterexampleJson } from "../../src/render/counterexample-json.js";
import { checked } from "../support/counterexamples.js";

const report: SubmissionReport = {
  folder: "alice",
  points: 5,
  maxPoints: 22,
  elapsedMs: 1234,
  exercises: [
    {
      number: 1,
      slug: "01-record-and-forward",
      title: "Record and forward",
      file: "01-record-and-forward/rules.ts",
      points: 5,
      maxPoints: 10,
      passed: false,
      elapsedMs: 200,
      checks: [
        { name: "two-node", points: 5, maxPoints: 5, passed: true, states: 65 },
        {
          name: "ring",
          points: 0,
          maxPoints: 5,
          passed: false,
          states: 40,
          counterexample: {
            property: "marker-sending-rule",
            reason: "P1 recorded its state and sent 0 markers on P1->P2 (one is due on every outgoing channel)",
            length: 2,
            steps: ["P1 starts a snapshot: P1 records (pc 0, balance 100)", 'deliver marker <P0->P1>: "no effect"'],
            recorded: "P0 (not recorded), P1 (pc 0, balance 100)",
            diagram: [],
          },
        },
      ],
    },
    {
      number: 5,
      slug: "05-lai-yang",
      title: "Snapshots without FIFO (Lai-Yang)",
      file: "05-lai-yang/rules.ts",
      points: 0,
      maxPoints: 12,
      passed: false,
      elapsedMs: 300,
      fault: { kind: "timeout", message: "rules.initiate(view) at P0 did not answer within 3s (an endless loop?)" },
      checks: [
        {
          name: "two-node, no FIFO",
          points: 0,
          maxPoints: 12,
          passed: false,
          states: 0,
          failure: "rules.initiate(view) at P0 did not answer within 3s (an endless loop?)",
        },
      ],
    },
  ],
};

describe("grade reports", () => {
  it("should tell a person the points, each failure with its steps, and Points: x/y", () => {
    const text = textReport([report]);
    expect(text).toContain("1. Record and forward                  5/10  failed");
    expect(text).toContain("ring      0/5  marker-sending-rule is violated: P1 recorded its state and sent 0 markers");
    expect(text).toContain("shortest counterexample, 2 steps:");
    expect(text).toContain("5. Snapshots without FIFO (Lai-Yang)   0/12  failed: rules.initiate(view) at P0 did not answer within 3s");
    expect(text).toMatch(/Points: 5\/22 \(graded in 1\.2 s\)\n$/);
  });

  it("should end no line in spaces, the blank line before a counterexample's diagram included", () => {
    const [first, fifth] = report.exercises;
    const ring = first!.checks[1]!;
    const drawn = {
      ...ring,
      counterexample: { ...ring.counterexample!, diagram: ["   P0            P1", "1   ◆             ║   P0 records: balance 100, pc 0"] },
    };
    const text = textReport([{ ...report, exercises: [{ ...first!, checks: [first!.checks[0]!, drawn] }, fifth!] }]);
    expect(text).toContain("recorded: P0 (not recorded), P1 (pc 0, balance 100)\n\n            P0            P1\n");
    expect(text.split("\n").filter((line) => /\s$/.test(line))).toEqual([]);
  });

  it("should end a class's reports with a summary table", () => {
    const text = textReport([report, { ...report, folder: "bob", points: 22 }]);
    expect(text).toContain(["Summary", "  submission  1  5  points", "  alice       5  0    5/22", "  bob         5  0   22/22"].join("\n"));
  });

  it("should give programs one JSON object with exercises, points, max and failures with their steps", () => {
    const json = jsonReport([report]) as Record<string, unknown>;
    expect(json).toMatchObject({ folder: "alice", points: 5, max: 22 });
    expect(json.failures).toEqual([
      {
        exercise: 1,
        check: "ring",
        property: "marker-sending-rule",
        reason: report.exercises[0]!.checks[1]!.counterexample!.reason,
        length: 2,
        steps: report.exercises[0]!.checks[1]!.counterexample!.steps,
        recorded: "P0 (not recorded), P1 (pc 0, balance 100)",
      },
      // A fault of the whole exercise is one failure, whatever its number of checks.
      {
        exercise: 5,
        fault: { kind: "timeout", message: "rules.initiate(view) at P0 did not answer within 3s (an endless loop?)" },
        reason: "rules.initiate(view) at P0 did not answer within 3s (an endless loop?)",
      },
    ]);
    expect(jsonReport([report, report])).toEqual({ submissions: [json, json] });
  });

  it("should write Gradescope's results.json: score, execution_time, tests with name, score, max_score, output, visibility", () => {
    const results = gradescopeReport(report) as { score: number; execution_time: number; tests: Record<string, unknown>[] };
    expect(results).toMatchObject({ score: 5, execution_time: 1, visibility: "visible", output: "Points: 5/22" });
    expect(results.tests.map((t) => [t.name, t.number, t.score, t.max_score, t.status, t.visibility])).toEqual([
      ["1. Record and forward: two-node", "1.1", 5, 5, "passed", "visible"],
      ["1. Record and forward: ring", "1.2", 0, 5, "failed", "visible"],
      ["5. Snapshots without FIFO (Lai-Yang): two-node, no FIFO", "5.1", 0, 12, "failed", "visible"],
    ]);
    expect(results.tests[1]!.output).toContain(" 2. deliver marker <P0->P1>");
  });

  it("should write JUnit XML with one test case per check and escaped failures", () => {
    const xml = junitReport([report]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="snaplab grade" tests="3" failures="2" time="1.234">/);
    expect(xml).toContain(`<testcase classname="01-record-and-forward" name="two-node"/>`);
    expect(xml).toContain(`<failure message="marker-sending-rule is violated: P1 recorded its state and sent 0 markers on P1-&gt;P2`);
    expect(xml).toContain(`deliver marker &lt;P0-&gt;P1&gt;: &quot;no effect&quot;`);
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
  });

  it("should tell each folder's test cases apart in a class's JUnit XML, by the folder in front of the class name", () => {
    const xml = junitReport([report, { ...report, folder: "bob" }]);
    expect(xml.match(/<testcase classname="alice\.01-record-and-forward" name="two-node"\/>/g)).toHaveLength(1);
    expect(xml.match(/<testcase classname="bob\.01-record-and-forward" name="two-node"\/>/g)).toHaveLength(1);
  });
});

/** A submission whose exercise 5 got zero as a whole for `fault`: its checks, named `names`, none run. */
function exercise5Lost(directory: string, fault: ExerciseFault, names: readonly string[]): SubmissionReport {
  const checks = names.map((name) => ({ name, points: 0, maxPoints: 8, passed: false, states: 0, failure: fault.message }));
  const exercise = { number: 5, slug: "05-lai-yang", title: "Snapshots without FIFO (Lai-Yang)", file: "05-lai-yang/rules.ts" };
  return {
    folder: directory,
    points: 0,
    maxPoints: 24,
    elapsedMs: 100,
    exercises: [{ ...exercise, points: 0, maxPoints: 24, passed: false, fault, checks, elapsedMs: 100 }],
  };
}

describe("a fault of a whole exercise", () => {
  // Exercise 5 did not build: none of its three checks ran.
  const message = 'does not build: 05-lai-yang/rules.ts:3:7: Expected ")" but found "=>"';
  const faulted = exercise5Lost("carol", { kind: "build", message }, ["two-node, no FIFO", "two-transfers, no FIFO", "ring, no FIFO"]);
  const times = (text: string) => text.split("05-lai-yang/rules.ts:3:7").length - 1;

  it("should be told once in the text report, on the exercise's line", () => {
    expect(textReport([faulted])).toBe(
      ["carol", `  5. Snapshots without FIFO (Lai-Yang)   0/24  failed: ${message}`, "Points: 0/24 (graded in 0.1 s)", ""].join("\n"),
    );
  });

  it("should be one failure in JSON, its fault the exercise's fault object, the checks still listed with zero", () => {
    const json = jsonReport([faulted]) as { exercises: { fault: unknown; checks: { points: number }[] }[]; failures: unknown[] };
    expect(json.exercises[0]!.fault).toEqual({ kind: "build", message });
    expect(json.failures).toEqual([{ exercise: 5, fault: { kind: "build", message }, reason: message }]);
    expect(json.exercises[0]!.checks.map((c) => c.points)).toEqual([0, 0, 0]);
    expect(times(JSON.stringify(json))).toBe(3); // the exercise's fault, and its one failure's fault and reason
  });

  it("should be under the first check only in Gradescope's tests, the others failed and pointing to it", () => {
    const results = gradescopeReport(faulted) as { score: number; tests: { score: number; status: string; output: string }[] };
    expect(results.score).toBe(0);
    expect(results.tests.map((t) => [t.score, t.status, t.output])).toEqual([
      [0, "failed", message],
      [0, "failed", `not run: the exercise failed as a whole (see "two-node, no FIFO")`],
      [0, "failed", `not run: the exercise failed as a whole (see "two-node, no FIFO")`],
    ]);
  });

  it("should be the first test case's failure in JUnit, every test case failed", () => {
    const xml = junitReport([faulted]);
    const failures = allElements(parseXml(xml)).filter((e) => e.name === "failure");
    expect(failures.map((f) => [f.attributes.message, f.attributes.type])).toEqual([
      [message, "build"],
      [`not run: the exercise failed as a whole (see "two-node, no FIFO")`, "build"],
      [`not run: the exercise failed as a whole (see "two-node, no FIFO")`, "build"],
    ]);
    expect(times(xml)).toBe(1);
  });
});

describe("a scenario with names that look alike", () => {
  it("should give each such name's code points under the scenario, where a screen shows them the same", () => {
    // The Ohm sign and the Greek capital omega; an e with its accent composed, and with it combining; ab with a
    // zero-width space in it and without; P0 alone.
    const processes = { "\u2126": 1, "\u03a9": 2, "\u00e9": 3, "e\u0301": 4, "a\u200bb": 6, ab: 7, P0: 5 };
    const scenario = { name: "generated #4, shrunk", processes, channels: [], programs: {}, initiators: ["P0"] };
    const met = exercise5Lost("erin", { kind: "throws", message: "no", scenario, check: 2 }, [
      "two-node, no FIFO",
      "ring, no FIFO",
      "generated scenarios (38)",
    ]);
    expect(textReport([met]).split("\n").slice(3, 6)).toEqual([
      '       names that look alike there: "\u2126" (U+2126), "\u03a9" (U+03A9)',
      '       names that look alike there: "\u00e9" (U+00E9), "e\u0301" (U+0065 U+0301)',
      '       names that look alike there: "a\u200bb" (U+0061 U+200B U+0062), "ab" (U+0061 U+0062)',
    ]);
  });
});

describe("a fault met by a check other than the first", () => {
  const message = "rules.onMessage(view, channel, message) at P1 threw Error: no";
  const scenario = { name: "generated #3, shrunk", processes: { P0: 100, P1: 100 }, channels: [["P0", "P1"]], programs: {}, initiators: ["P0"] };
  const met = exercise5Lost("dan", { kind: "throws", message, scenario, check: 2 }, ["two-node, no FIFO", "ring, no FIFO", "generated scenarios (38)"]);
  const onScenario = `on this generated scenario (the smallest that fails): ${JSON.stringify(scenario)}`;

  it("should be told under that check in Gradescope's tests, with the scenario it was met on, the others pointing to it", () => {
    const results = gradescopeReport(met) as { tests: { output: string }[] };
    const pointing = `not run: the exercise failed as a whole (see "generated scenarios (38)")`;
    expect(results.tests.map((t) => t.output)).toEqual([pointing, pointing, `${message}\n${onScenario}`]);
  });

  it("should be told with its scenario, whole, in the text report", () => {
    expect(textReport([met]).split("\n").slice(1, 3)).toEqual([`  5. Snapshots without FIFO (Lai-Yang)   0/24  failed: ${message}`, `       ${onScenario}`]);
  });

  it("should name that check in JSON as a failed check's failure names it, in the exercise's fault and its failure", () => {
    const json = jsonReport([met]) as { exercises: { fault: object }[]; failures: object[] };
    const check = "generated scenarios (38)";
    expect(json.exercises[0]!.fault).toEqual({ kind: "throws", message, check, scenario });
    expect(json.failures).toEqual([{ exercise: 5, check, fault: { kind: "throws", message }, reason: message, scenario }]);
  });
});

describe("a rule that threw, with the shortest run to the throw", () => {
  const message = "rules.initiate(view) at P0 threw no (rules.ts:1:43)";
  const run = {
    property: "no-throw",
    reason: message,
    length: 1,
    steps: ["P0 starts a snapshot: nothing recorded [the rule threw]"],
    recorded: "P0 (not recorded), P1 (not recorded)",
    diagram: ["   P0            P1"],
  };
  const threw = exercise5Lost("fay", { kind: "throws", message, run }, ["two-node, no FIFO"]);

  it("should give the run in JSON as every counterexample is given, its steps under `steps`, in the exercise's fault and its failure", () => {
    const json = jsonReport([threw]) as { exercises: { fault: object }[]; failures: object[] };
    const { diagram: _, ...told } = run;
    expect(json.exercises[0]!.fault).toEqual({ kind: "throws", message, run: told });
    expect(json.failures).toEqual([{ exercise: 5, fault: { kind: "throws", message }, ...told }]);
  });
});

describe("a function called directly, answering wrongly", () => {
  const input = { value: { process: "P1", hasRecorded: true, incoming: ["P0->P1"] }, what: "this drawn view" };
  const failure = "knows-when-done is violated: P1 says its part is done, but P0->P1 is still open";
  const wrong: SubmissionReport = {
    folder: "erin",
    points: 0,
    maxPoints: 1,
    elapsedMs: 100,
    exercises: [
      {
        number: 3,
        slug: "03-completion",
        title: "Completion",
        file: "03-completion/completion.ts",
        points: 0,
        maxPoints: 1,
        passed: false,
        checks: [{ name: "direct calls", points: 0, maxPoints: 1, passed: false, states: 0, failure, property: "knows-when-done", input }],
        elapsedMs: 100,
      },
    ],
  };

  it("should show the input it failed on whole, on a line of its own, and in JSON as data with the property", () => {
    expect(textReport([wrong]).split("\n").slice(2, 4)).toEqual([
      `       direct calls  0/1  ${failure}`,
      `         on this drawn view (the smallest that fails): ${JSON.stringify(input.value)}`,
    ]);
    const json = jsonReport([wrong]) as { failures: unknown[] };
    expect(json.failures).toEqual([{ exercise: 3, check: "direct calls", property: "knows-when-done", reason: failure, input: input.value }]);
  });
});

describe("a malformed effect's counterexample", () => {
  const details = [
    "the channel's status: P0->P1 is closed with [] at effect 1; a message is recorded only between start-recording and stop-recording",
    'the view it saw: {"process":"P1"}',
  ];
  const malformed: SubmissionReport = {
    ...report,
    exercises: [
      {
        ...report.exercises[0]!,
        checks: [
          {
            name: "two-node",
            points: 0,
            maxPoints: 5,
            passed: false,
            states: 9,
            counterexample: {
              property: "well-formed-effects",
              reason: "rules.onMessage(view, channel, message) at P1 (P0#1 on P0->P1) returned effect 1 (record-message) on P0->P1, which is closed",
              length: 1,
              steps: ["deliver P0#1 (10) on P0->P1: P1 balance 110 [the rule's effects refused]"],
              recorded: "P0 (pc 0, balance 100), P1 (pc 0, balance 100)",
              diagram: [],
              details,
            },
          },
        ],
      },
    ],
  };

  it("should show what the rule saw under what was recorded, in text, JSON and JUnit", () => {
    expect(textReport([malformed])).toContain(
      ["         recorded: P0 (pc 0, balance 100), P1 (pc 0, balance 100)", ...details.map((d) => `         ${d}`)].join("\n"),
    );
    expect((jsonReport([malformed]) as { failures: { details: string[] }[] }).failures[0]!.details).toEqual(details);
    const failure = allElements(parseXml(junitReport([malformed]))).find((e) => e.name === "failure")!;
    expect(failure.text.split("\n").slice(-2)).toEqual(details);
  });
});

describe("what a run recorded, in grade's JSON", () => {
  // Rules that never record a channel's messages: channel-state fails on a message in flight.
  const forgetsChannels = { ...chandyLamport, name: "forgets-channels", onMessage: () => [] };
  const recordedOf = <State>(system: GradedSystem<State, BankAction>, scenario: Scenario) => {
    const c = runCheck(system, 10_000).counterexample!;
    const failure = counterexampleJson(counterexampleAsData(counterexampleReport(c))) as { recorded: string };
    // What explore's JSON writes for the same end state (the bank's descriptor takes a state with one snapshot or several).
    const describeEnd = bankModel.describeEnd as (scenario: Scenario, state: unknown) => string;
    return [failure.recorded, describeEnd(scenario, c.path.states.at(-1)!.state)];
  };

  it("should be the data alone, as explore writes it, for one snapshot", () => {
    const { scenario } = checked("two-node");
    expect(recordedOf(bankGradedSystem(scenario, forgetsChannels), scenario)).toEqual([
      "P0 (pc 0, balance 100), P1 (pc 1, balance 80); P0->P1 [], P1->P0 []",
      "P0 (pc 0, balance 100), P1 (pc 1, balance 80); P0->P1 [], P1->P0 []",
    ]);
  });

  it("should be one line, each snapshot tagged with its id, as explore writes it, for several", () => {
    const rules = { ...chandyLamportPerSnapshot, onMessage: () => [] };
    expect(recordedOf(multiGradedSystem(repeated, rules), repeated)).toEqual([
      "[0] P0 (pc 0, balance 100), P1 (pc 1, balance 80); P0->P1 [], P1->P0 [] | [1] P0 (not recorded), P1 (not recorded); P0->P1 (not closed), P1->P0 (not closed)",
      "[0] P0 (pc 0, balance 100), P1 (pc 1, balance 80); P0->P1 [], P1->P0 [] | [1] P0 (not recorded), P1 (not recorded); P0->P1 (not closed), P1->P0 (not closed)",
    ]);
  });
});

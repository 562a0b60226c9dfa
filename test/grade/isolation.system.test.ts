// Untrusted code: each way a submission can misbehave gets zero for its exercise, with a
// reason that says which, and the rest of the report is still written. The submissions
// below run in the grader's sandbox (a child process), as a learner's would.
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../src/grade/grade.js";
import { tempDir } from "../support/temp-dir.js";

let scratch: string;
beforeAll(() => {
  scratch = tempDir("isolation");
});

/** A copy of the exercise folders of solutions/ a test grades (only `file`'s, unless told), whose file `file` holds `code`. */
function submissionWith(name: string, file: string, code: string, exercises = [dirname(file)]): string {
  const dir = join(scratch, name);
  for (const exercise of exercises) cpSync(join("solutions", exercise), join(dir, exercise), { recursive: true });
  writeFileSync(join(dir, file), code);
  return dir;
}

const limits = { timeLimitMs: 1000, memoryLimitMb: 64 };
const rulesFile = "05-lai-yang/rules.ts";
/** Lai-Yang-shaped rules whose initiate is `initiate` (the first rule any run calls). */
const rulesWith = (initiate: string, preamble = "") =>
  `${preamble}\nexport const rules = { name: "bad", initiate: ${initiate}, onMarker: () => [], onMessage: () => [] };\n`;

const cases: { name: string; code: string; kind: string; reason: RegExp; timeLimitMs?: number }[] = [
  {
    name: "throws",
    code: rulesWith(`() => { throw new TypeError("no such thing"); }`),
    kind: "throws",
    // Where, in the submission's file: line 2, at `new TypeError`.
    reason: new RegExp(
      `rules\\.initiate\\(view\\) at P0 threw TypeError: no such thing \\(05-lai-yang/rules\\.ts:2:${rulesWith(`() => { throw new TypeError("no such thing"); }`).split("\n")[1]!.indexOf("new TypeError") + 1}\\)`,
    ),
  },
  // A loop burns a core until the limit: a short one (nothing else the call does needs time).
  { name: "loops forever", code: rulesWith(`() => { for (;;) {} }`), kind: "timeout", reason: /did not answer within 300ms/, timeLimitMs: 300 },
  { name: "calls process.exit", code: rulesWith(`() => process.exit(0)`), kind: "exits", reason: /called process\.exit\(0\)/ },
  {
    name: "writes fake results to stdout",
    code: rulesWith(`() => { console.log("Points: 100/100"); return [{ type: "record-state" }]; }`),
    kind: "stdout",
    reason: /printed to stdout \("Points: 100\/100"\)/,
  },
  {
    name: "mutates the view it was handed",
    code: rulesWith(`(view) => { view.incoming.length = 0; return [{ type: "record-state" }]; }`),
    kind: "mutates",
    reason: /^rules\.initiate\(view\) at P0 changed view\.incoming \(rules must not change what they are given\)$/,
  },
  {
    name: "answers differently to the same input",
    code: rulesWith(`() => (++calls % 2 === 0 ? [] : [{ type: "record-state" }])`, "let calls = 0;"),
    kind: "non-deterministic",
    reason: /answered .* and then .*: rules must be pure \(no state kept between calls\)$/,
  },
  {
    // Same answer twice in a row, another when asked a third time (the grader asks again at the end).
    name: "keeps hidden state that shows later",
    code: rulesWith(
      `(view) => (asked(view) > 2 ? [] : [{ type: "record-state" }, ...view.outgoing.map((channel) => ({ type: "send-marker", channel, sent: view.sent[channel] })), ...view.incoming.map((channel) => ({ type: "start-recording", channel }))])`,
      "const times = new Map(); const asked = (view) => { const key = JSON.stringify(view); times.set(key, (times.get(key) ?? 0) + 1); return times.get(key); };",
    ),
    kind: "non-deterministic",
    reason: /answered .* and, asked again later, \[\]: rules must be pure/,
  },
  {
    name: "runs out of memory",
    code: rulesWith(`() => { const hoard = []; for (;;) hoard.push(new Array(1e5).fill(7)); }`),
    kind: "memory",
    reason: /ran out of memory \(limit 64 MB\)/,
    // Only the memory limit may end it, however long a busy machine takes to fill 64 MB.
    timeLimitMs: 60_000,
  },
  { name: "does not build", code: `export const rules = { initiate( => [] };`, kind: "build", reason: /^does not build: 05-lai-yang\/rules\.ts:1:\d+: / },
  // Where: line 1, column 7 (`new Error`) of the submission's file.
  { name: "throws while loading", code: `throw new Error("not today");`, kind: "load", reason: /^not today \(05-lai-yang\/rules\.ts:1:7\)$/ },
  { name: "exports no rules", code: `export const rulez = {};`, kind: "missing", reason: /the submission exports no function rules\.initiate/ },
];

describe("a submission that misbehaves", () => {
  for (const c of cases) {
    it(`should get zero, saying so, when it ${c.name}`, async () => {
      const report = await gradeSubmission(submissionWith(c.name.replace(/\W+/g, "-"), rulesFile, c.code), {
        ...limits,
        ...(c.timeLimitMs ? { timeLimitMs: c.timeLimitMs } : {}),
        only: [5],
      });
      const [laiYang] = report.exercises;
      expect(laiYang!.points).toBe(0);
      expect(laiYang!.fault?.kind).toBe(c.kind);
      expect(laiYang!.fault?.message).toMatch(c.reason);
      expect(laiYang!.checks.every((check) => check.points === 0 && check.failure === laiYang!.fault!.message)).toBe(true);
    });
  }

  // Not a fault of the whole exercise: a malformed answer is a violation, shown with the shortest run to it.
  it("should get zero, with the shortest run to it, when it returns a malformed effect", async () => {
    const report = await gradeSubmission(submissionWith("malformed", rulesFile, rulesWith(`() => [{ type: "record-everything" }]`)), { ...limits, only: [5] });
    const [laiYang] = report.exercises;
    expect(laiYang!.points).toBe(0);
    expect(laiYang!.fault).toBeUndefined();
    for (const check of laiYang!.checks) {
      // The initiator is P0, or P1 on the ring; on a generated scenario, shrunk, the first initiator in the processes' order.
      const generated = check.scenario as { processes: object; initiators: string[] } | undefined;
      const initiator = generated
        ? Object.keys(generated.processes).find((p) => generated.initiators.includes(p))
        : check.name.startsWith("ring")
          ? "P1"
          : "P0";
      expect(check.counterexample).toMatchObject({
        property: "well-formed-effects",
        reason: `rules.initiate(view) at ${initiator} returned effect 1 (record-everything): unknown effect type "record-everything"`,
        length: 1,
        steps: [` 1. ${initiator} starts a snapshot: nothing recorded [the rule's effects refused]`],
      });
      expect(check.counterexample!.details).toEqual([expect.stringMatching(new RegExp(`^the view it saw: \\{"process":"${initiator}","hasRecorded":false,`))]);
    }
  });

  it("should still grade the other exercises in full", async () => {
    const dir = submissionWith("one-bad-exercise", rulesFile, cases[0]!.code, ["03-completion", "04-break-fifo", "05-lai-yang"]);
    writeFileSync(join(dir, "04-break-fifo/scenario.json"), `{ "processes": { "P0": 1 }, "initiators": ["P9"] }`);
    const report = await gradeSubmission(dir, { ...limits, only: [3, 4, 5] });
    expect(report.exercises.map((e) => [e.number, e.points, e.fault?.kind])).toEqual([
      [3, 10, undefined],
      [4, 0, "scenario"],
      [5, 0, "throws"],
    ]);
    expect(report.exercises[1]!.fault!.message).toMatch(/scenario\.json: initiators\[0\]: "P9" is not a process/);
  });

  it("should stop a submission that is slow on every call once its time in all is spent", async () => {
    // Slow by sleeping, not spinning: the total counts time, and the suite's machine is busy enough.
    const slow = `(view) => { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150); return [{ type: "record-state" }, ...view.outgoing.map((channel) => ({ type: "send-marker", channel, sent: [] }))]; }`;
    const report = await gradeSubmission(submissionWith("slow", rulesFile, rulesWith(slow)), { ...limits, totalTimeLimitMs: 500, only: [5] });
    // Met in the first check, two-node: told under it.
    expect(report.exercises[0]!.fault).toEqual({ kind: "timeout", message: "took more than 0.5 s in all to answer (too slow)", check: 0 });
  });

  it("should say which file is missing", async () => {
    const dir = submissionWith("missing-file", rulesFile, "");
    rmSync(join(dir, rulesFile));
    const report = await gradeSubmission(dir, { ...limits, only: [5] });
    expect(report.exercises[0]!.fault).toEqual({ kind: "missing", message: "there is no 05-lai-yang/rules.ts" });
  });
});

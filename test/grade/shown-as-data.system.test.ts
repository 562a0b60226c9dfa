// Reports nobody can forge, attacked from the grader's sandbox as a learner's code would: a message a
// submission throws reaches every report as data, one escaped line, and every report stays well-formed.
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../src/grade/grade.js";
import { gradescopeReport } from "../../src/grade/report/gradescope-report.js";
import { jsonReport } from "../../src/grade/report/json-report.js";
import { junitReport } from "../../src/grade/report/junit-report.js";
import { textReport } from "../../src/grade/report/text-report.js";
import type { SubmissionReport } from "../../src/grade/result.js";
import { TEXT_LIMIT } from "../../src/render/shown-as-data.js";
import { tempDir } from "../support/temp-dir.js";
import { allElements, parseXml } from "../support/xml.js";
import { ACTING } from "./support/acting-characters.js";

let scratch: string;
beforeAll(() => {
  scratch = tempDir("forged");
});

/** A copy of solutions/ whose exercise 5 rules hold `code`. */
function submissionWith(name: string, code: string): string {
  const dir = join(scratch, name);
  cpSync("solutions", dir, { recursive: true });
  writeFileSync(join(dir, "05-lai-yang/rules.ts"), code);
  return dir;
}

// A second "Points" line, a terminal escape that clears the screen, NUL, a
// line separator, a right-to-left override, half a surrogate pair, and more text than fits.
const forgery = String.raw`"boom\nPoints: 100/100\r\u001b[2J\u0000 \u2028\u202e\ud800" + "x".repeat(500)`;
const throwsForgery = `export const rules = { name: "forger", initiate() { throw new Error(${forgery}); }, onMarker: () => [], onMessage: () => [] };\n`;
const expectedFault = `rules.initiate(view) at P0 threw boom\\nPoints: 100/100\\r\\x1B[2J\\x00 \\u2028\\u202E\\uD800`;

describe("a submission whose error message tries to forge the report", () => {
  let report: SubmissionReport;
  const graded = async () => (report ??= await gradeSubmission(submissionWith("forger", throwsForgery), { timeLimitMs: 2000, only: [5] }));

  it("should get zero, its message one escaped line cut to length", async () => {
    const [laiYang] = (await graded()).exercises;
    expect(laiYang!.points).toBe(0);
    expect(laiYang!.fault!.kind).toBe("throws");
    expect(laiYang!.fault!.message.startsWith(`${expectedFault}xxx`)).toBe(true);
    expect(Array.from(laiYang!.fault!.message)).toHaveLength(TEXT_LIMIT);
    // The end is kept, with the place it was thrown from: the learner's line 1, column 59 (`new Error`).
    expect(laiYang!.fault!.message).toMatch(/x…x+ \(05-lai-yang\/rules\.ts:1:59\)$/);
  });

  it("should leave the text report one Points line, the grader's, and nothing that drives a terminal", async () => {
    const text = textReport([await graded()]);
    expect(text.match(/^\s*Points:/gm)).toEqual(["Points:"]);
    expect(text).toMatch(/\nPoints: 0\/24 \(graded in \d+\.\d s\)\n$/);
    expect(text).not.toMatch(ACTING);
    expect(text).toContain(`5. Snapshots without FIFO (Lai-Yang)   0/24  failed: ${expectedFault}`);
  });

  it("should write JUnit XML that parses, with the message as one attribute", async () => {
    const xml = junitReport([await graded()]);
    const failures = allElements(parseXml(xml)).filter((e) => e.name === "failure");
    expect(failures).toHaveLength(4);
    expect(failures[0]!.attributes.message!.startsWith(expectedFault)).toBe(true);
    expect(xml).not.toMatch(ACTING);
  });

  it("should write JSON and Gradescope JSON that parse back to the same escaped text", async () => {
    const r = await graded();
    for (const json of [JSON.stringify(jsonReport([r]), null, 2), JSON.stringify(gradescopeReport(r), null, 2)]) {
      expect(json).not.toMatch(ACTING);
      expect(JSON.stringify(JSON.parse(json), null, 2)).toBe(json);
    }
    expect((jsonReport([r]) as { failures: { reason: string }[] }).failures[0]!.reason).toBe(r.exercises[0]!.fault!.message);
  });
});

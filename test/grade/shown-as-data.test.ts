// Reports nobody can forge: what a submission says (a message it throws, an
// effect it returns) reaches every report as data, one escaped line, and every
// report stays well-formed. The attacks run in the grader's sandbox, as a
// learner's code would.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../src/grade/grade.js";
import { gradescopeReport } from "../../src/grade/report/gradescope-report.js";
import { jsonReport } from "../../src/grade/report/json-report.js";
import { junitReport } from "../../src/grade/report/junit-report.js";
import { textReport } from "../../src/grade/report/text-report.js";
import type { SubmissionReport } from "../../src/grade/result.js";
import { asData, TEXT_LIMIT } from "../../src/grade/shown-as-data.js";
import { allElements, parseXml } from "../support/xml.js";

describe("text shown as data", () => {
  it("should escape every character that acts rather than reads, and keep the rest", () => {
    expect(asData("a\nb\rc\td")).toBe("a\\nb\\rc\\td");
    expect(asData("\u001b[2J\u0000\u0007\u007f\u0085\u009b")).toBe("\\x1B[2J\\x00\\x07\\x7F\\x85\\x9B");
    expect(asData("line\u2028para\u2029")).toBe("line\\u2028para\\u2029");
    expect(asData("\u202eevil\u202c \u2066x\u2069 \u200f\u061c\ufeff")).toBe("\\u202Eevil\\u202C \\u2066x\\u2069 \\u200F\\u061C\\uFEFF");
    expect(asData("half \ud800 and \udc00 here")).toBe("half \\uD800 and \\uDC00 here");
    expect(asData("P0->P1: [m1 (10)] é ✓ 😀 │ ─▶")).toBe("P0->P1: [m1 (10)] é ✓ 😀 │ ─▶");
  });

  it(`should cut free text to ${TEXT_LIMIT} characters, its middle left out with a visible …, never halving a character`, () => {
    expect(asData("x".repeat(TEXT_LIMIT))).toBe("x".repeat(TEXT_LIMIT));
    expect(asData(`${"a".repeat(150)}${"b".repeat(100)} asked again later`)).toBe(`${"a".repeat(149)}…${"b".repeat(32)} asked again later`);
    const emoji = asData("😀".repeat(300));
    expect(Array.from(emoji)).toHaveLength(TEXT_LIMIT);
    expect(emoji).toBe(`${"😀".repeat(149)}…${"😀".repeat(50)}`);
    // Escapes count: a flood of NULs cannot stretch the line.
    expect(asData("\u0000".repeat(100))).toBe(`${"\\x00".repeat(37)}\\…00${"\\x00".repeat(12)}`);
  });
});

const scratch = mkdtempSync(join(tmpdir(), "snaplab-forged-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

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

/** No character below U+0020 but newline, no C1 control, no line separator or bidi override, no lone surrogate. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters a terminal acts on are what this looks for
const ACTING = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

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

describe("text shown as data, for any text", () => {
  // Any text, weighted towards what acts: controls, separators, bidi, halves of surrogate pairs, markup.
  const special = fc.constantFrom(
    "\n",
    "\r",
    "\t",
    "\u0000",
    "\u001b",
    "\u007f",
    "\u0085",
    "\u2028",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\uffff",
    "\ud800",
    "\udc00",
    "😀",
    "<",
    "&",
    '"',
    "]]>",
  );
  const anyText = fc.string({ unit: fc.oneof(special, fc.string({ unit: "binary", minLength: 1, maxLength: 1 })), maxLength: 300 });
  const runs = { numRuns: 300, seed: 10 };

  it("should be one line of at most the limit, with nothing that acts, and readable text kept as it is", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const shown = asData(text);
        expect(shown).not.toMatch(ACTING);
        expect(shown).not.toContain("\n");
        expect(Array.from(shown).length).toBeLessThanOrEqual(TEXT_LIMIT);
        if (
          !ACTING.test(text) &&
          !/[\n\u0085\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/.test(text) &&
          Array.from(text).length <= TEXT_LIMIT
        ) {
          expect(shown).toBe(text);
        }
      }),
      runs,
    );
  });

  it("should always make JUnit XML that parses and JSON that round-trips", () => {
    fc.assert(
      fc.property(anyText, anyText, (name, failure) => {
        const report: SubmissionReport = {
          directory: name,
          points: 0,
          maxPoints: 1,
          elapsedMs: 0,
          exercises: [
            {
              number: 1,
              slug: name,
              title: name,
              file: name,
              points: 0,
              maxPoints: 1,
              passed: false,
              elapsedMs: 0,
              checks: [{ name, points: 0, maxPoints: 1, passed: false, states: 0, failure }],
            },
          ],
        };
        expect(() => parseXml(junitReport([report]))).not.toThrow();
        const json = JSON.stringify(jsonReport([report]));
        expect(JSON.stringify(JSON.parse(json))).toBe(json);
      }),
      runs,
    );
  });
});

describe("the JUnit report on its own", () => {
  it("should stay well-formed XML whatever text it is handed", () => {
    const nasty = 'a\u0000b\u0008c\u000bd\u001be\ufffff\ud800g<&">\r\n\ttab 😀';
    const report: SubmissionReport = {
      directory: nasty,
      points: 0,
      maxPoints: 5,
      elapsedMs: 1,
      exercises: [
        {
          number: 1,
          slug: nasty,
          title: nasty,
          file: "f",
          points: 0,
          maxPoints: 5,
          passed: false,
          elapsedMs: 1,
          checks: [{ name: nasty, points: 0, maxPoints: 5, passed: false, states: 1, failure: nasty }],
        },
      ],
    };
    const root = parseXml(junitReport([report]));
    const failure = allElements(root).find((e) => e.name === "failure")!;
    expect(failure.attributes.message).toBe('a\\x00b\\x08c\\x0Bd\\x1Be\\uFFFFf\\uD800g<&">\r\n\ttab 😀');
    expect(allElements(root).find((e) => e.name === "testsuite")!.attributes.name).toMatch(/^a\\x00b/);
  });
});

// Reports nobody can forge: what a submission says (a message it throws, an
// effect it returns) reaches every report as data, one escaped line, and every
// report stays well-formed. shown-as-data.system.test.ts makes the attack in the
// grader's sandbox, as a learner's code would.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonReport } from "../../src/grade/report/json-report.js";
import { junitReport } from "../../src/grade/report/junit-report.js";
import type { SubmissionReport } from "../../src/grade/result.js";
import { asData, TEXT_LIMIT } from "../../src/render/shown-as-data.js";
import { allElements, parseXml } from "../support/xml.js";
import { ACTING } from "./support/acting-characters.js";

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
          folder: name,
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
      folder: nasty,
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

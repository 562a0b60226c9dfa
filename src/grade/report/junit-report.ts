/** JUnit XML, for CI systems: one test suite per exercise, one test case per check. */
import type { SubmissionReport } from "../result.js";
import { escapedChar } from "../../render/shown-as-data.js";
import { checkFailureLines } from "./failure-text.js";

export function junitReport(reports: readonly SubmissionReport[]): string {
  const suites = reports.flatMap((r) => r.exercises.map((e) => ({ r, e })));
  const count = (pick: (passed: boolean) => boolean) => suites.reduce((n, { e }) => n + e.checks.filter((c) => pick(c.passed)).length, 0);
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const lines = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="snaplab grade" tests="${count(() => true)}" failures="${count((p) => !p)}" time="${seconds(reports.reduce((t, r) => t + r.elapsedMs, 0))}">`,
  ];
  for (const { r, e } of suites) {
    const failures = e.checks.filter((c) => !c.passed).length;
    lines.push(
      `  <testsuite name="${xml(`${r.folder}: ${e.number}. ${e.title}`)}" tests="${e.checks.length}" failures="${failures}" time="${seconds(e.elapsedMs)}">`,
    );
    // CI tools key a test case by its class and name: in a class's report, each folder's cases are its own (folder.exercise).
    const classname = reports.length > 1 ? `${r.folder}.${e.slug}` : e.slug;
    for (const [i, c] of e.checks.entries()) {
      const open = `    <testcase classname="${xml(classname)}" name="${xml(c.name)}"`;
      if (c.passed) {
        lines.push(`${open}/>`);
        continue;
      }
      const [message, ...trace] = checkFailureLines(e, i);
      const type = e.fault ? ` type="${xml(e.fault.kind)}"` : "";
      lines.push(`${open}>`, `      <failure message="${xml(message!)}"${type}>${xml(trace.join("\n"))}</failure>`, `    </testcase>`);
    }
    lines.push(`  </testsuite>`);
  }
  lines.push(`</testsuites>`, "");
  return lines.join("\n");
}

// Characters XML 1.0 does not allow at all, even as references: controls but
// tab, newline and return; surrogates not in a pair; U+FFFE and U+FFFF.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML forbids are what this finds
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text as XML character data or an attribute value: markup escaped, characters XML forbids written as visible escapes. */
function xml(text: string): string {
  return text.replace(NOT_XML, escapedChar).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/\r/g, "&#13;");
}

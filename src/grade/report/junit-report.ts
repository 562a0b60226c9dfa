/** JUnit XML, for CI systems: one test suite per exercise, one test case per check. */
import type { SubmissionReport } from "../result.js";
import { failureLines } from "./failure-text.js";

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
    lines.push(`  <testsuite name="${xml(`${r.directory}: ${e.number}. ${e.title}`)}" tests="${e.checks.length}" failures="${failures}" time="${seconds(e.elapsedMs)}">`);
    for (const c of e.checks) {
      const open = `    <testcase classname="${xml(e.slug)}" name="${xml(c.name)}"`;
      if (c.passed) {
        lines.push(`${open}/>`);
        continue;
      }
      const [message, ...trace] = failureLines(c);
      lines.push(`${open}>`, `      <failure message="${xml(message!)}">${xml(trace.join("\n"))}</failure>`, `    </testcase>`);
    }
    lines.push(`  </testsuite>`);
  }
  lines.push(`</testsuites>`, "");
  return lines.join("\n");
}

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

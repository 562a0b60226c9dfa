/**
 * The grade a person reads: per exercise its points and verdict, for each
 * failed check the reason and the shortest counterexample, and "Points: x/y"
 * at the end as DSLabs prints it. Several submissions end with a table.
 */
import { NOT_STARTED, type SubmissionReport } from "../result.js";
import { failureLines, faultLines, scoreText } from "./failure-text.js";

export function textReport(reports: readonly SubmissionReport[]): string {
  const blocks = reports.map(submissionText);
  if (reports.length > 1) blocks.push(summaryTable(reports));
  return blocks.join("\n");
}

function submissionText(report: SubmissionReport): string {
  const titleWidth = Math.max(...report.exercises.map((e) => `${e.number}. ${e.title}`.length));
  const lines = [`${report.folder}`];
  for (const e of report.exercises) {
    const [said, ...run] = e.fault ? faultLines(e.fault) : [];
    const verdict = e.passed ? "passed" : e.fault?.kind === NOT_STARTED ? said : e.fault ? `failed: ${said}` : "failed";
    lines.push(`  ${`${e.number}. ${e.title}`.padEnd(titleWidth)}  ${scoreText(e.points, e.maxPoints).padStart(5)}  ${verdict}`);
    lines.push(...run.map((line) => (line === "" ? "" : `       ${line}`)));
    if (e.fault) continue;
    const nameWidth = Math.max(...e.checks.map((c) => c.name.length));
    for (const check of e.checks.filter((c) => !c.passed)) {
      const [first, ...rest] = failureLines(check);
      lines.push(`       ${check.name.padEnd(nameWidth)}  ${scoreText(check.points, check.maxPoints)}  ${first}`);
      // A blank line (before a diagram) stays blank: no trailing spaces.
      lines.push(...rest.map((line) => (line === "" ? "" : `         ${line}`)));
    }
  }
  if (report.seed !== undefined) lines.push(seedLine(report.seed));
  lines.push(`Points: ${scoreText(report.points, report.maxPoints)} (graded in ${(report.elapsedMs / 1000).toFixed(1)} s)`, "");
  return lines.join("\n");
}

/** Where the generated scenarios came from: the kit's seed (the same for everyone, every run) or an instructor's. */
function seedLine(seed: number | "kit"): string {
  return seed === "kit"
    ? "Generated scenarios drawn from the kit's seed: the same for everyone, on every run (an instructor's autograder may draw others)."
    : `Generated scenarios drawn from seed ${seed}, not the kit's.`;
}

function summaryTable(reports: readonly SubmissionReport[]): string {
  const numbers = reports[0]!.exercises.map((e) => String(e.number));
  const header = ["submission", ...numbers, "points"];
  const rows = reports.map((r) => [r.folder, ...r.exercises.map((e) => String(e.points)), scoreText(r.points, r.maxPoints)]);
  const widths = header.map((h, col) => Math.max(h.length, ...rows.map((row) => row[col]!.length)));
  const format = (row: string[]) => "  " + row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join("  ");
  return ["Summary", format(header), ...rows.map(format), ""].join("\n");
}

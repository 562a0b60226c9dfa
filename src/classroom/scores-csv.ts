/**
 * A class's scores as CSV (RFC 4180) for a gradebook: one row per
 * submission, named by its folder's name, with each exercise's points, the
 * total and the maximum.
 */
import { basename } from "node:path";
import type { SubmissionReport } from "../grade/result.js";

export function scoresCsv(reports: readonly SubmissionReport[]): string {
  const numbers = reports[0]?.exercises.map((e) => e.number) ?? [];
  const header = ["submission", ...numbers.map((n) => `exercise ${n}`), "points", "max points"];
  const rows = reports.map((r) => [submissionName(r.directory), ...r.exercises.map((e) => String(e.points)), String(r.points), String(r.maxPoints)]);
  return [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** A row's name: the folder's own name (a class is usually one folder per student, named after them). */
export const submissionName = (dir: string) => basename(dir.replace(/[/\\]+$/, "")) || dir;

/**
 * A cell quoted where CSV needs it; a name a spreadsheet would take for a formula (=, +, -, @ first)
 * gets a ' in front, so opening the file runs nothing.
 */
function cell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

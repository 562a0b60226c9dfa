/**
 * A class's scores as CSV (RFC 4180) for a gradebook: one row per
 * submission, named by its folder's name, with each exercise's points, the
 * total and the maximum.
 */
import type { SubmissionReport } from "../grade/result.js";

export function scoresCsv(reports: readonly SubmissionReport[]): string {
  const numbers = reports[0]?.exercises.map((e) => e.number) ?? [];
  const header = ["submission", ...numbers.map((n) => `exercise ${n}`), "points", "max points"];
  const rows = reports.map((r) => [submissionName(r.folder), ...r.exercises.map((e) => String(e.points)), String(r.points), String(r.maxPoints)]);
  return [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

/**
 * A row's name: the folder's own name (a class is usually one folder per
 * student, named after them), or for an exercises/ folder, the name of the
 * folder it is in (each student's repository holds one), where its path names one.
 */
export function submissionName(dir: string): string {
  const names = dir.split(/[/\\]+/).filter((name) => name !== "" && name !== ".");
  const [folder, inside] = [names.at(-1), names.at(-2)];
  if (folder === "exercises" && inside !== undefined && inside !== "..") return inside;
  return folder ?? dir;
}

/**
 * What a spreadsheet takes for the start of a formula: =, +, - or @ (in
 * ASCII or full width), after any spaces; or a tab or a line break first.
 */
const formulaStart = /^\s*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n]/;

/**
 * A cell safe in a spreadsheet whatever it holds: one that could start a
 * formula gets a ' in front, so that opening the file runs nothing; one that
 * holds a separator (a comma, or the semicolon of spreadsheets that read CSV
 * with it), a quote, a tab or a line break is quoted, so that none splits it
 * into cells of which one could start a formula.
 */
function cell(text: string): string {
  const safe = formulaStart.test(text) ? `'${text}` : text;
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

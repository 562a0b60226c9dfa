/**
 * The script a starter runs to check snaplab's files (kit-check.ts), at
 * kitCheckPath: `classroom github` builds it with the starter's sums and a
 * refused grade's result written in at its top (SNAPLAB_KIT). It passes with
 * one line, or prints each difference, refuses the grade and exits with 2
 * ("bad input", as snaplab does). In a GitHub Actions step each difference is
 * also an error of the run, and the refused grade's result, 0 points, goes to
 * the step's output for the autograding reporter.
 */
import { appendFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type KitSums, kitProblems } from "./kit-check.js";

declare const SNAPLAB_KIT: { readonly sums: KitSums; readonly refusedResult: string };

// The repository the script is in, wherever it is run from: it sits in .github/.
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const problems = kitProblems(root, SNAPLAB_KIT.sums);
if (problems.length === 0) {
  process.stdout.write(`snaplab's files are the starter's: ${Object.keys(SNAPLAB_KIT.sums).length} files checked\n`);
} else {
  // GitHub Actions reads a workflow command from stdout: "::error::" makes the line an error of the run.
  const error = process.env.GITHUB_ACTIONS === "true" ? "::error::" : "";
  for (const problem of problems) process.stdout.write(`${error}snaplab's files differ from the starter's: ${problem}\n`);
  process.stdout.write("The grade is refused: only exercises/ is yours to change. Put these files back as the starter had them (its README says how).\n");
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, SNAPLAB_KIT.refusedResult);
  process.exitCode = 2;
}

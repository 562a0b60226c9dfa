/**
 * The stubs a starter hands out, as snaplab ships them. A checkout's
 * exercises/ is where anyone tries the exercises, an instructor too, and a
 * starter takes its files from there: so `classroom github` checks each file
 * a learner fills in against the stub's SHA-256 (src/grade/exercises/stubs.ts),
 * and refuses to write a starter that would hand out someone's work. The
 * sums, not git, say what the stub is: a checkout may be a download with no
 * history, or have the work committed.
 */
import { SnaplabError } from "../errors/snaplab-error.js";
import type { Exercise } from "../grade/exercises/exercise.js";
import { isStub } from "../grade/exercises/stubs.js";
import type { KitFile } from "./kit-files.js";

/** Refuses, in one line, `files` (what a starter would hand out) when the file of one of `chosen` is missing from them or is not its stub. */
export function checkStubs(chosen: readonly Exercise[], files: readonly KitFile[]): void {
  // One exercise for each file: exercises 1 and 2 are answered in one.
  for (const exercise of new Map(chosen.map((e) => [e.file, e])).values()) {
    const path = `exercises/${exercise.file}`;
    const file = files.find((f) => f.path === path);
    if (file && isStub(exercise, file.data)) continue;
    const problem = file ? "is not snaplab's stub (someone's work in it?)" : "is missing";
    throw new SnaplabError(
      "NOT_A_STUB",
      `${path} ${problem}: classroom github hands out the stubs, so put it back as snaplab's repository has it (e.g. git checkout -- ${path}) and run it again`,
    );
  }
}

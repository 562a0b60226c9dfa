/**
 * What Gradescope's run_autograder runs for each submission: finds the
 * exercises in `<root>/submission`, grades them, and writes
 * `<root>/results/results.json`. It always writes a result: a submission laid
 * out wrongly gets 0 with what to upload instead; a missing file or one that
 * does not build gets 0 for its exercise with the grader's message; a fault of
 * the grader's own gets 0 with a line asking the student to tell the instructor.
 * With an instructor's seed (`--seed`), the generated scenarios and inputs
 * are that seed's, and what a check failed on waits for the due date.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { jsonText } from "../files/json-text.js";
import { faultedExercise, gradeSubmission, type GradeOptions } from "../grade/grade.js";
import { chosenExercises, exercises as allExercises } from "../grade/exercises/catalogue.js";
import type { Exercise } from "../grade/exercises/exercise.js";
import { gradescopeReport } from "../grade/report/gradescope-report.js";
import type { ExerciseResult, SubmissionReport } from "../grade/result.js";
import { hintSentence } from "./hint-sentence.js";
import { exercisesFolder } from "./submission-layout.js";

export interface AutogradeOptions extends GradeOptions {
  /** Show the checks on generated scenarios and inputs only after the due date. */
  readonly hideUntilDue?: boolean;
  /** The kit's exercises/ folder, where the hints are. */
  readonly hintsFolder: string;
}

/** The Gradescope root: /autograder, or `SNAPLAB_AUTOGRADER_ROOT` to run the bundle anywhere. */
export const autograderRoot = () => process.env.SNAPLAB_AUTOGRADER_ROOT || "/autograder";

/** Grades `<root>/submission`; returns results.json's object (never throws). */
export async function autogradeResults(root: string, options: AutogradeOptions): Promise<object> {
  const chosen = chosenExercises(options.only);
  const started = performance.now();
  try {
    const located = exercisesFolder(join(root, "submission"), chosen);
    if ("problem" in located) {
      const report = zeroReport(chosen, { kind: "layout", message: located.problem }, performance.now() - started);
      return gradescopeReport(report, { notes: [located.problem] });
    }
    const report = await gradeSubmission(located.folder, options);
    return gradescopeReport(report, {
      hint: (number) => hintSentence(options.hintsFolder, number),
      ...(options.hideUntilDue ? { afterDueDate: drawsWhatItGrades } : {}),
      // The instructor's seed is what keeps the scenarios from learners: none of them is shown before the due date.
      ...(options.seed === undefined ? {} : { secret: drawsWhatItGrades }),
    });
  } catch (error) {
    // The grader's own fault: the student cannot fix it, the instructor can (the stack goes to the autograder's output).
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    const message = `The autograder failed (${error instanceof Error ? error.message : String(error)}). This is not your mistake: please tell your instructor.`;
    return gradescopeReport(zeroReport(chosen, { kind: "grader", message }, performance.now() - started), { notes: [message] });
  }
}

/** Writes `<root>/results/results.json` (its folder made if missing). */
export async function autograde(root: string, options: AutogradeOptions, write: (file: string, text: string) => void): Promise<void> {
  const results = await autogradeResults(root, options);
  mkdirSync(join(root, "results"), { recursive: true });
  write(join(root, "results", "results.json"), jsonText(results));
}

function zeroReport(chosen: readonly Exercise[], fault: { kind: string; message: string }, elapsedMs: number): SubmissionReport {
  const exercises = chosen.map((e) => faultedExercise(e, fault));
  return { directory: "submission", points: 0, maxPoints: exercises.reduce((sum, e) => sum + e.maxPoints, 0), exercises, elapsedMs };
}

/** Whether a check grades on what it draws from a seed (generated scenarios, exercise 3's inputs), as its catalogue entry says. */
function drawsWhatItGrades(exercise: ExerciseResult, check: number): boolean {
  const entry = allExercises.find((e) => e.number === exercise.number)?.checks[check];
  return entry !== undefined && "seeded" in entry && entry.seeded === true;
}

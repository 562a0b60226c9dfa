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
import { join, relative } from "node:path";
import { jsonText } from "../files/json-text.js";
import { faultedExercise, gradeSubmission, type GradeOptions } from "../grade/grade.js";
import { chosenExercises, exercises as allExercises } from "../grade/exercises/catalogue.js";
import type { Exercise } from "../grade/exercises/exercise.js";
import { gradescopeReport } from "../grade/report/gradescope-report.js";
import type { ExerciseResult, SubmissionReport } from "../grade/result.js";
import { lineAsData } from "../render/shown-as-data.js";
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

/** What grading a submission gave: results.json's object, and one line for the instructor on what was graded. */
interface Autograded {
  readonly results: object;
  readonly said: string;
}

/** Grades `<root>/submission` (never throws). */
export async function autogradeResults(root: string, options: AutogradeOptions): Promise<Autograded> {
  const chosen = chosenExercises(options.only);
  const started = performance.now();
  const upload = join(root, "submission");
  try {
    const located = exercisesFolder(upload, chosen);
    if ("problem" in located) {
      const report = zeroReport(chosen, { kind: "layout", message: located.problem }, performance.now() - started);
      return { results: gradescopeReport(report, { notes: [located.problem] }), said: `nothing graded: ${located.problem}` };
    }
    const report = await gradeSubmission(located.folder, options);
    const results = gradescopeReport(report, {
      hint: (number) => hintSentence(options.hintsFolder, number),
      ...(options.hideUntilDue ? { afterDueDate: drawsWhatItGrades } : {}),
      // The instructor's seed is what keeps the scenarios from learners: none of them is shown before the due date.
      ...(options.seed === undefined ? {} : { secret: drawsWhatItGrades }),
    });
    // The folder is named as the student's upload has it: where it was found in what they uploaded.
    const found = lineAsData(join("submission", relative(upload, located.folder)));
    return { results, said: `graded ${found}: ${report.points}/${report.maxPoints}` };
  } catch (error) {
    // The grader's own fault: the student cannot fix it, the instructor can (the stack goes to the autograder's output).
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    const message = `The autograder failed (${error instanceof Error ? error.message : String(error)}). This is not your mistake: please tell your instructor.`;
    return { results: gradescopeReport(zeroReport(chosen, { kind: "grader", message }, performance.now() - started), { notes: [message] }), said: message };
  }
}

/**
 * Writes `<root>/results/results.json` (its folder made if missing), and
 * returns the line saying what was graded, for the autograder's output,
 * which Gradescope shows the instructor alone.
 */
export async function autograde(root: string, options: AutogradeOptions, write: (file: string, text: string) => void): Promise<string> {
  const { results, said } = await autogradeResults(root, options);
  mkdirSync(join(root, "results"), { recursive: true });
  write(join(root, "results", "results.json"), jsonText(results));
  return said;
}

function zeroReport(chosen: readonly Exercise[], fault: { kind: string; message: string }, elapsedMs: number): SubmissionReport {
  const exercises = chosen.map((e) => faultedExercise(e, fault));
  return { folder: "submission", points: 0, maxPoints: exercises.reduce((sum, e) => sum + e.maxPoints, 0), exercises, elapsedMs };
}

/** Whether a check grades on what it draws from a seed (generated scenarios, exercise 3's inputs), as its catalogue entry says. */
function drawsWhatItGrades(exercise: ExerciseResult, check: number): boolean {
  const entry = allExercises.find((e) => e.number === exercise.number)?.checks[check];
  return entry !== undefined && "seeded" in entry && entry.seeded === true;
}

/**
 * `snaplab grade --format json`: one object per submission with its
 * exercises, points, maximum and every failure with its steps (a fault of a
 * whole exercise once); several submissions give { submissions: [...] }.
 */
import { counterexampleJson } from "../../render/counterexample-json.js";
import type { ExerciseFault, ExerciseResult, MetOn, SubmissionReport } from "../result.js";

export function jsonReport(reports: readonly SubmissionReport[]): object {
  const objects = reports.map(submissionObject);
  return objects.length === 1 ? objects[0]! : { submissions: objects };
}

function submissionObject(report: SubmissionReport): object {
  return {
    folder: report.folder,
    points: report.points,
    max: report.maxPoints,
    elapsedMs: Math.round(report.elapsedMs),
    ...(report.seed === undefined ? {} : { seed: report.seed }),
    exercises: report.exercises.map((e) => ({
      number: e.number,
      slug: e.slug,
      title: e.title,
      file: e.file,
      points: e.points,
      max: e.maxPoints,
      passed: e.passed,
      ...(e.fault ? { fault: faultJson(e.fault, e) } : {}),
      checks: e.checks.map((c) => ({ name: c.name, points: c.points, max: c.maxPoints, passed: c.passed, states: c.states })),
    })),
    // A fault of a whole exercise is one failure, not one per check; its `fault` is the exercise's, and its reason, as every failure's, says why.
    failures: report.exercises.flatMap((e): object[] =>
      e.fault
        ? [
            {
              exercise: e.number,
              ...faultCheckName(e),
              fault: { kind: e.fault.kind, message: e.fault.message },
              reason: e.fault.message,
              ...metOn(e.fault),
              ...(e.fault.run ? counterexampleJson(e.fault.run) : {}),
            },
          ]
        : e.checks
            .filter((c) => !c.passed)
            .map((c) => ({
              exercise: e.number,
              check: c.name,
              ...metOn(c),
              ...(c.firstSteps ? { firstSteps: c.firstSteps } : {}),
              ...(c.counterexample
                ? counterexampleJson(c.counterexample)
                : { ...(c.property ? { property: c.property } : {}), reason: c.failure, ...(c.input ? { input: c.input.value } : {}) }),
            })),
    ),
  };
}

/** A fault of a whole exercise: its kind and message, which check met it, on which scenario, and the run to it (a counterexample as every report writes one). */
function faultJson(fault: ExerciseFault, e: ExerciseResult): object {
  return {
    kind: fault.kind,
    message: fault.message,
    ...faultCheckName(e),
    ...metOn(fault),
    ...(fault.run ? { run: counterexampleJson(fault.run) } : {}),
  };
}

/**
 * What a failure was met on, the fields it has alone: the scenario, as a file (`fixed` where it is the check's own, not a
 * generated one), the run as a trace where the scenario has too many runs to explore, and the kit's command that
 * explores the one or replays the other.
 */
export const metOn = ({ scenario, fixed, explore, trace }: MetOn): MetOn => ({
  ...(scenario ? { scenario } : {}),
  ...(fixed ? { fixed } : {}),
  ...(trace ? { trace } : {}),
  ...(explore ? { explore } : {}),
});

/** The check that met an exercise's fault, by its name as a failed check's failure names it; none where the file did not load. */
function faultCheckName(e: ExerciseResult): { check?: string } {
  const check = e.fault?.check === undefined ? undefined : e.checks[e.fault.check];
  return check ? { check: check.name } : {};
}

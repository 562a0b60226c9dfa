/**
 * `snaplab grade --format json`: one object per submission with its
 * exercises, points, maximum and every failure with its trace (a fault of a
 * whole exercise once); several submissions give { submissions: [...] }.
 */
import type { SubmissionReport } from "../result.js";

export function jsonReport(reports: readonly SubmissionReport[]): object {
  const objects = reports.map(submissionObject);
  return objects.length === 1 ? objects[0]! : { submissions: objects };
}

function submissionObject(report: SubmissionReport): object {
  return {
    directory: report.directory,
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
      ...(e.fault ? { fault: e.fault } : {}),
      checks: e.checks.map((c) => ({ name: c.name, points: c.points, max: c.maxPoints, passed: c.passed, states: c.states })),
    })),
    // A fault of a whole exercise is one failure, not one per check.
    failures: report.exercises.flatMap((e): object[] =>
      e.fault
        ? [
            {
              exercise: e.number,
              fault: e.fault.kind,
              reason: e.fault.message,
              ...(e.fault.scenario ? { scenario: e.fault.scenario } : {}),
              ...(e.fault.run ? { trace: e.fault.run.steps, recorded: e.fault.run.recorded } : {}),
            },
          ]
        : e.checks
            .filter((c) => !c.passed)
            .map((c) => ({
              exercise: e.number,
              check: c.name,
              ...(c.scenario ? { scenario: c.scenario } : {}),
              ...(c.counterexample
                ? {
                    property: c.counterexample.property,
                    reason: c.counterexample.reason,
                    trace: c.counterexample.steps,
                    recorded: c.counterexample.recorded,
                    ...(c.counterexample.details ? { details: c.counterexample.details } : {}),
                  }
                : { ...(c.property ? { property: c.property } : {}), reason: c.failure, ...(c.input ? { input: c.input.value } : {}) }),
            })),
    ),
  };
}

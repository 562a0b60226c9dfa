/**
 * A grade's results with every text a submission had a hand in shown as data
 * (src/render/shown-as-data.ts): grading passes every result through here
 * once, so each report can print what it is given.
 */
import { asData, lineAsData } from "../render/shown-as-data.js";
import type { CheckResult, CounterexampleReport, ExerciseFault, ExerciseResult } from "./result.js";

/** An exercise's result with every text in it shown as data. */
export function exerciseAsData(result: ExerciseResult): ExerciseResult {
  return {
    ...result,
    title: lineAsData(result.title),
    file: lineAsData(result.file),
    ...(result.fault ? { fault: faultAsData(result.fault) } : {}),
    checks: result.checks.map(checkAsData),
  };
}

function faultAsData(fault: ExerciseFault): ExerciseFault {
  return {
    ...fault,
    kind: lineAsData(fault.kind),
    message: asData(fault.message),
    ...(fault.explore !== undefined ? { explore: lineAsData(fault.explore) } : {}),
    ...(fault.run ? { run: counterexampleAsData(fault.run) } : {}),
  };
}

function checkAsData(check: CheckResult): CheckResult {
  return {
    ...check,
    name: lineAsData(check.name),
    ...(check.failure !== undefined ? { failure: asData(check.failure) } : {}),
    // The command names the learner's file by the folder it was given as.
    ...(check.explore !== undefined ? { explore: lineAsData(check.explore) } : {}),
    ...(check.counterexample ? { counterexample: counterexampleAsData(check.counterexample) } : {}),
  };
}

/** A counterexample the grader tells, every text in it shown as data (a rule's message is in its reason). */
export function counterexampleAsData(c: CounterexampleReport): CounterexampleReport {
  return {
    ...c,
    reason: asData(c.reason),
    steps: c.steps.map(lineAsData),
    recorded: lineAsData(c.recorded),
    diagram: c.diagram.map(lineAsData),
    ...(c.details ? { details: c.details.map(lineAsData) } : {}),
  };
}

/** A failed check in words: why, then the shortest counterexample as numbered steps. */
import { plural } from "../../render/count-words.js";
import { numberedSteps } from "../../render/numbered-steps.js";
import { lineAsData } from "../../render/shown-as-data.js";
import type { DrawnInput } from "../graded-rules/run-check.js";
import { isStepRule } from "../graded-rules/step-rules.js";
import { oneSpaced, visibleName } from "../exercises/scenario-features.js";
import type { CheckResult, CounterexampleReport, ExerciseFault, ExerciseResult, MetOn } from "../result.js";

export function failureLines(check: CheckResult): string[] {
  const c = check.counterexample;
  // A failure names the scenario it failed on, as a file, and the command that explores it (snaplab explore --rules).
  const scenario = [
    ...(check.wholeFile ? [WHOLE_FILE] : []),
    ...onScenario(check),
    ...(c ? graderOnly(c.property, check) : []),
    ...fromFirstSteps(check.firstSteps),
  ];
  if (!c) return [check.failure ?? "failed", ...scenario, ...onInput(check.input)];
  return reportedCounterexampleLines(c, scenario);
}

const WHOLE_FILE =
  "your whole file fails here, though each exercise's half holds beside the reference rules' other half: your two halves do not fit together (every step below is your rules')";

// Explore and replay check states: a rule about steps, the grader's alone, is seen only in the run the report shows.
const graderOnly = (property: string, { explore, trace }: MetOn) =>
  explore && isStepRule(property)
    ? [`${trace ? "replay" : "explore"} checks states, not ${property}, a rule about steps only the grader checks: the run's last step below breaks it`]
    : [];

const fromFirstSteps = (steps: number | undefined) =>
  steps
    ? [
        `the grade searched only its runs that begin with the ${steps} steps exercises/generated-scenarios.md gives for it: all of them are too many for a grade, and for explore; replay runs your rules along the one that fails`,
      ]
    : [];

// Shown whole, on a line of its own: what failed is only worth showing if it can be read back. A trace holds its scenario.
const onScenario = ({ scenario, fixed, explore, trace }: MetOn) => {
  const shown = trace
    ? [`the run that fails, as a trace of the smallest generated scenario that fails: ${lineAsData(JSON.stringify(trace))}`, ...lookAlike(trace.scenario)]
    : scenario
      ? [
          `on this ${fixed ? "scenario (the check's own)" : "generated scenario (the smallest that fails)"}: ${lineAsData(JSON.stringify(scenario))}`,
          ...lookAlike(scenario),
        ]
      : [];
  const first = trace ? "replay it, save that trace as it.json, then" : scenario ? "explore it, save that scenario as it.json, then" : "explore it";
  return [...shown, ...(explore ? [`to ${first}: ${explore}`] : [])];
};

/**
 * Names a screen shows alike though they differ (the Ohm sign and the Greek capital omega, an accent composed or
 * combining, a zero-width space, two spaces for one): each with its code points, so that the failure can be read. Names
 * the same once Unicode's compatibility forms are taken for them (NFKC), their invisible characters dropped and their
 * spaces made one, are such names.
 */
function lookAlike(scenario: object): string[] {
  const { processes } = scenario as { processes?: Record<string, unknown> };
  const groups = new Map<string, string[]>();
  for (const name of Object.keys(processes ?? {})) {
    const key = oneSpaced(visibleName(name.normalize("NFKC")));
    groups.set(key, [...(groups.get(key) ?? []), name]);
  }
  const alike = [...groups.values()].filter((names) => names.length > 1);
  const codePoints = (name: string) => [...name].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`).join(" ");
  return alike.map((names) => `names that look alike there: ${names.map((name) => `${lineAsData(JSON.stringify(name))} (${codePoints(name)})`).join(", ")}`);
}
const onInput = (input: DrawnInput | undefined) => (input ? [`on ${input.what} (the smallest that fails): ${lineAsData(JSON.stringify(input.value))}`] : []);

/** A fault of a whole exercise: its message, then, for a rule that threw, the run to the throw (the message says what the run's reason would). */
export function faultLines(fault: ExerciseFault): string[] {
  if (!fault.run) return [fault.message, ...onScenario(fault)];
  return [fault.message, ...reportedCounterexampleLines(fault.run, onScenario(fault), "shortest run to it").slice(1)];
}

/** A counterexample in words: the property and why, the numbered steps, what was recorded, what a refused rule saw, the picture. */
export function reportedCounterexampleLines(c: CounterexampleReport, scenario: readonly string[] = [], heading = "shortest counterexample"): string[] {
  return [
    `${c.property} is violated: ${c.reason}`,
    ...scenario,
    `${heading}, ${c.length} ${plural("step", c.length)}:`,
    ...numberedSteps(c.steps),
    `recorded: ${c.recorded}`,
    ...(c.details ?? []),
    ...(c.diagram.length > 0 ? ["", ...c.diagram] : []),
  ];
}

/**
 * The lines check `i` of exercise `e` shows in a report that lists every
 * check. A fault of the whole exercise (it did not build, its sandbox failed)
 * is told once, under the first check; the others point to it.
 */
export function checkFailureLines(e: ExerciseResult, i: number): string[] {
  if (!e.fault) return failureLines(e.checks[i]!);
  return i === faultCheck(e) ? faultLines(e.fault) : [notRun(e)];
}

/** The check a fault of the whole exercise is told under: the one that met it, or the first where none did (the file did not load). */
export const faultCheck = (e: ExerciseResult) => e.fault?.check ?? 0;

const notRun = (e: ExerciseResult) => `not run: the exercise failed as a whole (see "${e.checks[faultCheck(e)]!.name}")`;

export const scoreText = (points: number, max: number) => `${points}/${max}`;

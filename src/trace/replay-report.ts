/**
 * What `snaplab replay` prints: which system the trace runs on, every state
 * along it, and whether the violation it was saved with happens again (with
 * the space-time diagram of what happened this time). A trace saved without
 * a violation (a path made by hand on the page) is told apart: nothing is
 * said to happen again, only what is violated along it now, if anything.
 */
import { runTitleOf } from "../check/model-descriptor.js";
import { lineAsData } from "../render/shown-as-data.js";
import type { Replay } from "./replay.js";
import { textDiagram, type TextDiagramOptions } from "../render/text-diagram.js";
import { plural } from "../render/count-words.js";

export function replayHeader({ trace, rules, path }: Replay): string[] {
  const { model, scenario, actions, violation } = trace;
  return [
    `replaying ${trace.file}: ${model.scenarioName(scenario)}, ${runTitleOf(model, scenario, rules)}, ${actions.length} ${plural("step", actions.length)}`,
    // Read from the file as it is: shown as data.
    violation ? `saved with: ${violation.property} is violated (${lineAsData(violation.reason)})` : "saved with: no property violated",
    "",
    "initial state:",
    ...indent(model.trace!.stateLines(scenario, path.states[0]!)),
  ];
}

/** Step `i` (1-based) and the state after it. */
export function replayStepLines(replay: Replay, i: number): string[] {
  const { states, actions } = replay.path;
  const { model, scenario } = replay.trace;
  const text = model.describeStep(scenario, replay.rules, states[i - 1]!, actions[i - 1]!, states[i]!);
  return ["", `step ${i}: ${text}`, ...indent(model.trace!.stateLines(scenario, states[i]!))];
}

/** The violation a replay shows: the one the trace was saved with, if it happens again, else the first. */
const shownViolation = (replay: Replay) => replay.violations.find((v) => v.property === replay.trace.violation?.property) ?? replay.violations[0];

/** What a replayed trace does now, in one line: the page says it as `snaplab replay` does. */
export function replayVerdictLine(replay: Replay): string {
  const wanted = replay.trace.violation?.property;
  const shown = shownViolation(replay);
  if (shown === undefined)
    return wanted === undefined
      ? "the trace runs clean: every property holds along it"
      : `the trace now runs clean: ${wanted} and every other property hold along it`;
  if (wanted === undefined) return `no longer clean: ${shown.property} is violated after step ${shown.step}: ${shown.reason}`;
  return replay.reproduces
    ? `reproduced: ${wanted} is violated after step ${shown.step}: ${shown.reason}`
    : `not reproduced: ${wanted} holds along this trace, but ${shown.property} is violated after step ${shown.step}: ${shown.reason}`;
}

export function replayVerdict(replay: Replay, options: TextDiagramOptions = {}): string[] {
  const shown = shownViolation(replay);
  const verdict = replayVerdictLine(replay);
  if (shown === undefined) return ["", verdict];
  const others = replay.violations.filter((v) => v !== shown).map((v) => `${v.property} (after step ${v.step})`);
  const counterexample = { ...shown, length: replay.path.actions.length, path: replay.path };
  return [
    "",
    verdict,
    ...(others.length > 0 ? [`also violated: ${others.join(", ")}`] : []),
    "",
    ...textDiagram(replay.trace.model.spaceTime(replay.trace.scenario, replay.rules, counterexample), options),
  ];
}

function indent(lines: string[]): string[] {
  return lines.map((line) => `  ${line}`);
}

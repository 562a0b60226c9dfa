/**
 * From a real run to the model: a broken snapshot written as a trace that
 * `snaplab replay` runs in the model. The transfers the run made become the
 * scenario's programs and the run's order of events (linearize.ts) the
 * trace's actions, cut down to what the broken snapshot needs: the steps up
 * to the one that completed it, without the other snapshots' initiations and
 * markers, and with only the transfers sent by then.
 */
import { scenarioJson } from "../models/bank/scenario-json.js";
import type { Scenario, Transfer } from "../models/bank/scenario.js";
import { TRACE_FORMAT, TRACE_VERSION, type SavedTrace } from "../trace/saved-trace.js";
import type { RunCheck, SnapshotCheck } from "./check-run.js";
import { linearize } from "./linearize.js";

/** The trace of the first snapshot that completed with a property violated; undefined if there is none. */
export function brokenSnapshotTrace(check: RunCheck): SavedTrace | undefined {
  const broken = check.snapshots.find((s) => s.complete && s.properties.some((p) => !p.holds));
  if (!broken) return undefined;
  const violated = broken.properties.find((p) => !p.holds)!;
  const { scenario, actions } = modelRun(check, broken);
  const rules = check.run.options.rules;
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    scenario: scenarioJson(scenario),
    algorithm: "algorithm" in rules ? rules.algorithm : rules.file,
    fifo: scenario.fifo,
    violation: { property: violated.name, reason: violated.holds ? "" : violated.reason },
    actions,
  };
}

function modelRun(check: RunCheck, snapshot: SnapshotCheck): { scenario: Scenario; actions: string[] } {
  const s = snapshot.id;
  const steps = linearize(check.run.logs);
  let last = steps.length - 1;
  while (last > 0 && !steps[last]!.effects.some((e) => e.e === "close" && e.s === s)) last--;
  const programs: Transfer[][] = check.scenario.processes.map(() => []);
  const actions: string[] = [];
  const channel = (c: number) => check.scenario.channels[c]!.id;
  for (const { process, event } of steps.slice(0, last + 1)) {
    const name = check.scenario.processes[process]!;
    if (event.e === "send") {
      programs[process]!.push({ messageId: event.id, channel: event.c, amount: event.a });
      actions.push(`send ${name}`);
    } else if (event.e === "deliver") actions.push(`deliver ${channel(event.c)} ${event.id}`);
    else if (event.e === "initiate" && event.s === s) actions.push(`initiate ${name}`);
    else if (event.e === "marker-in" && event.s === s) actions.push(`deliver ${channel(event.c)} marker`);
  }
  const initiator = check.scenario.processes.indexOf(snapshot.initiator);
  return { scenario: { ...check.scenario, name: `${check.scenario.name}-live-snapshot-${s}`, programs, initiators: [initiator] }, actions };
}

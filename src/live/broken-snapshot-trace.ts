/**
 * From a real run to the model: a broken snapshot written as a trace that
 * `snaplab replay` runs in the model. The transfers the run made become the
 * scenario's programs and the run's order of events (linearize.ts) the
 * trace's actions: the steps up to the one that completed the snapshot,
 * without the other snapshots' initiations and markers.
 *
 * Then it is cut down, as a delta-debugger would: whole transfers (the send
 * and its delivery) are left out, halves first, then smaller pieces, as long
 * as the model still breaks the same property; the trace ends where it does.
 * Message ids are numbered again as the model numbers them ("A#3" is A's third
 * send), so the kept ones may differ from the run's.
 */
import { formatAction } from "../models/bank/actions.js";
import type { SnapshotAlgorithm } from "../models/bank/algorithms/snapshot-algorithm.js";
import { scenarioJson } from "../models/bank/scenario-json.js";
import type { Scenario, Transfer } from "../models/bank/scenario.js";
import { bankSystem } from "../models/bank/system.js";
import { rulesField, TRACE_FORMAT, TRACE_VERSION, type SavedTrace } from "../trace/saved-trace.js";
import type { PropertyVerdict, RunCheck, SnapshotCheck } from "./check-run.js";
import { linearize } from "./linearize.js";

/** A step of the run as the model would take it; a transfer's send and delivery name it by the run's message id. */
type RunAction =
  | { readonly type: "send"; readonly process: number; readonly transfer: Transfer }
  | { readonly type: "deliver"; readonly channel: number; readonly id: string }
  | { readonly type: "initiate"; readonly process: number }
  | { readonly type: "marker"; readonly channel: number };

const isViolated = (p: PropertyVerdict): p is Extract<PropertyVerdict, { verdict: "violated" }> => p.verdict === "violated";

/** The trace of the first snapshot that completed with a property violated; undefined if there is none. The trace names the rules as the run did: an algorithm, or a learner's file. */
export function brokenSnapshotTrace(check: RunCheck, rules: SnapshotAlgorithm): SavedTrace | undefined {
  const broken = check.snapshots.find((s) => s.complete && s.properties.some(isViolated));
  if (!broken) return undefined;
  const violated = broken.properties.find(isViolated)!;
  const initiator = check.scenario.processes.indexOf(broken.initiator);
  const base: Scenario = { ...check.scenario, name: `${check.scenario.name}-live-snapshot-${broken.id}`, initiators: [initiator] };
  const run = runActions(check, broken);

  // Every transfer of the run, by message id; leaving some out must keep the property broken.
  let kept = run.filter((a) => a.type === "send").map((a) => (a as Extract<RunAction, { type: "send" }>).transfer.messageId);
  let best = modelTrace(base, run, new Set(kept), rules, violated.name);
  for (let size = Math.floor(kept.length / 2); size >= 1; size = Math.floor(size / 2)) {
    for (let start = 0; start < kept.length; ) {
      const candidate = [...kept.slice(0, start), ...kept.slice(start + size)];
      const trace = modelTrace(base, run, new Set(candidate), rules, violated.name);
      if (trace.reason !== undefined) {
        kept = candidate;
        best = trace;
      } else start += size;
    }
  }
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    scenario: scenarioJson(best.scenario),
    ...rulesField(check.run.options.rules),
    fifo: base.fifo,
    violation: { property: violated.name, reason: best.reason ?? violated.reason },
    actions: best.actions,
  };
}

/** The run's steps up to the one that completed snapshot `snapshot`, in the model's terms. */
function runActions(check: RunCheck, snapshot: SnapshotCheck): RunAction[] {
  const s = snapshot.id;
  const steps = linearize(check.run.logs);
  let last = steps.length - 1;
  while (last > 0 && !steps[last]!.effects.some((e) => e.e === "close" && e.s === s)) last--;
  return steps.slice(0, last + 1).flatMap(({ process, event }): RunAction[] => {
    if (event.e === "send") return [{ type: "send", process, transfer: { messageId: event.id, channel: event.c, amount: event.a } }];
    if (event.e === "deliver") return [{ type: "deliver", channel: event.c, id: event.id }];
    if (event.e === "initiate" && event.s === s) return [{ type: "initiate", process }];
    if (event.e === "marker-in" && event.s === s) return [{ type: "marker", channel: event.c }];
    return [];
  });
}

/**
 * The run with only the transfers `kept`, renumbered, replayed in the model
 * until `property` breaks: its scenario, its actions, and the model's reason
 * (undefined if it does not break, or an action is not enabled).
 */
function modelTrace(base: Scenario, run: readonly RunAction[], kept: ReadonlySet<string>, rules: SnapshotAlgorithm, property: string) {
  const programs: Transfer[][] = base.processes.map(() => []);
  const renamed = new Map<string, string>();
  for (const action of run) {
    if (action.type !== "send" || !kept.has(action.transfer.messageId)) continue;
    const program = programs[action.process]!;
    const messageId = `${base.processes[action.process]}#${program.length + 1}`;
    renamed.set(action.transfer.messageId, messageId);
    program.push({ ...action.transfer, messageId });
  }
  const scenario: Scenario = { ...base, programs };
  const names = run.flatMap((action): string[] => {
    const channel = (c: number) => base.channels[c]!.id;
    switch (action.type) {
      case "send":
        return kept.has(action.transfer.messageId) ? [`send ${base.processes[action.process]}`] : [];
      case "deliver":
        return renamed.has(action.id) ? [`deliver ${channel(action.channel)} ${renamed.get(action.id)}`] : [];
      case "initiate":
        return [`initiate ${base.processes[action.process]}`];
      case "marker":
        return [`deliver ${channel(action.channel)} marker`];
    }
  });
  const model = bankSystem(scenario, rules);
  const check = model.properties().find((p) => p.name === property)!;
  let state = model.initStates()[0]!;
  const actions: string[] = [];
  for (const name of names) {
    const action = model.actions(state).find((a) => formatAction(scenario, state, a) === name);
    if (action === undefined) return { scenario, actions: names, reason: undefined };
    state = model.nextState(state, action);
    actions.push(name);
    const reason = check.check(state);
    if (reason !== undefined) return { scenario, actions, reason };
  }
  return { scenario, actions: names, reason: undefined };
}

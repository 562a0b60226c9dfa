/**
 * A dataflow counterexample as a space-time view (src/view/space-time-view.ts):
 * a lane for each source, the operator and the sink; records and barriers
 * (dashed) on the channels; ◆ where each task takes its part of a checkpoint;
 * the failure as a row across every lane, losing what is in flight.
 *
 * The cut is the checkpoint the job restored. Judged against it, a record
 * breaks it when it is
 * - taken inside the checkpoint but sent outside it: it is in the restored
 *   state and comes again after the restart (a ghost receive, as in the bank);
 * - sent inside but not taken inside it, and not stored with it: lost;
 * - taken again after the restart although the restored state has it: a duplicate.
 */
import type { BarrierMode } from "./barrier-modes.js";
import type { Violation } from "../../explore/exploration.js";
import { SpaceTimeDrawing } from "../../view/space-time-drawing.js";
import { endOf, type SpaceTime, type SpaceTimeMessage, type SpaceTimeOffence } from "../../view/space-time-view.js";
import type { DataflowAction } from "./actions.js";
import { describeDataflowStep } from "./describe-dataflow-step.js";
import { TO_SINK, type DataflowScenario } from "./scenario.js";
import { completedCheckpoint, type DataflowState, type Item } from "./dataflow-state.js";

const OPERATOR = 2;
const SINK = 3;
const WORDS = { data: "record", marker: "barrier", records: "its part of a checkpoint", before: "before its part", never: "never took its part" };
const list = (ids: readonly string[]) => `[${ids.join(", ")}]`;

/** Channel c carries source c's records to the operator; channel TO_SINK the operator's to the sink. */
const ends = (channel: number) => (channel === TO_SINK ? { from: OPERATOR, to: SINK } : { from: channel, to: OPERATOR });

export function dataflowSpaceTime(scenario: DataflowScenario, mode: BarrierMode, violation: Violation<DataflowState, DataflowAction>): SpaceTime {
  const { states, actions } = violation.path;
  const lanes = [...scenario.sources, "operator", "sink"];
  const drawing = new SpaceTimeDrawing(3);
  /** parts[n - 1][lane]: the event where the lane took its part of checkpoint n. */
  const parts: number[][] = [];
  let failure: number | undefined;
  const steps = actions.map((action, step) => {
    const [before, after] = [states[step]!, states[step + 1]!];
    const text = describeDataflowStep(scenario, mode, before, action, after);
    const first = drawing.events.length;
    if (action.type === "fail") {
      const lost = drawing.messages.filter((m) => endOf(m) === undefined).map((m) => m.label);
      failure = first;
      drawing.global(step, lost.length ? `${text}; lost in flight: ${lost.join(", ")}` : text);
      sendNew(drawing, lanes, step, after, `(stored with checkpoint ${after.recoveredFrom})`);
      return { actor: undefined, text };
    }
    if (action.type === "take" || action.type === "sink") deliver(drawing, lanes, step, action.type === "take" ? action.input : TO_SINK, before, after);
    takeParts(drawing, lanes, step, before, after, parts);
    sendNew(drawing, lanes, step, after);
    drawing.sayAllInOne(first, text);
    return { actor: action.type === "take" ? OPERATOR : action.type === "sink" ? SINK : action.source, text };
  });

  const last = states[states.length - 1]!;
  // Before any checkpoint is complete (a run stepped by hand), the one under way: the parts taken so far.
  const restored = last.recoveredFrom ?? (completedCheckpoint(last) || parts.length);
  const cut = lanes.map((_, lane) => parts[restored - 1]?.[lane]);
  return drawing.view(violation, {
    lanes,
    setting: `${scenario.name}: dataflow, ${mode.name} barriers, FIFO channels`,
    steps,
    cut,
    offences: failure === undefined ? [] : findDataflowOffences(lanes, drawing.messages, cut, failure, restored),
    words: WORDS,
  });
}

/** A task takes the first item of a channel; what it sends on gets a row of its own. */
function deliver(drawing: SpaceTimeDrawing, lanes: readonly string[], step: number, channel: number, before: DataflowState, after: DataflowState): void {
  const item = before.channels[channel]![0]!;
  const on = channel === TO_SINK ? "" : ` on input ${lanes[channel]}`;
  let words = `${taskName(lanes, ends(channel).to)} takes ${item.kind === "record" ? item.id : `barrier ${item.n}`}${on}`;
  if (item.kind === "record" && channel === TO_SINK) words += `: result ${list(after.sink.result)}`;
  if (item.kind === "record" && channel !== TO_SINK) {
    const storing = before.operator.checkpoints.filter((c) => c.storing[channel]).map((c) => `, stores it as in flight for checkpoint ${c.n}`);
    words += `: counts it ${list(after.operator.counted)}${storing.join("")}`;
  }
  drawing.deliver(step, ends(channel).to, drawing.take(channel, 0), words);
}

/** The tasks that took their part of a checkpoint in this step. */
function takeParts(drawing: SpaceTimeDrawing, lanes: readonly string[], step: number, before: DataflowState, after: DataflowState, parts: number[][]): void {
  const part = (lane: number, n: number, what: string, more = "") => {
    const row = drawing.record(step, lane, `${taskName(lanes, lane)} takes its part of checkpoint ${n}: ${what}${more}`, what);
    (parts[n - 1] ??= [])[lane] = row;
  };
  after.sources.forEach((s, i) => {
    if (s.checkpoints.length > before.sources[i]!.checkpoints.length) part(i, s.barrier, `offset ${s.offset}`);
  });
  const snapshot = after.operator.checkpoints[before.operator.checkpoints.length];
  if (snapshot) {
    const storing = [0, 1].filter((i) => snapshot.storing[i]).map((i) => `, stores what arrives on input ${lanes[i]} until its barrier ${snapshot.n}`);
    part(OPERATOR, snapshot.n, `count ${list(snapshot.counted)}`, storing.join(""));
  }
  const n = after.sink.checkpoints.length;
  if (n > before.sink.checkpoints.length) part(SINK, n, `result ${list(after.sink.result)}`);
}

/**
 * What the step put on the channels: emitted records, injected or forwarded
 * barriers, records sent on; at the restart (`restored` says from where), the
 * stored records going back into their inputs.
 */
function sendNew(drawing: SpaceTimeDrawing, lanes: readonly string[], step: number, after: DataflowState, restored?: string): void {
  after.channels.forEach((queue, c) => {
    const { from, to } = ends(c);
    for (const item of queue.slice(drawing.queued(c))) {
      const label =
        item.kind === "record"
          ? { kind: "data" as const, id: item.id, label: item.id }
          : { kind: "marker" as const, id: undefined, label: `barrier ${item.n}` };
      const text = restored ? `${label.label} goes back into input ${lanes[c]} ${restored}` : sendWords(lanes, from, item);
      drawing.send(step, c, from, to, label, text);
    }
  });
}

function sendWords(lanes: readonly string[], from: number, item: Item): string {
  const who = taskName(lanes, from);
  if (from === OPERATOR) return item.kind === "record" ? `${who} sends ${item.id} on to the sink` : `${who} forwards barrier ${item.n}`;
  return item.kind === "record" ? `${who} emits ${item.id}` : `${who} injects barrier ${item.n}`;
}

function taskName(lanes: readonly string[], lane: number): string {
  return lane >= OPERATOR ? `the ${lanes[lane]}` : lanes[lane]!;
}

function findDataflowOffences(
  lanes: readonly string[],
  messages: readonly SpaceTimeMessage[],
  cut: readonly (number | undefined)[],
  failure: number,
  n: number,
): SpaceTimeOffence[] {
  const inside = (row: number | undefined, lane: number) => row !== undefined && row < (cut[lane] ?? -1);
  const takenInside = (m: SpaceTimeMessage) => m.sent < failure && inside(m.delivered, m.to);
  // Only a record stored with the checkpoint is sent again from before the sources' offsets.
  const storedWithIt = (m: SpaceTimeMessage) => messages.some((r) => r.sent > failure && r.channel === m.channel && r.id === m.id);
  return messages.flatMap((m, message): SpaceTimeOffence[] => {
    if (m.kind !== "data") return [];
    const [a, b] = [taskName(lanes, m.from), taskName(lanes, m.to)];
    if (m.sent > failure) {
      const again = m.delivered !== undefined && messages.some((o) => o.channel === m.channel && o.id === m.id && takenInside(o));
      return again ? [{ message, name: "duplicate", why: `${b} takes it again after the restart, but its part of checkpoint ${n} already has it` }] : [];
    }
    const sentInside = inside(m.sent, m.from);
    if (takenInside(m) && !sentInside) {
      return [
        {
          message,
          name: "ghost receive",
          why: `${b} took it before its part of checkpoint ${n}, but ${a} sent it after its own, so it comes again after the restart`,
        },
      ];
    }
    if (sentInside && !takenInside(m) && !storedWithIt(m)) {
      return [
        {
          message,
          name: "lost",
          why: `${a} sent it before its part of checkpoint ${n}, ${b} did not take it before its own, and the checkpoint did not store it`,
        },
      ];
    }
    return [];
  });
}

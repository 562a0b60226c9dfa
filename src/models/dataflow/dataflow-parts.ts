/**
 * The dataflow's state as a row of parts for the explorer (StateParts), as
 * the bank's is (bank-parts.ts): each source, the operator, the sink, each
 * channel's queue, and the checkpoint the job recovered from. A task's step
 * touches the task and its channels, so most parts of a successor are the
 * parts of the state before it.
 *
 * A step's footprint: a source's emit or inject reads and changes the source
 * and its channel; the operator's take reads and changes the operator, the
 * input it takes from and its channel to the sink (the barrier mode is the
 * same in every state); the sink's step, the sink and its channel. Failing
 * reads the last complete checkpoint, which every task holds a part of, and
 * replaces every part: it touches everything. (Which steps are enabled
 * depends on more, the operator's blocked inputs, the checkpoint completed;
 * that is the model's actions, not its steps.)
 *
 * Parts are stored in four groups: each source with its channel, the
 * operator with its channel to the sink, the sink with the checkpoint
 * recovered from; a state is kept as four numbers.
 *
 * Each part's key is the piece of the state's key it stands for
 * (dataflowStateKey), so two states have the same parts exactly when they
 * have the same key.
 */
import type { StateParts, StepFootprint } from "../../model-contract/state-parts.js";
import type { DataflowAction } from "./actions.js";
import {
  dataflowChannelKey,
  dataflowOperatorKey,
  dataflowSinkKey,
  dataflowSourceKey,
  type DataflowState,
  type Item,
  type OperatorState,
  type SinkState,
  type SourceState,
} from "./dataflow-state.js";
import { TO_SINK } from "./scenario.js";

/** The parts' positions: the two sources, the operator, the sink, the three channels (TO_SINK last), the checkpoint recovered from. */
const OPERATOR = 2;
const SINK = 3;
const channel = (c: number) => 4 + c;
const RECOVERED_FROM = 7;
const COUNT = 8;

// Made once (the explorer finds a step's memo by its footprint object).
const emits = [0, 1].map((s): StepFootprint => ({ key: `emit ${s}`, slots: [s, channel(s)] }));
const injects = [0, 1].map((s): StepFootprint => ({ key: `inject ${s}`, slots: [s, channel(s)] }));
const takes = [0, 1].map((i): StepFootprint => ({ key: `take ${i}`, slots: [OPERATOR, channel(i), channel(TO_SINK)] }));
const sinkStep: StepFootprint = { key: "sink", slots: [SINK, channel(TO_SINK)] };
const fail: StepFootprint = { key: "fail", slots: Array.from({ length: COUNT }, (_, slot) => slot) };

export function dataflowParts(): StateParts<DataflowState, DataflowAction> {
  return {
    count: COUNT,
    groups: [
      [0, channel(0)],
      [1, channel(1)],
      [OPERATOR, channel(TO_SINK)],
      [SINK, RECOVERED_FROM],
    ],
    split: (state) => [...state.sources, state.operator, state.sink, ...state.channels, state.recoveredFrom],
    join: (parts) => ({
      sources: [parts[0] as SourceState, parts[1] as SourceState],
      operator: parts[OPERATOR] as OperatorState,
      sink: parts[SINK] as SinkState,
      channels: parts.slice(channel(0), channel(3)) as (readonly Item[])[],
      recoveredFrom: parts[RECOVERED_FROM] as number | null,
    }),
    key(part, slot) {
      if (slot < OPERATOR) return dataflowSourceKey(part as SourceState);
      if (slot === OPERATOR) return dataflowOperatorKey(part as OperatorState);
      if (slot === SINK) return dataflowSinkKey(part as SinkState);
      if (slot < RECOVERED_FROM) return dataflowChannelKey(part as readonly Item[]);
      return String(part);
    },
    footprint(_state, action) {
      switch (action.type) {
        case "emit":
          return emits[action.source]!;
        case "inject":
          return injects[action.source]!;
        case "take":
          return takes[action.input]!;
        case "sink":
          return sinkStep;
        case "fail":
          return fail;
      }
    },
  };
}

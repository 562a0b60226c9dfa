/**
 * What recovery must give, judged when a run ends: every record a source
 * emits is counted by the operator and reaches the sink exactly once (or, the
 * weaker promise, at least once).
 */
import { atTermination, type Property } from "../../model-contract/property.js";
import type { DataflowScenario } from "./scenario.js";
import type { DataflowState } from "./dataflow-state.js";

export function dataflowProperties(scenario: DataflowScenario): Property<DataflowState>[] {
  const all = scenario.records.flat();
  const wrongCount = (state: DataflowState, ok: (times: number) => boolean): string | undefined => {
    for (const [task, ids] of [
      ["the sink's result", state.sink.result],
      ["the operator's count", state.operator.counted],
    ] as const) {
      for (const id of all) {
        const times = ids.filter((x) => x === id).length;
        if (ok(times)) continue;
        const how = times === 0 ? "is missing from" : times === 2 ? "is twice in" : `is ${times} times in`;
        return `${id} ${how} ${task}: [${ids.join(", ")}]`;
      }
    }
    return undefined;
  };
  return [
    atTermination("exactly-once", "After recovery, every source record is counted by the operator and reaches the sink exactly once.", (state) =>
      wrongCount(state, (times) => times === 1),
    ),
    atTermination("at-least-once", "After recovery, every source record is counted by the operator and reaches the sink at least once.", (state) =>
      wrongCount(state, (times) => times >= 1),
    ),
  ];
}

/**
 * The dataflow's scenario file, one row per key, in the order they are read;
 * the parser reads each with its `read` and refuses any other key.
 */
import { asInteger, asObject, partyNames, SCENARIO_LIMITS, type ScenarioField, modelField, nameField } from "../../scenario/scenario-fields.js";
import { barrierModeNames } from "./barrier-modes.js";
import type { DataflowScenario } from "./scenario.js";

export const dataflowFields: readonly ScenarioField<DataflowScenario>[] = [
  modelField("dataflow"),
  nameField(),
  {
    key: "sources",
    meaning: "exactly two sources (the operator's two inputs), each with the records it emits",
    read: (value, _before, { fail }) => {
      const sources = asObject(value, "sources", fail);
      const names = Object.keys(sources);
      if (names.length !== 2) fail("sources", `must name exactly two sources (the operator has two inputs), got ${names.length}`);
      partyNames(sources, "sources", "sources", fail);
      const counts = names.map((source) => {
        const count = asInteger(sources[source], `sources.${source}`, fail);
        if (count < 0) fail(`sources.${source}`, `must be the number of records it emits, got ${count}`);
        return count;
      });
      const total = counts[0]! + counts[1]!;
      const cap = SCENARIO_LIMITS.programSteps;
      if (total > cap) fail("sources", `at most ${cap.toLocaleString("en-US")} records in all, got ${total.toLocaleString("en-US")}`);
      const records = names.map((source, i) => {
        const count = counts[i]!;
        return Array.from({ length: count }, (_, k) => `${source}#${k + 1}`);
      });
      return { sources: [names[0]!, names[1]!], records: [records[0]!, records[1]!] };
    },
  },
  {
    key: "checkpoints",
    meaning: "how many checkpoints the sources start (a positive integer)",
    read: (value, _before, { fail }) => {
      const checkpoints = asInteger(value, "checkpoints", fail);
      if (checkpoints < 1) fail("checkpoints", `must be a positive integer, got ${checkpoints}`);
      const cap = SCENARIO_LIMITS.programSteps;
      if (checkpoints > cap) fail("checkpoints", `at most ${cap.toLocaleString("en-US")} checkpoints, got ${checkpoints.toLocaleString("en-US")}`);
      return { checkpoints };
    },
  },
  {
    key: "algorithm",
    meaning: "the barrier mode: `aligned`, `at-least-once` or `unaligned`",
    read: (value, _before, { fail }) => {
      if (typeof value !== "string" || !barrierModeNames().includes(value)) fail("algorithm", `must name a barrier mode (${barrierModeNames().join(", ")})`);
      return { algorithm: value as string };
    },
  },
];

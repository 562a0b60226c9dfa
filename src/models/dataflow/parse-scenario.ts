/**
 * Reads a dataflow scenario (`"model": "dataflow"`; format in
 * spec/case-studies/003.md) and checks every field, reporting a mistake as one
 * line naming the file and the field.
 */
import { dataflowFields } from "./fields.js";
import { barrierModeNames } from "./barrier-modes.js";
import { asInteger, asObject, scenarioObject } from "../../scenario/scenario-fields.js";
import type { DataflowScenario } from "./scenario.js";

const KEYS = dataflowFields.map((field) => field.key);

export function parseDataflowScenario(text: string, file = "<scenario>"): DataflowScenario {
  const { raw, fail, name } = scenarioObject(text, file, KEYS);
  if (raw.model !== "dataflow") fail("model", `must be "dataflow"`);

  const sources = asObject(raw.sources, "sources", fail);
  const names = Object.keys(sources);
  if (names.length !== 2) fail("sources", `must name exactly two sources (the operator has two inputs), got ${names.length}`);
  const records = names.map((source) => {
    const count = asInteger(sources[source], `sources.${source}`, fail);
    if (count < 0) fail(`sources.${source}`, `must be the number of records it emits, got ${count}`);
    return Array.from({ length: count }, (_, k) => `${source}#${k + 1}`);
  });

  const checkpoints = asInteger(raw.checkpoints, "checkpoints", fail);
  if (checkpoints < 1) fail("checkpoints", `must be a positive integer, got ${checkpoints}`);

  const algorithm = raw.algorithm;
  if (typeof algorithm !== "string" || !barrierModeNames().includes(algorithm)) {
    fail("algorithm", `must name a barrier mode (${barrierModeNames().join(", ")})`);
  }
  return {
    name,
    sources: [names[0]!, names[1]!],
    records: [records[0]!, records[1]!],
    checkpoints,
    algorithm: algorithm as string,
  };
}

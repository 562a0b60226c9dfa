/**
 * Reads a dataflow scenario (`"model": "dataflow"`; format in
 * spec/case-studies/dataflow-barriers.md) and checks every field, reporting a mistake as one
 * line naming the file and the field.
 */
import { parseFields } from "../../scenario/scenario-fields.js";
import { dataflowFields } from "./fields.js";
import type { DataflowScenario } from "./scenario.js";

export function parseDataflowScenario(text: string, file = "<scenario>"): DataflowScenario {
  return parseFields(text, file, dataflowFields);
}

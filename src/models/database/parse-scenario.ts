/**
 * Reads a database scenario (`"model": "database"`; format in
 * spec/case-studies/distributed-database.md) and checks every field, reporting a mistake as one
 * line naming the file and the field, as the bank's scenarios do.
 */
import { parseFields } from "../../scenario/scenario-fields.js";
import { databaseFields } from "./fields.js";
import type { DatabaseScenario } from "./scenario.js";

export function parseDatabaseScenario(text: string, file = "<scenario>"): DatabaseScenario {
  return parseFields(text, file, databaseFields);
}

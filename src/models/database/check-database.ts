/** Checks a database scenario with the rules it names (or `algorithm`): the one pipeline with the database's model. */
import { check, type CheckOptions } from "../../check/check.js";
import type { Report } from "../../check/report.js";
import { databaseModel } from "./database-model.js";
import type { DatabaseScenario } from "./scenario.js";

export function checkDatabase(scenario: DatabaseScenario, options: CheckOptions = {}): Report {
  return check({ model: databaseModel, scenario }, options);
}

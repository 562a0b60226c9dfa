import { SnaplabError } from "./snaplab-error.js";

/** A scenario file that cannot be used, with the file and the field at fault. */
export class ScenarioError extends SnaplabError {
  constructor(
    readonly file: string,
    readonly field: string,
    problem: string,
  ) {
    super("BAD_SCENARIO", field ? `${file}: ${field}: ${problem}` : `${file}: ${problem}`);
  }
}

import { SnaplabError } from "../errors/snaplab-error.js";

/** A saved trace that cannot be replayed, with the file and the field at fault. */
export class TraceError extends SnaplabError {
  constructor(
    readonly file: string,
    readonly field: string,
    problem: string,
  ) {
    super("BAD_TRACE", field ? `${file}: ${field}: ${problem}` : `${file}: ${problem}`);
  }
}

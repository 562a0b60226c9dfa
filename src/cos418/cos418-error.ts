import { SnaplabError } from "../errors/snaplab-error.js";

/** A COS418 test-data file that cannot be used, naming the file and the line at fault. */
export class Cos418Error extends SnaplabError {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    problem: string,
  ) {
    super("BAD_COS418_FILE", line === undefined ? `${file}: ${problem}` : `${file}:${line}: ${problem}`);
  }
}

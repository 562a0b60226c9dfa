/**
 * Reading a scenario file from disk, apart from the parsers beside it, so that
 * the parsers run where there are no files (the page in the browser).
 */
import { ScenarioError } from "../errors/scenario-error.js";
import { readTextFile } from "../files/read-text-file.js";

/** The text of a scenario file, or an error naming the file (as `named`, where messages name it otherwise than its path). */
export function readScenarioFile(file: string, named = file): string {
  return readTextFile(
    file,
    (reason) => {
      throw new ScenarioError(named, "", `cannot read the scenario (${reason})`);
    },
    "scenario file",
  );
}

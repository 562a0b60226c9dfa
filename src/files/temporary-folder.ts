/**
 * The system's temporary folder (TMPDIR), where sandboxes and live runs make
 * their folders, checked before the work starts: a TMPDIR that names no folder
 * this user can make folders in is the user's to fix, told in one line
 * (it came out as a Node stack trace, or as a fault of the grader's own).
 */
import { mkdtempSync, realpathSync, rmdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";

export function checkTemporaryFolder(): void {
  const folder = tmpdir();
  try {
    // Making a folder there is the only sure test: access() passes root everywhere, /proc included.
    rmdirSync(mkdtempSync(join(realpathSync(folder), "snaplab-check-")));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unwritable";
    throw new SnaplabError("TEMP_FOLDER", `cannot make a folder in the temporary folder ${folder} (${code}): set TMPDIR to a folder you can write to`);
  }
}

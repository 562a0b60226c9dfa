/**
 * The stubs a starter hands out, as snaplab ships them. A checkout's
 * exercises/ is where anyone tries the exercises, an instructor too, and a
 * starter takes its files from there: so `classroom github` checks each file
 * a learner fills in against the stub's SHA-256, and refuses to write a
 * starter that would hand out someone's work. The sums, not git, say what the
 * stub is: a checkout may be a download with no history, or have the work
 * committed.
 */
import { SnaplabError } from "../errors/snaplab-error.js";
import type { Exercise } from "../grade/exercises/exercise.js";
import { checkoutSum } from "../files/checkout-sum.js";
import type { KitFile } from "./kit-files.js";

/** Each stub's sum (checkoutSum: a stub checked out with CRLF on Windows is the same stub), by its path; test/classroom/stubs.test.ts fails, showing the new sum, when a stub is changed and its sum is not. */
export const stubSums: Readonly<Record<string, string>> = {
  "exercises/01-record-and-forward/rules.ts": "5f2148cfe81976927b080d872be789626163f6ee109f8fa43a7d8c1a7d8185cd",
  "exercises/03-completion/completion.ts": "1b46d170ef8cd587a485cffd1295c958630ba15249b3062062de67306b5f9b5b",
  "exercises/04-break-fifo/scenario.json": "14766e065b25534594b5c5b936d371b34b245ff997d228631c6f73cf0a0f89c7",
  "exercises/05-lai-yang/rules.ts": "7bb6b77cce8447d2549f9ec8f8918b408c3edb8c25890fef842cb6ab28b80e4c",
  "exercises/06-concurrent-snapshots/rules.ts": "19965f0b0c353e01513a791945f8f21229dffd173eb71a6ab7485eafd1e74774",
};

/** Refuses, in one line, `files` (what a starter would hand out) when the file of one of `chosen` is missing from them or is not its stub. */
export function checkStubs(chosen: readonly Exercise[], files: readonly KitFile[]): void {
  for (const path of new Set(chosen.map((e) => `exercises/${e.file}`))) {
    const file = files.find((f) => f.path === path);
    if (file && checkoutSum(file.data) === stubSums[path]) continue;
    const problem = file ? "is not snaplab's stub (someone's work in it?)" : "is missing";
    throw new SnaplabError(
      "NOT_A_STUB",
      `${path} ${problem}: classroom github hands out the stubs, so put it back as snaplab's repository has it (e.g. git checkout -- ${path}) and run it again`,
    );
  }
}

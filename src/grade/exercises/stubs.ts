/**
 * The stubs a learner is handed, as snaplab ships them in exercises/, known
 * by their SHA-256 (checkoutSum: a stub checked out with CRLF on Windows is
 * the same stub). An exercise whose file is still its stub has not been
 * started: the grader gives it 0 in one line without running it (grade.ts),
 * and `classroom github` hands out no file that is not one
 * (src/classroom/stubs.ts).
 */
import { checkoutSum } from "../../files/checkout-sum.js";
import type { Exercise } from "./exercise.js";

/** Each stub's sum, by its path in the kit; test/classroom/stubs.test.ts fails, showing the new sum, when a stub is changed and its sum is not. */
export const stubSums: Readonly<Record<string, string>> = {
  "exercises/01-record-and-forward/rules.ts": "5f2148cfe81976927b080d872be789626163f6ee109f8fa43a7d8c1a7d8185cd",
  "exercises/03-completion/completion.ts": "1b46d170ef8cd587a485cffd1295c958630ba15249b3062062de67306b5f9b5b",
  "exercises/04-break-fifo/scenario.json": "14766e065b25534594b5c5b936d371b34b245ff997d228631c6f73cf0a0f89c7",
  "exercises/05-lai-yang/rules.ts": "7bb6b77cce8447d2549f9ec8f8918b408c3edb8c25890fef842cb6ab28b80e4c",
  "exercises/06-concurrent-snapshots/rules.ts": "19965f0b0c353e01513a791945f8f21229dffd173eb71a6ab7485eafd1e74774",
};

/** Whether `data`, the file `exercise` is answered in, is its stub as handed out. */
export const isStub = (exercise: Exercise, data: Uint8Array): boolean => checkoutSum(data) === stubSums[`exercises/${exercise.file}`];

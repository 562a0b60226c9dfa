/**
 * Exercise numbers as typed on a command line (`hint 2`, `grade --only 1,3`), checked against the
 * catalogue, and in a starter against the assignment's exercises (src/package/assignment.ts).
 */
import { SnaplabError } from "../errors/snaplab-error.js";
import { exercises } from "../grade/exercises/catalogue.js";
import { assignedExercises } from "../package/assignment.js";
import { listed } from "../render/count-words.js";

const known = () => {
  const assigned = assignedExercises();
  return assigned ? `this assignment's exercises are ${listed(assigned)}` : `the exercises are ${exercises[0]!.number} to ${exercises.at(-1)!.number}`;
};

/** The number `typed` names, or an error saying what the exercises are; `what` is where it was typed ("hint", "--only"). */
export function exerciseNumber(typed: string, what: string, hint = ""): number {
  const number = /^\d+$/.test(typed.trim()) ? Number(typed) : Number.NaN;
  if (Number.isNaN(number)) throw new SnaplabError("USAGE", `${what} ${typed}: not an exercise number (${known()})${hint}`);
  if (!exercises.some((e) => e.number === number)) throw new SnaplabError("USAGE", `${what} ${typed}: there is no exercise ${number} (${known()})`);
  const assigned = assignedExercises();
  if (assigned && !assigned.includes(number)) {
    throw new SnaplabError("USAGE", `${what} ${typed}: exercise ${number} is not part of this assignment (its exercises are ${listed(assigned)})`);
  }
  return number;
}

/**
 * The words given to `--only`, one per exercise: `--only 1,3`, `--only 1 --only 3` and `--only 1 3`
 * all give 1 and 3. Numbers become numbers; anything else is left for `checkOnly` to refuse.
 */
export function splitOnly(typed: readonly (string | number)[]): (string | number)[] {
  const words = typed.flatMap((value) => String(value).split(",")).filter((word) => word.trim() !== "");
  return [...new Set(words.map((word) => (/^\d+$/.test(word.trim()) ? Number(word) : word)))];
}

/** Refuses a word given to `--only` that is not an exercise: most likely a folder typed after it, so the error says where folders go. */
export function checkOnly(words: readonly (string | number)[]): void {
  if (words.length === 0) throw new SnaplabError("USAGE", `--only: name the exercises to grade, e.g. --only 1,3 (${known()})`);
  for (const word of words) exerciseNumber(String(word), "--only", "; name folders before --only, e.g. snaplab grade exercises --only 1,3");
}

/** What --only is without it: in a starter, the assignment's exercises (as its workflow grades them); elsewhere none, so every exercise. */
export function onlyDefault(): { readonly default?: number[]; readonly defaultDescription?: string } {
  const assigned = assignedExercises();
  return assigned ? { default: [...assigned], defaultDescription: `this assignment's, ${assigned.join(",")}` } : {};
}

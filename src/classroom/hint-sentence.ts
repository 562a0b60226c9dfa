/**
 * The hint's first sentence, as a Gradescope test shows it under a failed
 * check: enough to set a learner on the way, with `snaplab hint N` for the rest.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { findExercise } from "../grade/exercises/catalogue.js";

/** The first sentence of exercise `number`'s HINT.md in `exercisesDir`, or undefined if it has none. */
export function hintSentence(exercisesDir: string, number: number): string | undefined {
  let text: string;
  try {
    text = readFileSync(join(exercisesDir, findExercise(number).slug, "HINT.md"), "utf8");
  } catch {
    return undefined;
  }
  return firstSentence(text);
}

/** The first sentence of a hint's body: its heading skipped, a bullet's dash dropped, wrapped lines joined. */
export function firstSentence(markdown: string): string | undefined {
  const body = markdown.split("\n").filter((line) => !line.startsWith("#"));
  const start = body.findIndex((line) => line.trim() !== "");
  if (start < 0) return undefined;
  const item: string[] = [];
  for (const [n, line] of body.slice(start).entries()) {
    // An item ends at a blank line or where the next bullet starts.
    if (line.trim() === "" || (n > 0 && /^\s*[-*] /.test(line))) break;
    item.push(line.trim().replace(/^[-*] /, ""));
  }
  const joined = item.join(" ");
  // A sentence ends at . ! or ? before a space or the end, but not in "e.g." or "i.e.".
  return /^.*?(?<!\b(?:e\.g|i\.e))[.!?](?=\s|$)/.exec(joined)?.[0] ?? joined;
}

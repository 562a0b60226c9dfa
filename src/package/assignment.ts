/**
 * The exercises of the assignment this snaplab was handed out for: a
 * starter's package.json, which `snaplab classroom github` writes and the
 * starter's check of snaplab's files keeps as it was written, names them
 * (`"snaplab": { "exercises": [1, 3] }`), and grade, list and hint keep to
 * them there, as the workflow does. The kit's own package.json names none:
 * there, every exercise is one.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";
import { packageRoot } from "./package-root.js";

/** The field of package.json that names them. */
export const assignmentField = "snaplab";

let read: { readonly exercises: readonly number[] | undefined } | undefined;

/** The assignment's exercise numbers, or undefined outside a starter. */
export function assignedExercises(): readonly number[] | undefined {
  read ??= { exercises: exercisesIn(join(packageRoot(), "package.json")) };
  return read.exercises;
}

function exercisesIn(file: string): readonly number[] | undefined {
  const field = (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>)[assignmentField];
  if (field === undefined) return undefined;
  const exercises = (field as { exercises?: unknown } | null)?.exercises;
  if (Array.isArray(exercises) && exercises.length > 0 && exercises.every(Number.isInteger)) return exercises;
  throw new SnaplabError("BAD_PACKAGE", `${file}: "${assignmentField}".exercises must list the assignment's exercise numbers, e.g. [1, 3]`);
}

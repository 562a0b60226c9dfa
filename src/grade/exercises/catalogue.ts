/** The exercises, in the order a learner takes them. */
import { SnaplabError } from "../../errors/snaplab-error.js";
import { breakFifoExercise } from "./break-fifo.js";
import { channelRecordingExercise } from "./channel-recording.js";
import { completionExercise } from "./completion.js";
import { concurrentSnapshotsExercise } from "./concurrent-snapshots.js";
import type { Exercise } from "./exercise.js";
import { laiYangExercise } from "./lai-yang.js";
import { recordAndForwardExercise } from "./record-and-forward.js";

export const exercises: readonly Exercise[] = [
  recordAndForwardExercise,
  channelRecordingExercise,
  completionExercise,
  breakFifoExercise,
  laiYangExercise,
  concurrentSnapshotsExercise,
];

/** The exercises `only` names (every exercise without it), in the catalogue's order. */
export function chosenExercises(only?: readonly number[]): readonly Exercise[] {
  return only ? exercises.filter((e) => only.includes(e.number)) : exercises;
}

export const maxPoints = (exercise: Exercise) => exercise.checks.reduce((sum, check) => sum + check.points, 0);

export function findExercise(number: number): Exercise {
  const found = exercises.find((e) => e.number === number);
  if (!found) throw new SnaplabError("UNKNOWN_EXERCISE", `there is no exercise ${number} (exercises are 1 to ${exercises.length})`);
  return found;
}

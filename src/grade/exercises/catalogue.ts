/** The exercises, in the order a learner takes them. */
import { SnaplabError } from "../../errors/snaplab-error.js";
import { breakFifo } from "./break-fifo.js";
import { channelRecording } from "./channel-recording.js";
import { completion } from "./completion.js";
import { concurrentSnapshots } from "./concurrent-snapshots.js";
import type { Exercise } from "./exercise.js";
import { laiYang } from "./lai-yang.js";
import { recordAndForward } from "./record-and-forward.js";

export const exercises: readonly Exercise[] = [recordAndForward, channelRecording, completion, breakFifo, laiYang, concurrentSnapshots];

export const maxPoints = (exercise: Exercise) => exercise.checks.reduce((sum, check) => sum + check.points, 0);

export function findExercise(number: number): Exercise {
  const found = exercises.find((e) => e.number === number);
  if (!found) throw new SnaplabError("UNKNOWN_EXERCISE", `there is no exercise ${number} (exercises are 1 to ${exercises.length})`);
  return found;
}

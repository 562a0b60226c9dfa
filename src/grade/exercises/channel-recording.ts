/**
 * Exercise 2, channel recording: what arrives on a channel after the process
 * recorded and before that channel's marker. Graded on the learner's channel
 * effects, with the reference rules recording the processes and sending the
 * markers, so a mistake in exercise 1 costs nothing here; and on the file
 * as a whole where both halves hold apart (rules-file-halves.ts).
 */
import { exploredWithRules, scenarioChecks } from "./bank-check.js";
import type { RulesExercise } from "./exercise.js";
import { generatedCheck } from "./generated-check.js";
import { gradedChannelHalf } from "./rules-file-halves.js";
import { ring, twoInitiators, twoNode } from "./scenarios.js";

export const channelRecordingExercise: RulesExercise = {
  number: 2,
  slug: "02-channel-recording",
  title: "Channel recording",
  // Exercises 1 and 2 fill in the same rules file.
  file: "01-record-and-forward/rules.ts",
  kind: "rules",
  explore: exploredWithRules,
  checks: [
    ...scenarioChecks([twoNode, ring, twoInitiators], 4, gradedChannelHalf),
    // Exercise 1's drawn scenarios: the file that answers them there has answered every question they ask here.
    generatedCheck(
      {
        shape: { fifo: true, multiSnapshot: false },
        seed: 12,
        count: 110,
        reach: ["hubs", "long channel", "a hundred transfers", "a sender's lookalike", "a gap on one channel"],
        rulesRun: true,
      },
      3,
      gradedChannelHalf,
    ),
  ],
};

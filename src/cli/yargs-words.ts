/**
 * Some of yargs' words, said as snaplab says them: each mistake in one line
 * that names the option (usage-mistakes.ts). Given to yargs' updateStrings,
 * they also keep it in English, as snaplab is, whatever the locale. The
 * bench's command line (bench/bench-arguments.ts) says them the same way.
 */
export const yargsWords = {
  "Did you mean %s?": "unknown command; did you mean %s?",
  "Argument: %s, Given: %s, Choices: %s": "--%s %s: must be one of %s",
  "Arguments %s and %s are mutually exclusive": "--%s and --%s cannot be given together: choose one",
  // A switch given a value (`nargs: 0`), an option none (`requiresArg`): option-values.ts.
  "Argument unexpected for: %s": "--%s is a switch and takes no value",
  "Not enough arguments following: %s": "--%s needs a value",
};

/**
 * Options a command once took, and what to type instead. yargs refuses them
 * as it refuses any option a command does not take (usage-mistakes.ts), and
 * the line says what replaced them: someone following an older guide is told
 * the new spelling, not only that theirs is unknown.
 */
import type { CommandName } from "./command-list.js";

/** By command, each option as yargs names it (without its dashes), and what to type instead. */
const replacedOptions: Partial<Record<CommandName, Readonly<Record<string, string>>>> = {
  hint: { dir: "name the folder after the number instead, e.g. snaplab hint 1 solutions" },
  // --out writes a command's output instead of stdout; cos418's wrote the converted scenario besides its report.
  cos418: { out: "write --save-scenario FILE instead, which saves the converted scenario as --out did" },
};

/** What to type instead of `--option` in `snaplab command` (none given: `snaplab` itself), if the command once took it. */
export function replacement(command: string | undefined, option: string): string | undefined {
  // Own keys only: an option typed as --constructor is unknown, not the object's own constructor.
  const options = command !== undefined && Object.hasOwn(replacedOptions, command) ? replacedOptions[command as CommandName] : undefined;
  return options !== undefined && Object.hasOwn(options, option) ? options[option] : undefined;
}

/**
 * `--format`, the way a command is asked for its report in another form than
 * text for people: `grade --format json|gradescope|junit`, and `explore`,
 * `live` and `check-logs --format json` (or `--json`, below).
 */
import { oneValue } from "./option-values.js";

/** The option's declaration: its `formats`, text (the default) first, and `describe`, what each is. */
export function formatOption<const F extends readonly ["text", ...string[]]>(formats: F, describe: string) {
  return { choices: formats, ...oneValue<F[number]>("format"), default: "text" as const, describe };
}

/** `--format text|json`, as explore, live and check-logs take it. */
export const textOrJson = formatOption(["text", "json"], "text for people; json");

/** The format a command of `textOrJson` was asked for. */
export type TextOrJson = (typeof textOrJson.choices)[number];

/**
 * `--json`: explore, live and check-logs took it before `--format`, and
 * scripts that read their figures pass it still, so it stays, as a shorthand
 * for `--format json` (asJson, the commands' middleware, applies it).
 */
export const jsonShorthand = { type: "boolean", nargs: 0, describe: "the same as --format json" } as const;

export function asJson(argv: { json?: boolean; format?: string }): void {
  if (argv.json) argv.format = "json";
}

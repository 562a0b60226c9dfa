/**
 * A mistake on the command line that yargs finds (an unknown command or
 * option, a value it does not take, an argument missing) as one line, exit
 * 2: yargs' own words, then where to look, the usage of a command that takes
 * arguments and its help. An option the command once took says what replaced
 * it (replaced-options.ts). What a command's own checks say (a coerce, a
 * check that throws, a handler) stands as written.
 */
import type { Argv, CommandModule } from "yargs";
import { SnaplabError } from "../errors/snaplab-error.js";
import { replacement } from "./replaced-options.js";

/** yargs' `fail` for `snaplab <usage>` ("explore <scenario>"; the whole command when there is none). */
export function refuseMistakes(usage?: string): (message: string | null, error: Error | undefined) => never {
  const name = usage
    ?.split(" ")
    .filter((word) => !/^[<[]/.test(word))
    .join(" ");
  const help = name === undefined ? "see snaplab --help" : `see snaplab ${name} --help`;
  // yargs' own complaints (an argument missing, one it does not know) also give the usage, where the command takes arguments.
  const usageAndHelp = name === usage ? help : `usage: snaplab ${usage}; ${help}`;
  return (message, error) => {
    if (error instanceof SnaplabError) throw error;
    // Another Error is our bug, and keeps its stack; yargs passes what a coerce threw, and its parser's complaints, as a YError.
    if (error instanceof Error && error.name !== "YError") throw error;
    if (error instanceof Error) throw new SnaplabError("USAGE", error.message);
    // What a check returned comes as the error too. Several lines (several values it does not take): one.
    const said = (message ?? "").split("\n").map((line) => unknownOptions(line.trim(), name));
    throw new SnaplabError("USAGE", `${said.join(" ")} (${typeof error === "string" ? help : usageAndHelp})`);
  };
}

/**
 * yargs' line naming the options `snaplab <command>` does not take, each once
 * (yargs names one with dashes twice, as typed and camel-cased:
 * "hide-until-due, hideUntilDue"), and one the command once took by what to
 * type instead.
 */
function unknownOptions(line: string, command: string | undefined): string {
  const listed = /^Unknown arguments?: (.*)$/.exec(line);
  if (!listed) return line;
  const names = listed[1]!.split(", ");
  const camelCased = (name: string) => name.replace(/-(.)/g, (_, letter: string) => letter.toUpperCase());
  const kept = names.filter((name) => !names.some((typed) => typed !== name && camelCased(typed) === name));
  const replaced = kept.flatMap((name) => {
    const instead = replacement(command, name);
    return instead === undefined ? [] : [`--${name}: ${instead}`];
  });
  const unknown = kept.filter((name) => replacement(command, name) === undefined);
  return [...(unknown.length === 0 ? [] : [`Unknown argument${unknown.length === 1 ? "" : "s"}: ${unknown.join(", ")}`]), ...replaced].join("; ");
}

/** `command` with its mistakes refused as `refuseMistakes` says, for `snaplab <parent><command>`. */
export function refusingMistakes<T, U>(command: CommandModule<T, U>, parent = ""): CommandModule<T, U> {
  const usage = `${parent}${String(command.command)}`;
  const builder = command.builder as ((yargs: Argv<T>) => Argv<U>) | undefined;
  return { ...command, builder: (yargs: Argv<T>) => (builder ?? ((same) => same as unknown as Argv<U>))(yargs.fail(refuseMistakes(usage))) };
}

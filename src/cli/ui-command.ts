/**
 * `snaplab ui`: the page (src/web/) served on this machine, where a learner
 * steps, explores and replays in the browser; the search runs in the browser
 * too. `--out DIR` writes the same page as a static folder instead, its
 * Content-Security-Policy in a `<meta>` element, since a folder sends no headers.
 * `--rules FILE` offers the learner's own rules on the page as well, run in
 * their browser as `explore --rules` runs them: served to this machine only.
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { commandList } from "./command-list.js";
import { integerOption } from "./integer-option.js";
import { oneValue } from "./option-values.js";
import { SnaplabError } from "../errors/snaplab-error.js";
import { writeNewFolder } from "../files/new-folder.js";
import { checkRulesFile } from "../grade/rules-file.js";
import { builtPage } from "../web/built-page.js";
import { servePage } from "../web/page-server.js";
import { withPolicyInMeta } from "../web/content-security-policy.js";
import { servedRules } from "../web/served-rules.js";

interface UiArgs {
  port: number;
  host: string;
  out?: string;
  rules?: string;
}

/** The addresses that serve this machine alone: the only ones a learner's rules are served on. */
const THIS_MACHINE = ["127.0.0.1", "localhost"];

export const uiCommand: CommandModule<object, UiArgs> = {
  ...commandList.ui,
  builder: (yargs: Argv) =>
    yargs
      .option("port", {
        ...integerOption("port", { least: 0, most: { max: 65535, why: "the highest TCP port" } }),
        default: 0,
        describe: "port to serve on (0: a free one)",
      })
      .option("host", {
        type: "string",
        ...oneValue("host"),
        default: "127.0.0.1",
        describe: "address to serve on (0.0.0.0: every network, e.g. for a classroom)",
      })
      .option("out", { type: "string", ...oneValue("out"), describe: "write the page as a static folder here instead of serving it" })
      .option("rules", {
        type: "string",
        ...oneValue("rules"),
        describe: "offer the snapshot rules this file exports as `rules` on the page too, run in your browser as explore --rules runs them",
      })
      .check((args) => {
        // A classroom's page must not hand one learner's code to the others.
        if (args.rules !== undefined && !THIS_MACHINE.includes(String(args.host)))
          return `--rules serves your rules to this machine only: --host must be ${THIS_MACHINE.join(" or ")}, not ${args.host}`;
        // A static folder is for any host to serve, to anyone: the rules stay with the one who wrote them.
        if (args.rules !== undefined && args.out !== undefined)
          return "--rules and --out go apart: a static folder is served to anyone, your rules only to you";
        return true;
      }) as unknown as Argv<UiArgs>,
  handler: async (args: ArgumentsCamelCase<UiArgs>) => {
    const files = builtPage();
    if (args.out !== undefined) {
      const page = withPolicyInMeta(files);
      writeNewFolder(
        { folder: args.out, option: "--out", what: "the page" },
        [...page].map(([path, data]) => ({ path, data })),
      );
      process.stdout.write(`wrote ${args.out}: ${[...page.keys()].sort().join(", ")}\n`);
      return;
    }
    // A typo is told now; the file is bundled afresh each time the page asks for it.
    if (args.rules !== undefined) checkRulesFile(args.rules);
    const rules = args.rules === undefined ? {} : { rules: servedRules(args.rules) };
    const server = await servePage(files, { host: args.host, port: args.port, ...rules }).catch((error: NodeJS.ErrnoException) => {
      const why =
        error.code === "EADDRINUSE"
          ? `port ${args.port} is in use (--port 0 picks a free one)`
          : `cannot serve on ${args.host}:${args.port} (${error.message})`;
      throw new SnaplabError("USAGE", `ui: ${why}`);
    });
    process.stdout.write(`${server.url}\n`);
    process.stderr.write(`snaplab: serving the page${args.rules === undefined ? "" : ` with your rules (${args.rules})`}; Ctrl-C stops\n`);
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        void server.close().then(resolve);
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    });
  },
};

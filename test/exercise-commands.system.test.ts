// Every command the exercises' READMEs and hints give a learner runs as written, from where the
// README says to run it (the repository's root), in the starter a learner is handed, its stubs begun
// (a line added to each: an untouched stub is only said to be not started, and shows no scenario to
// save): each exits as the table below says, for the reason it gives. A generated scenario a README says to save as
// it.json is saved from what its grade command printed, as the README says. The solutions'
// READMEs run from the kit's root, where solutions/ is.
import { spawnSync } from "node:child_process";
import { appendFileSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { exercises } from "../src/grade/exercises/catalogue.js";
import { runCli } from "./support/cli.js";
import { tempDir } from "./support/temp-dir.js";

const repo = resolve(".");
let starter: string;

beforeAll(async () => {
  starter = join(tempDir("commands"), "starter");
  const written = await runCli("classroom", "github", "--out", starter);
  expect(written.status, written.stderr).toBe(0);
  // Its packages as a learner's `npm ci` installs them (this checkout's: the starter's are among them); snaplab comes built, in dist/.
  symlinkSync(join(repo, "node_modules"), join(starter, "node_modules"));
  for (const file of new Set(exercises.map((e) => e.file))) appendFileSync(join(starter, "exercises", file), "\n");
});

/** What each command a README gives does, run as written on the stubs begun (or the solutions). */
const outcomes: readonly { readonly command: RegExp; readonly status: number; readonly why: string }[] = [
  { command: /^npx snaplab grade --only [1-6]$/, status: 1, why: "a stub fails its own exercise's checks" },
  { command: /^npx snaplab hint [1-6]$/, status: 0, why: "the hint is printed" },
  { command: /^npm run typecheck$/, status: 0, why: "the stubs and api/ have no type errors" },
  { command: /^npx snaplab explore exercises\/04-break-fifo\/scenario\.json --no-fifo$/, status: 0, why: "the stub's scenario keeps every property" },
  { command: /^npx snaplab explore it\.json --rules \S+$/, status: 1, why: "the stub's rules fail on the scenario they failed in the grade" },
  {
    command: /^npx snaplab explore it\.json$/,
    status: 0,
    why: "exercise 3's scenario, run by the reference rules, keeps every property: the grade alone judges the functions",
  },
  { command: /^npx snaplab explore spec\/scenarios\/two-node\.json --no-fifo --rules \S+$/, status: 1, why: "the stub's rules fail on two-node without FIFO" },
  { command: /^npx snaplab grade solutions$/, status: 0, why: "every solution passes" },
  { command: /^npx snaplab explore solutions\/04-break-fifo\/scenario\.json --no-fifo$/, status: 1, why: "the answer loses money without FIFO" },
];

/** What a Markdown file gives as commands: its code spans and code blocks that start as one does (npx, npm, snaplab, node), whitespace as one space. */
function commandsIn(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```\w*\n([\s\S]*?)^```$/gm)].flatMap((m) => m[1]!.split("\n"));
  const spans = [...markdown.replace(/^```\w*\n[\s\S]*?^```$/gm, "").matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  return [...blocks, ...spans].map((text) => text.replace(/\s+/g, " ").trim()).filter((text) => /^(npx|npm|snaplab|node) /.test(text));
}

/** The exercise folders of `folder` (exercises/ also holds the page on generated scenarios), sorted. */
const exerciseFolders = (folder: string) =>
  readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const documentsIn = (folder: string) => exerciseFolders(folder).flatMap((exercise) => ["README.md", "HINT.md"].map((name) => join(folder, exercise, name)));

/**
 * Runs `command` in `cwd` through the shell. npx runs the folder's own bin/snaplab.js, and spends a
 * second or more starting npm to find it: the first npx command of a folder runs as written, the
 * others run that same file directly, with the same arguments.
 */
function run(command: string, cwd: string, npxFound: Set<string>): { status: number | null; output: string } {
  const direct = command.startsWith("npx snaplab ") && npxFound.has(cwd) ? `./bin/snaplab.js ${command.slice("npx snaplab ".length)}` : command;
  const result = spawnSync("sh", ["-c", direct], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  if (command.startsWith("npx snaplab ") && result.status !== 127) npxFound.add(cwd);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const npxFound = new Set<string>();

/**
 * Runs each command of `documents` once in `cwd`, a document's grade first: before `explore it.json`,
 * it saves the scenario its document's grade printed.
 */
function runAll(documents: readonly string[], cwd: string): { command: string; status: number | null; expected: number; why: string }[] {
  const ran = new Map<string, { status: number | null; expected: number; why: string }>();
  let printed = "";
  for (const document of documents) {
    const commands = commandsIn(readFileSync(document, "utf8"));
    for (const command of [...commands.filter((c) => c.startsWith("npx snaplab grade")), ...commands.filter((c) => !c.startsWith("npx snaplab grade"))]) {
      if (ran.has(command) && !command.startsWith("npx snaplab grade")) continue;
      const known = outcomes.find((o) => o.command.test(command));
      if (!known) {
        ran.set(command, { status: null, expected: Number.NaN, why: `${document} gives a command this test does not know` });
        continue;
      }
      if (command.startsWith("npx snaplab explore it.json")) {
        // "save it as it.json in the repository's root": the scenario the README's grade command printed last.
        const scenario = /on this generated scenario \(the smallest that fails\): (\{.*\})$/m.exec(printed)?.[1];
        expect(scenario, `${document}: its grade printed no generated scenario to save`).toBeDefined();
        writeFileSync(join(cwd, "it.json"), scenario!);
      }
      const { status, output } = run(command, cwd, npxFound);
      if (command.startsWith("npx snaplab grade")) printed = output;
      ran.set(command, { status, expected: known.status, why: `${known.why}: ${output.split("\n").slice(0, 3).join(" / ")}` });
    }
  }
  return [...ran].map(([command, outcome]) => ({ command, ...outcome }));
}

describe("the exercises' commands", () => {
  it("should be found: each README's grade and hint, typecheck, and the explores", () => {
    const commands = documentsIn("exercises").flatMap((d) => commandsIn(readFileSync(d, "utf8")));
    for (let n = 1; n <= 6; n++) expect(commands).toContain(`npx snaplab grade --only ${n}`);
    expect(commands.filter((c) => c.startsWith("npx snaplab explore it.json")).length).toBe(5);
  });

  it("should say where they run: the repository's root", () => {
    for (const exercise of exerciseFolders("exercises")) {
      expect(readFileSync(join("exercises", exercise, "README.md"), "utf8"), exercise).toContain("from the repository's root");
    }
  });

  it("should each run as written from the root of the starter a learner is handed, exiting as expected", () => {
    const runs = runAll(documentsIn("exercises"), starter);
    expect(runs.length).toBeGreaterThanOrEqual(15);
    for (const { command, status, expected, why } of runs) expect({ command, status }, why).toEqual({ command, status: expected });
  });

  it("should each run as written from the kit's root in the solutions' READMEs", () => {
    const runs = runAll(documentsIn("solutions"), repo);
    expect(runs.map((r) => r.command).sort()).toEqual([
      "npm run typecheck",
      "npx snaplab explore solutions/04-break-fifo/scenario.json --no-fifo",
      "npx snaplab grade solutions",
    ]);
    for (const { command, status, expected, why } of runs) expect({ command, status }, why).toEqual({ command, status: expected });
  });

  it("should find commands in spans over two lines and in blocks, and nothing else", () => {
    const markdown = "Run `npx snaplab explore\nsolutions/x.json`, not `view.snapshots`.\n\n```sh\nnpm run typecheck\n```\n";
    expect(commandsIn(markdown)).toEqual(["npm run typecheck", "npx snaplab explore solutions/x.json"]);
  });
});

// Every command's --help shows each default one way: in yargs' own [default: ...] tag, never
// inside an option's description, and a required argument shows none.
import { afterEach, describe, expect, it, vi } from "vitest";
import { commandList } from "../../src/cli/command-list.js";
import { runCli } from "../support/cli.js";

/**
 * `snaplab ...words --help`, run through `main` in this process: yargs prints the help with console.log and
 * then exits, which is kept from ending the test's worker.
 */
async function help(...words: string[]): Promise<string> {
  let printed = "";
  vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) => {
    printed += `${parts.join(" ")}\n`;
  });
  vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
  const { status, stderr } = await runCli(...words, "--help");
  expect({ status, stderr }, `snaplab ${words.join(" ")} --help`).toEqual({ status: 0, stderr: "" });
  return printed;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const commands = [...Object.keys(commandList), ...["gradescope", "github", "autograde", "points"].map((name) => `classroom ${name}`)];

describe("--help", () => {
  it.each(commands)("of snaplab %s says no default inside a description", async (command) => {
    const text = await help(...command.split(" "));
    expect(text).toContain("Show help");
    expect(text).not.toMatch(/\(default/);
  });

  it("shows each default in yargs' tag, a length of time as its option takes it, a large number with separators", async () => {
    const lines = async (...words: string[]) => (await help(...words)).replace(/\s+/g, " ");
    const explore = await lines("explore");
    expect(explore).toContain("before memory runs out [number] [default: 30,000,000]");
    expect(explore).toContain("how many walks [number] [default: 1,000]");
    expect(explore).toContain("give up on a walk after this many steps [number] [default: 10,000]");
    const grade = await lines("grade");
    expect(grade).toContain("e.g. 500ms or 3s [string] [default: 3s]");
    expect(grade).toContain("megabytes of heap a submission may use [number] [default: 256]");
    expect(grade).toContain("states a check may explore [number] [default: 200,000]");
    expect(grade).toContain("e.g. 90s or 10min [string] [default: 5min]");
    const live = await lines("live");
    expect(live).toContain("whatever is left, e.g. 500ms or 5min [string] [default: 1min]");
    expect(live).toContain('[choices: "tcp", "reorder"] [default: tcp, or reorder for a scenario with "fifo": false]');
    expect(await lines("node")).toContain("before giving up, e.g. 2min [string] [default: 30s]");
    expect(await lines("classroom", "autograde")).toContain("the autograder's root [string] [default: $SNAPLAB_AUTOGRADER_ROOT, else /autograder]");
  });

  it.each([
    ["explore", ["max-states", "max-memory", "walks", "max-steps", "seed"]],
    ["grade", ["memory-limit", "max-states", "jobs", "seed"]],
    ["live", ["transfers", "rate", "snapshots", "seed"]],
    ["ui", ["port"]],
  ])("of snaplab %s types each whole number as a number, though it is read as typed for a refusal to quote", async (command, options) => {
    const text = await help(command);
    for (const option of options) {
      const from = text.indexOf(`\n  --${option} `);
      expect(from, `--${option}`).toBeGreaterThan(-1);
      expect(/\[(boolean|count|string|array|number)\]/.exec(text.slice(from))?.[0], `--${option}`).toBe("[number]");
    }
  });

  it("shows no default for a required argument", async () => {
    const logs = (await help("check-logs")).split("\n").find((line) => line.trimStart().startsWith("logs "));
    expect(logs).toMatch(/\[array\] \[required\]$/);
  });

  it("leaves random walks' options unset when not given, so that an exhaustive search takes none", async () => {
    // A default yargs filled in for --walks, --seed or --max-steps would be refused here as given without --search random.
    expect((await runCli("explore", "spec/scenarios/two-node.json")).status).toBe(0);
  });
});

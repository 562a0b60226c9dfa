// A newcomer's mistakes, made with the real binary: a mistake of each kind (caught by yargs, by a
// command, by the grader's options) refused as `main` refuses it in this process; options given twice
// to a grade, which grades in a sandbox; and --version and --help, which yargs answers by ending the
// process.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli, snaplab } from "../support/cli.js";
import { oneLine, refusal } from "./one-line.js";

describe("the real binary", () => {
  it("refuses a mistake of each kind in one line, exit 2, as main does in this process", async () => {
    for (const args of [
      ["exlpore", "spec/scenarios/two-node.json"],
      ["explore", "spec"],
      ["grade", "--only", "7"],
      ["hint", "1", "--dir", "solutions"],
    ]) {
      expect(oneLine(snaplab(...args), args)).toBe(await refusal(...args));
    }
  });
});

describe("an option's value given twice", () => {
  it("refuses an option that takes one value given twice, and adds up a list given twice", async () => {
    // yargs handed the command a list: --format json --format text, --out a --out b ended in Node's stack trace.
    expect(await refusal("grade", "solutions", "--only", "4", "--format", "json", "--format", "text")).toBe("snaplab: --format is given twice: give it once\n");
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--svg", "a.svg", "--svg=b.svg")).toBe("snaplab: --svg is given twice: give it once\n");
    const { status, stdout } = await runCli("grade", "solutions", "--only", "1", "--only", "4", "--format", "json");
    expect(status).toBe(0);
    expect((JSON.parse(stdout) as { exercises: { number: number }[] }).exercises.map((e) => e.number)).toEqual([1, 4]);
  });
});

describe("--version and --help", () => {
  it("--version prints package.json's version, exit 0", () => {
    const { version } = JSON.parse(readFileSync("package.json", "utf8"));
    expect(snaplab("--version")).toEqual({ status: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("--help shows examples and the exit statuses", () => {
    const { status, stdout } = snaplab("--help");
    expect(status).toBe(0);
    expect(stdout).toContain("Examples:\n  snaplab explore spec/scenarios/two-node.json ");
    // The one way to ask for JSON, as an example (yargs wraps a long one under itself).
    expect(stdout.slice(stdout.indexOf("Examples:")).replace(/\s+/g, " ")).toContain("two-node.json the report as one JSON object --format json");
    expect(stdout).toMatch(/^ {2}snaplab grade --only 1,2 +grade exercises 1 and 2 of exercises\/$/m);
    // The starter a learner is handed has no solutions/: no help names it.
    for (const command of ["", "grade"]) expect(snaplab(...(command ? [command] : []), "--help").stdout).not.toContain("solutions");
    expect(stdout).toMatch(/Exit status: 0 every property holds .*, 1 a property is violated .*, 2 bad input, or a limit was reached before an\s+answer\.\n$/s);
  });

  it("grade --help and live --help give each length of time's default with its unit", () => {
    const help = (command: string) => snaplab(command, "--help").stdout.replace(/\s+/g, " ");
    expect(help("grade")).toContain("how long a submission may take to answer one call, e.g. 500ms or 3s [string] [default: 3s]");
    expect(help("grade")).toContain("how long the grade of one folder may take in all, e.g. 90s or 10min [string] [default: 5min]");
    expect(help("live")).toContain("--timeout stop the run this long after the start, whatever is left, e.g. 500ms or 5min [string] [default: 1min]");
  });

  it("explore --help names the engines as docs/commands.md does", () => {
    // The readable explorer is the test-only test/support/readable-bfs.ts; --engine generic runs the generic explorer.
    const { status, stdout } = snaplab("explore", "--help");
    expect(status).toBe(0);
    expect(stdout.replace(/\s+/g, " ")).toContain("generic: the generic explorer even where the compact engine applies");
  });
});

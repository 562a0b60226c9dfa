// `npm run bench` writes its tables into docs/performance.md between marker comments: the prose
// around them is written by hand and must survive every run, and every table the bench makes needs
// its place in the guide.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { BenchTables, machineLine, markedSections, PERFORMANCE_GUIDE, replaceSections, writeSections } from "../../bench/doc-tables.js";
import { markdownTable } from "../../bench/markdown-table.js";
import { tempDir } from "../support/temp-dir.js";

const guide = [
  "# Performance",
  "",
  "What the first table measures, in prose.",
  "",
  "<!-- bench:first:begin -->",
  "| old | table |",
  "|-----|-------|",
  "| 1   | 2     |",
  "<!-- bench:first:end -->",
  "",
  "How to read the second.",
  "<!-- bench:second:begin -->",
  "<!-- bench:second:end -->",
  "The end.",
  "",
].join("\n");

const fake = markdownTable(["scenario", "states"], [["two-node", "65"]]);

describe("the bench's writer", () => {
  it("should replace what lies between a section's markers and nothing else", () => {
    const written = replaceSections(guide, { first: fake });
    expect(written).toBe(guide.replace("| old | table |\n|-----|-------|\n| 1   | 2     |", fake));
    expect(written.split("<!-- bench:first:end -->")[1]).toBe(guide.split("<!-- bench:first:end -->")[1]);
  });

  it("should fill an empty section, and give the same file when run again with the same tables", () => {
    const once = replaceSections(guide, { first: fake, second: "a line\n\n" });
    expect(once).toContain("How to read the second.\n<!-- bench:second:begin -->\na line\n<!-- bench:second:end -->\nThe end.\n");
    expect(replaceSections(once, { first: fake, second: "a line" })).toBe(once);
  });

  it("should refuse, naming the markers, a section whose markers are missing, repeated or out of order", () => {
    expect(() => replaceSections(guide, { third: fake }, "guide.md")).toThrow(
      "guide.md: needs <!-- bench:third:begin --> and <!-- bench:third:end --> once each (found 0 and 0)",
    );
    expect(() => replaceSections(guide + guide, { first: fake })).toThrow(/found 2 and 2/);
    const swapped = "<!-- bench:x:end -->\nprose\n<!-- bench:x:begin -->\n";
    expect(() => replaceSections(swapped, { x: fake }, "g.md")).toThrow("g.md: <!-- bench:x:end --> comes before <!-- bench:x:begin -->");
  });

  it("should write the file whole, and leave it untouched when a section has no place in it", () => {
    const file = join(tempDir("bench-doc-tables"), "performance.md");
    writeFileSync(file, guide);
    writeSections(file, { second: fake });
    expect(readFileSync(file, "utf8")).toBe(replaceSections(guide, { second: fake }));
    expect(() => writeSections(file, { first: "new", third: fake })).toThrow(/bench:third:begin/);
    expect(readFileSync(file, "utf8")).toBe(replaceSections(guide, { second: fake }));
  });

  it("should say on what machine, when and how the tables were measured, and how busy the machine was", () => {
    const line = machineLine("each figure the best of 3 runs", new Date("2027-01-02T10:00:00Z"), { start: 0.04, end: 2.25 });
    expect(line).toMatch(
      /^Measured on 2027-01-02: .+, \d+ cores, Node v\d+\.\d+\.\d+, load average 0\.0 at the start and 2\.3 at the end; each figure the best of 3 runs\.$/,
    );
    expect(line).toContain(`Node ${process.version},`);
  });
});

describe("the tables of a run", () => {
  /** Makes tables "first" and "second" in a run of `only` (all when undefined), finished as a quick run (nothing written); what was made, and the sections. */
  async function run(only?: string[]) {
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const tables = new BenchTables("machine", "one run of each command", only);
      const made: string[] = [];
      for (const name of ["first", "second"]) {
        await tables.add(name, `The ${name} table`, () => {
          made.push(name);
          return fake;
        });
      }
      await tables.finish("a test");
      return { made, sections: tables.sections };
    } finally {
      printed.mockRestore();
    }
  }

  it("should make every table, and the machine's line where the guide has it, in a whole run", async () => {
    const { made, sections } = await run();
    expect(made).toEqual(["first", "second"]);
    expect(sections).toEqual({ first: fake, second: fake, machine: expect.stringMatching(/^Measured on .*; one run of each command\.$/) });
  });

  it("should make only the tables asked for, each headed by its own line, and leave the guide's machine line as it is", async () => {
    const { made, sections } = await run(["second"]);
    expect(made).toEqual(["second"]);
    expect(Object.keys(sections)).toEqual(["second"]);
    expect(sections.second).toMatch(/^Measured on .*; one run of each command\.\n\n/);
    expect(sections.second!.endsWith(fake)).toBe(true);
  });
});

describe("the performance guide", () => {
  const text = readFileSync(PERFORMANCE_GUIDE, "utf8");
  const benchFiles = ["bench/run.ts", "bench/live.ts"].map((f) => readFileSync(f, "utf8"));
  // The machine line is named where the tables begin; SPIN's table is added in two places (measured, or
  // skipped where SPIN is missing): one place in the guide.
  const written = [...new Set(benchFiles.flatMap((source) => [...source.matchAll(/(?:tables\.add|new BenchTables)\(\s*"([\w-]+)"/g)].map((m) => m[1]!)))];

  it("should have a place, once, for every table the benches write, and no place they do not fill", () => {
    expect(written.length).toBeGreaterThanOrEqual(12);
    expect(markedSections(text).sort()).toEqual([...written].sort());
    expect(() => replaceSections(text, Object.fromEntries(written.map((name) => [name, fake])), PERFORMANCE_GUIDE)).not.toThrow();
  });
});

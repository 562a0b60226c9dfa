// api/ is what a learner reads instead of the kit's source: one folder of types, each documented,
// with a glossary; the exercise files import from it alone, and nothing a learner reads points to an
// answer. The kit declares these types there once and reads them from there.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const filesIn = (folder: string, ending: string) =>
  readdirSync(folder, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(ending))
    .map((f) => join(folder, f))
    .sort();
const text = (file: string) => readFileSync(file, "utf8");
const api = filesIn("api", ".ts");
const learnersFiles = [...filesIn("exercises", ".ts"), ...filesIn("solutions", ".ts")];

/** Every module specifier a file names: imports, re-exports, dynamic imports. */
const specifiers = (source: string) => [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);

/** The declarations and members of a types file that a reader needs words for, each with the line before it. */
function declarations(source: string): { line: string; before: string }[] {
  const lines = source.split("\n");
  const declaration = /^(export (interface|type) \w+|\s+(readonly \w+\??:|\w+\(.*\): )|\s+\| \{)/;
  const before = (i: number) =>
    lines
      .slice(0, i)
      .filter((l) => l.trim() !== "")
      .at(-1)!
      .trim();
  return lines.flatMap((line, i) => (declaration.test(line) ? [{ line: line.trim(), before: before(i) }] : []));
}

describe("api/, the learners' types", () => {
  it("should be found: seven files of types and their index", () => {
    expect(api.map((f) => f.slice("api/".length))).toEqual([
      "completion.ts",
      "effects.ts",
      "index.ts",
      "messages.ts",
      "names.ts",
      "rules.ts",
      "several-snapshots.ts",
      "view.ts",
    ]);
  });

  it("should import only its own files, so that it can be handed out on its own", () => {
    for (const file of api) for (const specifier of specifiers(text(file))) expect(specifier, file).toMatch(/^\.\/[\w-]+\.js$/);
  });

  it("should say what every type and every field is, for a learner", () => {
    const undocumented = api.flatMap((file) =>
      declarations(text(file))
        .filter(({ before }) => !before.endsWith("*/"))
        .map(({ line }) => `${file}: ${line}`),
    );
    expect(undocumented).toEqual([]);
    // The finder finds: every interface's fields and rules, every effect.
    expect(declarations(text("api/view.ts")).length).toBeGreaterThanOrEqual(12);
    expect(declarations(text("api/effects.ts")).filter(({ line }) => line.startsWith("| {"))).toHaveLength(6);
  });

  it("should re-export every file from index.ts, the one path the exercises import", () => {
    const exported = specifiers(text("api/index.ts"));
    expect(exported).toEqual(api.filter((f) => f !== "api/index.ts").map((f) => `./${f.slice("api/".length).replace(/\.ts$/, ".js")}`));
  });

  it("should have a README with the glossary a learner needs, and the rules' purity", () => {
    const readme = text("api/README.md");
    for (const term of ["pc", "cut", "marker", "in flight", "ghost receive", "recorded state", "well-formed effects"]) {
      expect(readme, term).toMatch(new RegExp(`^- \\*\\*${term}\\*\\*: `, "m"));
    }
    expect(readme).toContain("Rules must be pure");
    // Every file of the folder is in its table.
    for (const file of api.filter((f) => f !== "api/index.ts")) expect(readme).toContain(`| \`${file.slice("api/".length)}\` |`);
  });

  it("should be what src/ reads the rules' types from, as types only", () => {
    const src = filesIn("src", ".ts");
    const importers = src.filter((file) => specifiers(text(file)).some((s) => s.includes("/api/")));
    expect(importers.length).toBeGreaterThanOrEqual(5);
    for (const file of importers) {
      const lines = text(file)
        .split("\n")
        .filter((line) => /["'](\.\.\/)+api\//.test(line));
      for (const line of lines) expect(line, file).toMatch(/^(import|export) type \{/);
    }
  });
});

describe("what a learner reads", () => {
  it("should import its types from api/ alone: the exercises' and the solutions' files", () => {
    expect(learnersFiles.length).toBe(8);
    for (const file of learnersFiles) {
      const imported = specifiers(text(file));
      expect(imported.length, file).toBeGreaterThan(0);
      for (const specifier of imported) expect(specifier, file).toBe("../../api/index.js");
    }
  });

  it("should name no file of the kit's source, where the answers are", () => {
    const read = [...filesIn("exercises", ""), ...filesIn("api", "")].filter((f) => /\.(ts|md|json)$/.test(f));
    const pointing = read.filter((file) => /\bsrc\//.test(text(file)) || /\bsolutions\//.test(text(file)));
    expect(pointing).toEqual([]);
  });

  it("should find no answer pointed to from the kit's source either", () => {
    // The kit's own rules are not learners' reading, but a comment of theirs saying which exercise they answer would be found by search.
    const saying = filesIn("src", ".ts").filter((file) => /what exercise \d|answers? (to )?exercise \d|exercise \d,? answered/i.test(text(file)));
    expect(saying).toEqual([]);
  });
});

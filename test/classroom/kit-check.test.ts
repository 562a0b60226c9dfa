// The check of snaplab's files a starter runs before a grade, on a small starter made by hand: what it
// finds, in order, and what it lets pass (github-starter.system.test.ts runs it built, as the workflow
// and npm test do).
import { appendFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { kitProblems, kitSums } from "../../src/classroom/kit-check.js";
import { textFile } from "../../src/classroom/kit-files.js";
import { tempDir } from "../support/temp-dir.js";

const kit = [
  textFile("package.json", '{\n  "name": "snaplab"\n}\n'),
  textFile("bin/snaplab.js", "#!/usr/bin/env node\nimport '../dist/snaplab.mjs';\n"),
  textFile("dist/snaplab.mjs", "console.log('snaplab');\n"),
  textFile("api/index.ts", "export type Rules = object;\n"),
];

/** The starter `kit` makes, with a student's exercise and README beside snaplab's files. */
function starter(): string {
  const root = tempDir("kit-check");
  for (const file of [...kit, textFile("exercises/01/rules.ts", "// TODO\n"), textFile("README.md", "# Exercises\n")]) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.data);
  }
  return root;
}

describe("the check of snaplab's files", () => {
  it("should find nothing in the starter as written, and take none of the student's files as snaplab's", () => {
    const root = starter();
    expect(Object.keys(kitSums([...kit, textFile("README.md", ""), textFile("exercises/01/rules.ts", "")]))).toEqual(kit.map((f) => f.path));
    writeFileSync(join(root, "exercises/01/rules.ts"), "export const rules = {};\n");
    writeFileSync(join(root, "tsconfig.json"), "{}\n");
    expect(kitProblems(root, kitSums(kit))).toEqual([]);
  });

  it("should take a checkout with CRLF line endings (git's autocrlf on Windows) as the starter, and nothing else changed", () => {
    const root = starter();
    for (const file of kit) writeFileSync(join(root, file.path), readFileSync(join(root, file.path), "utf8").replaceAll("\n", "\r\n"));
    expect(kitProblems(root, kitSums(kit))).toEqual([]);
    writeFileSync(join(root, "dist/snaplab.mjs"), "console.log('snaplab')\r\n");
    expect(kitProblems(root, kitSums(kit))).toEqual(["changed: dist/snaplab.mjs"]);
  });

  it("should name each file changed, missing or not a plain file in the starter's order, then each added, sorted", () => {
    const root = starter();
    writeFileSync(join(root, "package.json"), '{\n  "name": "snaplab",\n  "devDependencies": { "prettier": "^3" }\n}\n');
    rmSync(join(root, "bin/snaplab.js"));
    symlinkSync("../exercises/01/rules.ts", join(root, "bin/snaplab.js"));
    rmSync(join(root, "dist/snaplab.mjs"));
    appendFileSync(join(root, "api/index.ts"), "export type Extra = 1;\n");
    writeFileSync(join(root, "dist/grade.mjs"), "process.exit(0);\n");
    writeFileSync(join(root, ".npmrc"), "node-options=--require ./exercises/x.js\n");
    // A folder linked in is not looked into: it is named as it is.
    symlinkSync("../exercises", join(root, "spec"));
    expect(kitProblems(root, kitSums(kit))).toEqual([
      "changed: package.json",
      "not a plain file: bin/snaplab.js",
      "missing: dist/snaplab.mjs",
      "changed: api/index.ts",
      "added: .npmrc",
      "added: dist/grade.mjs",
      "not a plain file: spec",
    ]);
  });
});

// The documents a reader gets with the repo cite nothing outside it: every link resolves to a file
// in the repo, and no path names the folders the case studies were drawn from.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const repo = resolve(".");
const documents = [
  "README.md",
  ...readdirSync("spec")
    .filter((f) => f.endsWith(".md"))
    .map((f) => join("spec", f)),
  ...readdirSync("spec/case-studies")
    .filter((f) => f.endsWith(".md"))
    .map((f) => join("spec/case-studies", f)),
];

describe("the README, spec/ and the case studies", () => {
  it("should be found: the README, two spec documents and four case studies at least", () => {
    expect(documents).toContain("spec/model.md");
    expect(documents.filter((d) => d.startsWith("spec/case-studies/")).length).toBeGreaterThanOrEqual(4);
  });

  for (const document of documents) {
    it(`${document} should link only to files in the repo`, () => {
      const text = readFileSync(document, "utf8");
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^(https?:|#|mailto:)/.test(t));
      const outside = targets.filter((t) => {
        const path = resolve(dirname(document), t.split("#")[0]!);
        return relative(repo, path).startsWith("..") || !existsSync(path);
      });
      expect(outside).toEqual([]);
    });

    it(`${document} should name no path outside the repo`, () => {
      const text = readFileSync(document, "utf8");
      const upwards = [...text.matchAll(/(?:\.\.\/)+[\w./-]*/g)].map((m) => m[0]);
      const leaving = upwards.filter((p) => relative(repo, resolve(dirname(document), p)).startsWith(".."));
      const seedFolders = [...text.matchAll(/\b(?:shared|seeds)\/[\w./-]*|\bsemantics\.md\b/g)].map((m) => m[0]);
      expect([...leaving, ...seedFolders]).toEqual([]);
    });
  }
});

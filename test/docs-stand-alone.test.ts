// The documents a reader gets with the repo cite nothing outside it: every relative link resolves to a
// file in the repo, every #anchor to a heading of its document (as GitHub makes anchors of headings),
// and no path names the folders the case studies were drawn from.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "./support/temp-dir.js";

const repo = resolve(".");

/** The Markdown files under `folder`, at any depth. */
const markdownUnder = (folder: string) =>
  readdirSync(folder, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".md"))
    .map((f) => join(folder, f))
    .sort();

const documents = ["README.md", ...markdownUnder("docs"), ...markdownUnder("spec"), ...markdownUnder("exercises")];

/** A fenced code block, whose lines are neither headings nor links. */
const FENCED = /^ *(```|~~~)[\s\S]*?^ *\1 *$/gm;

/** The text outside fenced code blocks and inline code: a link or heading written inside them is an example, not a link. */
function prose(text: string): string {
  return text.replace(FENCED, "").replace(/`+[^`\n]*`+/g, (code) => (code.includes("](") ? "" : code));
}

/**
 * The anchors GitHub gives a document's headings: the heading's text as rendered (no code ticks,
 * emphasis or link targets), lower-cased, without punctuation, spaces made hyphens, and a second
 * heading of the same text numbered (`-1`).
 */
function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = text.replace(FENCED, "");
  for (const [, heading] of withoutFences.matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm)) {
    const rendered = heading!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, "")
      .replace(/[`*]/g, "");
    const base = rendered
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    const times = seen.get(base) ?? 0;
    seen.set(base, times + 1);
    anchors.add(times === 0 ? base : `${base}-${times}`);
  }
  return anchors;
}

/** The relative links of a document (images too): what each says, and the file and anchor it names. */
function relativeLinks(document: string): { link: string; file: string; anchor: string | undefined }[] {
  const text = prose(readFileSync(document, "utf8"));
  return [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((link) => {
      const [path, anchor] = link.split("#") as [string, string | undefined];
      return { link, file: path === "" ? document : join(dirname(document), decodeURIComponent(path)), anchor };
    });
}

/** The links of `document` that do not resolve: to no file, to a file outside `root`, or to a heading its target lacks. */
function brokenLinks(document: string, root = repo): string[] {
  return relativeLinks(document)
    .filter(({ file, anchor }) => {
      if (relative(root, resolve(file)).startsWith("..") || !existsSync(file)) return true;
      if (anchor === undefined) return false;
      return !statSync(file).isFile() || !file.endsWith(".md") || !headingAnchors(readFileSync(file, "utf8")).has(anchor);
    })
    .map(({ link }) => link);
}

describe("the README, docs/, spec/ and the exercises", () => {
  it("should be found: the README, the guides, the spec and case studies, and every exercise's README", () => {
    expect(documents).toContain("spec/model.md");
    expect(documents).toContain("docs/commands.md");
    expect(documents.filter((d) => d.startsWith("spec/case-studies/")).length).toBeGreaterThanOrEqual(4);
    expect(documents.filter((d) => /^exercises\/0\d-[\w-]+\/README\.md$/.test(d)).length).toBeGreaterThanOrEqual(6);
  });

  for (const document of documents) {
    it(`${document} should link only to files in the repo, and to headings they have`, () => {
      expect(brokenLinks(document)).toEqual([]);
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

describe("the anchors of headings, as GitHub makes them", () => {
  it("should lower-case the text, drop punctuation and code ticks, make spaces hyphens and number a repeat", () => {
    const text = [
      "# The learner's guide",
      "## `snaplab explore`",
      "### A learner's rules: `--rules`",
      "## Grading *and* the [sandbox](grading.md)",
      "## Options",
      "## Options",
      "```sh",
      "# not a heading",
      "```",
      "#not-a-heading-either",
      "## Unicode: état, 2^53−1 ##",
    ].join("\n");
    expect([...headingAnchors(text)]).toEqual([
      "the-learners-guide",
      "snaplab-explore",
      "a-learners-rules---rules",
      "grading-and-the-sandbox",
      "options",
      "options-1",
      "unicode-état-2531",
    ]);
  });

  it("should tell a link to a missing file, a file outside the folder, or a heading its target lacks", () => {
    const root = tempDir("docs-links");
    const guide = join(root, "guide.md");
    writeFileSync(join(root, "other.md"), "# Other\n\n## A learner's rules: `--rules`\n");
    writeFileSync(join(root, "picture.svg"), "<svg/>");
    writeFileSync(
      guide,
      [
        "# Guide",
        "## Start here",
        "[ok](other.md) [ok](other.md#a-learners-rules---rules) [ok](#start-here) ![ok](picture.svg) [ok](https://example.org/x.md)",
        "[no file](missing.md) [no heading](other.md#a-learners-rules) [no heading here](#start) [outside](../elsewhere.md)",
        "[not a heading of a picture](picture.svg#top)",
        "`[in code](missing-in-code.md)`",
        "```md",
        "[in a block](missing-in-block.md)",
        "```",
      ].join("\n"),
    );
    expect(brokenLinks(guide, root)).toEqual(["missing.md", "other.md#a-learners-rules", "#start", "../elsewhere.md", "picture.svg#top"]);
  });
});

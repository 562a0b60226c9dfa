// `snaplab grade --out FILE`: the file and its folder are checked before any grading, and the
// report replaces the file in one rename, leaving nothing else behind. A FIFO takes a process to
// make: report-file.system.test.ts refuses one.
import { chmodSync, cpSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkReportFile, writeReportFile } from "../../src/cli/report-file.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

let scratch: string;
beforeAll(() => {
  scratch = tempDir("out");
});

describe("the report file", () => {
  it("should write the report, replace an old one whole, and leave no temporary file", () => {
    const dir = join(scratch, "write");
    mkdirSync(dir);
    const file = join(dir, "results.json");
    writeReportFile(file, "first\n");
    writeFileSync(file, "an old report, much longer than the new one\n");
    writeReportFile(file, "second\n");
    expect(readFileSync(file, "utf8")).toBe("second\n");
    expect(readdirSync(dir)).toEqual(["results.json"]);
  });

  it("should say in one line why it cannot write, and leave no temporary file", () => {
    const dir = join(scratch, "blocked");
    mkdirSync(join(dir, "report.xml", "inside"), { recursive: true });
    expect(() => writeReportFile(join(dir, "report.xml"), "x")).toThrow(/^.*report\.xml: cannot write the report \(.+\)$/);
    expect(readdirSync(dir)).toEqual(["report.xml"]);
  });

  it("should accept a new file in an existing folder, and refuse a missing folder or a folder as the file", () => {
    expect(() => checkReportFile(join(scratch, "new.json"))).not.toThrow();
    expect(() => checkReportFile(join(scratch, "no", "such", "r.json"))).toThrow(
      `${join(scratch, "no", "such", "r.json")}: cannot write the report, there is no folder ${join(scratch, "no", "such")}`,
    );
    expect(() => checkReportFile(scratch)).toThrow(`${scratch}: cannot write the report, it is a folder (--out names a file)`);
  });

  it("should refuse a symbolic link, to a file or to nothing, and leave it and its target as they were", () => {
    const dir = join(scratch, "links");
    mkdirSync(dir);
    writeFileSync(join(dir, "target.json"), "kept\n");
    symlinkSync(join(dir, "target.json"), join(dir, "link.json"));
    symlinkSync(join(dir, "nothing.json"), join(dir, "dangling.json"));
    for (const name of ["link.json", "dangling.json"]) {
      const link = join(dir, name);
      expect(() => checkReportFile(link, "--csv", "the scores")).toThrow(
        `${link}: cannot write the scores, it is a symbolic link (--csv names a regular file or a new one)`,
      );
    }
    expect(readlinkSync(join(dir, "link.json"))).toBe(join(dir, "target.json"));
    expect(readFileSync(join(dir, "target.json"), "utf8")).toBe("kept\n");
  });

  it("should not replace a symbolic link put there after the check, and leave no temporary file", () => {
    const dir = join(scratch, "link-later");
    mkdirSync(dir);
    const file = join(dir, "report.json");
    checkReportFile(file);
    writeFileSync(join(dir, "target.json"), "kept\n");
    symlinkSync("target.json", file);
    expect(() => writeReportFile(file, "new\n")).toThrow(`${file}: cannot write the report (it is a symbolic link)`);
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, "target.json"), "utf8")).toBe("kept\n");
    expect(readdirSync(dir).sort()).toEqual(["report.json", "target.json"]);
  });

  // access() lets root write anywhere: report-file.system.test.ts runs the command as another user there.
  it.skipIf(process.getuid?.() === 0)("should refuse a folder it may not write in, and a file it may not replace (skipped as root)", () => {
    const dir = join(scratch, "read-only");
    mkdirSync(dir);
    writeFileSync(join(dir, "old.json"), "kept\n");
    chmodSync(join(dir, "old.json"), 0o444);
    expect(() => checkReportFile(join(dir, "old.json"))).toThrow(
      `${join(dir, "old.json")}: cannot write the report, no permission to replace it (--out needs a file you can write)`,
    );
    chmodSync(dir, 0o555);
    try {
      expect(() => checkReportFile(join(dir, "new.json"))).toThrow(
        `${join(dir, "new.json")}: cannot write the report, no permission to write in the folder ${dir} (--out needs one you can write in)`,
      );
    } finally {
      // So that the temporary folders can be removed.
      chmodSync(dir, 0o755);
    }
  });
});

describe("snaplab grade --out", () => {
  it("should stop with one line and exit 2 before grading when the folder is missing or --out is a folder", async () => {
    for (const out of [join(scratch, "missing", "r.json"), scratch]) {
      // Exercise 4 alone: were grading to start, its report would be written or printed.
      const result = await runCli("grade", "solutions", "--only", "4", "--out", out);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(/^snaplab: .*: cannot write the report, [^\n]*\n$/);
    }
  });

  it("should name --csv and the scores where the CSV cannot be written", async () => {
    const result = await runCli("grade", "solutions", "--only", "4", "--csv", scratch);
    expect(result).toMatchObject({ status: 2, stdout: "" });
    expect(result.stderr).toBe(`snaplab: ${scratch}: cannot write the scores, it is a folder (--csv names a file)\n`);
  });

  it("should refuse --out and --csv naming one file, however each is spelled", async () => {
    const dir = join(scratch, "same");
    mkdirSync(join(dir, "sub"), { recursive: true });
    symlinkSync(dir, join(scratch, "same-link"));
    const out = join(dir, "r.txt");
    for (const csv of [out, join(dir, "sub", "..", "r.txt"), join(scratch, "same-link", "r.txt")]) {
      const result = await runCli("grade", "solutions", "--only", "4", "--out", out, "--csv", csv);
      expect(result).toMatchObject({ status: 2, stdout: "" });
      expect(result.stderr).toBe(`snaplab: ${csv}: cannot write the scores, --out ${out} and --csv name the same file (give each a file of its own)\n`);
    }
    expect(readdirSync(dir)).toEqual(["sub"]);
  });

  it("should refuse a file inside a folder being graded, however it is spelled, and leave the student's file as it was", async () => {
    const dir = join(scratch, "class");
    cpSync("solutions/04-break-fifo", join(dir, "A", "04-break-fifo"), { recursive: true });
    mkdirSync(join(dir, "B"));
    symlinkSync(join(dir, "A"), join(scratch, "A-link"));
    const student = join(dir, "A", "04-break-fifo", "scenario.json");
    const before = readFileSync(student, "utf8");
    for (const [flag, file, what] of [
      ["--out", student, "the report"],
      ["--csv", join(scratch, "A-link", "scores.csv"), "the scores"],
    ] as const) {
      const result = await runCli("grade", join(dir, "B"), join(dir, "A"), "--only", "4", flag, file);
      expect(result).toMatchObject({ status: 2, stdout: "" });
      expect(result.stderr).toBe(
        `snaplab: ${file}: cannot write ${what}, it is inside ${join(dir, "A")}, a folder being graded (${flag} names a file outside the folders graded)\n`,
      );
    }
    expect(readFileSync(student, "utf8")).toBe(before);
    expect(readdirSync(join(dir, "A"))).toEqual(["04-break-fifo"]);
  });

  it("should write the report to the file, and nothing to stdout", async () => {
    const out = join(scratch, "graded.json");
    const result = await runCli("grade", "solutions", "--only", "4", "--format", "json", "--out", out);
    expect(result).toMatchObject({ status: 0, stdout: "" });
    expect(JSON.parse(readFileSync(out, "utf8"))).toMatchObject({ folder: "solutions", points: 12, max: 12 });
  });
});

// The small parts of the classroom commands, checked against hand-made cases: where a Gradescope
// upload's exercises are, a class's CSV of scores, and a hint's first sentence.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstSentence } from "../../src/classroom/hint-sentence.js";
import { scoresCsv } from "../../src/classroom/scores-csv.js";
import { exercisesFolder } from "../../src/classroom/submission-layout.js";
import { exercises } from "../../src/grade/exercises/catalogue.js";
import type { SubmissionReport } from "../../src/grade/result.js";
import { tempDir } from "../support/temp-dir.js";

function upload(folders: string[], files: string[] = []): string {
  const dir = tempDir("upload");
  for (const folder of folders) mkdirSync(join(dir, folder), { recursive: true });
  for (const file of files) writeFileSync(join(dir, file), "");
  return dir;
}

describe("where the exercises are in an upload", () => {
  it("should take the shallowest folder holding an exercise folder, exercises/ before solutions/ at the same depth", () => {
    const top = upload(["01-record-and-forward", "deep/exercises/04-break-fifo"]);
    expect(exercisesFolder(top, exercises)).toEqual({ folder: top });
    const repo = upload(["snaplab-main/solutions/01-record-and-forward", "snaplab-main/exercises/04-break-fifo"]);
    expect(exercisesFolder(repo, exercises)).toEqual({ folder: join(repo, "snaplab-main/exercises") });
  });

  it("should take the folder of the file an exercise is graded on: exercise 2's, in exercise 1's folder", () => {
    const two = exercises.filter((e) => e.number === 2);
    const top = upload(["01-record-and-forward"]);
    expect(exercisesFolder(top, two)).toEqual({ folder: top });
    const repo = upload(["snaplab-main/exercises/01-record-and-forward"]);
    expect(exercisesFolder(repo, two)).toEqual({ folder: join(repo, "snaplab-main/exercises") });
  });

  it("should say what it found when no exercise folder is within three folders, naming each file to upload once", () => {
    const far = upload(["a/b/c/d/01-record-and-forward", "notes"], ["README.md"]);
    expect(exercisesFolder(far, exercises)).toEqual({
      problem: `No exercise folder was found in the submission (it has README.md, a, notes). Upload the exercise folders as they are in exercises/ (01-record-and-forward/rules.ts, 03-completion/completion.ts, 04-break-fifo/scenario.json, 05-lai-yang/rules.ts, 06-concurrent-snapshots/rules.ts), or the exercises/ folder itself, or your whole repository.`,
    });
  });
});

/** The cells of `csv` as a spreadsheet reads them with `separator` (RFC 4180: quotes around a cell, "" for a quote in it). */
function cellsOf(csv: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  for (let i = 0, quoted = false; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (csv[i + 1] === '"') cell += csv[i++];
      else quoted = false;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && csv[i + 1] === "\n") {
      rows.push([...row, cell]);
      [row, cell, i] = [[], "", i + 1];
    } else cell += c;
  }
  return rows;
}

describe("the CSV of scores", () => {
  const report = (folder: string, points: number[]): SubmissionReport => ({
    folder,
    points: points.reduce((a, b) => a + b, 0),
    maxPoints: 27,
    elapsedMs: 0,
    exercises: points.map((p, i) => ({ number: [1, 4][i]!, slug: "", title: "", file: "", points: p, maxPoints: 0, passed: false, checks: [], elapsedMs: 0 })),
  });

  it("should name rows by folder, quote what CSV needs quoted, and keep a formula from running", () => {
    expect(scoresCsv([report("class/alice/", [15, 12]), report('class/o"neil, jr', [0, 12]), report("class/=1+1", [0, 0])])).toBe(
      ["submission,exercise 1,exercise 4,points,max points", "alice,15,12,27,27", '"o""neil, jr",0,12,12,27', "'=1+1,0,0,0,27", ""].join("\r\n"),
    );
    const names = ["a;=1+1", " =1+1", "\t=1", "＝1+1", "@SUM(A1)", "-2+3", '=HYPERLINK("x";"y")'];
    expect(
      scoresCsv(names.map((name) => report(name, [0, 0])))
        .split("\r\n")
        .slice(1, -1),
    ).toEqual([
      '"a;=1+1",0,0,0,27',
      "' =1+1,0,0,0,27",
      '"\'\t=1",0,0,0,27',
      "'＝1+1,0,0,0,27",
      "'@SUM(A1),0,0,0,27",
      "'-2+3,0,0,0,27",
      '"\'=HYPERLINK(""x"";""y"")",0,0,0,27',
    ]);
  });

  it("should name a repository's exercises/ by the repository, where the path names one", () => {
    const names = ["clones/snaplab-alice/exercises/", "C:\\clones\\snaplab-bob\\exercises", "exercises", "./exercises", "../exercises"];
    expect(
      scoresCsv(names.map((name) => report(name, [0, 0])))
        .split("\r\n")
        .slice(1, -1)
        .map((row) => row.split(",")[0]),
    ).toEqual(["snaplab-alice", "snaplab-bob", "exercises", "exercises", "exercises"]);
  });

  it("should give every name back whole to a spreadsheet reading commas, and start no cell with a formula in one reading semicolons", () => {
    const dangerous = fc.constantFrom("=", "+", "-", "@", "＝", ";", ",", '"', "'", "\t", "\r", "\n", " ", "a", "1");
    fc.assert(
      fc.property(fc.string({ unit: dangerous, maxLength: 12 }), (name) => {
        const csv = scoresCsv([report(name, [15, 12])]);
        const [header, row, end] = cellsOf(csv, ",");
        expect([header!.length, row, end]).toEqual([5, [/^\s*[=+\-@＝]|^[\t\r\n]/.test(name) ? `'${name}` : name, "15", "12", "27", "27"], undefined]);
        for (const cell of cellsOf(csv, ";").flat()) expect(cell).not.toMatch(/^\s*[=+\-@＝]|^[\t\r\n]/);
      }),
    );
  });
});

describe("a hint's first sentence", () => {
  it("should skip the heading, drop the bullet, join wrapped lines and stop at the first full stop", () => {
    expect(firstSentence("# Hint\n\n- Send a marker on `view.outgoing`, e.g.\n  each one. Then record.\n- Other.\n")).toBe(
      "Send a marker on `view.outgoing`, e.g. each one.",
    );
    expect(firstSentence("# Hint\n\nNo full stop here\n\nNext paragraph.")).toBe("No full stop here");
    expect(firstSentence("# Hint only\n")).toBeUndefined();
  });
});

// The small parts of the classroom commands, checked against hand-made cases: where a Gradescope
// upload's exercises are, a class's CSV of scores, and a hint's first sentence.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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

  it("should say what it found when no exercise folder is within three folders, naming each file to upload once", () => {
    const far = upload(["a/b/c/d/01-record-and-forward", "notes"], ["README.md"]);
    expect(exercisesFolder(far, exercises)).toEqual({
      problem: `No exercise folder was found in the submission (it has README.md, a, notes). Upload the exercise folders as they are in exercises/ (01-record-and-forward/rules.ts, 03-completion/completion.ts, 04-break-fifo/scenario.json, 05-lai-yang/rules.ts, 06-concurrent-snapshots/rules.ts), or the exercises/ folder itself, or your whole repository.`,
    });
  });
});

describe("the CSV of scores", () => {
  const report = (directory: string, points: number[]): SubmissionReport => ({
    directory,
    points: points.reduce((a, b) => a + b, 0),
    maxPoints: 27,
    elapsedMs: 0,
    exercises: points.map((p, i) => ({ number: [1, 4][i]!, slug: "", title: "", file: "", points: p, maxPoints: 0, passed: false, checks: [], elapsedMs: 0 })),
  });

  it("should name rows by folder, quote what CSV needs quoted, and keep a formula from running", () => {
    expect(scoresCsv([report("class/alice/", [15, 12]), report('class/o"neil, jr', [0, 12]), report("class/=1+1", [0, 0])])).toBe(
      ["submission,exercise 1,exercise 4,points,max points", "alice,15,12,27,27", '"o""neil, jr",0,12,12,27', "'=1+1,0,0,0,27", ""].join("\r\n"),
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

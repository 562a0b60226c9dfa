// The grade, list and hint commands: options parsed and reports chosen without grading,
// and the list and hint texts from their inputs.
import { describe, expect, it, vi } from "vitest";
import { formatReports, gradeCommand, gradeOptions, type GradeArgs } from "../../src/cli/grade-command.js";
import { hintText } from "../../src/cli/hint-command.js";
import { listText } from "../../src/cli/list-command.js";
import type { ExerciseResult, SubmissionReport } from "../../src/grade/result.js";
import { childArguments } from "../../src/classroom/parallel-grading.js";
import { runCli } from "../support/cli.js";

/** Parses a `snaplab grade` command line as the real command does (runCli, main's parser), without grading anything: the arguments, or the refusal's line. */
async function parseGrade(argv: string[]): Promise<GradeArgs | string> {
  let parsed: GradeArgs | undefined;
  const handler = vi.spyOn(gradeCommand, "handler").mockImplementation(async (args) => void (parsed = args as unknown as GradeArgs));
  try {
    const { status, stderr } = await runCli(...argv);
    return status === 2 ? stderr : parsed!;
  } finally {
    handler.mockRestore();
  }
}

describe("snaplab grade's options", () => {
  it("should default to grading exercises/ as text", async () => {
    expect(await parseGrade(["grade"])).toMatchObject({ folders: ["exercises"], format: "text", watch: false });
  });

  it("should take several folders, a format, exercises and limits", async () => {
    const args = (await parseGrade(["grade", "a", "b", "--format", "junit", "--only", "1", "3", "--time-limit", "500ms", "--max-states", "1000"])) as GradeArgs;
    expect(args).toMatchObject({ folders: ["a", "b"], format: "junit", only: [1, 3] });
    expect(gradeOptions(args)).toEqual({ filesNamedByPath: true, only: [1, 3], timeLimitMs: 500, maxStates: 1000 });
  });

  it("should refuse a bad limit, an unknown format, and Gradescope for several folders", async () => {
    expect(await parseGrade(["grade", "--memory-limit", "-1"])).toBe("snaplab: --memory-limit -1: must be an integer of at least 1 (MB)\n");
    expect(await parseGrade(["grade", "--format", "xml"])).toBe(
      'snaplab: Invalid values: --format "xml": must be one of "text", "json", "gradescope", "junit" (usage: snaplab grade [folders..]; see snaplab grade --help)\n',
    );
    expect(await parseGrade(["grade", "a", "b", "--format", "gradescope"])).toBe(
      "snaplab: --format gradescope grades one folder at a time (see snaplab grade --help)\n",
    );
  });

  it("should take each length of time with its unit, in milliseconds for the grader", async () => {
    expect(gradeOptions((await parseGrade(["grade", "--time-limit", "2.5s", "--grade-time-limit", "10min"])) as GradeArgs)).toEqual({
      filesNamedByPath: true,
      timeLimitMs: 2500,
      gradeTimeLimitMs: 600_000,
    });
    expect(gradeOptions((await parseGrade(["grade", "--time-limit", "300ms", "--grade-time-limit", "90s"])) as GradeArgs)).toEqual({
      filesNamedByPath: true,
      timeLimitMs: 300,
      gradeTimeLimitMs: 90_000,
    });
  });

  it("should refuse a length of time without its unit, or out of its bounds, in one line naming the option", async () => {
    expect(await parseGrade(["grade", "--time-limit", "3000"])).toBe("snaplab: --time-limit 3000: give a unit, as in 3000ms or 3000s\n");
    expect(await parseGrade(["grade", "--grade-time-limit", "600000"])).toBe("snaplab: --grade-time-limit 600000: give a unit, as in 600000ms or 600000s\n");
    expect(await parseGrade(["grade", "--time-limit", "0s"])).toBe("snaplab: --time-limit 0s: must be at least 1ms\n");
    // At least a second, as when it was counted in seconds.
    expect(await parseGrade(["grade", "--grade-time-limit", "999ms"])).toBe("snaplab: --grade-time-limit 999ms: must be at least 1s\n");
    expect(await parseGrade(["grade", "--grade-time-limit", "1e400s"])).toBe(
      "snaplab: --grade-time-limit 1e400s: write a length of time with its unit, as in 300ms, 2.5s or 5min\n",
    );
  });

  it("should pass the limits on to each grader process of --jobs in the same form, which it reads back", async () => {
    const options = { filesNamedByPath: true, only: [4], timeLimitMs: 2500, gradeTimeLimitMs: 90_500, memoryLimitMb: 128 };
    const [, ...argv] = childArguments("alice", options);
    expect(argv).toEqual(["grade", "alice", "--as-data", "--only", "4", "--time-limit", "2500ms", "--memory-limit", "128", "--grade-time-limit", "90500ms"]);
    expect(gradeOptions((await parseGrade(argv)) as GradeArgs)).toEqual(options);
  });

  it("should render the chosen format", () => {
    const empty: SubmissionReport = { folder: "d", points: 0, maxPoints: 0, exercises: [], elapsedMs: 0 };
    expect(formatReports("json", [empty])).toBe(JSON.stringify({ folder: "d", points: 0, max: 0, elapsedMs: 0, exercises: [], failures: [] }, null, 2) + "\n");
    expect(JSON.parse(formatReports("gradescope", [empty]))).toMatchObject({ score: 0, tests: [] });
    expect(formatReports("junit", [empty])).toContain(`<testsuites name="snaplab grade" tests="0"`);
    expect(formatReports("text", [empty])).toContain("Points: 0/0");
  });
});

describe("snaplab list and hint", () => {
  it("should list each exercise with its file, points and status", () => {
    const result = (number: number, points: number, file: string): ExerciseResult => ({
      number,
      slug: "",
      title: `exercise ${number}`,
      file,
      points,
      maxPoints: 10,
      passed: points === 10,
      checks: [],
      elapsedMs: 0,
    });
    const text = listText("exercises", [
      result(1, 10, "01-record-and-forward/rules.ts"),
      result(2, 5, "01-record-and-forward/rules.ts"),
      result(3, 0, "03-completion/completion.ts"),
      result(4, 0, "no/such/file.json"),
      // There, no TODO left in it, and no points.
      result(5, 0, "../package.json"),
    ]);
    expect(text.split("\n").slice(0, 6)).toEqual([
      "#  exercise    file                            points  status",
      "1  exercise 1  01-record-and-forward/rules.ts  10/10   done",
      "2  exercise 2  01-record-and-forward/rules.ts  5/10    in progress",
      "3  exercise 3  03-completion/completion.ts     0/10    to do",
      "4  exercise 4  no/such/file.json               0/10    no file",
      "5  exercise 5  ../package.json                 0/10    failing",
    ]);
  });

  it("should print an exercise's hint, and say when there is none", () => {
    expect(hintText("exercises", 2)).toMatch(/^# Hint for exercise 2/);
    expect(() => hintText("nowhere", 2)).toThrow("nowhere/02-channel-recording/HINT.md: no such file");
    expect(() => hintText("exercises", 9)).toThrow("there is no exercise 9 (exercises are 1 to 6)");
  });
});

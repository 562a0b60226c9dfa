// An instructor's seed (`classroom gradescope --seed S`): the bundle grades on scenarios and
// inputs drawn from S, which learners never see: not in the starter repository, not in what a
// result shows before the due date (a counterexample shows its scenario, a fault names it).
// Local grading says whose seed it draws from. Graded in this process through the sandbox, as
// run_autograder's command does.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { autograderZip } from "../../src/classroom/gradescope-autograder.js";
import { starterFiles } from "../../src/classroom/github-starter.js";
import { runCli } from "../support/cli.js";
import { sandboxScratch } from "../grade/sandbox/support.js";
import { resultsMistakes } from "./gradescope-results.js";
import { zipEntries } from "./zip-entries.js";

let scratch: string;
let root: string;
beforeAll(() => {
  const folders = sandboxScratch("instructor-seed");
  process.env.TMPDIR = folders.sandboxes;
  scratch = folders.scratch;
  root = join(scratch, "autograder");
});

interface Results {
  score: number;
  output: string;
  tests: { name: string; score: number; max_score: number; status: string; output: string; visibility: string }[];
}

const completion = readFileSync("solutions/03-completion/completion.ts", "utf8");
// Right on every fixed scenario, where every balance starts at 100; wrong wherever one does not.
const HUNDRED_EACH = completion.replace("return { processes, channels, total };", "return { processes, channels, total: 100 * parts.length };");
// Breaks the rules' contract on a process with three incoming channels: no fixed scenario has one.
const THROWS_ON_THREE = completion.replace(
  "export function isPartDone(view: ProcessView): boolean {",
  'export function isPartDone(view: ProcessView): boolean {\n  if (view.incoming.length >= 3) throw new Error("three channels in");',
);

async function autograde(file: string, ...options: string[]): Promise<Results> {
  rmSync(join(root, "submission"), { recursive: true, force: true });
  const at = join(root, "submission", "03-completion", "completion.ts");
  mkdirSync(dirname(at), { recursive: true });
  writeFileSync(at, file);
  const run = await runCli("classroom", "autograde", "--root", root, "--only", "3", ...options);
  expect(run.status, run.stderr).toBe(0);
  const results = JSON.parse(readFileSync(join(root, "results", "results.json"), "utf8")) as Results;
  expect(resultsMistakes(results as never)).toEqual([]);
  return results;
}

const GENERATED = "3. Completion: generated scenarios (97)";
const DIRECT = "3. Completion: direct calls (100 views, 140 sets of parts)";
// What a learner could recognise a scenario or an input by: a scenario file, a counterexample, a drawn input.
const revealing = /\{|shortest counterexample|on this generated scenario|on (this|these) drawn/;

describe("an instructor's seed in the Gradescope bundle", () => {
  it("should grade on what the seed draws, showing before the due date only that a check failed, and what it failed on after it", async () => {
    const results = await autograde(HUNDRED_EACH, "--seed", "2026");
    expect(results.score).toBe(8);
    expect(results.tests.map((t) => [t.name, t.score, t.max_score, t.status, t.visibility])).toEqual([
      ["3. Completion: two-node", 4, 4, "passed", "visible"],
      ["3. Completion: three-node", 4, 4, "passed", "visible"],
      [GENERATED, 0, 1, "failed", "visible"],
      [`${GENERATED}: what it failed on`, 0, 0, "failed", "after_due_date"],
      [DIRECT, 0, 1, "failed", "visible"],
      [`${DIRECT}: what it failed on`, 0, 0, "failed", "after_due_date"],
    ]);
    const visible = results.tests.filter((t) => t.visibility === "visible");
    for (const test of visible) expect(test.output).not.toMatch(revealing);
    for (const test of [visible[2]!, visible[3]!]) {
      expect(test.output.split("\n")[0]).toBe(
        "failed on what your instructor's seed drew (assembled-snapshot is violated): which, and why, is shown after the due date",
      );
    }
    const [scenario, input] = results.tests.filter((t) => t.visibility === "after_due_date");
    expect(scenario!.output).toMatch(
      /^assembled-snapshot is violated: the assembled snapshot's total is .*\non this generated scenario \(the smallest that fails\): \{"name":"generated #\d+, shrunk"/,
    );
    expect(input!.output).toMatch(/^assembled-snapshot is violated: .*\non these drawn parts \(the smallest that fails\): \[.*\]$/);
    expect(results.output).toBe("Points: 8/10\nWhat 2 failed checks met on your instructor's scenarios is shown after the due date.");

    // The kit's seed grades on other scenarios: the same mistake, shown on another one.
    const kit = await autograde(HUNDRED_EACH);
    expect(kit.tests[2]!.output).toMatch(/\non this generated scenario/);
    expect(kit.tests[2]!.output).not.toBe(scenario!.output);
  });

  it("should show the checks that draw only after the due date, whole, with --hide-until-due", async () => {
    const results = await autograde(HUNDRED_EACH, "--seed", "2026", "--hide-until-due");
    expect(results.tests.map((t) => [t.name, t.status, t.visibility])).toEqual([
      ["3. Completion: two-node", "passed", "visible"],
      ["3. Completion: three-node", "passed", "visible"],
      [GENERATED, "failed", "after_due_date"],
      [DIRECT, "failed", "after_due_date"],
    ]);
    expect(results.tests[2]!.output).toMatch(/on this generated scenario \(the smallest that fails\)/);
    // The points before the due date leave out the checks shown after it.
    expect(results.output).toBe("Points shown now: 8/8\n2 checks on generated scenarios and inputs (2 points) shown after the due date.");
  });

  it("should tell a fault met on the seed's scenarios after the due date, under the check that met it, and only that there was one before it", async () => {
    const results = await autograde(THROWS_ON_THREE, "--seed", "2026");
    expect(results.score).toBe(0);
    const [first, , met, hidden] = results.tests;
    expect(first!.output).toBe(`not run: the exercise failed as a whole (see "generated scenarios (97)")`);
    expect(met!.output).toBe("the exercise failed as a whole (throws) on what your instructor's seed drew: which, and why, is shown after the due date");
    expect(hidden).toMatchObject({ name: `${GENERATED}: what it failed on`, visibility: "after_due_date", score: 0, max_score: 0 });
    expect(hidden!.output).toContain("threw three channels in");
    for (const test of results.tests.filter((t) => t.visibility === "visible")) expect(test.output).not.toMatch(/three channels in|\{/);
  });

  it("should keep a fault met on a check shown after the due date for then, with --hide-until-due and the kit's seed", async () => {
    const results = await autograde(THROWS_ON_THREE, "--hide-until-due");
    const visible = results.tests.filter((t) => t.visibility === "visible");
    expect(visible.map((t) => t.output)).toEqual([
      `not run: the exercise failed as a whole (throws) on "generated scenarios (97)", which is shown after the due date`,
      `not run: the exercise failed as a whole (throws) on "generated scenarios (97)", which is shown after the due date`,
    ]);
    const met = results.tests.find((t) => t.name === GENERATED);
    expect(met).toMatchObject({ visibility: "after_due_date", score: 0 });
    expect(met!.output).toContain("threw three channels in");
    expect(met!.output).toMatch(/\non this generated scenario \(the smallest that fails\): \{"name":"generated #\d+, shrunk"/);
  });

  it("should answer exercise 2 (the file exercise 1 answers) in a child of its own, which never saw exercise 1's scenarios", async () => {
    // Right rules that keep the name of every process they are asked about, and throw how many once a channel has
    // recorded twelve messages: only exercise 2's hundred transfers do, past exercise 1's last scenario (its hubs record
    // eleven at most).
    const rules = readFileSync("solutions/01-record-and-forward/rules.ts", "utf8").replace(
      "export const rules: SnapshotAlgorithm",
      "const given: SnapshotAlgorithm",
    );
    const keeping = `${rules}
const seen = new Set<string>();
const kept = (view: ProcessView) => {
  seen.add(view.process);
  if (Object.values(view.recordings).some((r) => r.status !== "idle" && r.messages.length >= 12)) throw new Error(\`names seen: \${seen.size}\`);
};
export const rules: SnapshotAlgorithm = {
  name: "keeping",
  initiate: (view) => (kept(view), given.initiate(view)),
  onMarker: (view, channel, marker) => (kept(view), given.onMarker(view, channel, marker)),
  onMessage: (view, channel, message) => (kept(view), given.onMessage(view, channel, message)),
};
`;
    rmSync(join(root, "submission"), { recursive: true, force: true });
    const at = join(root, "submission", "01-record-and-forward", "rules.ts");
    mkdirSync(dirname(at), { recursive: true });
    writeFileSync(at, keeping);
    const run = await runCli("classroom", "autograde", "--root", root, "--only", "1,2", "--seed", "2026");
    expect(run.status, run.stderr).toBe(0);
    const results = JSON.parse(readFileSync(join(root, "results", "results.json"), "utf8")) as Results;
    expect(results.score).toBe(15);
    // Its child was asked about the long channel's two processes, the hundred's two, and P0 and P1, the hundred's with
    // its names made plain, where the throw is shown: none of exercise 1's many.
    const [hidden] = results.tests.filter((t) => t.visibility === "after_due_date");
    expect(hidden).toMatchObject({ name: "2. Channel recording: generated scenarios (122): what it failed on" });
    expect(hidden!.output).toMatch(/threw names seen: 6 /);
  });

  it("should be written into run_autograder only, which learners never see", async () => {
    const entries = zipEntries(autograderZip({ only: [3], hideUntilDue: false, seed: 2026 }));
    const script = new TextDecoder().decode(entries.find((e) => e.name === "run_autograder")!.data);
    expect(script).toMatch(/classroom autograde --root "\$root" --only 3 --seed 2026\n/);
    const kit = zipEntries(autograderZip({ only: [3], hideUntilDue: false }));
    expect(new TextDecoder().decode(kit.find((e) => e.name === "run_autograder")!.data)).not.toContain("--seed");
    // Every other file of the bundle is the kit's, byte for byte.
    const besides = (zip: typeof entries) => zip.filter((e) => e.name !== "run_autograder").map((e) => [e.name, Buffer.from(e.data).toString("base64")]);
    expect(besides(entries)).toEqual(besides(kit));
    const workflow = (await starterFiles([3])).find((f) => f.path === ".github/workflows/classroom.yml")!;
    expect(Buffer.from(workflow.data).toString("utf8")).not.toContain("--seed");
  });

  it("should refuse a seed that is not one, in one line", async () => {
    for (const typed of ["abc", "-3", "1.5", "2147483648"]) {
      const run = await runCli("classroom", "gradescope", "--out", join(scratch, "x.zip"), "--seed", typed);
      expect([run.status, run.stderr]).toEqual([2, `snaplab: --seed ${typed}: a seed is a whole number from 0 to 2,147,483,647\n`]);
    }
    const twice = await runCli("classroom", "autograde", "--root", root, "--seed", "1", "--seed", "2");
    expect([twice.status, twice.stderr]).toEqual([2, "snaplab: --seed is given twice: give it once\n"]);
  });
});

describe("local grading", () => {
  it("should say that it draws from the kit's seed, or from the one given, where an exercise graded draws", async () => {
    const kit = await runCli("grade", "solutions", "--only", "3");
    expect(kit.stdout).toContain(
      "\nGenerated scenarios drawn from the kit's seed: the same for everyone, on every run (an instructor's autograder may draw others).\nPoints: 10/10",
    );
    const given = await runCli("grade", "solutions", "--only", "3", "--seed", "2026", "--format", "json");
    expect(JSON.parse(given.stdout)).toMatchObject({ points: 10, seed: 2026 });
    // Exercise 4 draws nothing: nothing to say; nor does an exercise whose file does not build.
    expect((await runCli("grade", "solutions", "--only", "4")).stdout).not.toContain("seed");
    const broken = join(root, "broken");
    mkdirSync(join(broken, "03-completion"), { recursive: true });
    writeFileSync(join(broken, "03-completion", "completion.ts"), "export function isPartDone(\n");
    const unbuilt = await runCli("grade", broken, "--only", "3");
    expect(unbuilt.stdout).toContain("does not build");
    expect(unbuilt.stdout).not.toContain("Generated scenarios drawn");
  });
});

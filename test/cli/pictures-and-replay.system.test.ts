import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../support/temp-dir.js";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { scenarioFile } from "../support/counterexamples.js";
import { type CliResult, runCli, withoutProgress } from "../support/cli.js";

const cli = fileURLToPath(new URL("../../bin/snaplab.js", import.meta.url));
let dir: string;
beforeAll(() => {
  dir = tempDir("pictures");
});

// Every command runs in `dir`, so that the files it names are short: the real binary where a person
// sees the process (the first run, and --step, which reads Enter from stdin), `main` in this process
// (moved into `dir` and back) for the rest.
function snaplab(args: string[], input = ""): CliResult {
  const run = spawnSync(process.execPath, [cli, ...args], { cwd: dir, input, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function inDir(...args: string[]): Promise<CliResult> {
  const before = process.cwd();
  process.chdir(dir);
  try {
    return await runCli(...args);
  } finally {
    process.chdir(before);
  }
}

describe("snaplab explore with pictures and saved traces", () => {
  let run: ReturnType<typeof snaplab>;
  beforeAll(() => {
    run = snaplab(["explore", scenarioFile("two-node"), "--no-fifo", "--svg", "d.svg", "--mermaid", "m.md", "--shiviz", "s.log", "--save-trace", "t.json"]);
  });

  it("should write each file per counterexample, named after its property, and say so on stderr", () => {
    expect(run.status).toBe(1);
    const properties = ["no-ghost-receive", "channel-state", "conservation", "reachable"];
    const expected = ["d", "m", "s", "t"].flatMap((base, i) => properties.map((p) => `${base}.${p}.${["svg", "md", "log", "json"][i]}`));
    expect(run.stderr.trim().split("\n")).toEqual(expected.map((f) => `wrote ${f}`));
    for (const file of expected) expect(existsSync(join(dir, file)), file).toBe(true);
    expect(readFileSync(join(dir, "d.conservation.svg"), "utf8")).toMatch(/^<\?xml[^]*<\/svg>\n$/);
    expect(readFileSync(join(dir, "m.conservation.md"), "utf8")).toMatch(/^sequenceDiagram\n/);
  });

  it("should print the diagram under each counterexample, without colour when stdout is not a terminal", () => {
    expect(run.stdout).toContain("  2   ●━━━━━━━━┓ ╎  ║   P0 sends P0#1 (10) to P1   ✗ ghost receive\n");
    expect(run.stdout).not.toContain("\x1b");
  });

  it("should use the name given when there is one counterexample", async () => {
    const one = await inDir("explore", scenarioFile("disconnected"), "--save-trace", "one.json");
    expect(withoutProgress(one.stderr)).toBe("wrote one.json\n");
    expect(JSON.parse(readFileSync(join(dir, "one.json"), "utf8")).violation.property).toBe("termination");
  });

  it("should refuse a file it cannot write, in one line", async () => {
    const bad = await inDir("explore", scenarioFile("disconnected"), "--svg", "no/such/dir/d.svg");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe("snaplab: no/such/dir/d.svg: cannot write the picture, there is no folder no/such/dir\n");
    // A folder that is there but refuses the file: before the search, or, as root, whom access() lets write anywhere, when the file is written.
    const refused = await inDir("explore", scenarioFile("disconnected"), "--svg", "/proc/d.svg");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(
      /^snaplab: \/proc\/d\.svg: cannot write the picture(, no permission to write in the folder \/proc \(--svg needs one you can write in\)| \(.*\))\n$/,
    );
  });
});

describe("snaplab replay", () => {
  beforeAll(async () => {
    if (!existsSync(join(dir, "t.conservation.json"))) await inDir("explore", scenarioFile("two-node"), "--no-fifo", "--save-trace", "t.json");
  });

  it("should print every state and exit 1 when the violation reproduces", async () => {
    const run = await inDir("replay", "t.conservation.json");
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^replaying t\.conservation\.json: two-node, chandy-lamport, non-FIFO channels, 4 steps\n/);
    expect(run.stdout.match(/^step \d+: /gm)).toHaveLength(4);
    expect(run.stdout).toContain("  P0->P1  in flight [P0#1 (10), marker]  not recording\n");
    expect(run.stdout).toContain("reproduced: conservation is violated after step 4: recorded 190 (balances 190 + in channels 0), expected 200\n");
    expect(run.stdout).toContain("✗ P0#1 (10), lost money");
  });

  it("should wait for Enter before each step with --step", () => {
    const run = snaplab(["replay", "t.conservation.json", "--step"], "\n\n\n\n");
    expect(run.status).toBe(1);
    expect(run.stderr).toBe("(Enter for step 1)(Enter for step 2)(Enter for step 3)(Enter for step 4)");
    expect(run.stdout).toContain("reproduced: conservation");
  });

  it("should exit 0 when the trace now runs clean", async () => {
    const trace = JSON.parse(readFileSync(join(dir, "t.conservation.json"), "utf8"));
    trace.fifo = true;
    trace.actions = ["initiate P0", "deliver P0->P1 marker", "deliver P1->P0 marker"];
    writeFileSync(join(dir, "clean.json"), JSON.stringify(trace));
    const run = await inDir("replay", "clean.json");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("the trace now runs clean: conservation and every other property hold along it\n");
  });

  it("should exit 2 with one line naming the file for a truncated or tampered trace", async () => {
    const text = readFileSync(join(dir, "t.conservation.json"), "utf8");
    writeFileSync(join(dir, "cut.json"), text.slice(0, 300));
    writeFileSync(join(dir, "edited.json"), text.replace('"deliver P0->P1 marker"', '"deliver P0->P1 P0#2"'));
    const cut = await inDir("replay", "cut.json");
    expect(cut.status).toBe(2);
    expect(cut.stdout).toBe("");
    expect(cut.stderr).toMatch(/^snaplab: cut\.json: not valid JSON at line \d+, column \d+: the text ends before the JSON does \(cut short\?\)\n$/);
    const edited = await inDir("replay", "edited.json");
    expect(edited.status).toBe(2);
    expect(edited.stderr).toBe(
      'snaplab: edited.json: actions[2]: "deliver P0->P1 P0#2" is not enabled after step 2 (enabled: send P1, deliver P0->P1 P0#1, deliver P0->P1 marker)\n',
    );
  });
});

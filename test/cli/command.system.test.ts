// bin/snaplab.js runs the CLI that `npm install` built into dist/ (scripts/build.mjs): started as a
// program of its own by `#!/usr/bin/env node`, it builds nothing, writes nothing and tunes nothing as
// it starts.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { commandList } from "../../src/cli/command-list.js";
import { nobody } from "../../src/grade/sandbox/isolation.js";
import { sandboxScratch } from "../grade/sandbox/support.js";
import { runCli, snaplab } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

describe("the command", () => {
  it("should say yargs' words in English, as it says its own, whatever the locale", () => {
    const run = spawnSync(process.execPath, ["bin/snaplab.js", "hint"], { encoding: "utf8", env: { ...process.env, LANG: "de_DE.UTF-8", LC_ALL: "" } });
    expect(run.status).toBe(2);
    // yargs has German words for it: "Nicht genügend Nicht-Options-Argumente".
    expect(run.stderr).toBe(
      "snaplab: Not enough non-option arguments: got 0, need at least 1 (usage: snaplab hint <number> [folder]; see snaplab hint --help)\n",
    );
  });

  it("should say yargs' words in English from the sources too, where yargs finds its translations", async () => {
    const saved = { LANG: process.env.LANG, LC_ALL: process.env.LC_ALL };
    process.env.LANG = "de_DE.UTF-8";
    delete process.env.LC_ALL;
    try {
      expect((await runCli("hint")).stderr).toMatch(/^snaplab: Not enough non-option arguments: got 0, need at least 1 /);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it("should run as a program of its own, started by node as it is, for a grade as for any command", () => {
    expect(readFileSync("bin/snaplab.js", "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
    // A `node` first on the PATH that notes how it was started, then is node.
    const folder = tempDir("node-on-path");
    const noted = join(folder, "started.txt");
    writeFileSync(join(folder, "node"), `#!/bin/sh\necho "$@" >> "${noted}"\nexec "${process.execPath}" "$@"\n`, { mode: 0o755 });
    const run = (...args: string[]) =>
      spawnSync(resolve("bin/snaplab.js"), args, { encoding: "utf8", env: { ...process.env, PATH: `${folder}:${process.env.PATH}` } });
    expect(run("--version").stdout).toBe(`${JSON.parse(readFileSync("package.json", "utf8")).version}\n`);
    const graded = run("grade", "solutions", "--only", "4");
    expect([graded.status, graded.stdout]).toEqual([0, expect.stringContaining("Points: 12/12")]);
    expect(run("nonsense").status).toBe(2);
    // Once each, without V8 flags: it once started a grade again as `node --v8-pool-size=1`.
    const bin = resolve("bin/snaplab.js");
    expect(readFileSync(noted, "utf8")).toBe(`${bin} --version\n${bin} grade solutions --only 4\n${bin} nonsense\n`);
  });

  it("should give stack traces in src/ lines under --enable-source-maps", () => {
    // A fault no command expects: stdout throws as the report is printed.
    const planted = `data:text/javascript,const write = process.stdout.write.bind(process.stdout); process.stdout.write = (text, ...rest) => { if (String(text).includes("transitions")) throw new Error("planted"); return write(text, ...rest); }`;
    const run = spawnSync(process.execPath, ["--enable-source-maps", "--import", planted, "bin/snaplab.js", "explore", "spec/scenarios/two-node.json"], {
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Error: planted\n[\s\S]*\n {4}at \S+ \(\S+\/src\/cli\/explore-command\.ts:\d+:\d+\)\n/);
  });
});

describe("the command's start", () => {
  it("should load no command's code for --version and --help: a command's module is loaded when it is typed", () => {
    // A build holding dist/snaplab.mjs and only the chunks it imports as it starts (their static imports, followed).
    const checkout = checkoutIn(tempDir("started"), { built: false });
    const wanted = ["snaplab.mjs"];
    for (const file of wanted) {
      mkdirSync(dirname(join(checkout, "dist", file)), { recursive: true });
      copyFileSync(join("dist", file), join(checkout, "dist", file));
      const code = readFileSync(join("dist", file), "utf8");
      for (const [, imported] of code.matchAll(/^(?:import .*|\}) from "(\.[^"]+)";$/gm)) {
        const path = join(dirname(file), imported!);
        if (!wanted.includes(path)) wanted.push(path);
      }
    }
    const run = (...args: string[]) => spawnSync(process.execPath, [join(checkout, "bin", "snaplab.js"), ...args], { encoding: "utf8" });
    expect(run("--version")).toMatchObject({ status: 0, stdout: "0.1.0\n", stderr: "" });
    expect(run("--help")).toMatchObject({ status: 0, stdout: snaplab("--help").stdout, stderr: "" });
    // Each command needs chunks of its own, which this build lacks: even its help (its options) is not there.
    for (const command of Object.keys(commandList)) expect(run(command, "--help").stderr, command).toContain("ERR_MODULE_NOT_FOUND");
  });
});

/** A checkout of this repository in `folder`: its bin and package.json copied, its src, node_modules and (unless told not to) dist linked. */
function checkoutIn(folder: string, { built = true } = {}): string {
  mkdirSync(join(folder, "bin"), { recursive: true });
  copyFileSync("bin/snaplab.js", join(folder, "bin", "snaplab.js"));
  copyFileSync("package.json", join(folder, "package.json"));
  for (const linked of ["src", "node_modules", ...(built ? ["dist"] : [])]) symlinkSync(resolve(linked), join(folder, linked));
  return folder;
}

// A checkout installed by another user (root, on a lab's machine), which the learner cannot write in.
describe("a checkout the user cannot write in", () => {
  const root = process.getuid?.() === 0;
  it.skipIf(!root)("should run every command as its owner does: nothing is written there (skipped unless root)", () => {
    const { scratch } = sandboxScratch("installed");
    const checkout = checkoutIn(join(scratch, "checkout"));
    chmodSync(checkout, 0o755);
    chmodSync(join(checkout, "bin"), 0o755);
    const learnerTmp = join(scratch, "learner-tmp");
    mkdirSync(learnerTmp, { mode: 0o777 });
    chmodSync(learnerTmp, 0o777);
    const asLearner = (...args: string[]) =>
      spawnSync("setpriv", [`--reuid=${nobody}`, `--regid=${nobody}`, "--clear-groups", process.execPath, join(checkout, "bin", "snaplab.js"), ...args], {
        encoding: "utf8",
        env: { ...process.env, TMPDIR: learnerTmp },
      });
    // Before its owner ever ran it: the CLI's bundle, then a live run's node bundle, were built on first use and could not be (it said so).
    const explored = asLearner("explore", resolve("spec/scenarios/two-node.json"));
    expect([explored.status, explored.stderr]).toEqual([0, ""]);
    const live = asLearner("live", resolve("spec/scenarios/bank.json"), "--transfers", "20", "--snapshots", "1");
    expect([live.status, live.stderr]).toEqual([0, ""]);
    expect(live.stdout).toMatch(/\nevery property holds in the one snapshot\n$/);
  });
});

describe("a clone run before npm install", () => {
  it("should say to install (which builds it), in one line, exit 2 (it would be Node's ERR_MODULE_NOT_FOUND and a stack trace)", () => {
    const clone = checkoutIn(tempDir("uninstalled"), { built: false });
    const run = spawnSync(process.execPath, [join(clone, "bin", "snaplab.js"), "--version"], { encoding: "utf8" });
    expect([run.status, run.stdout, run.stderr]).toEqual([2, "", `snaplab: it is not built yet: run npm install (or npm run build) in ${clone}\n`]);
  });
});

describe("an older Node than package.json's engines", () => {
  it("should say which Node snaplab needs, in one line, exit 2, before anything else", () => {
    // Node 18 as far as snaplab can tell: process.versions.node is what it reads.
    const older = join(tempDir("older-node"), "node-18.cjs");
    writeFileSync(older, 'Object.defineProperty(process.versions, "node", { value: "18.19.0" });\n');
    const run = spawnSync(process.execPath, ["-r", older, "bin/snaplab.js", "--version"], { encoding: "utf8" });
    expect([run.status, run.stdout, run.stderr]).toEqual([2, "", "snaplab: needs Node 20.19 or later, and this is Node 18.19.0\n"]);
  });
});

// bin/snaplab.js runs the CLI from one bundle it builds and caches in node_modules/.cache/snaplab/:
// the packages go into it too, the sandboxes' broker is built beside it, and V8's code cache of it
// is kept beside it.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { brokerSource } from "../../src/grade/sandbox/bundle.js";
import { nobody } from "../../src/grade/sandbox/isolation.js";
import { sandboxScratch } from "../grade/sandbox/support.js";
import { cliBundleOf, removeCliBundle, snaplab } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

describe("the CLI's bundle", () => {
  it("should have the broker built beside it, the same code the grader bundles from source", () => {
    expect(snaplab("--version").status).toBe(0);
    expect(readFileSync(cliBundleOf(resolve(".")).replace(/\.cjs$/, ".broker.cjs"), "utf8")).toBe(brokerSource());
  });

  it("should say yargs' words in English, as it says its own, whatever the locale", () => {
    const run = spawnSync(process.execPath, ["bin/snaplab.js", "hint"], { encoding: "utf8", env: { ...process.env, LANG: "de_DE.UTF-8", LC_ALL: "" } });
    expect(run.status).toBe(2);
    // Said in snaplab's words only because yargs said it in English: "Not enough non-option arguments: got 0, need at least 1".
    expect(run.stderr).toBe("snaplab: hint needs <number> (usage: snaplab hint <number>; see snaplab hint --help)\n");
  });

  it("should run as a program of its own, a grade with one of V8's background threads and the rest as node runs them", () => {
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
    const bin = resolve("bin/snaplab.js");
    expect(readFileSync(noted, "utf8")).toBe(`${bin} --version\n--v8-pool-size=1 ${bin} grade solutions --only 4\n${bin} nonsense\n`);
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

/**
 * A checkout of this repository in `folder`: its bin and package.json copied, its src and (unless told
 * not to) node_modules linked. Its bundle and cache are named after its path, so no other test's
 * commands change them meanwhile.
 */
function checkoutIn(folder: string, { installed = true } = {}): string {
  mkdirSync(join(folder, "bin"), { recursive: true });
  copyFileSync("bin/snaplab.js", join(folder, "bin", "snaplab.js"));
  copyFileSync("package.json", join(folder, "package.json"));
  symlinkSync(resolve("src"), join(folder, "src"));
  if (installed) symlinkSync(resolve("node_modules"), join(folder, "node_modules"));
  return folder;
}

describe("the CLI's code cache", () => {
  const checkout = checkoutIn(tempDir("checkout"));
  const bundle = cliBundleOf(checkout);
  const cache = bundle.replace(/\.cjs$/, ".code-cache");
  afterAll(() => {
    removeCliBundle(checkout);
    // Nothing built for this checkout stays in the shared cache: the live node's bundle did, one file a run.
    const named = basename(bundle).replace(/^cli-|\.cjs$/g, "");
    expect(readdirSync(dirname(bundle)).filter((file) => file.includes(named))).toEqual([]);
  });

  const run = (...args: string[]) => spawnSync(process.execPath, [join(checkout, "bin", "snaplab.js"), ...args], { encoding: "utf8" });
  const digest = () => createHash("sha1").update(readFileSync(bundle)).digest();
  /** The cache's header: whose bundle it is and how many runs wrote it; then V8's data. */
  const header = () => {
    const data = readFileSync(cache);
    return { forBundle: data.subarray(0, 20).equals(digest()), runs: data[20], v8: data.subarray(21) };
  };
  const explored = () => {
    const explore = run("explore", "spec/scenarios/two-node.json");
    expect(explore.status).toBe(0);
    expect(explore.stdout).toMatch(/^two-node: chandy-lamport, FIFO channels\n {2}states {7}65\n/);
  };

  it("should be written by the first runs after a build, each adding what its command compiled", () => {
    expect(run("--version").stdout).toBe("0.1.0\n");
    const first = header();
    expect([first.forBundle, first.runs]).toEqual([true, 1]);
    explored();
    const second = header();
    expect([second.forBundle, second.runs]).toEqual([true, 2]);
    // V8's data grows with the functions explore compiled beyond --version's.
    expect(second.v8.length).toBeGreaterThan(first.v8.length);
  });

  it("should be left as it is after eight runs", () => {
    const { v8 } = header();
    writeFileSync(cache, Buffer.concat([digest(), Buffer.of(8), v8]));
    const before = statSync(cache).mtimeMs;
    explored();
    expect(statSync(cache).mtimeMs).toBe(before);
  });

  it("should be written again when V8 refuses it, or when it is another bundle's", () => {
    writeFileSync(cache, Buffer.concat([digest(), Buffer.of(5), Buffer.from("not V8's code cache")]));
    explored();
    expect([header().forBundle, header().runs]).toEqual([true, 1]);

    const { v8 } = header();
    writeFileSync(cache, Buffer.concat([Buffer.alloc(20), Buffer.of(8), v8]));
    explored();
    expect([header().forBundle, header().runs]).toEqual([true, 1]);
  });

  it("should keep a grade's apart from the other commands', which V8 would refuse under a grade's flags", () => {
    const gradeCache = bundle.replace(/\.cjs$/, ".grade.code-cache");
    rmSync(cache, { force: true });
    rmSync(gradeCache, { force: true });
    const graded = () => expect(run("grade", "solutions", "--only", "4").stdout).toContain("Points: 12/12");
    explored();
    graded();
    explored();
    graded();
    // Each taken and added to by the next run of its kind, not refused and written afresh (runs 1).
    expect(header().runs).toBe(2);
    expect(readFileSync(gradeCache)[20]).toBe(2);
  });

  it("should run a learner's rules in a live run when the run comes from the cache", () => {
    // Node 20 loses import()'s loader in code V8 runs from its cache: the second run, the first from a cache holding the
    // live command's code, crashed with ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING where it loaded the rules.
    rmSync(cache, { force: true });
    for (let i = 0; i < 2; i++) {
      const live = run("live", "spec/scenarios/bank.json", "--transfers", "20", "--snapshots", "1", "--rules", "solutions/01-record-and-forward/rules.ts");
      expect([live.status, live.stderr]).toEqual([0, ""]);
      expect(live.stdout).toMatch(/\nevery property holds in the one snapshot\n$/);
    }
    expect(header().runs).toBe(2);
  });
});

// A checkout installed by another user (root, on a lab's machine): node_modules/.cache cannot be written.
describe("a checkout the user cannot write in", () => {
  const root = process.getuid?.() === 0;
  const { scratch } = sandboxScratch("installed");
  it.skipIf(!root)("should say so in one line, exit 2, where the bundles cannot be kept, and run from those its owner built (skipped unless root)", () => {
    // Linked to the real node_modules, root's: readable, not writable, by the learner.
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
    const cannotWrite = (command: string) =>
      `snaplab: cannot write its build in ${join(checkout, "node_modules", ".cache", "snaplab")} (EACCES): run ${command} once as the user who installed it, or install it where you can write\n`;
    try {
      // Before its owner ran it: the CLI's bundle cannot be built (it was a stack trace).
      const first = asLearner("--version");
      expect([first.status, first.stderr]).toEqual([2, cannotWrite("snaplab")]);
      // Its owner runs it once; then the learner can, without writing V8's code cache.
      expect(spawnSync(process.execPath, [join(checkout, "bin", "snaplab.js"), "--version"]).status).toBe(0);
      const explored = asLearner("explore", resolve("spec/scenarios/two-node.json"));
      expect([explored.status, explored.stderr]).toEqual([0, ""]);
      // A live run's node bundle is built by the first live run: not yet (it was a stack trace from esbuild).
      const live = asLearner("live", resolve("spec/scenarios/bank.json"), "--transfers", "20");
      expect([live.status, live.stderr]).toEqual([2, cannotWrite("snaplab live")]);
    } finally {
      removeCliBundle(checkout);
    }
  });
});

describe("a fresh clone run before npm install", () => {
  it("should say to install the packages, in one line, exit 2 (it was Node's ERR_MODULE_NOT_FOUND and a stack trace)", () => {
    const clone = checkoutIn(tempDir("uninstalled"), { installed: false });
    const run = spawnSync(process.execPath, [join(clone, "bin", "snaplab.js"), "--version"], { encoding: "utf8" });
    expect([run.status, run.stdout, run.stderr]).toEqual([2, "", `snaplab: its packages are not installed: run npm install (or npm ci) in ${clone} first\n`]);
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

// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the attacks are code in strings, their own template placeholders with them
// Attacks on the grader: each way out of the sandbox that a submission could try, run as a
// learner's file would be (bundled, in a real child process). Each must cost at most its own
// exercise, with the reason expected, leak nothing, and leave no file or process behind.
import { execFileSync, spawnSync } from "node:child_process";
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { childrenOf, isAlive, waitFor } from "../../live/processes.js";
import { countingListener, processesLeftUnder, processesUnder, sandboxScratch } from "./support.js";
import { findExercise } from "../../../src/grade/exercises/catalogue.js";
import type { RulesExercise } from "../../../src/grade/exercises/exercise.js";
import { defaultLimits, gradeExercise, gradeSubmission } from "../../../src/grade/grade.js";
import { BuildError, submissionBundle } from "../../../src/grade/sandbox/bundle.js";
import { freshBundler } from "../../../src/grade/sandbox/bundler-wall.js";
import { stop as stopEsbuild } from "esbuild";
import { isolation } from "../../../src/grade/sandbox/isolation.js";
import { Sandbox } from "../../../src/grade/sandbox/sandbox.js";
import type { SubmissionReport } from "../../../src/grade/result.js";

const repo = resolve(".");
let scratch: string;
let sandboxes: string;
const tmpdirBefore = process.env.TMPDIR;
beforeAll(() => {
  ({ scratch, sandboxes } = sandboxScratch("attacks"));
  // Every sandbox folder of this file's gradings goes to `sandboxes`, so that leftovers can be counted.
  process.env.TMPDIR = sandboxes;
});
// Put back for the test files that run next in this worker.
afterAll(() => {
  if (tmpdirBefore === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = tmpdirBefore;
});

afterEach(async () => {
  expect(readdirSync(sandboxes)).toEqual([]);
  // A child killed with a lot of memory takes the kernel a moment to tear down.
  expect(await processesLeftUnder(scratch)).toEqual([]);
});

const limits = { timeLimitMs: 2000, memoryLimitMb: 64 };
const rulesFile = "05-lai-yang/rules.ts";
const solution = readFileSync(join(repo, "solutions", rulesFile), "utf8");
let folders = 0;

/**
 * A submission whose Lai-Yang rules are `code`, with `extra` files beside them: a copy of the
 * exercise folders of solutions/ the test grades (only Lai-Yang's, unless told), the rest missing.
 */
function student(code: string, extra: Record<string, string> = {}, exercises = ["05-lai-yang"]): string {
  const dir = join(scratch, `student-${++folders}`);
  for (const exercise of exercises) cpSync(join(repo, "solutions", exercise), join(dir, exercise), { recursive: true });
  writeFileSync(join(dir, rulesFile), code);
  for (const [file, text] of Object.entries(extra)) writeFileSync(join(dir, file), text);
  return dir;
}

/** Lai-Yang rules whose first rule (initiate) runs `attack`, which must throw for the rules to fail. */
const attacking = (attack: string) =>
  `${solution}\nconst realInitiate = rules.initiate;\nrules.initiate = (view) => { ${attack}; return realInitiate(view); };\n`;

async function gradeLaiYang(dir: string, timeLimitMs = limits.timeLimitMs): Promise<SubmissionReport> {
  return gradeSubmission(dir, { ...limits, timeLimitMs, only: [5] });
}

/** Asserts the report holds no byte of `secret` anywhere. */
function leaksNothing(report: SubmissionReport, secret: string): void {
  expect(JSON.stringify(report)).not.toContain(secret);
}

const denied = /ERR_ACCESS_DENIED|Access to this API has been restricted/;
const passwd = readFileSync("/etc/passwd", "utf8").split("\n")[0]!;

describe("the bundler", () => {
  const refused = async (dir: string, reason: RegExp) => {
    const [laiYang] = (await gradeLaiYang(dir)).exercises;
    expect(laiYang!.points).toBe(0);
    expect(laiYang!.fault?.kind).toBe("build");
    expect(laiYang!.fault?.message).toMatch(reason);
  };

  it("should refuse the kit's own algorithms, however they are named", async () => {
    const kit = join(repo, "src/models/bank/algorithms/chandy-lamport.js");
    await refused(
      student(`export { chandyLamport as rules } from ${JSON.stringify(kit)};`),
      /05-lai-yang\/rules\.ts imports ".*chandy-lamport\.js", which is outside the submission folder/,
    );
    const outside = student(`export { chandyLamport as rules } from "../../src/models/bank/algorithms/chandy-lamport.js";`);
    symlinkSync(join(repo, "src"), join(outside, "..", "src"), "dir");
    try {
      await refused(outside, /imports "\.\.\/\.\.\/src\/models\/bank\/algorithms\/chandy-lamport\.js", which is outside the submission folder/);
    } finally {
      rmSync(join(outside, "..", "src"));
    }
  });

  it("should refuse solutions/, relative, absolute, through a symlinked file, a symlinked entry or a symlinked scenario", async () => {
    mkdirSync(join(scratch, "solutions"), { recursive: true });
    cpSync(join(repo, "solutions"), join(scratch, "solutions"), { recursive: true });
    await refused(
      student(`export { rules } from "../../solutions/05-lai-yang/rules.js";`),
      /imports "\.\.\/\.\.\/solutions\/05-lai-yang\/rules\.js", which is outside the submission folder/,
    );
    await refused(student(`export { rules } from ${JSON.stringify(join(repo, "solutions", rulesFile))};`), /which is outside the submission folder/);
    const linkedHelper = student(`export { rules } from "./helper.js";`);
    symlinkSync(join(repo, "solutions", rulesFile), join(linkedHelper, "05-lai-yang/helper.ts"));
    await refused(linkedHelper, /imports "\.\/helper\.js", which is outside the submission folder \(symlinks are followed\)/);
    const linkedEntry = student("");
    rmSync(join(linkedEntry, rulesFile));
    symlinkSync(join(repo, "solutions", rulesFile), join(linkedEntry, rulesFile));
    await refused(linkedEntry, /does not build: 05-lai-yang\/rules\.ts is outside the submission folder/);
    // The scenario exercise's file too: a link to the solution's scenario, or the exercise's folder linked whole, got 12/12.
    const linkedScenario = join(scratch, "linked-scenario");
    mkdirSync(join(linkedScenario, "04-break-fifo"), { recursive: true });
    symlinkSync(join(repo, "solutions/04-break-fifo/scenario.json"), join(linkedScenario, "04-break-fifo/scenario.json"));
    const linkedFolder = join(scratch, "linked-folder");
    mkdirSync(linkedFolder);
    symlinkSync(join(repo, "solutions/04-break-fifo"), join(linkedFolder, "04-break-fifo"));
    for (const dir of [linkedScenario, linkedFolder]) {
      const [breakFifo] = (await gradeSubmission(dir, { only: [4] })).exercises;
      expect([breakFifo!.points, breakFifo!.fault]).toEqual([
        0,
        { kind: "scenario", message: "04-break-fifo/scenario.json is outside the submission folder (symlinks are followed)" },
      ]);
    }
  });

  it("should refuse Node's built-in modules and packages", async () => {
    for (const name of ["fs", "node:fs", "child_process", "worker_threads", "net", "module"]) {
      await refused(student(`import * as m from "${name}";\n${solution}\nexport const used = m;`), new RegExp(`imports "${name}", a Node built-in module`));
    }
    await refused(student(`import y from "yargs";\n${solution}\nexport const used = y;`), /imports "yargs", a package/);
  });

  it("should refuse text and other non-code imports, before reading them", async () => {
    await refused(
      student(`import text from "/etc/passwd" with { type: "text" };\n${solution}\nexport const t = text;`),
      /imports "\/etc\/passwd", with import attributes \(\{\\"type\\":\\"text\\"\}\)/,
    );
    await refused(
      student(`import text from "./notes.txt";\n${solution}\nexport const t = text;`, { "05-lai-yang/notes.txt": "hello" }),
      /imports "\.\/notes\.txt", which is not a \.ts, \.js or \.json file/,
    );
  });

  it("should refuse an import of a loader of esbuild's other than code and JSON, however it is asked for", async () => {
    for (const type of ["file", "binary", "copy", "css", "base64", "dataurl"]) {
      await refused(
        student(`import text from "./notes.ts" with { type: "${type}" };\n${solution}\nexport const t = text;`, { "05-lai-yang/notes.ts": "x" }),
        new RegExp(`imports "\\./notes\\.ts", with import attributes \\(\\{\\\\"type\\\\":\\\\"${type}\\\\"\\}\\)`),
      );
    }
    for (const file of ["style.css", "addon.node", "module.wasm", "page.html", "data.jsonc", "rules.tsx"]) {
      await refused(
        student(`import x from "./${file}";\n${solution}\nexport const t = x;`, { [`05-lai-yang/${file}`]: "{}" }),
        new RegExp(`imports "\\./${file.replace(".", "\\.")}", which is not a \\.ts, \\.js or \\.json file`),
      );
    }
    // JSON of the submission's own, as a learner may keep a table: bundled, with or without the attribute.
    const table = student(
      `import table from "./table.json" with { type: "json" };\nimport again from "./table.json";\n${solution}\nexport const t = [table, again];`,
      {
        "05-lai-yang/table.json": '{ "colour": "red" }',
      },
    );
    expect((await gradeLaiYang(table)).points).toBe(24);
  });

  it("should refuse a URL, file: and data: alike, as it refuses an absolute path outside the folder", async () => {
    const solutionUrl = pathToFileURL(join(repo, "solutions", rulesFile)).href;
    await refused(
      student(`export { rules } from "${solutionUrl}";`),
      /imports "file:\/\/\/.*rules\.ts", a URL: a submission imports its own files by their paths/,
    );
    await refused(
      student(`export { rules } from "data:text/javascript,export const rules = 1";`),
      /imports "data:text\/javascript,export const rules = 1", a URL/,
    );
    await refused(student(`export { rules } from "https://example.com/rules.js";`), /imports "https:\/\/example\.com\/rules\.js", a URL/);
    // An absolute path inside the submission folder is the submission's own file.
    const inside = student(`export { rules } from "./helper.js";`);
    writeFileSync(join(inside, "05-lai-yang/helper.ts"), `export { rules } from ${JSON.stringify(join(inside, "05-lai-yang/own.ts"))};`);
    writeFileSync(join(inside, "05-lai-yang/own.ts"), solution);
    expect((await gradeLaiYang(inside)).points).toBe(24);
  });

  it("should refuse import() and require() with any path, before esbuild expands a pattern in it on its own", async () => {
    // The exercises' stubs, with exercise 1's rules.ts importing its solution by a path with a variable part: esbuild
    // listed solutions/ itself and bundled every rules.ts there, without asking the resolve hook, and the stubs got 15/15
    // on exercises 1 and 2. Two folders above the stubs' rules.ts, as exercises/ is beside solutions/.
    const stubs = join(scratch, "stubs", "exercises");
    cpSync(join(repo, "exercises"), stubs, { recursive: true });
    cpSync(join(repo, "solutions"), join(scratch, "stubs", "solutions"), { recursive: true });
    writeFileSync(
      join(stubs, "01-record-and-forward/rules.ts"),
      'const which = "01-record-and-forward";\nexport const { rules } = await import(`../../solutions/${which}/rules.ts`);\n',
    );
    const loads =
      '01-record-and-forward/rules.ts loads code with import() or require(): a submission\'s files import each other with import ... from "./file.js"';
    const report = await gradeSubmission(stubs, { ...limits, only: [1, 2] });
    expect(report.exercises.map((e) => [e.points, e.fault])).toEqual([
      [0, { kind: "build", message: `does not build: ${loads}` }],
      [0, { kind: "build", message: `does not build: ${loads}` }],
    ]);
    // Every way of writing one, a path of the submission's own or not, a pattern or not, in any place in the code.
    const forms = [
      "await import(`../../solutions/${which}/rules.ts`)",
      'await import("../../solutions/" + which + "/rules.ts")',
      'await import(`./${which}.json`, { with: { type: "json" } })',
      "await import(/* a comment */ `../${which}`)",
      '(() => import("./helper.js"))',
      "require(`../../solutions/${which}/rules.ts`)",
      'require("./" + which)',
      'require.resolve("./" + which)',
      "typeof require",
      "class Later { static { import(`./${which}`); } }",
    ];
    for (const form of forms) {
      await refused(
        student(`const which = "05-lai-yang";\nexport const loaded = ${form};\n${solution}`, { "05-lai-yang/helper.ts": "export const a = 1;" }),
        /^does not build: 05-lai-yang\/rules\.ts loads code with import\(\) or require\(\)/,
      );
    }
    // TypeScript's own require, and a file that does it imported by one that does not.
    await refused(
      student(`import helper = require("./helper");\n${solution}\nexport const h = helper;`, { "05-lai-yang/helper.ts": "export const a = 1;" }),
      /rules\.ts loads code with import\(\)/,
    );
    await refused(
      student(`import "./helper.js";\n${solution}`, { "05-lai-yang/helper.ts": "export const h = import(`../../solutions/${x}`);" }),
      /^does not build: 05-lai-yang\/helper\.ts loads code with import\(\) or require\(\)/,
    );
    // The words in a string, a comment or a property are no call: the file builds and is graded.
    const words = `${solution}\n// require("x"), import("y")\nexport const note = { require: "import(\`./\${1}\`)", text: "require" };\n`;
    expect((await gradeLaiYang(student(words))).points).toBe(24);
  });

  it("should follow no source map comment, whatever it names and however it is written", async () => {
    // esbuild read the file a source map comment names: a FIFO hung the build, and a file that is no source map had its
    // first token quoted in the error. Read now, the FIFO would have the build stopped at its time limit instead.
    const fifo = join(scratch, "map.fifo");
    execFileSync("mkfifo", [fifo]);
    const comments = [
      `//# sourceMappingURL=${pathToFileURL(fifo).href}`,
      `//@ sourceMappingURL=${pathToFileURL(fifo).href}`,
      `/*# sourceMappingURL=${pathToFileURL(fifo).href} */`,
      `//# sourceMappingURL=file://localhost${fifo}`,
      "//# sourceMappingURL=file:///etc/passwd",
      "//# sourceMappingURL=file:///dev/zero",
      // Then one that names nothing: the last comment is the one esbuild follows.
      `//# sourceMappingURL=${pathToFileURL(fifo).href}\n//# sourceMappingURL=nothing.map`,
      // A legal comment, which esbuild keeps.
      `//! sourceMappingURL=${pathToFileURL(fifo).href}\n//# sourceMappingURL=${pathToFileURL(fifo).href} @license`,
    ];
    for (const comment of comments) {
      const dir = student(`${solution}\n${comment}\n`);
      const bundle = await submissionBundle(join(dir, rulesFile), rulesFile, dir);
      expect(bundle.code).toContain("onMarker");
      expect(bundle.code).not.toContain(passwd);
    }
    // A source map of its own, inline, only misleads where a throw is said to be; the rules still build and are graded.
    const ownMap = Buffer.from(JSON.stringify({ version: 3, sources: ["/etc/passwd"], mappings: "AAAA" })).toString("base64");
    expect((await gradeLaiYang(student(`${solution}\n//# sourceMappingURL=data:application/json;base64,${ownMap}\n`))).points).toBe(24);
  });

  it("should read no tsconfig.json, jsconfig.json or package.json, in the folder or above it, whatever they map", async () => {
    // Each a FIFO where esbuild would look for them (reading one would hang the build until its time limit), or a
    // mapping to the solution: tsconfig's paths, baseUrl and extends, package.json's imports, exports and browser.
    const dir = student("");
    const solutionFile = join(repo, "solutions", rulesFile);
    const tsconfig = {
      extends: join(repo, "tsconfig.json"),
      compilerOptions: { baseUrl: join(repo, "solutions"), paths: { "@sol/*": [join(repo, "solutions/*")] } },
    };
    const manifest = { name: "x", imports: { "#sol": solutionFile }, exports: { "./rules": solutionFile }, browser: { "./helper.js": solutionFile } };
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
    writeFileSync(join(dir, "package.json"), JSON.stringify(manifest));
    for (const name of ["tsconfig.json", "jsconfig.json", "package.json"]) execFileSync("mkfifo", [join(dir, "05-lai-yang", name)]);
    mkdirSync(join(dir, "05-lai-yang/node_modules/sol"), { recursive: true });
    execFileSync("mkfifo", [join(dir, "05-lai-yang/node_modules/sol/package.json")]);
    for (const [specifier, why] of [
      ["@sol/05-lai-yang/rules.js", "a package"],
      ["05-lai-yang/rules.js", "a package"],
      ["#sol", "a package"],
      ["x/rules", "a package"],
      ["sol", "a package"],
      ["./helper.js", "which does not exist"],
    ]) {
      writeFileSync(join(dir, rulesFile), `export { rules } from "${specifier}";`);
      const [laiYang] = (await gradeLaiYang(dir)).exercises;
      expect(laiYang!.fault?.message).toBe(
        `does not build: 05-lai-yang/rules.ts imports "${specifier}", ${why}${why === "a package" ? ": a submission may import only its own files" : ""}`,
      );
    }
    // The rules themselves build as they would anywhere, typed as tsconfig.json would not have them (decorators, say).
    writeFileSync(join(dir, rulesFile), solution);
    expect((await gradeLaiYang(dir)).points).toBe(24);
  });

  it("should refuse an import it cannot read, or that names no file, without the grader's path or a place in its code", async () => {
    // The messages were Node's, with the file's absolute path, placed at a line of the grader's own bundle.
    const looping = student(`export { rules } from "./a.js";`);
    symlinkSync("b.ts", join(looping, "05-lai-yang/a.ts"));
    symlinkSync("a.ts", join(looping, "05-lai-yang/b.ts"));
    await refused(looping, /^does not build: 05-lai-yang\/rules\.ts imports "\.\/a\.js", which cannot be read \(ELOOP\)$/);
    await refused(
      student(`export { rules } from "./a\0.js";`),
      /^does not build: 05-lai-yang\/rules\.ts imports "\.\/a\\u0000\.js", which no file can be named$/,
    );
  });

  it("should refuse a folder of the submission that is a symlink to one outside it", async () => {
    const dir = student(`export { rules } from "./lib/rules.js";`);
    symlinkSync(join(repo, "solutions/05-lai-yang"), join(dir, "05-lai-yang/lib"), "dir");
    await refused(dir, /imports "\.\/lib\/rules\.js", which is outside the submission folder \(symlinks are followed\)/);
  });

  it("should put no path of the grader's machine in the bundle: not the kit's, not the submission folder's, not the home folder", async () => {
    const dir = student(`export { rules } from "./helper.js";`, { "05-lai-yang/helper.ts": `${solution}\nexport const where = import.meta.url;` });
    const bundle = await submissionBundle(join(dir, rulesFile), rulesFile, dir);
    for (const path of [repo, dir, scratch, homedir()]) {
      expect(bundle.code).not.toContain(path);
      expect(bundle.sourceMap).not.toContain(path);
    }
    expect(JSON.parse(bundle.sourceMap).sources).toEqual(expect.arrayContaining(["05-lai-yang/rules.ts", "05-lai-yang/helper.ts"]));
  });

  it("should refuse a FIFO, a device, a folder, an oversized file without reading them, and too much in all", async () => {
    for (const target of ["fifo", "/dev/zero"]) {
      const asEntry = student("");
      const fifo = join(asEntry, "05-lai-yang/fifo");
      execFileSync("mkfifo", [fifo]);
      rmSync(join(asEntry, rulesFile));
      symlinkSync(target === "fifo" ? fifo : target, join(asEntry, rulesFile));
      const [laiYang] = (await gradeLaiYang(asEntry)).exercises;
      expect(laiYang!.fault).toEqual({ kind: "build", message: "05-lai-yang/rules.ts is not a regular file" });
    }
    const scenarioFifo = student(solution, {}, ["04-break-fifo", "05-lai-yang"]);
    rmSync(join(scenarioFifo, "04-break-fifo/scenario.json"));
    execFileSync("mkfifo", [join(scenarioFifo, "04-break-fifo/scenario.json")]);
    const [breakFifo] = (await gradeSubmission(scenarioFifo, { ...limits, only: [4] })).exercises;
    expect(breakFifo!.fault).toEqual({ kind: "scenario", message: "04-break-fifo/scenario.json is not a regular file" });
    const fifoImport = student(`export { rules } from "./other.js";`);
    execFileSync("mkfifo", [join(fifoImport, "05-lai-yang/other.ts")]);
    await refused(fifoImport, /imports "\.\/other\.js", which is not a regular file/);
    const deviceImport = student(`export { rules } from "./other.js";`);
    symlinkSync("/dev/zero", join(deviceImport, "05-lai-yang/other.ts"));
    await refused(deviceImport, /imports "\.\/other\.js", which is outside the submission folder/);
    const folder = student(`export { rules } from "./lib";`);
    mkdirSync(join(folder, "05-lai-yang/lib"));
    await refused(folder, /imports "\.\/lib", which is not a regular file/);
    await refused(
      student(`import "./big.js";\n${solution}`, { "05-lai-yang/big.ts": `// ${"x".repeat(2 * 1024 * 1024)}\n` }),
      /imports "\.\/big\.js", which is larger than 1024 KB/,
    );
    // Each file under the limit, five of them over 4 MB together (a few hundred would pass what a string can hold).
    const pads = Array.from({ length: 5 }, (_, i) => [`05-lai-yang/pad${i}.ts`, `export const pad${i} = "${"x".repeat(900_000)}";\n`]);
    const imports = pads.map((_, i) => `import { pad${i} } from "./pad${i}.js";`).join("\n");
    await refused(
      student(`${imports}\n${solution}\nexport const pads = [${pads.map((_, i) => `pad${i}`).join(", ")}].length;`, Object.fromEntries(pads)),
      /^does not build: 05-lai-yang\/rules\.ts and the files it imports come to more than 4 MB in all$/,
    );
  });

  it("should refuse brackets nested deeper than the bundler's parser takes, before it reads them, and grade what comes after", async () => {
    // 400,000 nested parentheses overflowed esbuild's parser (a Go stack of 1 GB) and ended its process: every build after
    // that failed too, so one learner's file zeroed the exercises after it, and the learners graded after it in the same run.
    const first = readFileSync(join(repo, "solutions/01-record-and-forward/rules.ts"), "utf8");
    const nested = (depth: number) => `${first}\nexport const deep = ${"(".repeat(depth)}1${")".repeat(depth)};\n`;
    const deep = student(solution, { "01-record-and-forward/rules.ts": nested(400_000) }, ["01-record-and-forward", "05-lai-yang"]);
    const report = await gradeSubmission(deep, { ...limits, only: [1, 5] });
    expect(report.exercises.map((e) => [e.number, e.points, e.fault])).toEqual([
      [1, 0, { kind: "build", message: "does not build: 01-record-and-forward/rules.ts nests brackets more than 1,000 deep, more than the bundler takes" }],
      [5, 24, undefined],
    ]);
    // As deep as the limit, it builds and is graded.
    const atLimit = student(solution, { "01-record-and-forward/rules.ts": nested(1_000) }, ["01-record-and-forward", "05-lai-yang"]);
    expect((await gradeSubmission(atLimit, { ...limits, only: [1] })).points).toBe(15);
  });

  it("should bundle each file with an esbuild process of its own, held to half a gigabyte of data, so that one that crashes it or fills it fails alone", async () => {
    // The bundler's process: the esbuild process that was not there before.
    const started = async (run: () => Promise<unknown>) => {
      const before = childrenOf(process.pid, "esbuild");
      await run();
      return childrenOf(process.pid, "esbuild").filter((pid) => !before.includes(pid));
    };
    const dataLimit = (service: number) => /^Max data size\s+(\S+)\s+(\S+)/m.exec(readFileSync(`/proc/${service}/limits`, "utf8"))?.slice(1);
    // Where prlimit is not allowed, the sandbox's children are not limited either, and the grader says so.
    const limit = isolation().resourceLimits ? String(512 * 2 ** 20) : "unlimited";
    const [service] = await started(freshBundler);
    expect(dataLimit(service!)).toEqual([limit, limit]);
    await stopEsbuild();
    const file = join(student(solution), rulesFile);
    // Each build's process is stopped after it: none is left running (stopping it sends a signal, which the process
    // may not have acted on yet when the build returns).
    const bundlers = await started(() => submissionBundle(file, rulesFile));
    await waitFor(() => (bundlers.some(isAlive) ? undefined : true));
    // Nested 300,000 deep some other way than brackets (a.b.b.b..., f()()()...), code grew esbuild's parser stack to a
    // gigabyte in 4 s before it crashed; held to 512 MB, it crashes in less.
    const crashing = join(student(`${solution}\nexport const chain = a${".b".repeat(300_000)};\n`), rulesFile);
    await expect(submissionBundle(crashing, rulesFile)).rejects.toThrow(`${rulesFile}: esbuild stopped on this file`);
    expect((await submissionBundle(file, rulesFile)).code).toContain("onMarker");
    // Four files of DEL characters, 3.6 MB in all, each written out as four (\x7F): more than a bundle may hold.
    const pads = Array.from({ length: 4 }, (_, i) => [`05-lai-yang/pad${i}.ts`, `export const pad${i} = "${"\x7f".repeat(900_000)}";\n`]);
    const imports = pads.map((_, i) => `import { pad${i} } from "./pad${i}.js";`).join("\n");
    const escaped = student(`${imports}\n${solution}\nexport const pads = [${pads.map((_, i) => `pad${i}`).join(", ")}];`, Object.fromEntries(pads));
    await expect(submissionBundle(join(escaped, rulesFile), rulesFile, escaped)).rejects.toThrow(
      new BuildError(`${rulesFile} bundles to more than 8 MB of code`),
    );
    expect((await submissionBundle(file, rulesFile)).code).toContain("onMarker");
  });

  it("should stop a build that takes longer than its time limit, naming the file", async () => {
    // A chain 20,000 long takes esbuild a tenth of a second or more to parse, a hundred times the limit.
    const slow = join(student(`${solution}\nexport const chain = a${".b".repeat(20_000)};\n`), rulesFile);
    await expect(submissionBundle(slow, rulesFile, dirname(slow), { timeLimitMs: 1 })).rejects.toThrow(
      new BuildError(`${rulesFile}: bundling it took more than 1ms`),
    );
    expect((await submissionBundle(slow, rulesFile)).code).toContain("onMarker");
  });

  it("should name a file that does not build by its place in the submission folder, not by the grader's path", async () => {
    const dir = student(`export { rules } from "./helper.js";`, { "05-lai-yang/helper.ts": "export const rules = (;" });
    const [laiYang] = (await gradeLaiYang(dir)).exercises;
    expect(laiYang!.fault).toEqual({ kind: "build", message: `does not build: 05-lai-yang/helper.ts:1:23: Unexpected ";"` });
  });

  it("should keep type-only imports from the kit, as the stubs and solutions write them", async () => {
    const [laiYang] = (await gradeLaiYang(student(solution))).exercises;
    expect(laiYang!.points).toBe(laiYang!.maxPoints);
  });
});

describe("the child process", () => {
  const faulted = async (code: string, kind: string, reason: RegExp, timeLimitMs?: number) => {
    const report = await gradeLaiYang(student(code), timeLimitMs);
    const [laiYang] = report.exercises;
    expect(laiYang!.points).toBe(0);
    expect(laiYang!.fault?.kind).toBe(kind);
    expect(laiYang!.fault?.message).toMatch(reason);
    leaksNothing(report, passwd);
    return report;
  };
  const builtin = (name: string) => `process.getBuiltinModule(${JSON.stringify(name)})`;

  it("should read no file: fs, createRequire, a computed import(), process.binding, new Function", async () => {
    await faulted(attacking(`${builtin("fs")}.readFileSync("/etc/passwd", "utf8")`), "throws", denied);
    // Inside bubblewrap's mount namespace the file is not even there.
    await faulted(
      attacking(`${builtin("module")}.createRequire(import.meta.url)(${JSON.stringify(join(repo, "bin/snaplab.js"))})`),
      "throws",
      /ERR_ACCESS_DENIED|MODULE_NOT_FOUND/,
    );
    // An import() the bundler never sees (it refuses any it finds: a test of "the bundler" below).
    await faulted(
      `await new Function("path", "return import(path)")(["", "etc", "passwd"].join("/"));\n${solution}`,
      "load",
      /ERR_ACCESS_DENIED|ERR_MODULE_NOT_FOUND/,
    );
    await faulted(attacking(`process.binding("fs")`), "throws", denied);
    await faulted(
      attacking(`new Function("return process.getBuiltinModule('fs').readFileSync('/proc/' + process.ppid + '/environ', 'utf8')")()`),
      "throws",
      denied,
    );
  });

  it("should write and delete no file", async () => {
    const victim = join(scratch, "victim.txt");
    writeFileSync(victim, "mine");
    await faulted(attacking(`${builtin("fs")}.writeFileSync(${JSON.stringify(victim)}, "yours")`), "throws", denied);
    await faulted(attacking(`${builtin("fs")}.rmSync(${JSON.stringify(victim)})`), "throws", denied);
    await faulted(attacking(`${builtin("fs")}.writeFileSync(new URL("./submission.mjs", import.meta.url), "")`), "throws", denied);
    // Where the broker's bundle used to be shared by every sandbox: now it is no file at all.
    await faulted(attacking(`${builtin("fs")}.writeFileSync(new URL("./broker.mjs", import.meta.url), "")`), "throws", denied);
    expect(readFileSync(victim, "utf8")).toBe("mine");
  });

  it("should start no process and no worker", async () => {
    const trace = join(scratch, "ran");
    await faulted(attacking(`${builtin("child_process")}.execSync("touch ${trace}")`), "throws", denied);
    await faulted(
      attacking(`${builtin("child_process")}.spawn("sh", ["-c", "sleep 1; touch ${trace}"], { detached: true, stdio: "ignore" }).unref()`),
      "throws",
      denied,
    );
    await faulted(attacking(`new (${builtin("worker_threads")}.Worker)("1", { eval: true })`), "throws", denied);
    expect(existsSync(trace)).toBe(false);
  });

  describe("over the network", () => {
    const listener = countingListener();

    it.skipIf(!isolation().namespaces)("should reach no listener on 127.0.0.1 (network namespace)", async () => {
      const connect = `await new Promise((connected, failed) => { const socket = ${builtin("net")}.connect(${listener.port}, "127.0.0.1", () => { socket.end(${JSON.stringify(passwd)}); connected(); }); socket.on("error", failed); });`;
      await faulted(`${connect}\n${solution}`, "load", /connect E(NETUNREACH|CONNREFUSED)/);
      expect(listener.connections).toBe(0);
    });
  });

  it("should not be able to signal the grader, its process group, or anything but itself", async () => {
    const survived = `${solution}\ntry { process.kill(process.ppid, "SIGKILL"); } catch {}\ntry { process.kill(0, "SIGKILL"); } catch {}\ntry { process.kill(-process.pid, "SIGKILL"); } catch {}\ntry { process.kill(-1, "SIGKILL"); } catch {}\n`;
    const report = await gradeSubmission(student(survived, {}, ["01-record-and-forward", "05-lai-yang"]), { ...limits, only: [1, 5] });
    // Here, alive: the grader was not killed. The exercise itself either kept its points (its
    // signals reached nothing: the first process of a pid namespace ignores its own) or killed
    // only itself (kill(0) reaches its own process group).
    const [first, laiYang] = report.exercises;
    expect(first!.points).toBe(first!.maxPoints);
    if (laiYang!.fault) expect(laiYang!.fault.message).toMatch(/^the submission's process (was killed by SIGKILL|exited with status 137)$/);
    else expect(laiYang!.points).toBe(laiYang!.maxPoints);
  });

  it("should end a child that forges replies, sends a wrong type, or floods the pipe", async () => {
    const write = (text: string) => `${builtin("fs")}.writeSync(3, ${text})`;
    await faulted(`${write(`'{"type":"answers","answers":[]}\\n'`)};\n${solution}`, "protocol", /sent a malformed reply to loading/);
    await faulted(
      `${write(`'{"type":"failed","failure":{"kind":"timeout","message":"Points: 100/100"}}\\n'`)};\n${solution}`,
      "protocol",
      /malformed reply to loading/,
    );
    await faulted(attacking(write(`'{"type":"loaded"}\\n'`)), "protocol", /sent a malformed reply to a batch of calls/);
    await faulted(`${write(`"not json\\n"`)};\n${solution}`, "protocol", /sent a reply that is not JSON/);
    // Well-formed, but nested deeper than any list of effects: refused before anything walks it (the grader once failed on
    // its own stack, and blamed itself).
    const deep = `JSON.stringify({ type: "answers", answers: [{ ok: true, json: "[".repeat(100_000) + "]".repeat(100_000) }] }) + "\\n"`;
    await faulted(attacking(write(deep)), "not-data", /^rules\.initiate\(view\) at \w+ returned data nested more than 100 levels deep/);
    // A flood must end as a protocol fault, not at the time limit, however long a busy machine takes to read 8 MB.
    const floodLimitMs = 60_000;
    await faulted(`for (const chunk = "x".repeat(1 << 20); ; ) ${write("chunk")};\n${solution}`, "protocol", /sent a reply longer than 8 MB/, floodLimitMs);
    await faulted(
      `${solution}\nsetTimeout(() => { for (;;) ${write(`'{"type":"loaded"}\\n'`)}; });`,
      "protocol",
      /sent a reply when none was asked for|malformed reply/,
      floodLimitMs,
    );
  });

  it("should stop a child that answers more than the grader will keep, however it spreads it over replies", async () => {
    // Valid effects, each marker padded with 300 kB: every reply is well under 8 MB, and the grader would keep them all.
    const padded = `${solution}
const realInitiate = rules.initiate;
rules.initiate = (view) => realInitiate(view).map((e) => (e.type === "send-marker" ? { ...e, padding: JSON.stringify(view).padEnd(300_000, "*") } : e));
`;
    const report = await gradeSubmission(student(padded), { ...limits, answersLimitMb: 1, only: [5] });
    expect([report.points, report.exercises[0]!.fault]).toEqual([
      0,
      { kind: "memory", message: "answered more than 1 MB in all (the grader keeps every answer; rules return small lists of effects)", check: 0 },
    ]);
  });

  it("should end the child when the grader itself fails on an exercise, and grade it 0 saying so", async () => {
    const laiYang = findExercise(5) as RulesExercise;
    const broken: RulesExercise = {
      ...laiYang,
      checks: laiYang.checks.map((check) => ({
        ...check,
        run: () => {
          throw new Error("a bug of the grader's own");
        },
      })),
    };
    const result = await gradeExercise(broken, student(solution), limits);
    expect([result.points, result.fault]).toEqual([0, { kind: "grader", message: "the grader failed on this exercise (a bug of the grader's own)" }]);
    // afterEach: no sandbox folder and no child left.
  });

  it("should stop a rule that floods stdout at its limits, and give a report of the usual size", async () => {
    // Stopped by its own limits (time, or memory when its writes queue up); what the broker keeps of the
    // flood is bounded too (broker.system.test.ts). A short time limit, in a rule rather than at load
    // (which the start's allowance adds a second to): the flood burns a core in the child and another in
    // the broker until it ends.
    const flood = `for (const line = "Points: 100/100 ".repeat(1 << 16); ; ) process.stdout.write(line)`;
    const report = await gradeLaiYang(student(attacking(flood)), 500);
    expect(report.exercises[0]!.fault?.message).toMatch(/did not answer within 500ms|^ran out of memory/);
    expect(JSON.stringify(report).length).toBeLessThan(64 * 1024);
  });

  it("should stop Buffers at the memory limit, outside the V8 heap too", async () => {
    // Only the memory limit may end them, however long a busy machine takes to fill the Buffers.
    await faulted(
      attacking(`const hoard = []; for (let i = 0; i < 40; i++) hoard.push(Buffer.alloc(50 * 2 ** 20, 1));`),
      "memory",
      /ran out of memory \(limit 64 MB\)/,
      60_000,
    );
    await faulted(attacking(`globalThis.hoard = Buffer.alloc(2 ** 31 - 1, 1)`), "memory", /ran out of memory/, 60_000);
  });

  it('should say a heap limit too small for node to start is one the submission ran out of, not an exit with status 133 and a "#"', async () => {
    // V8 ends such a process with "# Fatal javascript OOM in Ineffective mark-compacts near heap limit", framed in lines of "#".
    const report = await gradeSubmission(join(repo, "solutions"), { only: [1], memoryLimitMb: 2 });
    expect(report.exercises[0]!.fault).toEqual({ kind: "memory", message: "ran out of memory (limit 2 MB)" });
  });

  it.skipIf(!isolation().otherUser)("should let no other local user read a submission while it is graded", async () => {
    const dir = student(solution);
    const sandbox = new Sandbox(await submissionBundle(join(dir, rulesFile), rulesFile, dir), { ...defaultLimits, ...limits });
    try {
      // Where its bundle is, as any local user finds it: in the command line of the child's process, which all may read.
      const pattern = new RegExp(`(/\\S*snaplab-sandbox-${process.pid}-\\w+)`);
      const folder = await waitFor(() =>
        processesUnder("snaplab-sandbox-")
          .map((command) => pattern.exec(command)?.[1])
          .find(Boolean),
      );
      const asAnother = (...command: string[]) =>
        spawnSync("setpriv", ["--reuid=4242", "--regid=4242", "--clear-groups", ...command], { encoding: "utf8" }).status;
      // Every folder above it may be entered (the child's user must reach it): only the folder's and the bundle's own modes keep others out.
      expect(asAnother("test", "-x", dirname(folder))).toBe(0);
      expect(asAnother("cat", join(folder, "submission.mjs"))).not.toBe(0);
      expect(asAnother("ls", folder)).not.toBe(0);
      sandbox.load();
    } finally {
      await sandbox.close();
    }
  });

  it("should give the child no descriptor the grader inherited from whoever started it, whatever its number", () => {
    // A shell's `30<secret`: node opens its own files close-on-exec, not those, and every process it started had them.
    const secret = join(scratch, "secret.txt");
    writeFileSync(secret, "the grader's secret");
    const held = openSync(secret, "r");
    try {
      const reads = `const fs = process.getBuiltinModule("fs"); const read = []; for (let fd = 0; fd < 300; fd++) { try { const bytes = Buffer.alloc(64); const got = fs.readSync(fd, bytes, 0, 64, 0); if (got > 0) read.push(fd + ": " + bytes.toString("utf8", 0, got)); } catch {} } throw new Error("read " + JSON.stringify(read))`;
      const stdio: (number | "pipe" | "ignore")[] = ["ignore", "pipe", "pipe", ...Array.from({ length: 250 }, () => "ignore" as const)];
      for (const fd of [5, 9, 30, 100, 250]) stdio[fd] = held;
      const run = spawnSync(process.execPath, ["bin/snaplab.js", "grade", student(attacking(reads)), "--only", "5", "--format", "json"], {
        stdio,
        encoding: "utf8",
      });
      const [laiYang] = (JSON.parse(run.stdout as string) as { exercises: { fault: { message: string } }[] }).exercises;
      expect(laiYang!.fault.message).toMatch(/^rules\.initiate\(view\) at \w+ threw read \[\]/);
      expect(run.stdout).not.toContain("secret");
    } finally {
      closeSync(held);
    }
  });

  it("should stop a grade at its time limit as a whole, however much time each call is allowed, and not grade what is left", async () => {
    const first = "01-record-and-forward/rules.ts";
    const dir = student(solution, { [first]: "for (;;);\n" }, ["01-record-and-forward", "05-lai-yang"]);
    const report = await gradeSubmission(dir, { ...limits, timeLimitMs: 60_000, gradeTimeLimitMs: 8000, only: [1, 2, 5] });
    const notGraded = { kind: "timeout", message: "not graded: the grade as a whole reached its time limit (8s) first" };
    expect(report.exercises.map((e) => [e.number, e.points, e.fault])).toEqual([
      [1, 0, { kind: "timeout", message: "was stopped when the grade as a whole reached its time limit" }],
      [2, 0, notGraded],
      [5, 0, notGraded],
    ]);
    expect(report.elapsedMs).toBeLessThan(60_000);
  });

  it("should run with an empty environment, in an empty folder", async () => {
    await faulted(attacking(`throw new Error(JSON.stringify(process.env) + " " + process.cwd().endsWith("/cwd"))`), "throws", /threw \{\} true/);
  });
});

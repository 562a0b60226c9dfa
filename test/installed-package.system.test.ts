// snaplab as a package: `npm pack` makes a tarball which, installed into an empty folder, runs as a
// learner runs it there (`npx snaplab ...`), from the dist/ it ships, with nothing built at install.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "./support/temp-dir.js";

let folder: string;
const run = (command: string, ...args: string[]) =>
  spawnSync(command, args, { cwd: folder, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", npm_config_audit: "false", npm_config_fund: "false" } });

beforeAll(() => {
  folder = tempDir("installed-package");
  // dist/ as the suite's set-up built it: the tarball carries it (package.json's files), and no script runs to build it again.
  const packed = spawnSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", folder], { cwd: resolve("."), encoding: "utf8" });
  expect(packed.status, packed.stderr).toBe(0);
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  writeFileSync(join(folder, "package.json"), `${JSON.stringify({ name: "a-learners-folder", private: true })}\n`);
  // Its dependencies from npm's cache where they are there (npm ci put them there), else from the registry.
  const installed = run("npm", "install", "--prefer-offline", "--no-audit", "--no-fund", join(folder, filename));
  expect(installed.status, installed.stderr).toBe(0);
}, 180_000);

describe("the package installed into an empty folder", () => {
  it("should ship the command built, and none of the kit's tests or benches", () => {
    const shipped = join(folder, "node_modules", "snaplab");
    expect(existsSync(join(shipped, "dist", "snaplab.mjs"))).toBe(true);
    expect(readdirSync(shipped).sort()).toEqual(["README.md", "api", "bin", "dist", "exercises", "package.json", "scripts", "spec", "src", "tsconfig.json"]);
  });

  it("should let a program import the library as snaplab, exactly its public surface and no other path", async () => {
    const surface = Object.keys(await import("../src/index.js")).sort();
    writeFileSync(
      join(folder, "library.mjs"),
      [
        'import * as snaplab from "snaplab";',
        'const report = snaplab.check(snaplab.loadModelScenario("node_modules/snaplab/spec/scenarios/two-node.json"));',
        "console.log(JSON.stringify({ names: Object.keys(snaplab).sort(), states: report.states }));",
        'for (const path of ["snaplab/src/index.ts", "snaplab/dist/snaplab.mjs", "snaplab/src/check/check.js"])',
        "  await import(path).then(() => console.log(path), (error) => console.log(error.code));",
      ].join("\n"),
    );
    const imported = run("node", "library.mjs");
    expect(imported.stderr).toBe("");
    const [first, ...refused] = imported.stdout.trim().split("\n");
    expect(JSON.parse(first!)).toEqual({ names: surface, states: 65 });
    expect(refused).toEqual(["ERR_PACKAGE_PATH_NOT_EXPORTED", "ERR_PACKAGE_PATH_NOT_EXPORTED", "ERR_PACKAGE_PATH_NOT_EXPORTED"]);
  });

  it("should give the library's types to a TypeScript program that imports snaplab", () => {
    writeFileSync(
      join(folder, "library.ts"),
      [
        'import { check, loadModelScenario, type Report } from "snaplab";',
        'const report: Report = check(loadModelScenario("two-node.json"));',
        "const states: number = report.states;",
        "// @ts-expect-error: a report's states are a number",
        "const wrong: string = report.states;",
        "export { states, wrong };",
      ].join("\n"),
    );
    const types = resolve("node_modules", "@types");
    const config = {
      compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, typeRoots: [types], types: ["node"] },
      files: ["library.ts"],
    };
    writeFileSync(join(folder, "tsconfig.json"), JSON.stringify(config));
    const compiled = run(process.execPath, resolve("node_modules", "typescript", "bin", "tsc"), "-p", ".");
    expect([compiled.status, compiled.stdout]).toEqual([0, ""]);
  });

  it("should explore a scenario file with npx snaplab explore", () => {
    cpSync(resolve("spec/scenarios/two-node.json"), join(folder, "two-node.json"));
    const explored = run("npx", "snaplab", "explore", "two-node.json");
    expect([explored.status, explored.stderr]).toEqual([0, ""]);
    expect(explored.stdout).toMatch(/^two-node: chandy-lamport, FIFO channels\n {2}states {7}65\n/);
  });

  it("should grade a folder of exercises with npx snaplab grade, in its sandbox", () => {
    cpSync(resolve("solutions"), join(folder, "my-exercises"), { recursive: true });
    const graded = run("npx", "snaplab", "grade", "my-exercises");
    expect(graded.status, graded.stderr).toBe(0);
    expect(graded.stdout).toMatch(/\nPoints: 100\/100 \(graded in [0-9.]+ s\)\n$/);
  });
});

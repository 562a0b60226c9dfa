// snaplab as a package: `npm pack` makes a tarball which, installed into an empty folder, runs as a
// learner runs it there (`npx snaplab ...`), from the dist/ it ships, with nothing built at install.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "./support/temp-dir.js";

const folder = tempDir("installed-package");
const run = (command: string, ...args: string[]) =>
  spawnSync(command, args, { cwd: folder, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", npm_config_audit: "false", npm_config_fund: "false" } });

beforeAll(() => {
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

// `npm run bench` runs the bench bundled, as the CLI runs snaplab, not through tsx (bench/bundled.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dir.js";

const root = resolve(".");

describe("the bench's launcher", () => {
  const bundle = join(root, "node_modules", ".cache", "snaplab", "bench-print-root.mjs");
  afterAll(() => rmSync(bundle, { force: true }));

  it("should run a bench script bundled, with its arguments, finding snaplab's root from the bundle", () => {
    const script = join(tempDir("bench-bundled"), "print-root.ts");
    const source = join(root, "src", "package", "package-root.ts");
    writeFileSync(script, `import { packageRoot } from ${JSON.stringify(source)};\nconsole.log(JSON.stringify([packageRoot(), process.argv.slice(2)]));\n`);
    const run = spawnSync(process.execPath, ["bench/bundled.mjs", script, "--quick", "--runs", "2"], { cwd: root, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual([root, ["--quick", "--runs", "2"]]);
    // Run from the bundle, not from the script: the root was found from node_modules/.cache/snaplab/.
    expect(existsSync(bundle)).toBe(true);
  });

  it("should say how to use it, exit 2, when given no script", () => {
    const run = spawnSync(process.execPath, ["bench/bundled.mjs"], { cwd: root, encoding: "utf8" });
    expect([run.status, run.stderr.trim()]).toEqual([2, "usage: node bench/bundled.mjs <bench script> [args]"]);
  });
});

// bin/snaplab.js runs the CLI from one bundle it builds and caches in node_modules/.cache/snaplab/:
// the packages go into it too, and the sandboxes' broker is built beside it.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { brokerSource } from "../../src/grade/sandbox/bundle.js";
import { snaplab } from "../support/cli.js";

const checkout = createHash("sha256").update(resolve(".")).digest("hex").slice(0, 12);
const cached = (file: string) => join("node_modules", ".cache", "snaplab", file);

describe("the CLI's bundle", () => {
  it("should have the broker built beside it, the same code the grader bundles from source", () => {
    expect(snaplab("--version").status).toBe(0);
    expect(readFileSync(cached(`cli-${checkout}.broker.cjs`), "utf8")).toBe(brokerSource());
  });

  it("should say yargs' words in English, as it says its own, whatever the locale", () => {
    const run = spawnSync(process.execPath, ["bin/snaplab.js", "hint"], { encoding: "utf8", env: { ...process.env, LANG: "de_DE.UTF-8", LC_ALL: "" } });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("snaplab: Not enough non-option arguments: got 0, need at least 1 (see snaplab --help)\n");
  });
});

/**
 * `snaplab ui --rules FILE` serves a learner's rules to their own machine
 * only: on another address, or as a static folder for any host, it refuses
 * in one line, exit 2, before serving or writing anything.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

describe("snaplab ui --rules", () => {
  const rulesFile = () => {
    const file = join(tempDir("ui-rules"), "rules.ts");
    writeFileSync(file, "export const rules = {};\n");
    return file;
  };

  it.each(["0.0.0.0", "192.168.1.20", "::"])("refuses to serve them on --host %s", async (host) => {
    const result = await runCli("ui", "--rules", rulesFile(), "--host", host);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `snaplab: --rules serves your rules to this machine only: --host must be 127.0.0.1 or localhost, not ${host} (see snaplab ui --help)\n`,
    );
  });

  it("refuses to write them into a static folder (--out)", async () => {
    const out = join(tempDir("ui-rules"), "site");
    const result = await runCli("ui", "--rules", rulesFile(), "--out", out);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe("snaplab: --rules and --out go apart: a static folder is served to anyone, your rules only to you (see snaplab ui --help)\n");
    expect(existsSync(out)).toBe(false);
  });

  it("refuses a rules file that is not there, as explore --rules does", async () => {
    const missing = join(tempDir("ui-rules"), "rules.ts");
    const result = await runCli("ui", "--rules", missing);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`snaplab: ${missing}: cannot read the rules file (ENOENT)\n`);
  });
});

/**
 * `snaplab ui` as a user runs it: a child process that prints the page's
 * address on one line, serves the page over a real socket on 127.0.0.1 and
 * stops on SIGTERM, every file with the page's Content-Security-Policy and
 * nosniff; and `--out`, the static folder `npm run build:web` writes.
 */
import { spawn } from "node:child_process";
import { readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../src/web/content-security-policy.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

describe("snaplab ui", () => {
  it("prints its address on one line, serves the page there and stops on SIGTERM", async () => {
    const child = spawn(process.execPath, ["bin/snaplab.js", "ui", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      const [line] = await Promise.race([
        createInterface({ input: child.stdout })
          [Symbol.asyncIterator]()
          .next()
          .then((r) => [r.value as string]),
        exited.then((code) => [`exited with ${code}`]),
      ]);
      expect(line).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await fetch(line!);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain('<script type="module" src="page.js">');
      const script = await fetch(new URL("page.js", line));
      expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
      const missing = await fetch(new URL("no-such-file", line));
      expect(missing.status).toBe(404);
      // A malformed escape is refused, and the server goes on (it once ended it: one request stopped a classroom's page).
      const malformed = await fetch(new URL("%E0%A4%A", line));
      expect(malformed.status).toBe(400);
      expect((await fetch(line!)).status).toBe(200);
      // Every answer with the page's policy, and nosniff: a file is only ever what its type says.
      for (const response of [page, script, missing, malformed]) {
        expect(response.headers.get("content-security-policy")).toBe(contentSecurityPolicy());
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      }
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });

  it("--out writes the page as a static folder, its scripts under 1 MB together", async () => {
    const out = join(tempDir("web"), "site");
    const result = await runCli("ui", "--out", out);
    expect(result.status).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toEqual(expect.arrayContaining(["index.html", "page.js", "search-worker.js", "styles.css"]));
    expect(result.stdout).toBe(`wrote ${out}: ${files.join(", ")}\n`);
    const scripts = files.filter((f) => f.endsWith(".js")).reduce((sum, f) => sum + statSync(join(out, f)).size, 0);
    expect(scripts).toBeGreaterThan(0);
    expect(scripts).toBeLessThan(1024 * 1024);
  });

  it("--out to a place it cannot write is one line and exit 2", async () => {
    const file = join(tempDir("web"), "a-file");
    writeFileSync(file, "");
    const result = await runCli("ui", "--out", join(file, "site"));
    expect([result.status, result.stderr]).toEqual([2, `snaplab: ${join(file, "site")}: there is no folder ${file}\n`]);
  });

  it("--out refuses a folder that is not empty, as classroom github does, and leaves it as it was (it wrote over what was there)", async () => {
    const out = tempDir("web");
    writeFileSync(join(out, "index.html"), "mine");
    const result = await runCli("ui", "--out", out);
    expect([result.status, result.stderr]).toEqual([2, `snaplab: ${out}: is not empty (--out names a new or empty folder)\n`]);
    // The four bytes written here, not the page's index.html.
    expect([readdirSync(out), statSync(join(out, "index.html")).size]).toEqual([["index.html"], 4]);
  });
});

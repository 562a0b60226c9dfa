/**
 * The page's Content-Security-Policy: sent by the server with every file
 * (and nosniff), written into the page by `snaplab ui --out` (a static folder
 * sends no headers), in force in Chromium either way: the page works under it
 * without one refusal, and a script put into the page inline is refused.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../src/web/content-security-policy.js";
import { chromiumMissing } from "../support/chromium.js";
import { runCli } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";
import { pageInChromium } from "./page-in-chromium.js";

const TYPES: Record<string, string> = { html: "text/html", js: "text/javascript", css: "text/css" };

/** A static host as a folder is served anywhere: the files, their types, and no other header. */
function serveFolder(folder: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const name = new URL(request.url ?? "/", "http://folder").pathname.slice(1) || "index.html";
    try {
      const bytes = readFileSync(join(folder, name));
      response.writeHead(200, { "content-type": TYPES[name.replace(/^.*\./, "")] ?? "application/octet-stream" }).end(bytes);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server })));
}

/** Puts an inline script into the page, as markup injected into it would; true if it ran. */
const INLINE_SCRIPT_RUNS = `new Promise((resolve) => {
  const script = document.createElement("script");
  script.textContent = "window.inlineRan = true";
  document.head.append(script);
  setTimeout(() => resolve(window.inlineRan === true), 100);
})`;

describe.skipIf(chromiumMissing !== undefined)("the page's policy, in Chromium", () => {
  const chromium = pageInChromium();
  let page: Page;
  let folder: { url: string; server: Server };
  let written: string;
  beforeAll(async () => {
    page = await chromium.newPage();
    const out = join(tempDir("policy"), "site");
    const result = await runCli("ui", "--out", out);
    expect(result.status).toBe(0);
    written = readFileSync(join(out, "index.html"), "utf8");
    folder = await serveFolder(out);
  });
  afterAll(async () => {
    // Chromium keeps its connections open; close() alone would wait for them.
    await new Promise((done) => {
      folder?.server.close(done);
      folder?.server.closeAllConnections();
    });
  });
  afterEach(() => {
    expect(chromium.problems.splice(0)).toEqual([]);
  });

  /** The page as a learner uses it: steps, a search in its worker, a counterexample drawn; not one refusal. */
  async function useThePage(origin: string): Promise<void> {
    await chromium.open(page, "?scenario=two-node.json&fifo=0&explore=1", origin);
    await page.locator('[data-load-counterexample="no-ghost-receive"]').click();
    expect(await page.locator('svg[data-view="space-time"] text.title').textContent()).toBe("no-ghost-receive is violated");
    // The diagram's own style sheet applies (allowed by its hash): its lanes are grey, not black.
    expect(
      await page
        .locator("#lanes line")
        .first()
        .evaluate((line) => getComputedStyle(line).stroke),
    ).toBe("rgb(153, 153, 153)");
    await page.locator("#start").click();
    await page.locator("#actions button").first().click();
    expect(await page.locator("#position").textContent()).toBe("step 1 of 1");
  }

  it("works under the policy the server sends, which refuses an inline script", async () => {
    const response = await fetch(chromium.server.url);
    expect(response.headers.get("content-security-policy")).toBe(contentSecurityPolicy());
    await useThePage(chromium.server.url);
    expect(await page.evaluate(INLINE_SCRIPT_RUNS)).toBe(false);
    const refused = chromium.problems.splice(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter((problem) => !/script-src/.test(problem))).toEqual([]);
  });

  it("works under the policy --out writes into the page for a host that sends no headers, which refuses an inline script", async () => {
    const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy({ inMeta: true })}">`;
    expect(written).toContain(meta);
    expect(written.indexOf(meta)).toBeLessThan(written.indexOf("<link"));
    expect(written.indexOf(meta)).toBeLessThan(written.indexOf("<script"));
    const response = await fetch(folder.url);
    expect(response.headers.get("content-security-policy")).toBeNull();
    await useThePage(folder.url);
    expect(await page.evaluate(INLINE_SCRIPT_RUNS)).toBe(false);
    const refused = chromium.problems.splice(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter((problem) => !/script-src/.test(problem))).toEqual([]);
  });
});

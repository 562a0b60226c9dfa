/**
 * The page's Content-Security-Policy, as written: the page's own HTML holds
 * nothing it would refuse, and the meta `snaplab ui --out` writes names all of
 * it that a meta can carry (page-policy.system.test.ts: in force in Chromium).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../src/web/content-security-policy.js";

describe("the page's policy, over a real socket", () => {
  it("says no inline script, handler or style in the page's own HTML, which the policy would refuse", () => {
    const html = readFileSync("src/web/page/index.html", "utf8");
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script type="module" src="page.js">']);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/\sstyle\s*=|<style\b/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it("is named whole in the meta --out writes, but for frame-ancestors, which a meta cannot carry", () => {
    const sent = contentSecurityPolicy();
    expect(sent).toMatch(/(^|; )script-src 'self'(;|$)/);
    expect(sent).toMatch(/(^|; )default-src 'none'(;|$)/);
    expect(sent).toMatch(/(^|; )worker-src 'self'(;|$)/);
    expect(sent).toMatch(/(^|; )style-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    expect(contentSecurityPolicy({ inMeta: true })).toBe(sent.replace("; frame-ancestors 'none'", ""));
  });
});

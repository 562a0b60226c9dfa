/**
 * Copy link in Chromium, on this machine (a secure context, with
 * navigator.clipboard) and as a classroom reaches `snaplab ui --host 0.0.0.0`
 * over plain http (no navigator.clipboard): a host name Chromium maps to
 * 127.0.0.1, which it does not count as secure, so the page is served over a
 * real socket yet sees what a learner's browser sees.
 */
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { chromiumMissing } from "../support/chromium.js";
import { pageInChromium } from "./page-in-chromium.js";

const CLASSROOM_HOST = "snaplab.test";

describe.skipIf(chromiumMissing !== undefined)("Copy link, in Chromium", () => {
  const chromium = pageInChromium({ args: [`--host-resolver-rules=MAP ${CLASSROOM_HOST} 127.0.0.1`] });
  let page: Page;
  beforeAll(async () => {
    page = await chromium.newPage();
  });
  afterEach(() => {
    expect(chromium.problems.splice(0)).toEqual([]);
  });

  const classroom = () => chromium.server.url.replace("127.0.0.1", CLASSROOM_HOST);
  const button = () => page.locator("#copy-link").textContent();

  it("copies through navigator.clipboard where there is one", async () => {
    await chromium.chrome.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(chromium.server.url).origin });
    await chromium.open(page, "?scenario=two-node.json&path=0");
    await page.locator("#copy-link").click();
    await expect.poll(button).toBe("Link copied");
    expect(await page.evaluate("navigator.clipboard.readText()")).toBe(page.url());
    expect(await page.locator("#link-text").isHidden()).toBe(true);
  });

  it("over plain http, copies from a selected field instead, and says so until the link changes", async () => {
    await chromium.open(page, "?scenario=two-node.json&path=0", classroom());
    expect(await page.evaluate("[window.isSecureContext, typeof navigator.clipboard]")).toEqual([false, "undefined"]);
    // What the copy took: the text selected in the focused field.
    await page.evaluate(`document.addEventListener("copy", () => {
      const field = document.activeElement;
      window.copied = field.value.slice(field.selectionStart, field.selectionEnd);
    })`);
    await page.locator("#copy-link").click();
    await expect.poll(button).toBe("Link copied");
    expect(await page.evaluate("window.copied")).toBe(page.url());
    expect(await page.locator("#link-text").isHidden()).toBe(true);
    expect(await page.evaluate("document.activeElement.id")).toBe("copy-link");

    await page.locator("#actions button").first().click();
    expect(await button()).toBe("Copy link");
  });

  it("where the browser refuses to copy, leaves the link selected in a field to copy by hand", async () => {
    await chromium.open(page, "?scenario=two-node.json", classroom());
    await page.evaluate("document.execCommand = () => false");
    await page.locator("#copy-link").click();
    await expect.poll(button).toBe("Copy the link from the field");
    const field = page.locator("#link-text");
    expect(await field.isVisible()).toBe(true);
    expect(await field.inputValue()).toBe(page.url());
    expect(await page.evaluate("[document.activeElement.id, document.activeElement.selectionStart, document.activeElement.selectionEnd]")).toEqual([
      "link-text",
      0,
      page.url().length,
    ]);

    await page.locator("#actions button").first().click();
    expect(await button()).toBe("Copy link");
    expect(await field.isHidden()).toBe(true);
  });
});

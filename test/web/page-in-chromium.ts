/**
 * The page served over a real socket on 127.0.0.1 and opened in Debian's
 * Chromium, for a test file: one browser and one server, started before its
 * tests and stopped after them. Every page opened through it reports what
 * should never happen, in `problems`: a Content-Security-Policy violation
 * (something the page put in itself that the policy refused: markup made from
 * a scenario, say), an error in the console, an uncaught exception, a dialog.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { builtPage } from "../../src/web/built-page.js";
import { servePage, type PageServer } from "../../src/web/page-server.js";
import { launchChromium, type LaunchedChromium } from "../support/chromium.js";

export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1280, height: 800 };

/** Reported to the console, where the tests' listener reads it, with what was refused. */
const REPORT_VIOLATIONS = `document.addEventListener("securitypolicyviolation", (event) =>
  console.error("securitypolicyviolation: " + event.violatedDirective + " " + event.blockedURI + " " + event.sample));`;

export interface PageInChromium {
  readonly server: PageServer;
  readonly chrome: LaunchedChromium;
  /** What went wrong on any page opened so far, one line each. */
  readonly problems: string[];
  /** A new tab of the given size, watched for problems. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** Opens `address` (after the server's own) and waits for the stepper to say where it stands. */
  open(page: Page, address: string, origin?: string): Promise<void>;
}

export function pageInChromium({ args = [] }: { args?: readonly string[] } = {}): PageInChromium {
  let server: PageServer | undefined;
  let chrome: LaunchedChromium | undefined;
  const problems: string[] = [];
  beforeAll(async () => {
    const [files, launched] = await Promise.all([builtPage(), launchChromium(undefined, args)]);
    chrome = launched;
    await chrome.context.addInitScript(REPORT_VIOLATIONS);
    server = await servePage(files);
  });
  afterAll(async () => {
    await chrome?.close();
    await server?.close();
  });
  return {
    get server() {
      return server!;
    },
    get chrome() {
      return chrome!;
    },
    problems,
    async newPage(viewport = LAPTOP) {
      const page = await chrome!.context.newPage();
      await page.setViewportSize(viewport);
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(`console: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      page.on("dialog", (dialog) => {
        problems.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      return page;
    },
    async open(page, address, origin = server!.url) {
      await page.goto(origin + address);
      await page
        .locator("#position")
        .filter({ hasText: /step|no scenario/ })
        .waitFor();
    },
  };
}

/**
 * Debian's Chromium, driven by playwright-core, for the page's tests and the
 * bench: headless, offline, in a fresh profile folder that `close` removes.
 * Where no Chromium is installed, `launchChromium` returns undefined and says
 * why, so the browser tests skip rather than fail (CI installs it: .ci/run).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

export const CHROMIUM = process.env.SNAPLAB_CHROMIUM ?? "/usr/bin/chromium";

export const chromiumMissing = existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (apt-get install chromium): the page's browser tests are skipped`;

export interface LaunchedChromium {
  /** One browser in its own profile; open pages with `context.newPage()`. */
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/**
 * `under`: the folder to make the profile in (the bench's scratch folder; the system's temporary folder by default).
 * `args`: more of Chromium's switches, e.g. a host name mapped to 127.0.0.1, for a page served as a classroom sees it.
 */
export async function launchChromium(under = tmpdir(), args: readonly string[] = []): Promise<LaunchedChromium> {
  const profile = mkdtempSync(join(under, "snaplab-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...args,
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

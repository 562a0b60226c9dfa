/**
 * The search in the browser, timed against the same search in Node: the page
 * (built as `snaplab ui` builds it) in Debian's Chromium, each scenario
 * explored by the page's worker, best of N runs. While it searches, a timer
 * on the page's own thread measures the longest wait between its ticks: how
 * long the page could not answer a click.
 */
import { builtPage } from "../src/web/built-page.js";
import { servePage } from "../src/web/page-server.js";
import { chromiumMissing, launchChromium } from "../test/support/chromium.js";
import { count, markdownTable, seconds } from "./markdown-table.js";
import type { SnaplabRun } from "./run-snaplab.js";
import { scratchFolder } from "./scratch.js";

export interface BrowserCase {
  readonly label: string;
  /** The page's address for the scenario, e.g. "?scenario=three-node.json&fifo=0". */
  readonly query: string;
  /** The same scenario explored by `snaplab explore` in Node. */
  readonly node: SnaplabRun;
}

/** The section's Markdown, or why it was skipped. */
export async function browserSection(cases: readonly BrowserCase[], runs: number): Promise<string> {
  if (chromiumMissing) return chromiumMissing.replace(/: .*$/, ": the browser comparison was skipped.");
  const server = await servePage(builtPage());
  const chrome = await launchChromium(scratchFolder("chromium"));
  try {
    const page = await chrome.context.newPage();
    const rows: string[][] = [];
    for (const { label, query, node } of cases) {
      let best: { searchMs: number; wallMs: number; stalledMs: number } | undefined;
      for (let i = 0; i < runs; i++) {
        await page.goto(server.url + query);
        await page.locator("#explore:enabled").waitFor();
        // A tick every 10 ms on the page's thread; the longest gap is the longest the page was unresponsive.
        await page.evaluate(() => {
          const w = window as unknown as { longestGap: number };
          w.longestGap = 0;
          let last = performance.now();
          setInterval(() => {
            const now = performance.now();
            w.longestGap = Math.max(w.longestGap, now - last);
            last = now;
          }, 10);
        });
        await page.locator("#explore").click();
        const states = Number(await page.locator('[data-figure="states"]').textContent({ timeout: 600_000 }));
        if (states !== node.report.states) throw new Error(`${label}: the page found ${states} states, Node ${node.report.states}`);
        const progress = page.locator("#progress");
        const run = {
          searchMs: Number(await progress.getAttribute("data-search-ms")),
          wallMs: Number(await progress.getAttribute("data-wall-ms")),
          stalledMs: await page.evaluate(() => (window as unknown as { longestGap: number }).longestGap),
        };
        best = !best
          ? run
          : { searchMs: Math.min(best.searchMs, run.searchMs), wallMs: Math.min(best.wallMs, run.wallMs), stalledMs: Math.max(best.stalledMs, run.stalledMs) };
      }
      rows.push([
        label,
        count(node.report.states),
        seconds(node.searchMs),
        seconds(best!.searchMs),
        `${(best!.searchMs / node.searchMs).toFixed(2)}×`,
        seconds(best!.wallMs),
        String(Math.round(best!.stalledMs)),
      ]);
    }
    return markdownTable(
      ["scenario", "states", "Node search s", "browser search s", "browser / Node", "browser click to result s", "page's longest stall ms"],
      rows,
    );
  } finally {
    await chrome.close();
    await server.close();
  }
}

/**
 * `snaplab ui --rules FILE` as a learner runs it, the page in Chromium: their
 * rules offered beside the kit's, run as `snaplab explore --rules` runs them
 * (the same violation, the same run to it, step by step and in Explore all),
 * a trace explore --rules saved replayed with them, a rule that throws
 * placed in the file and the run to it shown, and a file that cannot be run
 * told in the CLI's one line. The file is edited between reloads, as
 * a learner edits it: each reload bundles it afresh.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumMissing, launchChromium, type LaunchedChromium } from "../support/chromium.js";
import { snaplab } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

if (chromiumMissing) console.warn(chromiumMissing);

/** Exercise 1 and 2's answer with one line broken: a message that arrives on a recorded channel is not recorded. */
function brokenRules(): string {
  const answer = readFileSync("solutions/01-record-and-forward/rules.ts", "utf8");
  const broken = answer.replace('return [{ type: "record-message", channel, message }];', "return [];");
  expect(broken).not.toBe(answer);
  return broken;
}

/**
 * The answer with one rule that throws: a message that arrives on a recorded
 * channel. `throw` is at line 42, column 5; the error made at column 11.
 */
function throwingRules(): string {
  const answer = readFileSync("solutions/01-record-and-forward/rules.ts", "utf8");
  const throwing = answer.replace('return [{ type: "record-message", channel, message }];', 'throw new RangeError("not yet: " + channel);');
  expect(throwing.split("\n")[41]).toBe('    throw new RangeError("not yet: " + channel);');
  return throwing;
}

interface Counterexample {
  readonly property: string;
  readonly length: number;
  readonly reason: string;
  readonly steps: readonly string[];
}

describe.skipIf(chromiumMissing !== undefined)("the page with the learner's rules (snaplab ui --rules)", () => {
  let folder: string;
  let rules: string;
  let ui: ChildProcess;
  let address: string;
  let chrome: LaunchedChromium;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    folder = tempDir("your-rules");
    rules = join(folder, "rules.ts");
    writeFileSync(rules, brokenRules());
    ui = spawn(process.execPath, ["bin/snaplab.js", "ui", "--rules", rules], { stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise<string>((resolve) => ui.once("exit", (code) => resolve(`exited with ${code}`)));
    const first = createInterface({ input: ui.stdout! })
      [Symbol.asyncIterator]()
      .next()
      .then((line) => (line.value as string | undefined) ?? "no address printed");
    [address, chrome] = await Promise.all([Promise.race([first, exited]), launchChromium()]);
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    page = await chrome.context.newPage();
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  });

  afterAll(async () => {
    await chrome?.close();
    if (ui && ui.exitCode === null) {
      const exited = new Promise((resolve) => ui.once("exit", resolve));
      ui.kill("SIGTERM");
      await exited;
    }
  });

  /** Opens the page on two-node.json with the learner's rules picked (bundled afresh), and waits for it to say where it stands. */
  const openWithYourRules = async () => {
    await page.goto(`${address}?scenario=two-node.json`);
    await page.locator("#position").filter({ hasText: "step" }).waitFor();
    await page.locator("#algorithm").selectOption({ label: `your rules (${rules})` });
  };

  /** What `snaplab explore two-node.json --rules FILE` finds: each violated property's shortest counterexample. */
  const explored = (): Counterexample[] => {
    const result = snaplab("explore", "spec/scenarios/two-node.json", "--rules", rules, "--format", "json");
    expect(result.status).toBe(1);
    return (JSON.parse(result.stdout) as { counterexamples: Counterexample[] }).counterexamples;
  };

  it("explores every interleaving with them, finding the violations explore --rules finds, as long", async () => {
    const counterexamples = explored();
    expect(counterexamples.map((c) => c.property)).toContain("channel-state");
    await openWithYourRules();
    await page.locator("#explore").click();
    await page.locator("[data-load-counterexample]").first().waitFor();
    for (const { property, length, reason } of counterexamples) {
      expect(await page.locator(`[data-property="${property}"]`).getAttribute("class")).toBe("violated");
      const shown = page.locator(".counterexample", { has: page.locator(`[data-load-counterexample="${property}"]`) });
      expect(await shown.locator("summary").textContent()).toBe(`${property}: shortest counterexample, ${length} steps`);
      expect(await shown.locator(".reason").textContent()).toBe(`why: ${reason}`);
    }
    expect(await page.locator("[data-load-counterexample]").count()).toBe(counterexamples.length);
    expect(problems).toEqual([]);
  });

  it("steps through them by hand, the run explore --rules shows, to the message the broken rule leaves out", async () => {
    const [channelState] = explored().filter((c) => c.property === "channel-state");
    await openWithYourRules();
    for (const step of channelState!.steps) await page.locator("#actions button").filter({ hasText: step }).first().click();
    expect(await page.locator("#position").textContent()).toBe(`step ${channelState!.length} of ${channelState!.length}`);
    const verdict = page.locator('[data-now="channel-state"]');
    expect(await verdict.getAttribute("class")).toBe("violated");
    expect(await verdict.locator(".reason").textContent()).toBe(channelState!.reason);
    expect(problems).toEqual([]);
  });

  it("replays a trace explore --rules saved, with them", async () => {
    expect(snaplab("explore", "spec/scenarios/two-node.json", "--rules", rules, "--save-trace", join(folder, "two-node.json")).status).toBe(1);
    // One trace a violated property, named after it.
    const trace = join(folder, "two-node.channel-state.json");
    const saved = JSON.parse(readFileSync(trace, "utf8")) as { rules: string; actions: string[]; violation: { property: string } };
    expect(saved.rules).toBe(rules);
    await page.goto(`${address}?scenario=two-node.json`);
    await page.locator("#position").filter({ hasText: "step" }).waitFor();
    await page.locator("#trace-file").setInputFiles(trace);
    await page
      .locator("#trace-status")
      .filter({ hasText: `reproduced: ${saved.violation.property} is violated after step` })
      .waitFor();
    expect(await page.locator("#algorithm").inputValue()).toBe(rules);
    expect(await page.locator("#position").textContent()).toBe(`step ${saved.actions.length} of ${saved.actions.length}`);
    expect(problems).toEqual([]);
  });

  /** The run explore --rules shows to the rule that threw, and its reason, which names where in the file it threw from. */
  const ruleThrew = (): Counterexample => {
    const result = snaplab("explore", "spec/scenarios/two-node.json", "--rules", rules, "--format", "json");
    expect(result.status).toBe(1);
    const { ruleThrew } = JSON.parse(result.stdout) as { ruleThrew: Counterexample };
    expect(ruleThrew.reason).toBe(`rules.onMessage(view, channel, message) at P0 (P1#1 on P1->P0) threw RangeError: not yet: P1->P0 (${rules}:42:11)`);
    return ruleThrew;
  };

  it("says where in the learner's file a rule threw, as explore --rules says it", async () => {
    writeFileSync(rules, throwingRules());
    const { reason, steps } = ruleThrew();
    await openWithYourRules();
    // Up to the state where the next step asks the rule that throws: the page says so in the CLI's line.
    for (const step of steps.slice(0, -1)) await page.locator("#actions button").filter({ hasText: step }).first().click();
    expect(await page.locator("#scenario-error").textContent()).toBe(`${rules}: ${reason}`);
    expect(problems).toEqual([]);
  });

  it("shows, where Explore all stops at a rule that threw, the run to it explore --rules shows, and loads it", async () => {
    writeFileSync(rules, throwingRules());
    const { property, length, reason, steps } = ruleThrew();
    await openWithYourRules();
    await page.locator("#explore").click();
    await page.locator("[data-load-counterexample]").first().waitFor();
    expect(await page.locator("#progress").textContent()).toBe("the search stopped at a rule that threw");
    const shown = page.locator(".counterexample");
    expect(await shown.count()).toBe(1);
    expect(await shown.locator("summary").textContent()).toBe(`${property}: shortest counterexample, ${length} steps`);
    expect(await shown.locator(".reason").textContent()).toBe(`why: ${reason}`);
    expect(await shown.locator("li").allTextContents()).toEqual(steps);
    // Loaded, the stepper stands where the last step asks the rule, and says what it threw.
    await page.locator(`[data-load-counterexample="${property}"]`).click();
    expect(await page.locator("#position").textContent()).toBe(`step ${length - 1} of ${length - 1}`);
    expect(await page.locator("#scenario-error").textContent()).toBe(`${rules}: ${reason}`);
    expect(problems).toEqual([]);
  });

  /** The one line explore --rules ends with for the file as it is now (its exit status 2). */
  const refusal = () => {
    const result = snaplab("explore", "spec/scenarios/two-node.json", "--rules", rules);
    expect(result.status).toBe(2);
    return result.stderr
      .trim()
      .split("\n")
      .at(-1)!
      .replace(/^snaplab: /, "");
  };

  it("tells a file whose top-level code throws in one line, as explore --rules tells it, once reloaded", async () => {
    writeFileSync(rules, 'throw new TypeError("not written yet");\nexport const rules = {};\n');
    // The place in the file, as the CLI says it, from the source map of the bundle the page was served.
    expect(refusal()).toBe(`${rules}: TypeError: not written yet (${rules}:1:7)`);
    await openWithYourRules();
    expect(await page.locator("#scenario-error").textContent()).toBe(`${rules}: TypeError: not written yet (${rules}:1:7)`);
    expect(await page.locator("#position").textContent()).toBe("no scenario");
  });

  it("tells a file that does not build, or exports no rules, in the line explore --rules says", async () => {
    writeFileSync(rules, "export const rules = {\n");
    await openWithYourRules();
    expect(await page.locator("#scenario-error").textContent()).toBe(refusal());

    writeFileSync(rules, "export const rule = { initiate: () => [] };\n");
    await openWithYourRules();
    expect(await page.locator("#scenario-error").textContent()).toBe(refusal());

    // Fixed, the same page runs them again.
    copyFileSync("solutions/01-record-and-forward/rules.ts", rules);
    await openWithYourRules();
    expect(await page.locator("#scenario-error").isHidden()).toBe(true);
    expect(await page.locator("#actions button").count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});

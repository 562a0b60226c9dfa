/**
 * The page's address in Chromium: what a link may hold (a shipped scenario
 * by name, a pasted one in #json=, switches), what the page says when it
 * cannot be loaded (and that it keeps the address, to be corrected), a link
 * followed that differs only after `#`, and scenarios crafted to run a
 * script: none ever runs, and the policy never has to refuse one.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ScenarioError } from "../../src/errors/scenario-error.js";
import { parseModelScenario } from "../../src/models/registry.js";
import { Stepper } from "../../src/web/page/stepper.js";
import { buildSystem } from "../../src/web/page/system.js";
import { chromiumMissing } from "../support/chromium.js";
import { pageInChromium } from "./page-in-chromium.js";

const base64url = (text: string) => Buffer.from(text).toString("base64url");

/** Names that would run a script if the page ever put a scenario's words into its markup unescaped. */
const HOSTILE = {
  name: `</script><script>window.pwned = "name"</script><img src=x onerror="window.pwned='name img'">: a lab`,
  processes: [`<img src=x onerror="window.pwned='process'">`, "javascript:window.pwned='href'", `"'><svg onload="window.pwned='svg'">`],
};

function hostileScenario(): string {
  const [a, b, c] = HOSTILE.processes as [string, string, string];
  return JSON.stringify({
    name: HOSTILE.name,
    processes: { [a]: 100, [b]: 100, [c]: 50 },
    channels: [
      [a, b],
      [b, c],
      [c, a],
    ],
    programs: { [a]: [{ to: b, amount: 10 }], [b]: [{ to: c, amount: 20 }] },
    initiators: [a],
    fifo: false,
  });
}

describe.skipIf(chromiumMissing !== undefined)("the page's address, in Chromium", () => {
  const chromium = pageInChromium();
  let page: Page;
  beforeAll(async () => {
    page = await chromium.newPage();
  });
  afterEach(() => {
    expect(chromium.problems.splice(0)).toEqual([]);
  });

  const position = () => page.locator("#position").textContent();
  const error = () => page.locator("#scenario-error").textContent();

  it("loads a shipped scenario named without .json, or by its path, and keeps the link's switches", async () => {
    for (const name of ["two-node", "spec/scenarios/two-node.json", "case-studies/dataflow-aligned"]) {
      await chromium.open(page, `?scenario=${encodeURIComponent(name)}&path=0`);
      expect(await page.locator("#scenario-error").isHidden()).toBe(true);
      expect(await position()).toBe("step 1 of 1");
    }
    await chromium.open(page, "?scenario=two-node&fifo=0&algorithm=defer-after-recording");
    expect(await page.locator("#scenario-list").inputValue()).toBe("two-node.json");
    expect(await page.locator("#fifo").isChecked()).toBe(false);
    expect(await page.locator("#algorithm").inputValue()).toBe("defer-after-recording");
    expect(new URL(page.url()).search).toBe("?scenario=two-node.json&fifo=0&algorithm=defer-after-recording");
  });

  it("says a scenario is not shipped, Object's own names too, and leaves the address as given", async () => {
    for (const name of ["nope", "__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const address = `?scenario=${name}&fifo=0&algorithm=defer-after-recording`;
      await chromium.open(page, address);
      expect(await position()).toBe("no scenario");
      expect(await error()).toBe(
        new ScenarioError(`spec/scenarios/${name}`, "", "cannot read the scenario (no such shipped scenario; the list above has them all)").message,
      );
      expect(await page.locator("#scenario-json").inputValue()).toBe("");
      expect(new URL(page.url()).search).toBe(address);
    }
  });

  it("shows a #json= that is not base64url as an error, loading nothing in its place, and keeps it in the address", async () => {
    for (const hash of ["#json=%%%not-base64", "#json=AAAAA"]) {
      await chromium.open(page, `?fifo=0${hash}`);
      expect(await position()).toBe("no scenario");
      expect(await error()).toBe("#json: the link's #json= is not a scenario file in base64url (was the link cut short?)");
      expect(await page.locator('svg[data-view="space-time"]').count()).toBe(0);
      expect(new URL(page.url()).hash).toBe(hash);
    }
    // Readable, but not a scenario: the reader's own one line, about "#json".
    await chromium.open(page, `#json=${base64url('{"processes": 3}')}`);
    const expected = (() => {
      try {
        parseModelScenario('{"processes": 3}', "#json");
      } catch (thrown) {
        return (thrown as Error).message;
      }
    })();
    expect(await error()).toBe(expected);
  });

  it("loads the scenario of a link that differs only after #, as it loads any link", async () => {
    const one = readFileSync("spec/scenarios/two-node.json", "utf8");
    const other = readFileSync("spec/scenarios/three-node.json", "utf8");
    await chromium.open(page, `#json=${base64url(one)}`);
    await page.locator("#actions button").first().click();
    expect(await position()).toBe("step 1 of 1");
    // The same address but after #: a same-document navigation, which does not load the page again.
    const differing = (hash: string) => `${page.url().replace(/#.*$/, "")}${hash}`;
    expect(page.url()).toMatch(/\?.*path=0.*#json=/);
    await page.goto(differing(`#json=${base64url(other)}`));
    await expect.poll(() => page.locator("#scenario-json").inputValue()).toBe(other);
    // The address's path=0, now of the other scenario.
    expect(await position()).toBe("step 1 of 1");
    const lanes = await page.locator("#lanes text").allTextContents();
    expect(lanes).toEqual(["P0", "P1", "P2"]);
    await page.goto(differing("#json=garbage!"));
    await expect.poll(error).toMatch(/^#json: /);
    expect(await position()).toBe("no scenario");
  });

  it("runs no script from a crafted scenario, by link or pasted, stepped, explored and drawn", async () => {
    const text = hostileScenario();
    const system = buildSystem({ text, file: "#json", settings: {} });
    const walked = new Stepper(system);
    for (let i = 0; i < 3; i++) walked.take(walked.enabled().length - 1);
    expect(walked.enabled().length).toBeGreaterThan(0);
    await chromium.open(page, `?path=${walked.pathIndices().join(".")}#json=${base64url(text)}`);
    expect(await position()).toBe(`step ${walked.length} of ${walked.length}`);
    expect(await page.locator("#lanes text").allTextContents()).toEqual(HOSTILE.processes);
    expect((await page.locator("#diagram text.title").allTextContents()).join(" ")).toContain(HOSTILE.name);
    expect(await page.locator("#state th").allTextContents()).toEqual(expect.arrayContaining(HOSTILE.processes));
    expect(await page.locator("#actions").textContent()).toBe(
      walked
        .enabled()
        .map((c) => c.text)
        .join(""),
    );

    await page.locator("#explore").click();
    await page.locator('[data-figure="states"]').waitFor();
    const counterexamples = page.locator("[data-load-counterexample]");
    expect(await counterexamples.count()).toBeGreaterThan(0);
    await counterexamples.first().click();
    expect(await page.locator("#offences").textContent()).toContain(HOSTILE.processes[0]);

    await page.locator("#pick summary").click();
    await page.locator("#scenario-json").fill(text);
    await page.locator("#load-json").click();
    expect(await position()).toBe("step 0 of 0");
    await page.locator("#actions button").first().click();

    expect(await page.evaluate("window.pwned")).toBeUndefined();
    expect(await page.locator("#diagram img, #diagram script, #diagram foreignObject, #state img, #actions img").count()).toBe(0);
  });
});

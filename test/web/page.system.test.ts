/**
 * The page in a real browser (Debian's Chromium, driven by playwright-core):
 * one browser and one server for the whole file. Every figure, verdict, step
 * text and error the page shows is compared with what the same code says in
 * Node (check, the stepper, the trace reader), not with numbers copied here.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../../src/check/check.js";
import { DEFAULT_MAX_STATES } from "../../src/explore/search-pipeline.js";
import { StateLimitError } from "../../src/explore/state-limit-error.js";
import { loadModelScenario } from "../../src/models/load-model-scenario.js";
import { parseModelScenario } from "../../src/models/registry.js";
import { parseTrace } from "../../src/trace/load-trace.js";
import { replayTrace } from "../../src/trace/replay.js";
import { formatTrace, savedTrace } from "../../src/trace/saved-trace.js";
import { builtPage } from "../../src/web/built-page.js";
import { servePage, type PageServer } from "../../src/web/page-server.js";
import { Stepper } from "../../src/web/page/stepper.js";
import { buildSystem } from "../../src/web/page/system.js";
import { chromiumMissing, launchChromium, type LaunchedChromium } from "../support/chromium.js";
import { tempDir } from "../support/temp-dir.js";

if (chromiumMissing) console.warn(chromiumMissing);

const shipped = (path: string) => ({ text: readFileSync(`spec/scenarios/${path}`, "utf8"), file: `spec/scenarios/${path}`, settings: {} });

describe.skipIf(chromiumMissing !== undefined)("the page, in Chromium", () => {
  let chrome: LaunchedChromium;
  let server: PageServer;
  let page: Page;

  beforeAll(async () => {
    const [files, launched] = await Promise.all([builtPage(), launchChromium()]);
    chrome = launched;
    server = await servePage(files);
    page = await chrome.context.newPage();
  });

  afterAll(async () => {
    await chrome?.close();
    await server?.close();
  });

  const open = async (target: Page, address: string) => {
    await target.goto(server.url + address);
    await target
      .locator("#position")
      .filter({ hasText: /step|no scenario/ })
      .waitFor();
  };
  const position = () => page.locator("#position").textContent();
  const actionTexts = () => page.locator("#actions button").allTextContents();

  it("picks a shipped scenario with its rules and channel order, for every model", async () => {
    await open(page, "?scenario=two-node.json");
    expect(await page.locator("#algorithm").inputValue()).toBe("chandy-lamport");
    expect(await page.locator("#fifo").isChecked()).toBe(true);
    expect(await position()).toBe("step 0 of 0");
    expect(await actionTexts()).toEqual(new Stepper(buildSystem(shipped("two-node.json"))).enabled().map((c) => c.text));

    await page.locator("#scenario-list").selectOption("case-studies/database-two-nodes-redo.json");
    await expect.poll(() => page.locator("#algorithm-label").textContent()).toBe("design");
    expect(await page.locator("#algorithm").inputValue()).toBe("chandy-lamport-redo");
    expect(await page.locator("#fifo-switch").isHidden()).toBe(true);
    expect(page.url()).toContain("scenario=case-studies%2Fdatabase-two-nodes-redo.json");

    await page.locator("#scenario-list").selectOption("case-studies/dataflow-aligned.json");
    await expect.poll(() => page.locator("#algorithm-label").textContent()).toBe("barrier mode");
    expect(await actionTexts()).toEqual(new Stepper(buildSystem(shipped("case-studies/dataflow-aligned.json"))).enabled().map((c) => c.text));
  });

  it("steps by hand, back and forward by button and arrow key, the diagram growing with each step", async () => {
    await open(page, "?scenario=two-node.json&fifo=0");
    const node = new Stepper(buildSystem({ ...shipped("two-node.json"), settings: { fifo: false } }));
    const first = node.enabled().find((c) => /starts a snapshot/.test(c.text))!;
    await page.locator(`#actions button[data-action="${first.index}"]`).click();
    node.take(first.index);
    expect(await position()).toBe("step 1 of 1");
    expect(await actionTexts()).toEqual(node.enabled().map((c) => c.text));
    const diagram = page.locator('svg[data-view="space-time"]');
    for (const event of node.view().events) expect(await diagram.textContent()).toContain(event.text);
    expect(page.url()).toContain(`path=${first.index}`);

    await page.keyboard.press("ArrowLeft");
    expect(await position()).toBe("step 0 of 1");
    expect(await diagram.textContent()).not.toContain(node.view().events[0]!.text);
    await page.keyboard.press("ArrowRight");
    expect(await position()).toBe("step 1 of 1");
    await page.locator("#back").click();
    expect(await position()).toBe("step 0 of 1");
    await page.locator("#forward").click();
    expect(await position()).toBe("step 1 of 1");
    expect(await page.locator("#forward").isDisabled()).toBe(true);
  });

  it("keeps the run made by hand when FIFO or the rules are switched, as far as it can still be taken", async () => {
    await open(page, "?scenario=two-node.json");
    const system = (settings: Record<string, boolean>, algorithm?: string) =>
      buildSystem({ ...shipped("two-node.json"), settings, ...(algorithm ? { algorithm } : {}) });
    const byHand = new Stepper(system({}));
    for (const step of [/^P0 sends/, /starts a snapshot/]) {
      const choice = byHand.enabled().find((c) => step.test(c.text))!;
      await page.locator(`#actions button[data-action="${choice.index}"]`).click();
      byHand.take(choice.index);
    }
    await page.locator("#back").click();
    byHand.goTo(1);

    // FIFO off: the same two steps, standing after the first, as before; a marker may now overtake.
    await page.locator("#fifo").uncheck();
    const unordered = Stepper.retracing(system({ fifo: false }), byHand);
    expect(unordered.refused).toBeUndefined();
    expect(await position()).toBe("step 1 of 2");
    expect(await page.locator("#scenario-error").isHidden()).toBe(true);
    await page.locator("#forward").click();
    unordered.stepper.goTo(2);
    expect(await actionTexts()).toEqual(unordered.stepper.enabled().map((c) => c.text));
    const overtaking = unordered.stepper.enabled().find((c) => /^deliver marker/.test(c.text))!;
    await page.locator(`#actions button[data-action="${overtaking.index}"]`).click();
    unordered.stepper.take(overtaking.index);
    expect(await position()).toBe("step 3 of 3");

    // FIFO on again: the overtaking delivery cannot be taken, so the run stops before it, saying so.
    await page.locator("#fifo").check();
    expect(await position()).toBe("step 2 of 2");
    expect(await page.locator("#scenario-error").textContent()).toBe(
      `step 3 of the run (${unordered.stepper.steps()[2]}) is not enabled with these settings: the run stops before it`,
    );

    // Other rules: the same steps, each now with those rules' effects.
    await page.locator("#algorithm").selectOption("defer-after-recording");
    expect(await position()).toBe("step 2 of 2");
    expect(await page.locator("#scenario-error").isHidden()).toBe(true);
    const seed = Stepper.retracing(system({ fifo: true }, "defer-after-recording"), Stepper.retracing(system({}), unordered.stepper).stepper).stepper;
    expect(await actionTexts()).toEqual(seed.enabled().map((c) => c.text));
  });

  it.each(["two-node.json", "disconnected.json", "case-studies/database-two-nodes-redo.json", "case-studies/dataflow-at-least-once.json"])(
    "explores %s in a worker with the figures and verdicts of check in Node",
    async (path) => {
      await open(page, `?scenario=${path}&explore=1`);
      await page.locator('[data-figure="states"]').waitFor();
      const report = check(loadModelScenario(`spec/scenarios/${path}`));
      const figure = (name: string) => page.locator(`[data-figure="${name}"]`).textContent();
      expect(await figure("states")).toBe(String(report.states));
      expect(await figure("transitions")).toBe(String(report.transitions));
      expect(await figure("executions")).toBe(String(report.executions));
      if (report.snapshots) expect(await figure("snapshots")).toBe(String(report.snapshots.length));
      for (const { name, holds } of report.properties) {
        expect(await page.locator(`[data-property="${name}"]`).textContent()).toContain(holds ? "holds" : "violated");
      }
      expect(await page.locator("[data-load-counterexample]").count()).toBe(report.counterexamples.length);
    },
  );

  it("loads a counterexample into the stepper at one click", async () => {
    await open(page, "?scenario=disconnected.json&explore=1");
    const [counterexample] = check(loadModelScenario("spec/scenarios/disconnected.json")).counterexamples;
    await page.locator(`[data-load-counterexample="${counterexample!.property}"]`).click();
    expect(await position()).toBe(`step ${counterexample!.length} of ${counterexample!.length}`);
    expect(await page.locator(`[data-now="${counterexample!.property}"]`).getAttribute("class")).toBe("violated");
    expect(await page.locator('svg[data-view="space-time"] text.title').textContent()).toBe(`${counterexample!.property} is violated`);
  });

  it("shows the search's progress and cancels it", async () => {
    await open(page, "?scenario=four-process.json&explore=1");
    await page
      .locator("#progress")
      .filter({ hasText: /^exploring: [\d,]+ states, [\d,]+ states\/s$/ })
      .waitFor();
    await page.locator("#cancel").click();
    expect(await page.locator("#progress").textContent()).toBe("cancelled");
    expect(await page.locator("#explore").isEnabled()).toBe(true);
    expect(await page.locator("[data-figure]").count()).toBe(0);
  });

  it("stops a search at its state limit (the CLI's default unless changed) with the CLI's message, and answers meanwhile", async () => {
    await open(page, "?scenario=five-process.json");
    expect(await page.locator("#max-states").inputValue()).toBe(String(DEFAULT_MAX_STATES));
    // A search of every interleaving of five processes runs in the worker while the learner steps on.
    await page.locator("#explore").click();
    const exploring = page.locator("#progress").filter({ hasText: /^exploring: / });
    await exploring.waitFor();
    await page.locator("#actions button").first().click();
    expect(await position()).toBe("step 1 of 1");
    expect(await exploring.count()).toBe(1);
    await page.locator("#cancel").click();

    await page.locator("#max-states").fill("1000");
    await page.locator("#explore").click();
    await page
      .locator("#progress")
      .filter({ hasText: /^stopped/ })
      .waitFor();
    expect(() => check(loadModelScenario("spec/scenarios/five-process.json"), { maxStates: 1000 })).toThrow(StateLimitError);
    expect(await page.locator("#progress").textContent()).toBe(new StateLimitError(1000).message.replace("(--max-states)", '("stop after" above)'));
    expect(await page.locator("#explore").isEnabled()).toBe(true);
    expect(await page.locator("[data-figure]").count()).toBe(0);

    await page.locator("#max-states").fill("0");
    await page.locator("#explore").click();
    expect(await page.locator("#progress").textContent()).toBe(
      `"stop after" must be a positive whole number of states (the default is ${DEFAULT_MAX_STATES.toLocaleString("en-US")})`,
    );
  });

  it("replays a trace saved by explore, downloads one that replays the same, and shares it by link", async () => {
    const loaded = loadModelScenario("spec/scenarios/disconnected.json");
    const [counterexample] = check(loaded).counterexamples;
    const saved = savedTrace(loaded.model, loaded.scenario, { algorithm: "chandy-lamport" }, counterexample!);
    const file = join(tempDir("page"), "disconnected.trace.json");
    writeFileSync(file, formatTrace(saved));

    await open(page, "?scenario=two-node.json");
    await page.locator("#trace-file").setInputFiles(file);
    // As snaplab replay says it.
    await page.locator("#trace-status").filter({ hasText: "; reproduced: " }).waitFor();
    expect(await position()).toBe(`step ${saved.actions.length} of ${saved.actions.length}`);

    const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#download-trace").click()]);
    const downloaded = join(tempDir("page"), "downloaded.trace.json");
    await download.saveAs(downloaded);
    const replay = replayTrace(parseTrace(readFileSync(downloaded, "utf8"), downloaded));
    expect(replay.trace.actions).toEqual(saved.actions);
    expect(replay.reproduces).toBe(true);

    const shared = await chrome.context.newPage();
    try {
      await open(shared, new URL(page.url()).search + new URL(page.url()).hash);
      expect(await shared.locator("#position").textContent()).toBe(await position());
      expect(await shared.locator("#state").textContent()).toBe(await page.locator("#state").textContent());
      expect(await shared.locator('svg[data-view="space-time"]').innerHTML()).toBe(await page.locator('svg[data-view="space-time"]').innerHTML());
    } finally {
      await shared.close();
    }
  });

  it("downloads a path that breaks no property without a violation, which replay and the page read as clean", async () => {
    await open(page, "?scenario=two-node.json&path=0.0");
    expect(await page.locator("#verdicts .violated").count()).toBe(0);
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#download-trace").click()]);
    const file = join(tempDir("page"), "clean.trace.json");
    await download.saveAs(file);
    const text = readFileSync(file, "utf8");
    expect(JSON.parse(text)).not.toHaveProperty("violation");
    const replay = replayTrace(parseTrace(text, file));
    expect([replay.trace.actions, replay.violations]).toEqual([["send P0", "initiate P0"], []]);

    await page.locator("#trace-file").setInputFiles(file);
    await page.locator("#trace-status").filter({ hasText: "clean.trace.json" }).waitFor();
    expect(await page.locator("#trace-status").textContent()).toBe("clean.trace.json: 2 steps; the trace runs clean: every property holds along it");
  });

  it("tabulates what each snapshot recorded in a run with several, as the lines under the table say", async () => {
    await open(page, "?scenario=two-node.json");
    const twoSnapshots = { ...JSON.parse(shipped("two-node.json").text), initiators: ["P1"], snapshots: ["P1", "P1"] };
    await page.locator("#pick summary").click();
    await page.locator("#scenario-json").fill(JSON.stringify(twoSnapshots));
    await page.locator("#load-json").click();
    for (const step of ["P1 starts snapshot 0", "P1 starts snapshot 1", "P0 sends"]) await page.locator("#actions button", { hasText: step }).first().click();
    expect(await position()).toBe("step 3 of 3");
    const rows = await page.locator("#state tr").evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent)));
    expect(rows.slice(0, 4)).toEqual([
      ["P0", "pc 1", "balance 90", "received []", "[0] not recorded", "[1] not recorded"],
      ["P1", "pc 0", "balance 100", "received []", "[0] recorded (pc 0, balance 100, received [])", "[1] recorded (pc 0, balance 100, received [])"],
      ["P0->P1", "in flight [P0#1 (10)]", "[0] recording []", "[1] recording []"],
      ["P1->P0", "in flight [marker 0, marker 1]", "[0] not recording", "[1] not recording"],
    ]);
    expect(rows.slice(4).map((cells) => cells[0])).toEqual([
      "snapshot 0: P0 (not recorded), P1 (pc 0, balance 100); P0->P1 (not closed), P1->P0 (not closed)",
      "snapshot 1: P0 (not recorded), P1 (pc 0, balance 100); P0->P1 (not closed), P1->P0 (not closed)",
    ]);
  });

  it("says what is wrong with a pasted scenario in the CLI's one line, next to it", async () => {
    await open(page, "?scenario=two-node.json");
    const text = JSON.stringify({ processes: { P0: 100, P1: "x" }, channels: [["P0", "P1"]], programs: {}, initiators: ["P0"] });
    const expected = (() => {
      try {
        parseModelScenario(text, "pasted scenario");
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(expected).toMatch(/^pasted scenario: processes/);
    await page.locator("#pick summary").click();
    await page.locator("#scenario-json").fill(text);
    await page.locator("#load-json").click();
    expect(await page.locator('[data-error="scenario"]').textContent()).toBe(expected);
    expect(await position()).toBe("no scenario");
  });
});

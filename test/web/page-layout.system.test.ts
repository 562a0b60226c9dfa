/**
 * The page laid out in Chromium, on a laptop (1280×800) and a phone
 * (390×844), measured by the boxes the browser draws: the state table fits
 * its column, the diagram is near the stepper on a phone, nothing of the
 * diagram's words runs off the screen, its title holds the whole scenario
 * name, a label covers no other line and no two arrowheads meet; and the
 * arrow keys step, keep the focus in the stepper, and scroll what scrolls.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Stepper } from "../../src/web/page/stepper.js";
import { buildSystem } from "../../src/web/page/system.js";
import { chromiumMissing } from "../support/chromium.js";
import { LAPTOP, PHONE, pageInChromium } from "./page-in-chromium.js";

const shipped = (path: string, settings: Record<string, boolean> = {}) =>
  buildSystem({ text: readFileSync(`spec/scenarios/${path}`, "utf8"), file: `spec/scenarios/${path}`, settings });

/** The link's path to the first place the steps matching `texts` lead, one after the other. */
function pathOf(path: string, settings: Record<string, boolean>, texts: RegExp[]): string {
  const stepper = new Stepper(shipped(path, settings));
  for (const text of texts) stepper.take(stepper.enabled().find((c) => text.test(c.text))!.index);
  return stepper.pathIndices().join(".");
}

type Rect = { left: number; top: number; right: number; bottom: number };

/** In the browser: the diagram's words' boxes, and whether a label's box (in its own turned frame) meets any of the given lines. */
const MEASURE = `window.measure = {
  box: (element) => { const r = element.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; },
  /** The segments of the lines and polylines matched, in the page's pixels. */
  segments: (selector) => [...document.querySelectorAll(selector)].flatMap((shape) => {
    const m = shape.getScreenCTM();
    const points = shape.tagName === "line"
      ? [[shape.x1.baseVal.value, shape.y1.baseVal.value], [shape.x2.baseVal.value, shape.y2.baseVal.value]]
      : [...shape.points].map((p) => [p.x, p.y]);
    const onScreen = points.map(([x, y]) => new DOMPoint(x, y).matrixTransform(m));
    return onScreen.slice(1).map((b, i) => [onScreen[i], b]);
  }),
  /** Whether the text's box, in its own (turned) frame, meets any of the segments. */
  meets: (text, segments) => {
    const box = text.getBBox();
    const back = text.getScreenCTM().inverse();
    return segments.some(([a, b]) => {
      const [p, q] = [a.matrixTransform(back), b.matrixTransform(back)];
      // Sampled finely along the segment: a point inside the box is a crossing.
      for (let i = 0; i <= 200; i++) {
        const x = p.x + ((q.x - p.x) * i) / 200, y = p.y + ((q.y - p.y) * i) / 200;
        if (x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height) return true;
      }
      return false;
    });
  },
};`;

describe.skipIf(chromiumMissing !== undefined)("the page laid out, in Chromium", () => {
  const chromium = pageInChromium();
  const pages = new Map<string, Page>();
  beforeAll(async () => {
    for (const [name, size] of [
      ["laptop", LAPTOP],
      ["phone", PHONE],
    ] as const) {
      const page = await chromium.newPage(size);
      await page.addInitScript(MEASURE);
      pages.set(name, page);
    }
  });
  afterEach(() => {
    expect(chromium.problems.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    for (const page of pages.values()) await page.close();
  });

  const sizes = [
    ["laptop", LAPTOP],
    ["phone", PHONE],
  ] as const;

  it.each(sizes)("on a %s, the state table fits its column: nothing clipped, nothing off the page", async (name, size) => {
    const page = pages.get(name)!;
    for (const address of ["?scenario=two-node.json&fifo=0&path=0.0.0.0", "?scenario=five-process.json&fifo=0&path=0.0.0.0.0.0.0.0"]) {
      await chromium.open(page, address);
      const fit = await page.evaluate(`(() => {
        const box = document.getElementById("state-box");
        const cells = [...document.querySelectorAll("#state th, #state td")].map((cell) => measure.box(cell));
        return { scroll: box.scrollWidth, client: box.clientWidth, right: measure.box(box).right, cells: Math.max(...cells.map((c) => c.right)), page: document.documentElement.scrollWidth };
      })()`);
      const { scroll, client, right, cells, page: width } = fit as { scroll: number; client: number; right: number; cells: number; page: number };
      expect(scroll).toBeLessThanOrEqual(client);
      expect(cells).toBeLessThanOrEqual(right + 0.5);
      expect(width).toBeLessThanOrEqual(size.width);
    }
  });

  it("on a phone, puts the diagram right under the stepper's buttons and actions", async () => {
    const page = pages.get("phone")!;
    await chromium.open(page, "?scenario=two-node.json");
    const [controls, actions, diagram] = await Promise.all(["#step .controls", "#actions", "#diagram"].map((selector) => page.locator(selector).boundingBox()));
    // Below the enabled actions, with only the section's border between: on the screen the buttons are on.
    expect(diagram!.y).toBeGreaterThan(actions!.y + actions!.height);
    expect(diagram!.y - (actions!.y + actions!.height)).toBeLessThan(100);
    expect(diagram!.y - controls!.y).toBeLessThan(PHONE.height / 2);
  });

  it.each(sizes)("on a %s, the diagram's words stay on the screen, and its title holds a name with a colon", async (name, size) => {
    const page = pages.get(name)!;
    const scenario = { ...JSON.parse(readFileSync("spec/scenarios/five-process.json", "utf8")), name: "lab 3: five processes, one: with colons" };
    const addresses = [
      `?scenario=two-node.json&fifo=0&path=${pathOf("two-node.json", { fifo: false }, [/starts a snapshot/, /^P0 sends/, /^deliver P0#1/])}`,
      `?path=0.0.0.0.0#json=${Buffer.from(JSON.stringify(scenario)).toString("base64url")}`,
    ];
    for (const address of addresses) {
      await chromium.open(page, address);
      const words = (await page.evaluate(`(() => {
        const diagram = document.getElementById("diagram");
        diagram.scrollLeft = 0;
        const right = Math.min(innerWidth, measure.box(diagram).right);
        const texts = [...diagram.querySelectorAll("#notes text, #footnotes text, #legend text, text.title, text.reason")];
        return texts.filter((t) => measure.box(t).right > right + 0.5).map((t) => t.textContent);
      })()`)) as string[];
      expect(words).toEqual([]);
    }
    const title = (await page.locator("#diagram text.title").allTextContents()).join(" ");
    expect(title).toBe(`${scenario.name}: step 5 of 5`);
    expect(await page.locator("#diagram svg > title").textContent()).toBe(`${scenario.name}: step 5 of 5`);
    expect(size.width).toBeGreaterThan(0);
  });

  it.each(sizes)("on a %s, the ghost receive's label crosses neither the marker's line nor the cut", async (name) => {
    const page = pages.get(name)!;
    await chromium.open(page, "?scenario=two-node.json&fifo=0&explore=1");
    await page.locator('[data-load-counterexample="no-ghost-receive"]').click();
    const label = page.locator("#messages text.offence-text");
    expect(await label.textContent()).toContain("ghost receive");
    const crossings = await page.evaluate(`(() => {
      const label = document.querySelector("#messages text.offence-text");
      return {
        markers: measure.meets(label, measure.segments("#messages line.marker")),
        cut: measure.meets(label, measure.segments("#cut polyline")),
        lanes: measure.meets(label, measure.segments("#lanes line")),
        count: measure.segments("#messages line.marker").length,
      };
    })()`);
    expect(crossings).toEqual({ markers: false, cut: false, lanes: false, count: 2 });
  });

  it.each(sizes)("on a %s, two messages still in flight to one lane end in arrowheads apart", async (name) => {
    const page = pages.get(name)!;
    await chromium.open(page, `?scenario=two-node.json&fifo=0&path=${pathOf("two-node.json", { fifo: false }, [/^P0 sends/, /starts a snapshot/])}`);
    const heads = (await page.evaluate(`[...document.querySelectorAll("#messages line.in-flight")].map((line) => {
      const [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map((a) => line[a].baseVal.value);
      const marker = document.querySelector(line.getAttribute("marker-end").slice(4, -1));
      const size = marker.markerWidth.baseVal.value * parseFloat(getComputedStyle(line).strokeWidth);
      const length = Math.hypot(x2 - x1, y2 - y1);
      const [dx, dy] = [(x2 - x1) / length, (y2 - y1) / length];
      // The head's triangle (viewBox 0 0 10 10, its point at 10, refX 9): a tenth beyond the end, its base nine tenths behind.
      const tip = [x2 + dx * size * 0.1, y2 + dy * size * 0.1];
      const base = [x2 - dx * size * 0.9, y2 - dy * size * 0.9];
      const corners = [tip, [base[0] - dy * size / 2, base[1] + dx * size / 2], [base[0] + dy * size / 2, base[1] - dx * size / 2]];
      return { left: Math.min(...corners.map((c) => c[0])), right: Math.max(...corners.map((c) => c[0])), top: Math.min(...corners.map((c) => c[1])), bottom: Math.max(...corners.map((c) => c[1])) };
    })`)) as Rect[];
    expect(heads).toHaveLength(2);
    const [a, b] = heads as [Rect, Rect];
    const apart = a.right < b.left || b.right < a.left || a.bottom < b.top || b.bottom < a.top;
    expect(apart).toBe(true);
  });

  it("keeps the focus in the stepper when the arrow keys make the focused button go or disable", async () => {
    const page = pages.get("laptop")!;
    await chromium.open(page, "?scenario=two-node.json&path=0.0.0");
    const focused = () =>
      page.evaluate("document.activeElement.id || document.activeElement.closest('#actions') && 'an action' || document.activeElement.tagName");
    await page.locator("#back").focus();
    for (const expected of ["step 2 of 3", "step 1 of 3", "step 0 of 3"]) {
      await page.keyboard.press("ArrowLeft");
      expect(await page.locator("#position").textContent()).toBe(expected);
    }
    // Back is disabled at the start: the focus goes to forward, not to the page's body.
    expect(await focused()).toBe("forward");
    await page.keyboard.press("ArrowRight");
    expect(await focused()).toBe("forward");
    await page.locator("#actions button").nth(1).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.locator("#position").textContent()).toBe("step 2 of 3");
    expect(await focused()).toBe("an action");
    await page.keyboard.press("ArrowLeft");
    expect(await focused()).toBe("an action");
    await page.locator("#end").focus();
    await page.keyboard.press("Enter");
    expect(await page.locator("#position").textContent()).toBe("step 3 of 3");
    expect(await focused()).toBe("back");
  });

  it("scrolls a focused diagram that scrolls sideways with the arrow keys instead of stepping", async () => {
    const page = pages.get("phone")!;
    await chromium.open(page, "?scenario=five-process.json&path=0.0");
    const diagram = page.locator("#diagram");
    const [scrollWidth, clientWidth] = await diagram.evaluate((d) => [d.scrollWidth, d.clientWidth]);
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    // Reached by the keyboard: a box that scrolls takes the focus.
    await page.locator("#actions button").last().focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate("document.activeElement.id")).toBe("diagram");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => diagram.evaluate((d) => d.scrollLeft)).toBeGreaterThan(0);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => diagram.evaluate((d) => d.scrollLeft)).toBe(0);
    expect(await page.locator("#position").textContent()).toBe("step 2 of 2");
  });
});

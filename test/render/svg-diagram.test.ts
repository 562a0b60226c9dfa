import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { check } from "../../src/check/check.js";
import { parseModelScenario } from "../../src/models/registry.js";
import { initialState } from "../../src/models/bank/bank-state.js";
import { parseScenario } from "../../src/models/bank/parse-scenario.js";
import { bankSpaceTime } from "../../src/models/bank/bank-space-time.js";
import type { SpaceTime } from "../../src/view/space-time-view.js";
import { svgDiagram } from "../../src/render/svg-diagram.js";
import { checked, counterexampleOf, walk } from "../support/counterexamples.js";
import { allElements, parseXml, type XmlElement } from "../support/xml.js";

const twoNode = () => checked("two-node", false);
const viewOf = (property: string) => bankSpaceTime(twoNode().scenario, counterexampleOf(twoNode(), property));

function group(svg: XmlElement, id: string): XmlElement {
  const found = svg.children.find((c) => c.name === "g" && c.attributes.id === id);
  if (!found) throw new Error(`no <g id="${id}">`);
  return found;
}

const num = (e: XmlElement, attribute: string) => Number(e.attributes[attribute]);
const points = (e: XmlElement) => e.attributes.points!.split(" ").map((p) => p.split(",").map(Number) as [number, number]);

/** The cut's height at a lane's x. */
function cutAt(svg: XmlElement, x: number): number {
  const line = group(svg, "cut").children.find((c) => c.name === "polyline")!;
  return points(line).find(([px]) => px === x)![1];
}

function drawn(view: SpaceTime) {
  const svg = parseXml(svgDiagram(view));
  const arrows = group(svg, "messages").children.filter((c) => c.name === "line");
  return { svg, arrows };
}

describe("svgDiagram", () => {
  it("should be well-formed XML: an svg root with a title naming the violated property", () => {
    const { svg } = drawn(viewOf("conservation"));
    expect(svg.name).toBe("svg");
    expect(svg.attributes.xmlns).toBe("http://www.w3.org/2000/svg");
    expect(svg.children.find((c) => c.name === "title")!.text).toBe("conservation is violated: recorded 190 (balances 190 + in channels 0), expected 200");
  });

  it("should draw a lane per process, an arrow per message and a diamond per recording", () => {
    const view = viewOf("no-ghost-receive");
    const { svg, arrows } = drawn(view);
    const lanes = group(svg, "lanes").children.filter((c) => c.name === "line");
    expect(lanes.map((l) => num(l, "x1"))).toEqual([170, 360]);
    expect(
      group(svg, "lanes")
        .children.filter((c) => c.name === "text")
        .map((t) => t.text),
    ).toEqual(["P0", "P1"]);
    expect(arrows.map((a) => a.attributes.class)).toEqual(["marker", "offence", "marker"]);
    expect(arrows.every((a) => a.attributes["marker-end"]?.startsWith("url(#head-"))).toBe(true);
    expect(group(svg, "records").children.filter((c) => c.name === "polygon")).toHaveLength(2);
  });

  it("should draw the cut through every recording point", () => {
    const { svg } = drawn(viewOf("no-ghost-receive"));
    const diamonds = group(svg, "records").children.filter((c) => c.name === "polygon");
    // A diamond's top and bottom points share its centre's x; its centre is halfway between them.
    const centres = diamonds.map((d) => {
      const [top, , bottom] = points(d);
      return [top![0], (top![1] + bottom![1]) / 2];
    });
    const line = group(svg, "cut").children.find((c) => c.name === "polyline")!;
    expect(points(line).slice(1, -1)).toEqual(centres);
  });

  it("should show the ghost receive crossing the cut backwards: sent below it, received above it", () => {
    const { svg, arrows } = drawn(viewOf("no-ghost-receive"));
    const ghost = arrows.find((a) => a.attributes.class === "offence")!;
    expect(num(ghost, "y1")).toBeGreaterThan(cutAt(svg, num(ghost, "x1")));
    expect(num(ghost, "y2")).toBeLessThan(cutAt(svg, num(ghost, "x2")));
  });

  it("should show the lost message crossing the cut forwards and still in flight at the end", () => {
    const { svg, arrows } = drawn(viewOf("conservation"));
    const lost = arrows.find((a) => a.attributes.class === "offence in-flight")!;
    expect(num(lost, "y1")).toBeLessThan(cutAt(svg, num(lost, "x1")));
    // It ends short of P1's lane (x 360), below the cut there.
    expect(num(lost, "y2")).toBeGreaterThan(cutAt(svg, 360));
    const labels = allElements(group(svg, "messages"))
      .filter((e) => e.name === "text")
      .map((t) => t.text);
    expect(labels).toEqual(["✗ P0#1 (10): lost money"]);
  });

  it("should have a legend and explain the offence in words", () => {
    const { svg } = drawn(viewOf("no-ghost-receive"));
    const legend = group(svg, "legend")
      .children.filter((c) => c.name === "text")
      .map((t) => t.text);
    expect(legend).toEqual(["data", "marker", "breaks the cut", "records", "the cut", "inside the cut (before recording)"]);
    expect(group(svg, "footnotes").children.map((t) => t.text)).toEqual(["✗ P0#1 (10), ghost receive: sent after P0 recorded, received before P1 recorded"]);
  });

  it("should name in its legend only what it drew: the cut and its shading, for a step of rules that did nothing", () => {
    const { scenario } = twoNode();
    const start = initialState(scenario);
    const { svg } = drawn(
      bankSpaceTime(scenario, { property: "p", reason: "r", path: { states: [start, start], actions: [{ type: "initiate", process: 0 }] } }),
    );
    const legend = group(svg, "legend")
      .children.filter((c) => c.name === "text")
      .map((t) => t.text);
    expect(legend).toEqual(["the cut", "inside the cut (before recording)"]);
  });

  it("should leave data and the offence out of its legend where it drew neither", () => {
    const { scenario } = twoNode();
    const { svg } = drawn(bankSpaceTime(scenario, walk(scenario, ["initiate P0"])));
    const legend = group(svg, "legend")
      .children.filter((c) => c.name === "text")
      .map((t) => t.text);
    expect(legend).toEqual(["marker", "records", "the cut", "inside the cut (before recording)", "still in flight at the end"]);
  });

  it("should escape names that are not plain text in XML", () => {
    const scenario = parseScenario(
      JSON.stringify({ name: `<"&'>`, processes: { "A&B": 1, "<C>": 2 }, programs: { "A&B": [{ to: "<C>", amount: 1 }] }, initiators: ["A&B"] }),
    );
    const { svg } = drawn(bankSpaceTime(scenario, walk(scenario, ["send A&B", "initiate A&B"])));
    expect(
      group(svg, "lanes")
        .children.filter((c) => c.name === "text")
        .map((t) => t.text),
    ).toEqual(["A&B", "<C>"]);
    expect(svg.children.filter((c) => c.name === "text").map((t) => t.text)).toContain(`<"&'>: FIFO channels; time goes down`);
  });
});

describe("svgDiagram's room", () => {
  const twoInFlight = () => {
    const scenario = { ...twoNode().scenario, fifo: false };
    return bankSpaceTime(scenario, walk(scenario, ["send P0", "initiate P0"]));
  };

  it("should end each message still in flight to one lane on a row of its own, its note on the first", () => {
    const { svg, arrows } = drawn(twoInFlight());
    const flying = arrows.filter((a) => a.attributes.class!.endsWith("in-flight"));
    // Three events (the send, the recording, the marker's send), so rows 3 and 4 (y = 158 + 30 × row), short of P1's lane at 360.
    expect(flying.map((a) => [num(a, "x2"), num(a, "y2")])).toEqual([
      [336, 248],
      [336, 278],
    ]);
    const notes = group(svg, "notes").children.filter((c) => c.attributes.class === "note");
    expect(notes.at(-1)).toMatchObject({ text: "(end: still in flight)", attributes: { y: "252" } });
  });

  it("should draw a message still in flight as not delivered: short of its receiver's lane, with an open head, named in the legend", () => {
    const { svg, arrows } = drawn(twoInFlight());
    const flying = arrows.filter((a) => a.attributes.class!.endsWith("in-flight"));
    expect(flying.map((a) => [a.attributes.class, a.attributes["marker-end"]])).toEqual([
      ["data in-flight", "url(#head-data-open)"],
      ["marker in-flight", "url(#head-marker-open)"],
    ]);
    const heads = allElements(svg).filter((e) => e.name === "marker");
    expect(heads.map((h) => h.attributes.id)).toEqual(["head-data", "head-marker", "head-offence", "head-data-open", "head-marker-open", "head-offence-open"]);
    expect(heads.find((h) => h.attributes.id === "head-data-open")!.children[0]!.attributes.fill).toBe("white");
    const legend = group(svg, "legend").children.filter((c) => c.name === "text");
    expect(legend.map((t) => t.text).at(-1)).toBe("still in flight at the end");

    // Every message delivered: each arrow reaches its receiver's lane, filled, and the legend names no message in flight.
    const delivered = drawn(viewOf("no-ghost-receive"));
    expect(delivered.arrows.map((a) => [num(a, "x2"), a.attributes["marker-end"]])).toEqual([
      [360, "url(#head-marker)"],
      [360, "url(#head-offence)"],
      [170, "url(#head-marker)"],
    ]);
    expect(allElements(delivered.svg).filter((e) => e.name === "marker")).toHaveLength(3);
  });

  it("should keep a label off the lines it would cross where it first goes, beside the send on two lines", () => {
    const { svg } = drawn(viewOf("no-ghost-receive"));
    const label = allElements(group(svg, "messages")).find((e) => e.name === "text")!;
    expect(label.attributes).toMatchObject({ x: "160", "text-anchor": "end" });
    expect(label.children.map((t) => t.text)).toEqual(["✗ P0#1 (10):", "ghost receive"]);
  });

  it("should take the title given, and draw as before where the width given is room enough", () => {
    const view = viewOf("no-ghost-receive");
    const titled = parseXml(svgDiagram(view, { title: "lab: two nodes: step 5 of 5" }));
    expect(titled.children.find((c) => c.name === "text" && c.attributes.class === "title")!.text).toBe("lab: two nodes: step 5 of 5");
    expect(titled.children.find((c) => c.name === "title")!.text).toBe(`lab: two nodes: step 5 of 5: ${view.reason}`);
    expect(svgDiagram(view, { maxWidth: 2000 })).toBe(svgDiagram(view));
  });

  it("should list the steps under the lanes and wrap its words where the width given is too little", () => {
    const view = viewOf("no-ghost-receive");
    const svg = parseXml(svgDiagram(view, { maxWidth: 400 }));
    expect(num(svg, "width")).toBe(440);
    const lanesBottom = num(group(svg, "lanes").children.find((c) => c.name === "line")!, "y2");
    const notes = group(svg, "notes").children.filter((c) => c.attributes.class === "note");
    expect(notes.map((n) => n.text)).toEqual(view.events.map((e) => e.text));
    expect(notes.every((n) => num(n, "x") === 44 && num(n, "y") > lanesBottom)).toBe(true);
    // Every line of words within the width given, by the same generous guess of 7 pixels a character.
    const words = [...svg.children.filter((c) => c.name === "text"), ...notes, ...group(svg, "footnotes").children];
    for (const text of words) expect(num(text, "x") + text.text.length * (text.attributes.class === "title" ? 11 : 7)).toBeLessThanOrEqual(400);
    const legend = group(svg, "legend").children.filter((c) => c.name === "text");
    expect(new Set(legend.map((t) => t.attributes.y)).size).toBeGreaterThan(1);
    for (const text of legend) expect(num(text, "x") + text.text.length * 7).toBeLessThanOrEqual(400);
  });
});

describe("svgDiagram's legend", () => {
  // Exercise 6's kind of run: two snapshots, so the legend's words name the snapshot drawn.
  const twoSnapshots = () => {
    const text = JSON.stringify({ ...JSON.parse(readFileSync("spec/scenarios/two-node.json", "utf8")), initiators: ["P1"], snapshots: ["P1", "P1"] });
    const { model, scenario } = parseModelScenario(text, "two-snapshots.json");
    return check({ model, scenario: { ...scenario, fifo: false } }).counterexamples.map((c) => c.view);
  };

  /** Each line of the legend's words, at the x it starts at: a wrapped entry's lines are its tspans. */
  const legendLines = (svg: XmlElement) =>
    group(svg, "legend")
      .children.filter((c) => c.name === "text")
      .flatMap((t) => (t.children.length === 0 ? [{ x: num(t, "x"), text: t.text }] : t.children.map((part) => ({ x: num(part, "x"), text: part.text }))));

  /** Every line of the legend ends inside the picture, by the renderer's generous guess of 7 pixels a character. */
  const expectInside = (svg: XmlElement) => {
    for (const line of legendLines(svg)) expect(line.x + line.text.length * 7, line.text).toBeLessThanOrEqual(num(svg, "width"));
  };

  it("should keep every entry inside the picture's width where it names the snapshot drawn", () => {
    const views = twoSnapshots();
    expect(views.map((v) => v.words.before)).toContain("before recording snapshot 0");
    for (const view of views) {
      const svg = parseXml(svgDiagram(view));
      expectInside(svg);
      expect(legendLines(svg).map((l) => l.text)).toContain(`inside the cut (${view.words.before})`);
      expectInside(parseXml(svgDiagram(view, { maxWidth: 400 })));
    }
  });

  it("should wrap an entry too long for a row of its own under its mark, and make room for its lines", () => {
    const view = viewOf("no-ghost-receive");
    const before = `before recording ${"this snapshot and the one before it, ".repeat(6)}`.trim();
    const svg = parseXml(svgDiagram({ ...view, words: { ...view.words, before } }));
    expectInside(svg);
    const wrapped = group(svg, "legend").children.find((c) => c.name === "text" && c.children.length > 1)!;
    expect(wrapped.children.map((part) => part.text).join(" ")).toBe(`inside the cut (${before})`);
    expect(num(wrapped, "x")).toBe(60);
    const lines = wrapped.children.length;
    expect(num(group(svg, "footnotes").children[0]!, "y")).toBe(num(wrapped, "y") - 4 + 16 * (lines - 1) + 40);
  });
});

describe("the picture in the README", () => {
  it("should be what snaplab draws today for the two-node ghost receive", () => {
    const docs = readFileSync(new URL("../../docs/two-node-ghost-receive.svg", import.meta.url), "utf8");
    expect(docs).toBe(svgDiagram(viewOf("no-ghost-receive")));
  });
});

describe("the test's XML reader", () => {
  it("should refuse what is not well-formed", () => {
    expect(() => parseXml("<a><b></a>")).toThrow(/expected <\/b>/);
    expect(() => parseXml("<a x='1' x='2'/>")).toThrow(/twice/);
    expect(() => parseXml("<a>1 & 2</a>")).toThrow(/bare &/);
    expect(() => parseXml("<a>")).toThrow(/never closed/);
    expect(() => parseXml("<a/><b/>")).toThrow(/after the root/);
    expect(() => parseXml("<a x=1/>")).toThrow(/bad attribute/);
    expect(parseXml("<?xml version='1.0'?><!-- c --><a t='&lt;&#38;'>x<b/>&gt;</a>")).toEqual({
      name: "a",
      attributes: { t: "<&" },
      children: [{ name: "b", attributes: {}, children: [], text: "" }],
      text: "x>",
    });
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
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
    expect(num(lost, "y2")).toBeGreaterThan(cutAt(svg, num(lost, "x2")));
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

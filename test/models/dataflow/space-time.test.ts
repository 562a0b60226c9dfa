// The dataflow's counterexamples drawn (src/models/dataflow/dataflow-space-time.ts): the duplicate of
// at-least-once mode as the dataflow case study tells it, a record lost without stored in-flight records,
// and stored records that come back after the restart, accusing nobody.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aligned, atLeastOnce, unaligned, type BarrierMode } from "../../../src/models/dataflow/barrier-modes.js";
import { loadModelScenario } from "../../../src/models/load-model-scenario.js";
import { exploreModel } from "../../../src/explore/generic-explorer.js";
import type { DataflowAction } from "../../../src/models/dataflow/actions.js";
import type { DataflowScenario } from "../../../src/models/dataflow/scenario.js";
import { dataflowSpaceTime } from "../../../src/models/dataflow/dataflow-space-time.js";
import { dataflowSystem } from "../../../src/models/dataflow/system.js";
import { mermaidDiagram } from "../../../src/render/mermaid-diagram.js";
import { shivizLog } from "../../../src/render/shiviz-log.js";
import { footnotes, type SpaceTime } from "../../../src/view/space-time-view.js";
import { svgDiagram } from "../../../src/render/svg-diagram.js";
import { textDiagram } from "../../../src/render/text-diagram.js";
import { randomRun, walkModel } from "../../support/model-paths.js";
import { parseXml, type XmlElement } from "../../support/xml.js";
import { check } from "../../../src/check/check.js";
import { dataflowModel } from "../../../src/models/dataflow/dataflow-model.js";

function atLeastOnceScenario(): DataflowScenario {
  const loaded = loadModelScenario("spec/scenarios/case-studies/dataflow-at-least-once.json");
  if (loaded.model.name !== "dataflow") throw new Error("dataflow-at-least-once is not a dataflow scenario");
  return loaded.scenario;
}
let explored: SpaceTime | undefined;
const duplicate = () => (explored ??= check({ model: dataflowModel, scenario: atLeastOnceScenario() }).counterexamples[0]!.view);

const tiny: DataflowScenario = { name: "tiny", sources: ["S1", "S2"], records: [["S1#1"], ["S2#1"]], checkpoints: 1, algorithm: "unaligned" };
/** Snapshots at the first barrier, as unaligned mode does, but stores nothing of what is in flight. */
const forgetful: BarrierMode = { ...unaligned, name: "forgetful", storesInFlight: false };
const lostRecord = () => dataflowSpaceTime(tiny, forgetful, exploreModel(dataflowSystem(tiny, forgetful)).violations[0]!);

const is = (type: DataflowAction["type"], which?: number) => (a: DataflowAction) =>
  a.type === type && (which === undefined || ("source" in a && a.source === which) || ("input" in a && a.input === which));

const DUPLICATE = `
    S1            S2         operator        sink
 1   ●─────────────║──────────┐  ║             ║   S1 emits S1#1
 2   ●─────────────║────────┐ │  ║             ║   S1 emits S1#2
 3   ◆             ║        │ │  ║             ║   S1 takes its part of checkpoint 1: offset 2
     ○╌╌╌╌╌╌╌╌╌╌╌╌╌║╌╌╌╌╌╌┐ │ │  ║             ║   S1 injects barrier 1
 4   │             ◆      ╎ │ │  ║             ║   S2 takes its part of checkpoint 1: offset 0
     │             ○╌╌╌╌┐ ╎ │ │  ║             ║   S2 injects barrier 1
 5   │             ●━━┓ ╎ ╎ │ │  ║             ║   S2 emits S2#1   ✗ ghost receive
 6   │             │  ┃ ╎ ╎ │ └─▶●             ║   the operator takes S1#1 on input S1: counts it [S1#1]
     │             │  ┃ ╎ ╎ │    ●──────────┐  ║   the operator sends S1#1 on to the sink
 7   │             │  ┃ ╎ ╎ └───▶●          │  ║   the operator takes S1#2 on input S1: counts it [S1#1, S1#2]
     │             │  ┃ ╎ ╎      ●────────┐ │  ║   the operator sends S1#2 on to the sink
 8   │             │  ┃ └╌╎╌╌╌╌╌▷○        │ │  ║   the operator takes barrier 1 on input S2: leaves input S2 open while it waits for barrier 1 on input S1
 9   │             │  ┗━━━╎━━━━━▶●        │ │  ║   the operator takes S2#1 on input S2: counts it [S1#1, S1#2, S2#1]   ✗ ghost receive
     │             │      ╎      ●──────┐ │ │  ║   the operator sends S2#1 on to the sink
10   │             │      └╌╌╌╌╌▷○      │ │ │  ║   the operator takes barrier 1 on input S1
     │             │             ◆      │ │ │  ║   the operator takes its part of checkpoint 1: count [S1#1, S1#2, S2#1]
     │             │             ○╌╌╌╌┐ │ │ │  ║   the operator forwards barrier 1
11   │             │             │    ╎ │ │ └─▶●   the sink takes S1#1: result [S1#1]
12   │             │             │    ╎ │ └───▶●   the sink takes S1#2: result [S1#1, S1#2]
13   │             │             │    ╎ └─────▶●   the sink takes S2#1: result [S1#1, S1#2, S2#1]
14   │             │             │    └╌╌╌╌╌╌╌▷○   the sink takes barrier 1
     │             │             │             ◆   the sink takes its part of checkpoint 1: result [S1#1, S1#2, S2#1]
15   ╳┈┈┈┈┈┈┈┈┈┈┈┈┈╳┈┈┈┈┈┈┈┈┈┈┈┈┈╳┈┈┈┈┈┈┈┈┈┈┈┈┈╳   the job fails and restarts from checkpoint 1: sources rewind (S1 to offset 2, S2 to offset 0), the operator's count is [S1#1, S1#2, S2#1], the sink's result [S1#1, S1#2, S2#1]
16   │             ●━━━━━━━━━━┓  │             │   S2 emits S2#1   ✗ duplicate
17   │             │          ┗━▶●             │   the operator takes S2#1 on input S2: counts it [S1#1, S1#2, S2#1, S2#1]   ✗ duplicate
     │             │             ●━━━━━━━━━━┓  │   the operator sends S2#1 on to the sink   ✗ duplicate
18   │             │             │          ┗━▶●   the sink takes S2#1: result [S1#1, S1#2, S2#1, S2#1]   ✗ duplicate
✗ S2#1, ghost receive: the operator took it before its part of checkpoint 1, but S2 sent it after its own, so it comes again after the restart
✗ S2#1, duplicate: the operator takes it again after the restart, but its part of checkpoint 1 already has it
✗ S2#1, duplicate: the sink takes it again after the restart, but its part of checkpoint 1 already has it
●─▶● record   ○╌▷○ barrier   ◆ its part of a checkpoint   ║ before its part (inside the cut)   │ after   ╳ every lane at once   ━ breaks the cut`;

describe("the dataflow's space-time view", () => {
  it("should cut at the checkpoint under way while none is complete, naming the tasks yet to take their part (a run stepped by hand)", () => {
    // It cut at "checkpoint 0", through no ◆: S1's part was drawn, yet the footnote said "never recorded: S1, S2, operator, sink".
    const system = dataflowSystem(tiny, aligned);
    const actions: DataflowAction[] = [
      { type: "emit", source: 0 },
      { type: "inject", source: 0 },
    ];
    const states = [system.initStates()[0]!];
    for (const action of actions) states.push(system.nextState(states.at(-1)!, action));
    const view = dataflowSpaceTime(tiny, aligned, { property: "step 2 of 2", reason: "", path: { states, actions } });
    const part = view.events.findIndex((e) => e.text.startsWith("S1 takes its part of checkpoint 1"));
    expect(part).toBeGreaterThan(0);
    expect(view.cut).toEqual([part, undefined, undefined, undefined]);
    expect(footnotes(view)).toEqual(["never took its part: S2, operator, sink"]);
  });

  it("should draw at-least-once's duplicate: S2#1 counted before the operator's part though sent after S2's, then again after the restart", () => {
    expect(textDiagram(duplicate()).join("\n")).toBe(DUPLICATE.slice(1));
  });

  it("should put the cut at every task's part of the checkpoint restored, and the failure across every lane", () => {
    const view = duplicate();
    expect(view.lanes).toEqual(["S1", "S2", "operator", "sink"]);
    expect(view.cut.map((row) => view.events[row!]!.text)).toEqual([
      "S1 takes its part of checkpoint 1: offset 2",
      "S2 takes its part of checkpoint 1: offset 0",
      "the operator takes its part of checkpoint 1: count [S1#1, S1#2, S2#1]",
      "the sink takes its part of checkpoint 1: result [S1#1, S1#2, S2#1]",
    ]);
    expect(view.events.filter((e) => e.kind === "global").map((e) => e.step + 1)).toEqual([15]);
    expect(view.steps[14]!.actor).toBeUndefined();
    expect(
      view.offences.map(
        (o) => `${view.messages[o.message]!.label} ${view.lanes[view.messages[o.message]!.from]}->${view.lanes[view.messages[o.message]!.to]}: ${o.name}`,
      ),
    ).toEqual(["S2#1 S2->operator: ghost receive", "S2#1 S2->operator: duplicate", "S2#1 operator->sink: duplicate"]);
  });

  it("should lose in the failure what is in flight, and call a record lost when the checkpoint neither counted nor stored it", () => {
    const view = lostRecord();
    const failure = view.events.findIndex((e) => e.kind === "global");
    expect(view.events[failure]!.text).toMatch(/; lost in flight: S2#1$/);
    expect(view.messages.filter((m) => m.dropped !== undefined).map((m) => [m.label, view.lanes[m.to], m.dropped])).toEqual([["S2#1", "sink", failure]]);
    expect(view.offences).toEqual([
      {
        message: view.messages.findIndex((m) => m.label === "S2#1" && m.to === 2),
        name: "lost",
        why: "S2 sent it before its part of checkpoint 1, the operator did not take it before its own, and the checkpoint did not store it",
      },
    ]);
    const text = textDiagram(view);
    expect(text.find((line) => line.startsWith("11"))).toMatch(/^11 {3}╳┈+╳┈+╳┈+✕┈+╳ {3}the job fails/);
    expect(text.at(-1)).toContain("╳ every lane at once   ✕ lost in flight   ━ breaks the cut");
    expect(text.some((line) => line.includes("still in flight"))).toBe(false);
  });

  it("should draw stored records going back into their input at the restart, and accuse nobody when each is counted once", () => {
    // The operator snapshots at S1's barrier; S2#1, emitted before S2's barrier, arrives after the snapshot and is stored.
    const path = walkModel(dataflowSystem(tiny, unaligned), [
      is("inject", 0),
      is("emit", 1),
      is("inject", 1),
      is("take", 0),
      is("take", 1),
      is("take", 1),
      is("sink"),
      is("sink"),
      is("fail"),
      is("take", 1),
      is("sink"),
      is("emit", 0),
      is("take", 0),
      is("sink"),
    ]);
    const view = dataflowSpaceTime(tiny, unaligned, path);
    expect(view.events.filter((e) => e.step === 8).map((e) => e.text)).toEqual([
      "the job fails and restarts from checkpoint 1: sources rewind (S1 to offset 0, S2 to offset 1), the operator's count is [], the sink's result [], [S2#1] back into input S2",
      "S2#1 goes back into input S2 (stored with checkpoint 1)",
    ]);
    expect(view.events.find((e) => e.kind === "record" && e.process === 2)!.text).toBe(
      "the operator takes its part of checkpoint 1: count [], stores what arrives on input S2 until its barrier 1",
    );
    expect(view.offences).toEqual([]);
  });
});

describe("the dataflow's pictures", () => {
  const group = (svg: XmlElement, id: string) => svg.children.find((c) => c.name === "g" && c.attributes.id === id);

  it("should be a well-formed SVG with the duplicate's arrows in red and a band across the lanes for the failure", () => {
    const svg = parseXml(svgDiagram(duplicate()));
    expect(svg.children.find((c) => c.name === "title")!.text).toBe("exactly-once is violated: S2#1 is twice in the sink's result: [S1#1, S1#2, S2#1, S2#1]");
    const arrows = group(svg, "messages")!.children.filter((c) => c.name === "line");
    expect(arrows.filter((a) => a.attributes.class === "offence")).toHaveLength(3);
    expect(group(svg, "across")!.children).toHaveLength(1);
    expect(group(svg, "records")!.children.filter((c) => c.name === "polygon")).toHaveLength(4);
    const legend = group(svg, "legend")!
      .children.filter((c) => c.name === "text")
      .map((t) => t.text);
    expect(legend).toEqual([
      "record",
      "barrier",
      "breaks the cut",
      "its part of a checkpoint",
      "the cut",
      "inside the cut (before its part)",
      "every lane at once",
    ]);
  });

  it("should end a lost message in ✕ at the failure, without an arrowhead", () => {
    const svg = parseXml(svgDiagram(lostRecord()));
    const lost = group(svg, "messages")!.children.filter((c) => c.name === "line" && c.attributes["marker-end"] === undefined);
    expect(lost).toHaveLength(1);
    expect(group(svg, "messages")!.children.filter((c) => c.text === "✕")).toHaveLength(1);
  });

  it("should be the picture spec/case-studies/dataflow-barriers.md shows", () => {
    const docs = readFileSync(new URL("../../../docs/dataflow-at-least-once-duplicate.svg", import.meta.url), "utf8");
    expect(docs).toBe(svgDiagram(duplicate()));
  });

  it("should note the failure over every participant in Mermaid, and log it on every host in ShiViz", () => {
    expect(mermaidDiagram(duplicate())).toContain("    Note over S1,sink: 15. the job fails and restarts from checkpoint 1:");
    const failure = shivizLog(duplicate())
      .split("\n")
      .flatMap((line, i, lines) => (line.startsWith("15. ") ? [lines[i + 1]!.split(" ")[0]] : []));
    expect(failure).toEqual(["S1", "S2", "operator", "sink"]);
  });
});

describe("the dataflow's space-time view on random runs", () => {
  it("should account for every message: sent before it ends, lost only in the failure, the rest still queued", () => {
    const system = dataflowSystem(tiny, atLeastOnce);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 30 }), (choices) => {
        const run = randomRun(system, choices);
        const view: SpaceTime = dataflowSpaceTime(tiny, atLeastOnce, run);
        const last = run.path.states[run.path.states.length - 1]!;
        for (const m of view.messages) expect(m.delivered ?? m.dropped ?? Infinity).toBeGreaterThan(m.sent);
        for (const m of view.messages) if (m.dropped !== undefined) expect(view.events[m.dropped]!.kind).toBe("global");
        const queued = last.channels.reduce((n, c) => n + c.length, 0);
        expect(view.messages.filter((m) => m.delivered === undefined && m.dropped === undefined)).toHaveLength(queued);
        expect(view.steps).toHaveLength(run.path.actions.length);
      }),
      { numRuns: 100 },
    );
  });
});

// The database's counterexamples drawn (src/models/database/database-space-time.ts): the distributed database's hole
// in the log, blocking's credit without its debit, and a credit left out of every snapshot.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chandyLamportRedo } from "../../../src/models/database/designs/chandy-lamport-redo.js";
import type { DatabaseDesign } from "../../../src/models/database/design.js";
import type { Report } from "../../../src/check/report.js";
import { loadModelScenario } from "../../../src/models/load-model-scenario.js";
import { exploreModel } from "../../../src/explore/generic-explorer.js";
import type { DatabaseScenario } from "../../../src/models/database/scenario.js";
import { databaseSpaceTime } from "../../../src/models/database/database-space-time.js";
import { databaseSystem } from "../../../src/models/database/system.js";
import { svgDiagram } from "../../../src/render/svg-diagram.js";
import { textDiagram } from "../../../src/render/text-diagram.js";
import { randomRun } from "../../support/model-paths.js";
import { parseXml } from "../../support/xml.js";
import { check } from "../../../src/check/check.js";
import { databaseModel } from "../../../src/models/database/database-model.js";

function scenario(name: string): DatabaseScenario {
  const loaded = loadModelScenario(`spec/scenarios/case-studies/${name}.json`);
  if (loaded.model.name !== "database") throw new Error(`${name} is not a database scenario`);
  return loaded.scenario;
}
const reports = new Map<string, Report>();
function drawn(name: string, property: string) {
  if (!reports.has(name)) reports.set(name, check({ model: databaseModel, scenario: scenario(name) }));
  return reports.get(name)!.counterexamples.find((c) => c.property === property)!.view;
}

const HOLE = `
   A             B
1  ◆             ║   A records after 0 commits
   ○╌╌╌╌╌╌╌╌╌╌┐  ║   A sends a marker to B
2  ·          ╎  ║   A commits A#1 (log 1): moves 10 from A.x to A.y
3  │  ┏━━━━━━━╎━━●   B commits B#1 (log 1): debits 30 from B.y and sends the credit to A.y   ✗ redone over a hole
4  │  ┃       └╌▷○   B receives a marker from A
   │  ┃          ◆   B records after 1 commit and finishes its snapshot: log 1, balances 100, 70
   │  ┃ ┌╌╌╌╌╌╌╌╌○   B sends a marker to A
5  ●◀━┛ ╎        │   A commits the credit of B#1 (log 2): 30 to A.y: records it on B->A   ✗ redone over a hole
6  ○◁╌╌╌┘        │   A receives a marker from B
   ◆             │   A finishes its snapshot: log 2, balances 100, 130
✗ B#1 (30), redone over a hole: redone onto A's snapshot as log 2, but log 1 (A#1) is not in it
●─▶● credit   ○╌▷○ signal   ◆ records, finishes its snapshot   · no message, no record   ║ before its part (inside the cut)   │ after   ━ breaks the cut`;

const CREDIT_WITHOUT_DEBIT = `
    A             B             C
 1  ·             ║             ║   A commits A#1 (log 1): moves 10 from A.x to A.y
 2  ◆             ║             ║   A records after 1 commit
    ·             ║             ║   A blocks distributed transactions
    ○╌╌╌╌╌╌╌╌╌╌┐  ║             ║   A sends a marker to B
    ○╌╌╌╌╌╌╌╌╌╌╎╌╌║╌╌╌╌╌╌╌╌╌╌┐  ║   A sends a marker to C
 3  │          └╌▷○          ╎  ║   B receives a marker from A
    │             ◆          ╎  ║   B records after 0 commits
    │             ·          ╎  ║   B blocks distributed transactions
    │  ┌╌╌╌╌╌╌╌╌╌╌○          ╎  ║   B sends a marker to A
    │  ╎          ○╌╌╌╌╌╌╌╌┐ ╎  ║   B sends a marker to C
 4  │  ╎          ║        ╎ └╌▷○   C receives a marker from A
    │  ╎          ║        ╎    ◆   C records after 0 commits
    │  ╎          ║        ╎    ·   C blocks distributed transactions
    │  ╎ ┌╌╌╌╌╌╌╌╌║╌╌╌╌╌╌╌╌╎╌╌╌╌○   C sends a marker to A
    │  ╎ ╎        ║  ┌╌╌╌╌╌╎╌╌╌╌○   C sends a marker to B
 5  ○◁╌┘ ╎        ║  ╎     ╎    │   A receives a marker on B->A: closes B->A with []
 6  │    ╎        ║  ╎     └╌╌╌▷○   C receives a marker from B
    │    ╎        ║  ╎          ◆   C finishes its snapshot: log none, balances 100, 100
    │    ╎        ║  ╎          ·   C unblocks distributed transactions
 7  ○◁╌╌╌┘        ║  ╎          │   A receives a marker from C
    ◆             ║  ╎          │   A finishes its snapshot: log 1, balances 90, 110
    ·             ║  ╎          │   A unblocks distributed transactions
 8  ●━━━━━━━━━━┓  ║  ╎          │   A commits A#2 (log 2): debits 20 from A.x and sends the credit to B.x   ✗ credit without its debit
 9  │          ┗━▶●  ╎          │   B commits the credit of A#2 (log 1): 20 to B.x   ✗ credit without its debit
10  │             ○◁╌┘          │   B receives a marker from C
    │             ◆             │   B finishes its snapshot: log 1, balances 120, 100
    │             ·             │   B unblocks distributed transactions
✗ A#2 (20), credit without its debit: its credit is in B's snapshot, its debit is not in A's
●─▶● credit   ○╌▷○ signal   ◆ records, finishes its snapshot   · no message, no record   ║ before its part (inside the cut)   │ after   ━ breaks the cut`;

describe("the database's space-time view", () => {
  it("should draw Chandy-Lamport with redo on two nodes: B#1's credit redone onto A's snapshot over the hole A#1 leaves", () => {
    expect(textDiagram(drawn("database-two-nodes-redo", "contiguous-log")).join("\n")).toBe(HOLE.slice(1));
  });

  it("should draw blocking on three nodes: A, finished and unblocked, sends A#2 into B's snapshot while B still waits for C's marker", () => {
    expect(textDiagram(drawn("database-three-nodes-blocking", "atomicity")).join("\n")).toBe(CREDIT_WITHOUT_DEBIT.slice(1));
  });

  it("should cut a node where it recorded when redo adds only channel credits, and where it finished when redo takes in everything since", () => {
    const cutAt = (view: ReturnType<typeof drawn>) => view.cut.map((row) => view.events[row!]!.text);
    expect(cutAt(drawn("database-two-nodes-redo", "contiguous-log"))).toEqual([
      "A records after 0 commits",
      "B records after 1 commit and finishes its snapshot: log 1, balances 100, 70",
    ]);
    expect(cutAt(drawn("database-three-nodes-blocking", "atomicity"))).toEqual([
      "A records after 1 commit",
      "B finishes its snapshot: log 1, balances 120, 100",
      "C records after 0 commits",
    ]);
  });

  it("should call a credit that no snapshot holds a debit without its credit", () => {
    // Chandy-Lamport that never records a credit on its channel: the one in flight is in no snapshot.
    const forgetful: DatabaseDesign = { ...chandyLamportRedo, name: "forgets-channels", onCredit: () => [] };
    const twoNodes = scenario("database-two-nodes-redo");
    const [violation] = exploreModel(databaseSystem(twoNodes, forgetful)).violations;
    const view = databaseSpaceTime(twoNodes, forgetful.name, violation!);
    expect(view.offences.map((o) => [view.messages[o.message]!.label, o.name, o.why])).toEqual([
      ["B#1 (30)", "debit without its credit", "its debit is in B's snapshot, its credit is not in A's"],
    ]);
  });

  it("should draw a coordinator's rounds as signals, and its nodes' gates as dots", () => {
    const view = drawn("database-three-nodes-coordinator", "atomicity");
    expect(new Set(view.messages.filter((m) => m.kind === "marker").map((m) => m.label))).toEqual(new Set(["checkpoint", "ready", "snapshot"]));
    const blocks = view.events.flatMap((e) => (e.kind === "quiet" && e.label === "blocks" ? [view.lanes[e.process]] : []));
    expect(blocks).toEqual(["A", "B", "C"]);
    expect(view.offences.map((o) => `${view.messages[o.message]!.label}: ${o.name}`)).toEqual(["B#2 (30): credit without its debit"]);
  });
});

describe("the database's pictures", () => {
  it("should be a well-formed SVG with the offending credit in red and local commits and gates as labelled dots", () => {
    const svg = parseXml(svgDiagram(drawn("database-three-nodes-blocking", "atomicity")));
    const group = (id: string) => svg.children.find((c) => c.name === "g" && c.attributes.id === id)!;
    expect(svg.children.find((c) => c.name === "title")!.text).toBe(
      "atomicity is violated: A#2 (20 from A.x to B.x) has its credit in the snapshot and not its debit",
    );
    expect(group("messages").children.filter((c) => c.name === "line" && c.attributes.class === "offence")).toHaveLength(1);
    const labels = group("local")
      .children.filter((c) => c.name === "text")
      .map((t) => t.text);
    expect(labels).toEqual(["A#1 (log 1)", "blocks", "blocks", "blocks", "unblocks", "unblocks", "unblocks"]);
    expect(
      group("records")
        .children.filter((c) => c.name === "text")
        .map((t) => t.text),
    ).toEqual(["log 1", "log none", "log none", "log none", "log 1", "log 1"]);
  });
});

describe("the database's space-time view on random runs", () => {
  it("should account for every message and put each node's cut on one of its recordings", () => {
    const threeNodes = scenario("database-three-nodes-blocking");
    const system = databaseSystem(threeNodes, chandyLamportRedo);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (choices) => {
        const run = randomRun(system, choices);
        const view = databaseSpaceTime(threeNodes, "chandy-lamport-redo", run);
        const last = run.path.states[run.path.states.length - 1]!;
        for (const m of view.messages) expect(m.delivered ?? Infinity).toBeGreaterThan(m.sent);
        const queued = last.channels.reduce((n, c) => n + c.queue.length, 0);
        expect(view.messages.filter((m) => m.delivered === undefined)).toHaveLength(queued);
        view.cut.forEach((row, node) => {
          if (row === undefined) expect(last.nodes[node]!.recorded).toBeNull();
          else expect(view.events[row]).toMatchObject({ kind: "record", process: node });
        });
      }),
      { numRuns: 100 },
    );
  });
});

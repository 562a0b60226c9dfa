import { describe, expect, it } from "vitest";
import { bankSpaceTime } from "../../src/models/bank/bank-space-time.js";
import { initialState } from "../../src/models/bank/bank-state.js";
import { textDiagram } from "../../src/render/text-diagram.js";
import { bankTextReport } from "../../src/models/bank/bank-text-report.js";
import { checked, counterexampleOf, walk } from "../support/counterexamples.js";

// The two-node scenario with FIFO off (spec/scenarios/two-node.json, --no-fifo), drawn by hand.
const twoNode = () => checked("two-node", false);
const diagram = (property: string, color = false) =>
  textDiagram(bankSpaceTime(twoNode().scenario, counterexampleOf(twoNode(), property)), { color }).join("\n");

const GHOST = `
   P0            P1
1   ◆             ║   P0 records: balance 100, pc 0
    ○╌╌╌╌╌╌╌╌╌╌┐  ║   P0 sends a marker to P1
2   ●━━━━━━━━┓ ╎  ║   P0 sends P0#1 (10) to P1   ✗ ghost receive
3   │        ┗━╎━▶●   P1 receives P0#1 (10)   ✗ ghost receive
4   │          └╌▷○   P1 receives the marker from P0
    │             ◆   P1 records: balance 110, pc 0
    │  ┌╌╌╌╌╌╌╌╌╌╌○   P1 sends a marker to P0
5   ○◁╌┘          │   P0 receives the marker from P1
✗ P0#1 (10), ghost receive: sent after P0 recorded, received before P1 recorded
●─▶● data   ○╌▷○ marker   ◆ records   ║ before recording (inside the cut)   │ after   ━ breaks the cut`;

const LOST = `
     P0            P1
  1   ●━━━━━━━━━━┓  ║   P0 sends P0#1 (10) to P1   ✗ lost money
  2   ◆          ┃  ║   P0 records: balance 90, pc 1
      ○╌╌╌╌╌╌╌╌┐ ┃  ║   P0 sends a marker to P1
  3   │        └╌┃╌▷○   P1 receives the marker from P0
      │          ┃  ◆   P1 records: balance 100, pc 0
      │  ┌╌╌╌╌╌╌╌┃╌╌○   P1 sends a marker to P0
  4   ○◁╌┘       ┃  │   P0 receives the marker from P1
end   │          ▼  │   still in flight: P0#1 (10)
✗ P0#1 (10), lost money: sent before P0 recorded, not received before P1 recorded, and missing from P0->P1's recorded state
●─▶● data   ○╌▷○ marker   ◆ records   ║ before recording (inside the cut)   │ after   ━ breaks the cut`;

describe("textDiagram, two nodes without FIFO", () => {
  it("should draw the ghost receive: P0#1 leaves P0 after its cut and reaches P1 before its cut, crossing the marker", () => {
    expect(diagram("no-ghost-receive")).toBe(GHOST.slice(1));
  });

  it("should draw the lost money: P0#1 leaves inside the cut, is overtaken by the marker and is still in flight", () => {
    expect(diagram("conservation")).toBe(LOST.slice(1));
  });

  it("should draw channel-state and reachable on the same path as conservation", () => {
    expect(diagram("channel-state")).toBe(LOST.slice(1));
    expect(diagram("reachable")).toBe(LOST.slice(1));
  });

  it("should colour the same picture only when asked", () => {
    const coloured = diagram("no-ghost-receive", true);
    expect(coloured).toContain("\x1b[1;31m●━━━━━━━━┓\x1b[0m");
    expect(coloured.replace(/\x1b\[[\d;]*m/g, "")).toBe(GHOST.slice(1));
    expect(diagram("no-ghost-receive")).not.toContain("\x1b");
  });
});

describe("textDiagram, other shapes", () => {
  it("should name in its legend only the marks it drew: · and ║ for a step of rules that did nothing", () => {
    const { scenario } = twoNode();
    const start = initialState(scenario);
    const lines = textDiagram(
      bankSpaceTime(scenario, { property: "p", reason: "r", path: { states: [start, start], actions: [{ type: "initiate", process: 0 }] } }),
    );
    expect(lines[1]).toBe("1   ·             ║   P0 starts a snapshot: nothing recorded");
    expect(lines.at(-1)).toBe("· no message, no record   ║ before recording (inside the cut)");
  });

  it("should leave data out of its legend where no data message was drawn, and name │ where a lane shows it", () => {
    const { scenario } = twoNode();
    const lines = textDiagram(bankSpaceTime(scenario, walk(scenario, ["initiate P0"])));
    // P0 records and sends its marker, still in flight at the end: P0's lane is single only on the end row.
    expect(lines.slice(1, -2)).toEqual([
      "  1   ◆             ║   P0 records: balance 100, pc 0",
      "      ○╌╌╌╌╌╌╌╌╌╌┐  ║   P0 sends a marker to P1",
      "end   │          ▽  ║   still in flight: marker",
    ]);
    expect(lines.at(-1)).toBe("○╌▷○ marker   ◆ records   ║ before recording (inside the cut)   │ after");
  });

  it("should draw a message between lanes that are not neighbours over the lane between them, and who never recorded", () => {
    const report = checked("disconnected");
    const lines = textDiagram(bankSpaceTime(report.scenario, counterexampleOf(report, "termination")));
    expect(lines[4]).toBe("3   │  ┌─────╎─│──║─────────────●   P2 sends P2#1 (5) to P0");
    expect(lines[10]).toBe("7   ●◀─┘          │             ║   P0 receives P2#1 (5)");
    expect(lines).toContain("never recorded: P2");
  });
});

describe("bankTextReport", () => {
  it("should put the diagram under each counterexample's steps", () => {
    const text = bankTextReport(twoNode());
    const indented = GHOST.slice(1)
      .split("\n")
      .map((line) => `  ${line}`.trimEnd())
      .join("\n");
    expect(text).toContain(`before sending it\n\n${indented}\n`);
  });
});

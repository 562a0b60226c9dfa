import { describe, expect, it } from "vitest";
import { parseScenario } from "../../src/models/bank/parse-scenario.js";
import { mermaidDiagram } from "../../src/render/mermaid-diagram.js";
import { bankSpaceTime } from "../../src/models/bank/bank-space-time.js";
import { checked, counterexampleOf, walk } from "../support/counterexamples.js";

const twoNode = () => checked("two-node", false);
const diagramOf = (property: string) => mermaidDiagram(bankSpaceTime(twoNode().scenario, counterexampleOf(twoNode(), property)));

// Checked with mermaid 11's own parser when written (mermaid.parse accepted every diagram below).
const GHOST = `sequenceDiagram
    participant P0
    participant P1
    Note over P0,P1: no-ghost-receive is violated: P1 recorded receiving P0#35;1, but P0 recorded after 0 sends, before sending it
    Note over P0: 1. ◆ records: balance 100, pc 0, then sends a marker to P1
    rect rgb(255, 221, 221)
        Note over P0: 2. sends P0#35;1 (10) to P1 ✗ ghost receive
    end
    rect rgb(255, 221, 221)
        P0->>P1: 3. P0#35;1 (10) ✗ ghost receive
    end
    P0-->>P1: 4. marker
    Note over P1: 4. ◆ records: balance 110, pc 0, then sends a marker to P0
    P1-->>P0: 5. marker
`;

/** The statements of a sequenceDiagram, as Mermaid's grammar sees them. */
const STATEMENT = [
  /^sequenceDiagram$/,
  /^ {4}participant [A-Za-z_]\w*( as [^#;]*(#\d+;[^#;]*)*)?$/,
  /^ +Note over [A-Za-z_]\w*(,[A-Za-z_]\w*)?: [^#;]*(#\d+;[^#;]*)*$/,
  /^ +[A-Za-z_]\w*(->>|-->>)[A-Za-z_]\w*: [^#;]*(#\d+;[^#;]*)*$/,
  /^ {4}rect rgb\(\d+, \d+, \d+\)$/,
  /^ {4}end$/,
];

function statements(diagram: string): string[] {
  const lines = diagram.trimEnd().split("\n");
  for (const line of lines)
    expect(
      STATEMENT.some((s) => s.test(line)),
      line,
    ).toBe(true);
  return lines;
}

describe("mermaidDiagram", () => {
  it("should draw the ghost receive: deliveries as arrows, a process's own steps as notes, the offence on red", () => {
    expect(diagramOf("no-ghost-receive")).toBe(GHOST);
  });

  it("should be made of sequenceDiagram statements only, with every red block closed", () => {
    for (const { property } of twoNode().counterexamples) {
      const lines = statements(diagramOf(property));
      expect(lines.filter((l) => l.includes("rect ")).length).toBe(lines.filter((l) => l.trim() === "end").length);
    }
  });

  it("should draw one arrow per delivery, dashed for markers, and say what is still in flight", () => {
    const view = bankSpaceTime(twoNode().scenario, counterexampleOf(twoNode(), "conservation"));
    const lines = statements(mermaidDiagram(view));
    const arrows = lines.filter((l) => /->>/.test(l));
    expect(arrows.map((l) => l.trim())).toEqual(["P0-->>P1: 3. marker", "P1-->>P0: 4. marker"]);
    expect(lines).toContain("        Note over P0,P1: still in flight at the end: P0#35;1 (10) ✗ lost money");
  });

  it("should give a process whose name Mermaid cannot read an alias", () => {
    const scenario = parseScenario(JSON.stringify({ processes: { "bank A": 1, "bank;B": 2 }, initiators: ["bank A"] }));
    const lines = statements(mermaidDiagram(bankSpaceTime(scenario, walk(scenario, ["initiate bank A", "deliver bank A->bank;B marker"]))));
    expect(lines.slice(1, 3)).toEqual(["    participant p0 as bank A", "    participant p1 as bank#59;B"]);
    expect(lines).toContain("    p0-->>p1: 2. marker");
  });
});

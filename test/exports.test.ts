import { expect, it } from "vitest";
import * as snaplab from "../src/index.js";

it("exports exactly the public surface", () => {
  expect(Object.keys(snaplab).sort()).toMatchInlineSnapshot(`
    [
      "MalformedEffectError",
      "ScenarioError",
      "SnaplabError",
      "StateLimitError",
      "TraceError",
      "algorithmNames",
      "always",
      "atTermination",
      "bankProperties",
      "bankSystem",
      "chandyLamport",
      "checkScenario",
      "countExecutions",
      "describeStep",
      "distinctSnapshots",
      "enabledActions",
      "exploreBfs",
      "findAlgorithm",
      "formatAction",
      "formatTrace",
      "initialState",
      "isSnapshotComplete",
      "jsonReport",
      "loadScenario",
      "loadTrace",
      "mermaidDiagram",
      "parseScenario",
      "parseTrace",
      "recordAndForward",
      "recordedSnapshot",
      "replayTrace",
      "savedTrace",
      "shivizLog",
      "simulate",
      "spaceTime",
      "step",
      "svgDiagram",
      "textDiagram",
      "textReport",
    ]
  `);
});

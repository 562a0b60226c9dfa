import { expect, it } from "vitest";
import * as snaplab from "../src/index.js";

it("exports exactly the public surface", () => {
  expect(Object.keys(snaplab).sort()).toMatchInlineSnapshot(`
    [
      "MalformedEffectError",
      "ScenarioError",
      "SnaplabError",
      "StateLimitError",
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
      "initialState",
      "isSnapshotComplete",
      "jsonReport",
      "loadScenario",
      "parseScenario",
      "recordAndForward",
      "recordedSnapshot",
      "simulate",
      "step",
      "textReport",
    ]
  `);
});

// The library's public API: src/index.ts, and no other file, is what package.json's exports let a
// program import as "snaplab" (test/installed-package.system.test.ts imports it from an installed tarball).
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import * as snaplab from "../src/index.js";

it("should export the library's build with src/index.ts as its types, and nothing else but package.json", () => {
  const { exports } = JSON.parse(readFileSync("package.json", "utf8")) as { exports: unknown };
  expect(exports).toEqual({ ".": { types: "./src/index.ts", default: "./dist/index.mjs" }, "./package.json": "./package.json" });
});

it("exports exactly the public surface", () => {
  expect(Object.keys(snaplab).sort()).toMatchInlineSnapshot(`
    [
      "MalformedEffectError",
      "ScenarioError",
      "SnaplabError",
      "SpaceTimeDrawing",
      "StateLimitError",
      "TraceError",
      "algorithmNames",
      "always",
      "asInteger",
      "asObject",
      "atTermination",
      "bankJsonReport",
      "bankModel",
      "bankProperties",
      "bankSpaceTime",
      "bankSystem",
      "bankTextReport",
      "chandyLamport",
      "check",
      "countExecutions",
      "databaseModel",
      "dataflowModel",
      "deferAfterRecording",
      "describeBankStep",
      "distinctSnapshots",
      "enabledActions",
      "exploreModel",
      "findAlgorithm",
      "formatAction",
      "formatTrace",
      "gradeExercise",
      "gradeSubmission",
      "initialState",
      "isSnapshotComplete",
      "loadModelScenario",
      "loadTrace",
      "mermaidDiagram",
      "modelField",
      "modelJsonReport",
      "modelTextReport",
      "models",
      "multiSnapshotSystem",
      "nameField",
      "namedList",
      "parseFields",
      "parseModelScenario",
      "parseScenario",
      "parseTrace",
      "promelaModel",
      "recordAndForward",
      "recordedSnapshot",
      "replayTrace",
      "savedTrace",
      "scenarioObject",
      "shivizLog",
      "simulate",
      "step",
      "svgDiagram",
      "textDiagram",
    ]
  `);
});

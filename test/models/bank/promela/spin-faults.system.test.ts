/**
 * SPIN checks the Promela model of unreliable channels (snaplab promela) and
 * must count the very states snaplab counts and find the same properties
 * violated. Skipped, saying so, where `spin` is not installed (.ci/run
 * installs it). gcc without optimisation: the counts do not depend on it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseScenario } from "../../../../src/models/bank/parse-scenario.js";
import { promelaModel } from "../../../../src/models/bank/promela/promela-model.js";
import type { Scenario } from "../../../../src/models/bank/scenario.js";
import { tempDir } from "../../../support/temp-dir.js";
import { check } from "../../../../src/check/check.js";
import { bankModel } from "../../../../src/models/bank/bank-model.js";
import { loadModelScenario } from "../../../../src/models/load-model-scenario.js";

const spinInstalled = spawnSync("spin", ["-V"]).status === 0 && spawnSync("gcc", ["--version"]).status === 0;
if (!spinInstalled) console.warn("spin or gcc is not installed: SPIN's cross-check of unreliable channels is skipped");

/**
 * pan's hash table by default has 2^24 slots, 128 MB that it clears: 33,000 page faults and 0.4 s a run on
 * the development machine, for models of a few hundred states. Sized to about twice the states snaplab
 * counts instead, as pan's manual advises; its size changes how fast pan stores states, not how many.
 */
function hashBits(states: number): string {
  return `-w${Math.max(10, Math.ceil(Math.log2(2 * states)))}`;
}

function spin(scenario: Scenario, ourStates: number): { states: number; violated: string[] } {
  const dir = tempDir("spin");
  writeFileSync(join(dir, "model.pml"), promelaModel(scenario));
  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  run("spin", ["-a", "-o2", "model.pml"]);
  run("gcc", ["-O0", "-DNOREDUCE", "-o", "pan", "pan.c"]);
  const table = hashBits(ourStates);
  const states = Number(/(\d+) states, stored/.exec(run("./pan", ["-A", table]))![1]);
  // pan exits non-zero when an assertion fails: read its output either way.
  const verdict = spawnSync("./pan", ["-c0", table], { cwd: dir, encoding: "utf8" }).stdout;
  const violated = [...new Set([...verdict.matchAll(/assertion violated (\w+)_holds/g)].map((m) => m[1]!.replaceAll("_", "-")))];
  return { states, violated: violated.sort() };
}

const twoNodeFaulty = parseScenario(
  JSON.stringify({
    processes: { P0: 100, P1: 100 },
    programs: { P0: [{ to: "P1", amount: 10 }], P1: [{ to: "P0", amount: 20 }] },
    initiators: ["P0"],
    fifo: false,
    lossy: ["P0->P1"],
    duplicating: ["P1->P0"],
  }),
);

describe.skipIf(!spinInstalled)("SPIN on unreliable channels", () => {
  it.each([
    ["lossy-transfer", loadModelScenario("spec/scenarios/lossy-transfer.json", [bankModel]).scenario],
    ["duplicating-transfer", loadModelScenario("spec/scenarios/duplicating-transfer.json", [bankModel]).scenario],
    ["two-node, P0->P1 lossy, P1->P0 duplicating, non-FIFO", twoNodeFaulty],
  ])("should count our states and find our violations on %s", (_, scenario) => {
    const ours = check({ model: bankModel, scenario: scenario });
    const violated = ours.properties.filter((p) => !p.holds).map((p) => p.name);
    expect(spin(scenario, ours.states)).toEqual({ states: ours.states, violated: violated.sort() });
  });
});

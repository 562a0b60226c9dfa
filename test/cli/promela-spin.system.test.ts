/**
 * The Promela models checked by SPIN itself where it is installed (Debian's
 * `spin`; .ci/run installs it): the same state count and the same verdicts
 * as snaplab's, on the multi-snapshot bank, with non-atomic sends, and with
 * non-interference.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { check } from "../../src/check/check.js";
import { deferAfterRecording } from "../../src/models/bank/algorithms/defer-after-recording.js";
import { exploreModel } from "../../src/explore/generic-explorer.js";
import { messageCatalogue } from "../../src/models/bank/packed/message-catalogue.js";
import { promelaNames } from "../../src/models/bank/promela/promela-names.js";
import { promelaNonInterference } from "../../src/models/bank/promela/promela-non-interference.js";
import { bankProperties } from "../../src/models/bank/properties.js";
import { bankSystem } from "../../src/models/bank/system.js";
import { parseModelScenario } from "../../src/models/registry.js";
import { tempDir } from "../support/temp-dir.js";
import { loadModelScenario } from "../../src/models/load-model-scenario.js";
import { bankModel } from "../../src/models/bank/bank-model.js";
import { snaplab } from "../support/cli.js";

const spinInstalled = spawnSync("spin", ["-V"]).status === 0 && spawnSync("gcc", ["--version"]).status === 0;

/** SPIN's stored states and the snaplab names of the assertions it found violated. */
function spin(model: string, spinFlags: readonly string[] = []): { states: number; violated: string[] } {
  const dir = tempDir("spin");
  writeFileSync(join(dir, "model.pml"), model);
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { cwd: dir, encoding: "utf8", maxBuffer: 1 << 26 });
    if (result.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  run("spin", [...spinFlags, "-a", "-o2", "model.pml"]);
  // -O0: this model is small, and compiling it unoptimised takes a fifth of the time.
  run("gcc", ["-O0", "-DNOREDUCE", "-o", "pan", "pan.c"]);
  const output = run("./pan", ["-c0", "-w18"]);
  const violated = [...new Set([...output.matchAll(/assertion violated (\w+)_holds/g)].map((m) => m[1]!))].sort();
  return { states: Number(/(\d+) states, stored/.exec(output)![1]), violated };
}

const twoSnapshots = JSON.stringify({
  name: "two-node, two snapshots",
  processes: { P0: 100, P1: 100 },
  programs: { P0: [{ to: "P1", amount: 10 }], P1: [{ to: "P0", amount: 20 }] },
  initiators: ["P0", "P1"],
  snapshots: ["P0", "P1"],
  fifo: false,
});

describe("snaplab promela, checked by SPIN", () => {
  it.skipIf(!spinInstalled)(
    "should store as many states as snaplab on the multi-snapshot bank and violate the same properties (skipped where spin is not installed)",
    () => {
      const loaded = parseModelScenario(twoSnapshots, "two-snapshots.json");
      const report = check(loaded);
      const result = spin(loaded.model.promela!(loaded.scenario, "two-snapshots.json"));
      // Promela spells "conservation (snapshot 1)" conservation_s1.
      const spelt = report.violated.map((p) => p.replace(/-/g, "_").replace(/ \(snapshot (\d+)\)$/, "_s$1")).sort();
      expect([result.states, result.violated]).toEqual([2328, spelt]);
      expect(report.states).toBe(2328);
      expect(result.violated).not.toContain("non_interference");
    },
  );
});

const splitSends = JSON.stringify({
  name: "two-node, split sends",
  processes: { P0: 100, P1: 100 },
  programs: { P0: [{ to: "P1", amount: 10 }], P1: [{ to: "P0", amount: 20 }] },
  initiators: ["P0"],
  atomicSend: false,
});

describe("snaplab promela with non-atomic sends, checked by SPIN", () => {
  it.skipIf(!spinInstalled)(
    "should store snaplab's 187 states and find only conservation broken, as snaplab does (skipped where spin is not installed)",
    () => {
      const loaded = parseModelScenario(splitSends, "split-sends.json");
      const report = check(loaded);
      expect([report.states, report.violated]).toEqual([187, ["conservation"]]);
      const model = loaded.model.promela!(loaded.scenario, "split-sends.json");
      expect(spin(model)).toEqual({ states: 187, violated: ["conservation"] });
      // As multi-core SPIN needs it: no hidden variables, the same states.
      expect(spin(model, ["-DMULTICORE"])).toEqual({ states: 187, violated: ["conservation"] });
    },
  );
});

describe("snaplab promela --out with names that end a comment, checked by SPIN", () => {
  it.skipIf(!spinInstalled)(
    "should write a model SPIN parses and checks, storing snaplab's states, for a scenario and a process named with */ (skipped where spin is not installed)",
    () => {
      const dir = tempDir("names");
      const file = join(dir, "names.json");
      writeFileSync(
        file,
        JSON.stringify({
          name: "x*/y",
          processes: { "c*/d": 100, P1: 100 },
          programs: { "c*/d": [{ to: "P1", amount: 10 }], P1: [{ to: "c*/d", amount: 20 }] },
          initiators: ["c*/d"],
        }),
      );
      const out = join(dir, "m.pml");
      expect(snaplab("promela", file, "--out", out)).toEqual({ status: 0, stdout: "", stderr: "" });
      const report = check(loadModelScenario(file));
      expect(spin(readFileSync(out, "utf8"))).toEqual({ states: report.states, violated: [] });
      expect([report.states, report.violated]).toEqual([65, []]);
    },
  );
});

describe("non-interference in Promela", () => {
  it("should hold exactly where snaplab's property holds, at the end of runs of rules that break it (defer-after-recording)", () => {
    const scenario = loadModelScenario("spec/scenarios/two-node.json", [bankModel]).scenario;
    const property = bankProperties(scenario).find((p) => p.name === "non-interference")!;
    const expression = promelaNonInterference(scenario, promelaNames(scenario), messageCatalogue(scenario)).replaceAll(" == ", " === ");
    const names = promelaNames(scenario).process;
    const verdicts = new Set<string>();
    for (const state of exploreModel(bankSystem(scenario, deferAfterRecording)).terminalStates) {
      const promela = Boolean(new Function(...names.map((n) => `bal_${n}`), `return ${expression};`)(...state.processes.map((p) => p.balance)));
      expect(promela).toBe(property.check(state) === undefined);
      verdicts.add(String(promela));
    }
    expect([...verdicts].sort()).toEqual(["false", "true"]);
  });
});

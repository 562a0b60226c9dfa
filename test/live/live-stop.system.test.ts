/**
 * Live runs that end badly: a node killed in the middle, snaplab itself
 * interrupted. Whatever happens, every node process is gone at the end.
 */
import { spawn, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { checkRun, type RunCheck } from "../../src/live/check-run.js";
import { runLive } from "../../src/live/run-live.js";
import { childrenOf, isAlive, waitFor } from "./processes.js";
import { loadModelScenario } from "../../src/models/load-model-scenario.js";
import { bankModel } from "../../src/models/bank/bank-model.js";
import { tempDir } from "../support/temp-dir.js";

const bank = loadModelScenario("spec/scenarios/bank.json", [bankModel]).scenario;

describe("--kill", () => {
  let check: RunCheck;
  beforeAll(async () => {
    check = checkRun(
      await runLive({
        scenario: bank,
        transfers: 300,
        seed: 1,
        rate: 1000,
        snapshots: 3,
        rules: { algorithm: "chandy-lamport" },
        network: "tcp",
        kills: [{ process: "B", atMs: 100 }],
        timeoutMs: 30_000,
      }),
    );
  });

  it("kills the process, ends the run, and says which snapshots could not complete and why", () => {
    expect(check.run.killed.map((k) => k.process)).toEqual(["B"]);
    const incomplete = check.snapshots.filter((s) => !s.complete);
    expect(incomplete.length).toBeGreaterThan(0);
    const reasons = incomplete.map((snapshot) => {
      const termination = snapshot.properties.find((p) => p.name === "termination")!;
      return termination.verdict === "holds" ? "" : termination.reason;
    });
    for (const reason of reasons) expect(reason).toMatch(/^the run ended with the snapshot incomplete \(.*\): B was killed at \d+(ms|s)/);
    // The last snapshot starts after the kill (A starts it three quarters into its transfers): B never records it.
    expect(reasons.at(-1)).toMatch(/never recorded: B\b/);
  });

  it("counts the money lost with B: what B held and what was on its way to it", () => {
    expect(check.money.verdict.verdict).toBe("holds");
  });

  it("leaves no node process behind", () => {
    expect(childrenOf(process.pid)).toEqual([]);
  });
});

describe("snaplab live interrupted with Ctrl-C", () => {
  it("stops every node it started", async () => {
    const child = spawn(process.execPath, ["bin/snaplab.js", "live", "spec/scenarios/bank.json", "--transfers", "1000000", "--rate", "1000"], {
      stdio: "ignore",
    });
    try {
      const nodes = await waitFor(() => (childrenOf(child.pid!).length === 3 ? childrenOf(child.pid!) : undefined));
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGINT");
      expect(await exited).toBe(130);
      await waitFor(() => (nodes.some(isAlive) ? undefined : true), 10_000);
    } finally {
      child.kill("SIGKILL");
    }
  });
});

describe("snaplab live killed outright (SIGKILL)", () => {
  it("leaves its temporary folder, named for it, and the next run removes it", async () => {
    const tmp = tempDir("tmp-live-killed");
    const env = { ...process.env, TMPDIR: tmp };
    const child = spawn(process.execPath, ["bin/snaplab.js", "live", "spec/scenarios/bank.json", "--transfers", "1000000", "--rate", "1000"], {
      env,
      stdio: "ignore",
    });
    let nodes: number[] = [];
    try {
      nodes = await waitFor(() => (childrenOf(child.pid!).length === 3 ? childrenOf(child.pid!) : undefined));
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
      // No clean-up ran: its folder is left, and its name says whose it was.
      expect(readdirSync(tmp)).toEqual([expect.stringMatching(new RegExp(`^snaplab-live-${child.pid}-`))]);
      await waitFor(() => (nodes.some(isAlive) ? undefined : true), 10_000);
      const next = spawnSync(process.execPath, ["bin/snaplab.js", "live", "spec/scenarios/bank.json", "--transfers", "10", "--snapshots", "1"], {
        env,
        encoding: "utf8",
      });
      expect(next.status, next.stderr).toBe(0);
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      child.kill("SIGKILL");
      for (const node of nodes.filter(isAlive)) process.kill(node, "SIGKILL");
    }
  });
});

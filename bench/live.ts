/**
 * `npm run bench:live [-- --runs N] [--quick]`: live runs (snaplab live),
 * written into docs/performance.md between its markers (a --quick run only
 * prints). Three node processes over
 * TCP on 127.0.0.1 (bench/scenarios/live-bank.json: bank.json's three
 * processes with a million each, so that no sender waits for money and the
 * figures are the processes' and the network's, not the money's):
 *
 * 1. transfers per second without snapshots and with them (best of N runs
 *    each, alternating, because the machine is shared), and what they cost;
 * 2. how long a snapshot takes, from its initiation to its last channel closed;
 * 3. over seeds, the share of snapshots that `--network reorder` breaks, with
 *    the reference rules and with Lai-Yang's (exercise 5's solution).
 */
import { checkRun, type RunCheck } from "../src/live/check-run.js";
import { runLive, type LiveOptions } from "../src/live/run-live.js";
import { commandLine, liveBenchArguments } from "./bench-arguments.js";
import { BenchTables } from "./doc-tables.js";
import { count, markdownTable } from "./markdown-table.js";
import { loadModelScenario } from "../src/models/load-model-scenario.js";
import { oneSnapshotBankModel } from "../src/models/bank/bank-model.js";

const { quick, runs } = commandLine(liveBenchArguments);
const transfers = quick ? 10_000 : 60_000;
const seeds = quick ? 5 : 20;

const bank = loadModelScenario("spec/scenarios/bank.json", [oneSnapshotBankModel]).scenario;
const rich = loadModelScenario("bench/scenarios/live-bank.json", [oneSnapshotBankModel]).scenario;
const live = async (changes: Partial<LiveOptions>): Promise<RunCheck> =>
  checkRun(
    await runLive({
      scenario: bank,
      transfers,
      seed: 1,
      rate: 0,
      snapshots: 0,
      rules: { algorithm: "chandy-lamport" },
      network: "tcp",
      kills: [],
      timeoutMs: 120_000,
      ...changes,
    }),
  );

const tables = new BenchTables("live-machine", `the best of ${runs} runs of each setting, in turn`);

// 1 and 2: throughput with and without snapshots, and the snapshots' latency.
const settings = [
  { name: "no snapshots", snapshots: 0 },
  { name: "3 snapshots", snapshots: 3 },
  { name: "10 snapshots", snapshots: 10 },
];
const best = new Map<string, RunCheck>();
const latencies: number[] = [];
for (let run = 0; run < runs; run++) {
  for (const setting of settings) {
    const check = await live({ scenario: rich, snapshots: setting.snapshots, seed: run + 1 });
    if (!check.snapshots.every((s) => s.complete && s.properties.every((p) => p.verdict === "holds")) || check.money.verdict.verdict !== "holds") {
      throw new Error(`a live run over TCP broke a property (${setting.name}, seed ${run + 1})`);
    }
    latencies.push(...check.snapshots.map((s) => s.latencyMs!));
    const previous = best.get(setting.name);
    if (!previous || check.transfersPerSecond > previous.transfersPerSecond) best.set(setting.name, check);
  }
}
const base = best.get("no snapshots")!.transfersPerSecond;
await tables.add("live-throughput", `Throughput: ${count(transfers)} transfers across 3 processes`, () =>
  markdownTable(
    ["snapshots", "transfers made", "transfers/s", "cost", "markers"],
    settings.map((setting) => {
      const check = best.get(setting.name)!;
      // Signed: on a busy machine the best run with snapshots may beat the best without.
      const cost = setting.snapshots === 0 ? "-" : `${Math.round((1 - check.transfersPerSecond / base) * 100)} %`;
      return [setting.name, count(check.transfers), count(check.transfersPerSecond), cost, count(check.markersSent)];
    }),
  ),
);
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
await tables.add("live-latency", "Snapshot latency", () =>
  markdownTable(["snapshots", "median ms", "90th percentile ms", "max ms"], [[count(latencies.length), at(0.5), at(0.9), at(1)]]),
);

// 3: the share of snapshots a reordering network breaks.
const rows: string[][] = [];
for (const rules of [{ algorithm: "chandy-lamport" }, { file: "solutions/05-lai-yang/rules.ts" }] as const) {
  let broken = 0;
  let runsBroken = 0;
  const properties = new Map<string, number>();
  for (let seed = 1; seed <= seeds; seed++) {
    const check = await live({ transfers: 300, snapshots: 3, seed, network: "reorder", rules });
    const bad = check.snapshots.filter((s) => s.properties.some((p) => p.verdict === "violated"));
    broken += bad.length;
    if (bad.length > 0) runsBroken++;
    for (const s of bad) for (const p of s.properties) if (p.verdict === "violated") properties.set(p.name, (properties.get(p.name) ?? 0) + 1);
  }
  rows.push([
    "algorithm" in rules ? "chandy-lamport" : "Lai-Yang (solutions/05)",
    `${broken} of ${seeds * 3} (${Math.round((broken / (seeds * 3)) * 100)} %)`,
    `${runsBroken} of ${seeds}`,
    [...properties].map(([name, n]) => `${name} ${n}`).join(", ") || "-",
  ]);
}
await tables.add("live-reorder", `--network reorder: bank.json, ${seeds} seeds, 300 transfers and 3 snapshots each`, () =>
  markdownTable(["rules", "snapshots broken", "runs with one broken", "violations by property"], rows),
);

await tables.finish(quick ? "--quick runs fewer transfers and seeds" : undefined);

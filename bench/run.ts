/**
 * `npm run bench`: times whole `snaplab explore` processes, as a user runs
 * them (start-up included), and reports states per second. Best of three
 * runs, since the machine may be busy. Not part of `npm test`.
 */
import { spawnSync } from "node:child_process";

const runs: { scenario: string; flags: string[] }[] = [
  { scenario: "bench/scenarios/two-node-three-sends.json", flags: [] },
  { scenario: "bench/scenarios/two-node-three-sends.json", flags: ["--no-fifo"] },
  { scenario: "spec/scenarios/two-node.json", flags: [] },
  { scenario: "spec/scenarios/three-node.json", flags: [] },
  { scenario: "spec/scenarios/bank.json", flags: [] },
];

console.log("| scenario | FIFO | states | transitions | wall time (whole process) | explore time | states/s |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
for (const { scenario, flags } of runs) {
  let best: { wallMs: number; report: { states: number; transitions: number; elapsedMs: number; fifo: boolean } } | undefined;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const result = spawnSync("npx", ["snaplab", "explore", scenario, "--json", ...flags], { encoding: "utf8" });
    const wallMs = performance.now() - started;
    const report = JSON.parse(result.stdout);
    if (!best || wallMs < best.wallMs) best = { wallMs, report };
  }
  const { report, wallMs } = best!;
  const rate = Math.round(report.states / Math.max(report.elapsedMs, 1) * 1000);
  console.log(
    `| ${scenario.replace(/^.*\//, "").replace(/\.json$/, "")} | ${report.fifo ? "yes" : "no"} | ${report.states.toLocaleString("en-US")} | ${report.transitions.toLocaleString("en-US")} | ${(wallMs / 1000).toFixed(2)} s | ${(report.elapsedMs / 1000).toFixed(2)} s | ${rate.toLocaleString("en-US")} |`,
  );
}

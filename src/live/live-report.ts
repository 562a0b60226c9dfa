/**
 * What a live run printed: the run's figures, then per snapshot its initiator,
 * whether it completed and how fast, the recorded total against the real one,
 * and each property, with the reason for each violation. `liveJson` is the
 * same as one object for programs.
 */
import type { RunCheck, SnapshotCheck } from "./check-run.js";

export function liveTextReport(check: RunCheck): string {
  const { run, scenario } = check;
  const { options } = run;
  const rules = "file" in options.rules ? options.rules.file : options.rules.algorithm;
  const network = options.network === "reorder" ? "reordering relays (non-FIFO)" : "TCP (FIFO)";
  const lines = [
    `${scenario.name} live: ${scenario.processes.length} processes, ${scenario.channels.length} channels over ${network}, ${rules}, seed ${options.seed}`,
    `  transfers    ${check.transfers.toLocaleString("en-US")} (${check.transfersPerSecond.toLocaleString("en-US")}/s)`,
    `  markers      ${check.markersSent.toLocaleString("en-US")} sent`,
    `  money        ${check.money.start} at the start, ${check.money.end} at the end${check.money.inFlight ? ` + ${check.money.inFlight} lost in flight` : ""}  ${verdict(check.money.verdict.holds)}`,
    ...(run.killed.length > 0 ? [`  killed       ${run.killed.map((k) => `${k.process} at ${k.atMs} ms`).join(", ")}`] : []),
    ...(run.cutShort ? [`  ended        ${run.cutShort}`] : []),
  ];
  if (!check.money.verdict.holds) lines.push(`    why: ${check.money.verdict.reason}`);
  for (const snapshot of check.snapshots) lines.push("", ...snapshotLines(snapshot));
  const broken = check.snapshots.filter((s) => !allHold(s)).length;
  lines.push(
    "",
    broken === 0 && check.money.verdict.holds
      ? `every property holds in all ${check.snapshots.length} snapshots`
      : `${broken} of ${check.snapshots.length} snapshots broken`,
  );
  return `${lines.join("\n")}\n`;
}

function snapshotLines(snapshot: SnapshotCheck): string[] {
  const head = snapshot.complete
    ? `snapshot ${snapshot.id} (initiator ${snapshot.initiator}): complete in ${snapshot.latencyMs!.toFixed(1)} ms, recorded ${snapshot.recordedTotal} of ${snapshot.realTotal}`
    : `snapshot ${snapshot.id} (initiator ${snapshot.initiator}): INCOMPLETE`;
  const width = Math.max(...snapshot.properties.map((p) => p.name.length));
  return [head, ...snapshot.properties.flatMap((p) => [`  ${p.name.padEnd(width)}  ${verdict(p.holds)}`, ...(p.holds ? [] : [`    why: ${p.reason}`])])];
}

const verdict = (holds: boolean) => (holds ? "holds" : "VIOLATED");

export function allHold(snapshot: SnapshotCheck): boolean {
  return snapshot.properties.every((p) => p.holds);
}

/** Every snapshot complete and every property holding, the money too. */
export function runHolds(check: RunCheck): boolean {
  return check.money.verdict.holds && check.snapshots.every((s) => s.complete && allHold(s));
}

export function liveJson(check: RunCheck): object {
  const { run, scenario } = check;
  const round = (ms: number | undefined) => (ms === undefined ? null : Math.round(ms * 1000) / 1000);
  return {
    scenario: scenario.name,
    network: run.options.network,
    algorithm: "file" in run.options.rules ? run.options.rules.file : run.options.rules.algorithm,
    seed: run.options.seed,
    transfers: check.transfers,
    transfersPerSecond: check.transfersPerSecond,
    markersSent: check.markersSent,
    money: { start: check.money.start, end: check.money.end, inFlight: check.money.inFlight, verdict: check.money.verdict.holds ? "holds" : "violated" },
    killed: run.killed.map((k) => k.process),
    ...(run.cutShort ? { ended: run.cutShort } : {}),
    snapshots: check.snapshots.map((s) => ({
      id: s.id,
      initiator: s.initiator,
      complete: s.complete,
      latencyMs: round(s.latencyMs),
      recordedTotal: s.recordedTotal ?? null,
      realTotal: s.realTotal,
      properties: Object.fromEntries(s.properties.map((p) => [p.name, p.holds ? "holds" : "violated"])),
      reasons: Object.fromEntries(s.properties.flatMap((p) => (p.holds ? [] : [[p.name, p.reason]]))),
    })),
  };
}

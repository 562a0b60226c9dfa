/**
 * What a live run printed: the run's figures, then per snapshot its initiator,
 * whether it completed and how fast, the recorded total against the real one,
 * and each property, with the reason for each violation, and the run's
 * verdict. `liveJson` is the same as one object for programs.
 */
import type { PropertyVerdict, RunCheck, SnapshotCheck } from "./check-run.js";
import { bothOrAll, plural } from "../render/count-words.js";
import { formatDuration } from "../render/duration.js";

export function liveTextReport(check: RunCheck): string {
  const { run, scenario } = check;
  const { options } = run;
  const rules = "file" in options.rules ? options.rules.file : options.rules.algorithm;
  const network = options.network === "reorder" ? "reordering relays (non-FIFO)" : "TCP (FIFO)";
  const lines = [
    `${scenario.name} live: ${scenario.processes.length} ${plural("process", scenario.processes.length, "processes")}, ${scenario.channels.length} ${plural("channel", scenario.channels.length)} over ${network}, ${rules}, seed ${options.seed}`,
    `  transfers    ${check.transfers.toLocaleString("en-US")} (${check.transfersPerSecond.toLocaleString("en-US")}/s)${check.skipped > 0 ? `, ${check.skipped.toLocaleString("en-US")} skipped (the sender held nothing)` : ""}`,
    `  markers      ${check.markersSent.toLocaleString("en-US")} sent`,
    `  money        ${check.money.start} at the start, ${check.money.end} at the end${check.money.inFlight ? ` + ${check.money.inFlight} lost in flight` : ""}  ${shownVerdict(check.money.verdict)}`,
    ...(check.money.verdict.verdict === "holds" ? [] : [`    why: ${check.money.verdict.reason}`]),
    // Times as --kill takes them (P1@300ms), so that what the report says can be typed back.
    ...(run.killed.length > 0 ? [`  killed       ${run.killed.map((k) => `${k.process} at ${formatDuration(k.atMs)}`).join(", ")}`] : []),
    // Asked for, but the run was over by then: without this line a reader takes the run for one that survived it.
    ...notKilled(run).map(
      (k) => `  not killed   ${k.process} at ${formatDuration(k.atMs)}: the run had ended, at ${formatDuration(Math.round(run.endedAt - run.startedAt))}`,
    ),
    ...(run.cutShort ? [`  ended        ${run.cutShort}`] : []),
  ];
  for (const snapshot of check.snapshots) lines.push("", ...snapshotLines(snapshot));
  lines.push("", verdictLine(check.snapshots, check.money.verdict.verdict === "holds", run.timedOutAfterMs));
  return `${lines.join("\n")}\n`;
}

/** The kills asked for (--kill) that never happened: the process had stopped, with the run, before their time. */
function notKilled(run: RunCheck["run"]): readonly { readonly process: string; readonly atMs: number }[] {
  return run.options.kills.filter((kill) => !run.killed.some((k) => k.process === kill.process));
}

/**
 * The run's verdict in one line, worded for no snapshot, one, or several. A run stopped at its --timeout
 * (`timedOutAfterMs`) reached a limit, which is said as explore says its --max-states was reached, with what to try;
 * a violation found on what it recorded is said before it.
 */
export function verdictLine(snapshots: readonly SnapshotCheck[], moneyHolds: boolean, timedOutAfterMs?: number): string {
  const taken = snapshots.length;
  const broken = snapshots.filter(isBroken).length;
  const incomplete = snapshots.filter((s) => !s.complete).length;
  const which = incomplete === taken ? (taken === 1 ? "the snapshot" : `${bothOrAll(taken)} snapshots`) : `${incomplete} of ${taken} snapshots`;
  const limit =
    timedOutAfterMs === undefined
      ? []
      : [
          `stopped at the limit, after ${formatDuration(timedOutAfterMs)} (--timeout)${incomplete > 0 ? `, with ${which} incomplete` : ""}; ` +
            "raise --timeout, or give fewer --transfers",
        ];
  if (broken === 0 && moneyHolds && limit.length === 0) {
    if (taken === 0) return "the money holds (no snapshot was taken)";
    return taken === 1 ? "every property holds in the one snapshot" : `every property holds in ${bothOrAll(taken)} snapshots`;
  }
  const said = [
    ...(broken > 0 ? [taken === 1 ? "the snapshot is broken" : `${broken} of ${taken} snapshots broken`] : []),
    ...(moneyHolds ? [] : ["the money does not add up"]),
    ...limit,
  ];
  return said.join("; ");
}

function snapshotLines(snapshot: SnapshotCheck): string[] {
  const head = snapshot.complete
    ? `snapshot ${snapshot.id} (initiator ${snapshot.initiator}): complete in ${snapshot.latencyMs!.toFixed(1)} ms, recorded ${snapshot.recordedTotal} of ${snapshot.realTotal}`
    : `snapshot ${snapshot.id} (initiator ${snapshot.initiator}): INCOMPLETE`;
  const width = Math.max(...snapshot.properties.map((p) => p.name.length));
  return [
    head,
    ...snapshot.properties.flatMap((p) => [
      `  ${p.name.padEnd(width)}  ${shownVerdict(p)}`,
      ...(p.verdict === "holds" ? [] : [`    why: ${shortLists(p.reason)}`]),
    ]),
  ];
}

/** A real run's lists run to hundreds of messages: the text shows each list's first few and how many in all (--format json has them whole). */
export function shortLists(reason: string, shown = 6): string {
  return reason.replace(/\[([^[\]]*)\]/g, (list, items: string) => {
    const parts = items.split(/, (?=\S+ \()/);
    return parts.length <= shown + 2 ? list : `[${parts.slice(0, shown).join(", ")}, … ${parts.length} in all]`;
  });
}

/** A verdict as the text shows it: a violation loud, as explore's report shows it. */
const shownVerdict = ({ verdict }: PropertyVerdict): string => (verdict === "violated" ? "VIOLATED" : verdict);

/** A snapshot with a property violated (one the run was stopped before judging is not). */
const isBroken = (snapshot: SnapshotCheck): boolean => snapshot.properties.some((p) => p.verdict === "violated");

/**
 * The run's verdict, as its exit status tells it: a property violated, on a snapshot or the money, whatever else; else
 * stopped at the limit if the run was stopped at its --timeout; else every snapshot complete and every property holding.
 */
export function runVerdict(check: RunCheck): "holds" | "violated" | "stopped at the limit" {
  if (check.money.verdict.verdict === "violated" || check.snapshots.some(isBroken)) return "violated";
  if (check.run.timedOutAfterMs !== undefined) return "stopped at the limit";
  return check.snapshots.every((s) => s.complete && s.properties.every((p) => p.verdict === "holds")) ? "holds" : "violated";
}

/** What `snaplab live --format json` prints. */
export interface LiveJson {
  readonly scenario: string;
  readonly network: string;
  readonly algorithm: string;
  readonly seed: number;
  readonly transfers: number;
  readonly skipped: number;
  readonly transfersPerSecond: number;
  readonly markersSent: number;
  readonly money: { readonly start: number; readonly end: number; readonly inFlight: number; readonly verdict: "holds" | "violated" };
  /** The run's verdict, which the exit status tells: 0, 1, or 2 for a run stopped at its --timeout. */
  readonly verdict: ReturnType<typeof runVerdict>;
  readonly killed: readonly string[];
  /** Processes a --kill named that the run ended before killing. */
  readonly notKilled: readonly string[];
  readonly ended?: string;
  /** The --timeout the run was stopped at, as the option takes it ("2s"), if it was. */
  readonly timeout?: string;
  readonly snapshots: readonly {
    readonly id: number;
    readonly initiator: string;
    readonly complete: boolean;
    readonly latencyMs: number | null;
    readonly recordedTotal: number | null;
    readonly realTotal: number;
    readonly properties: Readonly<Record<string, PropertyVerdict["verdict"]>>;
    readonly reasons: Readonly<Record<string, string>>;
  }[];
}

export function liveJson(check: RunCheck): LiveJson {
  const { run, scenario } = check;
  const round = (ms: number | undefined) => (ms === undefined ? null : Math.round(ms * 1000) / 1000);
  return {
    scenario: scenario.name,
    network: run.options.network,
    algorithm: "file" in run.options.rules ? run.options.rules.file : run.options.rules.algorithm,
    seed: run.options.seed,
    transfers: check.transfers,
    skipped: check.skipped,
    transfersPerSecond: check.transfersPerSecond,
    markersSent: check.markersSent,
    money: { start: check.money.start, end: check.money.end, inFlight: check.money.inFlight, verdict: check.money.verdict.verdict },
    verdict: runVerdict(check),
    killed: run.killed.map((k) => k.process),
    notKilled: notKilled(run).map((k) => k.process),
    ...(run.cutShort ? { ended: run.cutShort } : {}),
    ...(run.timedOutAfterMs === undefined ? {} : { timeout: formatDuration(run.timedOutAfterMs) }),
    snapshots: check.snapshots.map((s) => ({
      id: s.id,
      initiator: s.initiator,
      complete: s.complete,
      latencyMs: round(s.latencyMs),
      recordedTotal: s.recordedTotal ?? null,
      realTotal: s.realTotal,
      properties: Object.fromEntries(s.properties.map((p) => [p.name, p.verdict])),
      reasons: Object.fromEntries(s.properties.flatMap((p) => (p.verdict === "holds" ? [] : [[p.name, p.reason] as const]))),
    })),
  };
}

/**
 * `snaplab cos418 TOP EVENTS [--expect SNAP...] [--save-scenario FILE]`: Princeton
 * COS418's snapshot test data as a snaplab scenario, and for each expected
 * snapshot whether snaplab's rules record exactly that one in some
 * interleaving.
 */
import { basename, extname } from "node:path";
import type { ArgumentsCamelCase, Argv, CommandModule } from "yargs";
import { commandList } from "./command-list.js";
import { oneValue, someValues } from "./option-values.js";
import { Cos418Error } from "../cos418/cos418-error.js";
import { parseEvents } from "../cos418/events.js";
import { parseExpectedSnapshot } from "../cos418/expected-snapshot.js";
import { formatCos418Snapshot, reachability, type BankRecording } from "../cos418/reachability.js";
import { recordedSnapshots } from "../cos418/recorded-snapshots.js";
import { cos418Scenario } from "../cos418/to-scenario.js";
import { parseTopology } from "../cos418/topology.js";
import { jsonText } from "../files/json-text.js";
import { readTextFile } from "../files/read-text-file.js";
import { ExitCode } from "./exit-code.js";
import { checkFilesToWrite, writeReportFile } from "./report-file.js";
import { plural } from "../render/count-words.js";

interface Cos418Args {
  top: string;
  events: string;
  expect: string[];
  saveScenario?: string;
}

export const cos418Command: CommandModule<object, Cos418Args> = {
  ...commandList.cos418,
  builder: (yargs: Argv) =>
    yargs
      .positional("top", { type: "string", demandOption: true, describe: "topology: the server count, `<id> <tokens>` per server, then `<src> <dst>` links" })
      .positional("events", { type: "string", demandOption: true, describe: "events: `send <src> <dst> <n>`, `snapshot <id>`, `tick [N]` (ticks are dropped)" })
      .option("expect", {
        type: "string",
        array: true,
        ...someValues("expect"),
        default: [],
        describe: "expected snapshot files (.snap) to look for among the recorded ones",
      })
      .option("save-scenario", {
        type: "string",
        ...oneValue("save-scenario"),
        describe: "also save the converted scenario (JSON) to this file, for snaplab explore",
      }) as unknown as Argv<Cos418Args>,
  handler: (args: ArgumentsCamelCase<Cos418Args>) => {
    if (args.saveScenario) {
      // Written after the files are read, the scenario would replace the test data it was converted from.
      const read = [
        { file: args.top, what: "the topology" },
        { file: args.events, what: "the events" },
        ...args.expect.map((file) => ({ file, what: "an expected snapshot" })),
      ];
      checkFilesToWrite([{ flag: "--save-scenario", file: args.saveScenario, what: "the scenario" }], read);
    }
    const read = (file: string) => readTextFile(file, (reason) => never(new Cos418Error(file, undefined, `cannot read (${reason})`)));
    const topology = parseTopology(read(args.top), args.top);
    const events = parseEvents(read(args.events), args.events, topology);
    const name = basename(args.events, extname(args.events));
    const scenario = cos418Scenario(name, topology, events);
    const snapshots = events.events.filter((e) => e.kind === "snapshot").length;
    const expected = args.expect.map((file) => parseExpectedSnapshot(read(file), file, topology, snapshots));
    if (args.saveScenario) writeReportFile(args.saveScenario, jsonText(scenario), "the scenario");

    const sends = events.events.length - snapshots;
    const lines = [
      `${name}: ${count(topology.servers.length, "server")}, ${count(topology.links.length, "link")}, ${count(sends, "send")}, ${count(snapshots, "snapshot")}` +
        (events.ticks > 0 ? ` (${count(events.ticks, "tick")} dropped: every interleaving is explored)` : ""),
      ...(args.saveScenario ? [`  scenario    ${args.saveScenario}`] : []),
    ];
    const recorded = recordedSnapshots(scenario);
    lines.push(
      `  explored    ${recorded.states.toLocaleString("en-US")} states, ${recorded.how}`,
      `  recorded    ${count(recorded.outcomes.length, snapshots === 1 ? "distinct snapshot" : "distinct outcome")}`,
      `  properties  ${recorded.violated.length === 0 ? "all hold" : `VIOLATED: ${recorded.violated.join(", ")}`}`,
    );
    const verdicts = expected.map((snap) => reachability(snap, recorded.outcomes));
    if (verdicts.length > 0) lines.push("");
    const width = Math.max(0, ...verdicts.map((v) => v.expected.file.length));
    for (const { expected: snap, reachable, closest } of verdicts) {
      const head = `  ${snap.file.padEnd(width)}  snapshot ${snap.id}  `;
      if (reachable) lines.push(`${head}reachable`);
      else lines.push(`${head}NOT reachable`, `    expected: ${formatCos418Snapshot(snap.tokens, snap.messages)}`, `    closest:  ${closestText(closest)}`);
    }
    process.stdout.write(lines.join("\n") + "\n");
    process.exitCode = verdicts.every((v) => v.reachable) ? ExitCode.AllHold : ExitCode.Violated;
  },
};

function closestText(closest: { recording: BankRecording; distance: number } | undefined): string {
  if (!closest) return "no interleaving records this snapshot";
  const tokens = Object.fromEntries(Object.entries(closest.recording.processes).map(([id, p]) => [id, p?.balance]));
  const off = `${closest.distance} ${plural("token", closest.distance)} off`;
  return `${formatCos418Snapshot(tokens, closest.recording.channels)} (${off})`;
}

function never(error: Error): never {
  throw error;
}

/** "1 link", "2 links". */
const count = (n: number, noun: string): string => `${n.toLocaleString("en-US")} ${plural(noun, n)}`;

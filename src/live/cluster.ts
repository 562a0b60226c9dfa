/**
 * A cluster: everything a node process needs to run its part of a live bank,
 * as one JSON file that `snaplab node --id P --cluster FILE` reads. The bank
 * (processes, balances, channels, initiators) is a scenario in the file format
 * of spec/model.md; its programs are not used, the workload is drawn live.
 *
 *   { "scenario": {...}, "hosts": { "P0": "127.0.0.1:7100", ... },
 *     "transfers": 300, "seed": 1, "rate": 0, "snapshots": 3, "algorithm": "chandy-lamport" }
 *
 * `rules` (a learner's file) may stand instead of `algorithm`. A host's port 0
 * means "ask the coordinator" (snaplab live starts its nodes that way). The
 * scenario's `fifo` says whether the network between the nodes keeps each
 * channel's order (default true: TCP does; snaplab live --network reorder
 * writes false): the checker of their logs reads it, the nodes do not.
 */
import { createHash } from "node:crypto";
import { dirname, resolve } from "node:path";
import { SnaplabError } from "../errors/snaplab-error.js";
import { jsonText } from "../files/json-text.js";
import { readTextFile } from "../files/read-text-file.js";
import { JsonRepeatedKeyError, type JsonSyntaxError, parseJson } from "../files/parse-json.js";
import { algorithmNames } from "../models/bank/algorithms/registry.js";
import { parseScenario } from "../models/bank/parse-scenario.js";
import { unknownKey } from "../scenario/unknown-key.js";
import { type RunSetting, runSettingProblem } from "./run-settings.js";
import type { ProcessId, Scenario } from "../models/bank/scenario.js";
import type { ScenarioJson } from "../models/bank/scenario-json.js";

export interface HostAddress {
  readonly host: string;
  readonly port: number;
}

export interface Cluster {
  readonly scenario: Scenario;
  readonly hosts: Readonly<Record<ProcessId, HostAddress>>;
  /** Random transfers, in all (split among the processes that have outgoing channels). */
  readonly transfers: number;
  readonly seed: number;
  /** At most this many transfers per second in all; 0 for as fast as they go. */
  readonly rate: number;
  /** Snapshots to take, ids 0..snapshots-1, started by the initiators in turn. */
  readonly snapshots: number;
  /** The rules: an algorithm by name, or a learner's file (an absolute path). */
  readonly rules: { readonly algorithm: string } | { readonly file: string };
  /**
   * The SHA-256 of the file's JSON, whitespace aside: each node's log names it,
   * so that a log of another cluster is told apart (copies of the file on
   * several machines agree, whatever their line endings).
   */
  readonly digest: string;
}

/** The file's form; `scenario` is a scenario object, as in a saved trace. */
export interface ClusterJson {
  readonly scenario: ScenarioJson & { readonly fifo?: boolean };
  readonly hosts: Readonly<Record<ProcessId, string>>;
  readonly transfers: number;
  readonly seed: number;
  readonly rate: number;
  readonly snapshots: number;
  readonly algorithm?: string;
  readonly rules?: string;
}

const KEYS = ["scenario", "hosts", "transfers", "seed", "rate", "snapshots", "algorithm", "rules"];

export function loadCluster(file: string): Cluster {
  const text = readTextFile(
    file,
    (reason) => {
      throw new SnaplabError("BAD_CLUSTER", `${file}: cannot read the cluster file (${reason})`);
    },
    "cluster file",
  );
  return parseCluster(text, file);
}

export function parseCluster(text: string, file = "<cluster>"): Cluster {
  const fail = (field: string, problem: string): never => {
    throw new SnaplabError("BAD_CLUSTER", field ? `${file}: ${field}: ${problem}` : `${file}: ${problem}`);
  };
  let raw: Record<string, unknown>;
  try {
    raw = parseJson(text) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof JsonRepeatedKeyError) return fail(error.path, error.problem);
    return fail("", `not valid JSON at ${(error as JsonSyntaxError).message}`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return fail("", "must be a JSON object");
  for (const key of Object.keys(raw)) if (!KEYS.includes(key)) fail(key, unknownKey(key, KEYS));
  if (typeof raw.scenario !== "object" || raw.scenario === null) fail("scenario", "must be a scenario object (spec/model.md)");
  const scenario = parseScenario(JSON.stringify(raw.scenario), `${file}: scenario`);

  const hostsRaw = raw.hosts;
  if (typeof hostsRaw !== "object" || hostsRaw === null || Array.isArray(hostsRaw)) return fail("hosts", 'must map each process to "host:port"');
  const hosts: Record<ProcessId, HostAddress> = {};
  for (const p of scenario.processes) {
    const value = (hostsRaw as Record<string, unknown>)[p];
    const match = typeof value === "string" ? /^(.+):(\d+)$/.exec(value) : null;
    if (!match || Number(match[2]) > 65535) return fail(`hosts.${p}`, `must be "host:port", got ${JSON.stringify(value)}`);
    hosts[p] = { host: match[1]!, port: Number(match[2]) };
  }
  for (const key of Object.keys(hostsRaw)) if (!scenario.processes.includes(key)) fail(`hosts.${key}`, "is not a process of the scenario");

  const setting = (key: RunSetting): number => {
    const value = raw[key];
    const problem = runSettingProblem(key, value);
    if (problem !== undefined) fail(key, `${problem}, got ${JSON.stringify(value)}`);
    return value as number;
  };
  if (raw.algorithm !== undefined && raw.rules !== undefined) fail("rules", "give either algorithm or rules, not both");
  if (raw.rules !== undefined && (typeof raw.rules !== "string" || raw.rules === "")) fail("rules", "must be the path of a rules file");
  if (raw.algorithm !== undefined && typeof raw.algorithm !== "string") fail("algorithm", "must be the name of a snapshot algorithm");
  if (typeof raw.algorithm === "string" && !algorithmNames().includes(raw.algorithm)) {
    fail("algorithm", `unknown algorithm ${JSON.stringify(raw.algorithm)} (known: ${algorithmNames().join(", ")})`);
  }
  const rules =
    typeof raw.rules === "string" ? { file: resolve(dirname(file), raw.rules) } : { algorithm: (raw.algorithm as string | undefined) ?? scenario.algorithm };
  return {
    scenario,
    hosts,
    transfers: setting("transfers"),
    seed: setting("seed"),
    rate: raw.rate === undefined ? 0 : setting("rate"),
    snapshots: setting("snapshots"),
    rules,
    digest: createHash("sha256").update(JSON.stringify(raw)).digest("hex"),
  };
}

export function formatCluster(cluster: ClusterJson): string {
  return jsonText(cluster);
}

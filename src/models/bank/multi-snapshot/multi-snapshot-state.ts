/**
 * The bank with several snapshots in one run. The bank's own state carries
 * the money and the messages (markers tagged with their snapshot id); each
 * snapshot has a layer with what every process and channel recorded for it.
 * Seen through one layer, the state is an ordinary BankState, so the five
 * properties of spec/model.md apply to each snapshot unchanged.
 */
import type { Scenario } from "../scenario.js";
import { initialState, localKey, recordingKey, stateKey, type BankState, type ChannelRecording, type LocalSnapshot } from "../bank-state.js";

export interface MultiSnapshotScenario extends Scenario {
  /** Snapshot k is started by process snapshots[k]; a process starts its snapshots in id order. */
  readonly snapshots: readonly number[];
}

export interface SnapshotLayer {
  readonly recorded: readonly (LocalSnapshot | null)[];
  readonly recordings: readonly ChannelRecording[];
}

export interface MultiSnapshotState {
  /** Money, programs done and queues; its own recording fields are not used. */
  readonly bank: BankState;
  /** One per snapshot id. */
  readonly layers: readonly SnapshotLayer[];
}

export function initialMultiState(scenario: MultiSnapshotScenario): MultiSnapshotState {
  const bank = initialState(scenario);
  const layer: SnapshotLayer = {
    recorded: bank.processes.map((p) => p.recorded),
    recordings: bank.channels.map((c) => c.recording),
  };
  return { bank, layers: scenario.snapshots.map(() => layer) };
}

/**
 * The views of the few states used last: a state's properties, step rules
 * and rules look at each of its layers many times over, and a view is only
 * made of immutable parts. Few, so that an explorer keeping every state
 * does not keep their views too; the one used last first.
 */
const recentViews: { state: MultiSnapshotState; views: (BankState | undefined)[] }[] = [];
const RECENT = 8;

/** The bank as snapshot `s` sees it: its recordings, every message in flight. */
export function layerState(state: MultiSnapshotState, s: number): BankState {
  let recent = recentViews[0];
  if (recent?.state !== state) {
    const at = recentViews.findIndex((r) => r.state === state);
    recent = at < 0 ? { state, views: [] } : recentViews.splice(at, 1)[0]!;
    recentViews.unshift(recent);
    if (recentViews.length > RECENT) recentViews.pop();
  }
  return (recent.views[s] ??= viewOfLayer(state, s));
}

function viewOfLayer(state: MultiSnapshotState, s: number): BankState {
  const layer = state.layers[s]!;
  return {
    processes: state.bank.processes.map((p, i) => seenProcesses.with(p, layer.recorded[i]!)),
    channels: state.bank.channels.map((c, i) => seenChannels.with(c, layer.recordings[i]!)),
  };
}

/**
 * The bank's process or channel with a layer's recording in place of its
 * own, made once for each pair: the same view of a process is then the same
 * object, in every state and layer, and the rules' answers, remembered by
 * the identity of what they were asked about (../remembered-answers.ts), are
 * found again.
 */
class SeenThroughLayers<Base extends object, Field extends keyof Base> {
  private readonly made = new WeakMap<Base, Map<Base[Field], Base>>();
  constructor(private readonly field: Field) {}

  with(base: Base, value: Base[Field]): Base {
    // The bank's own recording fields keep their first value, which a layer not started yet holds too.
    if (base[this.field] === value) return base;
    let byValue = this.made.get(base);
    if (!byValue) this.made.set(base, (byValue = new Map()));
    let seen = byValue.get(value);
    if (!seen) byValue.set(value, (seen = { ...base, [this.field]: value }));
    return seen;
  }
}

const seenProcesses = new SeenThroughLayers<BankState["processes"][number], "recorded">("recorded");
const seenChannels = new SeenThroughLayers<BankState["channels"][number], "recording">("recording");

/** Puts back what a step did to snapshot `s`'s view: its recordings, and the markers it sent. */
export function withLayer(state: MultiSnapshotState, s: number, seen: BankState): MultiSnapshotState {
  const channels = state.bank.channels.map((c, i) => (seen.channels[i]!.queue === c.queue ? c : { ...c, queue: seen.channels[i]!.queue }));
  const layers = state.layers.slice();
  layers[s] = { recorded: seen.processes.map((p) => p.recorded), recordings: seen.channels.map((c) => c.recording) };
  return { bank: { ...state.bank, channels }, layers };
}

/** The smallest snapshot id that `process` is to start and has not started, if any. */
export function nextSnapshotOf(scenario: MultiSnapshotScenario, state: MultiSnapshotState, process: number): number | undefined {
  const s = scenario.snapshots.findIndex((initiator, id) => initiator === process && state.layers[id]!.recorded[process] === null);
  return s < 0 ? undefined : s;
}

/** The bank's key (its own recording fields never change) and each layer's recordings. */
export function multiStateKey(state: MultiSnapshotState): string {
  const layers = state.layers.map((l) => `${l.recorded.map((r) => (r ? localKey(r) : "-")).join(";")}/${l.recordings.map(recordingKey).join(";")}`);
  return `${stateKey(state.bank)}#${layers.join("#")}`;
}

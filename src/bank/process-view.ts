/** The part of the bank's state a snapshot rule may see: its own process. */
import type { ProcessView } from "../algorithms/snapshot-algorithm.js";
import { incomingChannels, outgoingChannels, type Scenario } from "./scenario.js";
import type { BankState, ChannelRecording } from "./state.js";

interface Neighbourhood {
  readonly incoming: readonly number[];
  readonly incomingIds: readonly string[];
  readonly outgoingIds: readonly string[];
}

// Channel lists never change during a run; work them out once per scenario.
const neighbourhoods = new WeakMap<Scenario, readonly Neighbourhood[]>();

function neighbourhood(scenario: Scenario, process: number): Neighbourhood {
  let all = neighbourhoods.get(scenario);
  if (!all) {
    const ids = (cs: number[]) => cs.map((c) => scenario.channels[c]!.id);
    all = scenario.processes.map((_, p) => ({
      incoming: incomingChannels(scenario, p),
      incomingIds: ids(incomingChannels(scenario, p)),
      outgoingIds: ids(outgoingChannels(scenario, p)),
    }));
    neighbourhoods.set(scenario, all);
  }
  return all[process]!;
}

export function processView(scenario: Scenario, state: BankState, process: number): ProcessView {
  const { incoming, incomingIds, outgoingIds } = neighbourhood(scenario, process);
  const recordings: Record<string, ChannelRecording> = {};
  incoming.forEach((c, i) => (recordings[incomingIds[i]!] = state.channels[c]!.recording));
  return {
    process: scenario.processes[process]!,
    hasRecorded: state.processes[process]!.recorded !== null,
    incoming: incomingIds,
    outgoing: outgoingIds,
    recordings,
  };
}

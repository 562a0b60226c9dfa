/** The part of the bank's state a snapshot rule may see: its own process. */
import type { ProcessView } from "./algorithms/snapshot-algorithm.js";
import { incomingChannels, outgoingChannels, type Scenario } from "./scenario.js";
import { messageOf, type BankState, type ChannelRecording, type DataMessage } from "./bank-state.js";

interface Neighbourhood {
  readonly incoming: readonly number[];
  readonly outgoing: readonly number[];
  readonly incomingIds: readonly string[];
  readonly outgoingIds: readonly string[];
}

// Channel lists never change during a run; work them out once per scenario.
const neighbourhoods = new WeakMap<Scenario, readonly Neighbourhood[]>();

function neighbourhood(scenario: Scenario, process: number): Neighbourhood {
  let all = neighbourhoods.get(scenario);
  if (!all) {
    const ids = (cs: readonly number[]) => cs.map((c) => scenario.channels[c]!.id);
    all = scenario.processes.map((_, p) => ({
      incoming: incomingChannels(scenario, p),
      outgoing: outgoingChannels(scenario, p),
      incomingIds: ids(incomingChannels(scenario, p)),
      outgoingIds: ids(outgoingChannels(scenario, p)),
    }));
    neighbourhoods.set(scenario, all);
  }
  return all[process]!;
}

export function processView(scenario: Scenario, state: BankState, process: number): ProcessView {
  const { incoming, outgoing, incomingIds, outgoingIds } = neighbourhood(scenario, process);
  const recordings: Record<string, ChannelRecording> = {};
  incoming.forEach((c, i) => (recordings[incomingIds[i]!] = state.channels[c]!.recording));
  const p = state.processes[process]!;
  return {
    process: scenario.processes[process]!,
    hasRecorded: p.recorded !== null,
    incoming: incomingIds,
    outgoing: outgoingIds,
    recordings,
    recorded: p.recorded,
    received: p.received,
    // Only Lai-Yang's rules read the send history: build it when asked.
    get sent() {
      const done = scenario.programs[process]!.slice(0, p.pc);
      const sent: Record<string, DataMessage[]> = {};
      outgoing.forEach((c, i) => {
        sent[outgoingIds[i]!] = done.filter((t) => t.channel === c).map(messageOf);
      });
      return sent;
    },
  };
}

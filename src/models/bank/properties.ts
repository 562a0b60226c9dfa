/**
 * The five properties of spec/model.md, and non-interference. The four about
 * the recorded cut are checked once the snapshot is complete (it never changes
 * after that); termination and non-interference in every terminal state.
 */
import { always, atTermination, type Property, type Verdict } from "../../model-contract/property.js";
import { RecordedVerdicts } from "./recorded-verdicts.js";
import { formatMessages, parseMessageId, recordedMessages, sentInCut } from "./cut.js";
import { totalMoney, type Scenario } from "./scenario.js";
import { isSnapshotComplete, messageOf, type BankState } from "./bank-state.js";
import { hasFaults } from "./faults.js";
import { faultyChannelState, faultyConservation, faultyNonInterference, faultyReachable } from "./unreliable-properties.js";

/** The four properties about the recorded cut, which judge a complete snapshot's recorded part alone. */
export const snapshotPropertyNames: ReadonlySet<string> = new Set(["no-ghost-receive", "channel-state", "conservation", "reachable"]);

export function bankProperties(scenario: Scenario): Property<BankState>[] {
  const name = (p: number) => scenario.processes[p]!;
  const recordedOf = (state: BankState, p: number) => state.processes[p]!.recorded!;
  // Unreliable channels judge the cut against the run's own global states (unreliable-properties.ts).
  const faulty = hasFaults(scenario);
  // On reliable channels a complete snapshot is judged by its recorded part alone: once per recorded part met.
  const remembered = faulty ? undefined : new RecordedVerdicts();
  // The four properties ask about the same state in a row: whether it is complete is worked out once.
  let last: BankState | undefined;
  let lastComplete = false;
  const complete = (state: BankState) => {
    if (state !== last) {
      last = state;
      lastComplete = isSnapshotComplete(state);
    }
    return lastComplete;
  };
  const onComplete = (property: string, check: (state: BankState) => Verdict) => (state: BankState) => {
    if (!complete(state)) return undefined;
    return remembered ? remembered.verdict(property, state, check) : check(state);
  };

  const noGhostReceive = always<BankState>(
    "no-ghost-receive",
    "No process records receiving a message whose sending is not recorded.",
    onComplete("no-ghost-receive", (state) => {
      for (const [j, p] of state.processes.entries()) {
        for (const id of p.recorded!.received) {
          const { sender, step } = parseMessageId(scenario, id);
          const sentBy = recordedOf(state, sender).pc;
          if (step > sentBy) {
            return `${name(j)} recorded receiving ${id}, but ${name(sender)} recorded after ${sentBy} sends, before sending it`;
          }
        }
      }
      return undefined;
    }),
  );

  const channelState = always<BankState>(
    "channel-state",
    "Each channel's recorded messages are exactly those sent before the sender recorded and received after the receiver recorded, in order.",
    onComplete("channel-state", (state) => {
      if (faulty) return faultyChannelState(scenario, state);
      for (const [c, channel] of scenario.channels.entries()) {
        const received = recordedOf(state, channel.to).received;
        const expected = sentInCut(scenario, state, c).filter((t) => !received.includes(t.messageId));
        const actual = recordedMessages(state, c);
        const same = expected.length === actual.length && expected.every((t, i) => t.messageId === actual[i]!.id);
        if (!same) return `channel ${channel.id} recorded ${formatMessages(actual)}, expected ${formatMessages(expected.map(messageOf))}`;
      }
      return undefined;
    }),
  );

  const conservation = always<BankState>(
    "conservation",
    "Recorded balances plus recorded channel contents add up to the money the bank started with.",
    onComplete("conservation", (state) => {
      if (faulty) return faultyConservation(scenario, state);
      const balances = state.processes.reduce((sum, p) => sum + p.recorded!.balance, 0);
      const inFlight = state.channels.reduce((sum, _, c) => sum + recordedMessages(state, c).reduce((s, m) => s + m.amount, 0), 0);
      const expected = totalMoney(scenario);
      return balances + inFlight === expected
        ? undefined
        : `recorded ${balances + inFlight} (balances ${balances} + in channels ${inFlight}), expected ${expected}`;
    }),
  );

  const reachable = always<BankState>(
    "reachable",
    "The recorded global state is a state the bank could have been in without any snapshot.",
    onComplete("reachable", (state) => (faulty ? faultyReachable(scenario, state) : unreachableBecause(scenario, state))),
  );

  const termination = {
    ...atTermination<BankState>("termination", "Every execution ends with a complete snapshot.", (state) => {
      if (isSnapshotComplete(state)) return undefined;
      const unrecorded = state.processes.flatMap((p, i) => (p.recorded ? [] : [name(i)]));
      const open = scenario.channels.filter((_, c) => state.channels[c]!.recording.status !== "closed").map((c) => c.id);
      const parts = [unrecorded.length ? `never recorded: ${unrecorded.join(", ")}` : "", open.length ? `never closed: ${open.join(", ")}` : ""];
      return `the run ended with the snapshot incomplete (${parts.filter(Boolean).join("; ")})`;
    }),
    // A learner's rules that answer markers with markers forever: no run ends, and no terminal state is left to check.
    brokenByEndlessRuns: true,
  };

  // On for every scenario: which rules run is only known at run time (a
  // learner's may buffer), and the check costs one comparison per terminal state.
  const finalBalances = balancesWithoutSnapshot(scenario);
  const nonInterference = atTermination<BankState>(
    "non-interference",
    "Taking the snapshot does not change the computation: every run ends with the balances of a run without a snapshot.",
    (state) => {
      if (faulty) return faultyNonInterference(scenario, state);
      const p = state.processes.findIndex((q, i) => q.balance !== finalBalances[i]);
      if (p < 0) return undefined;
      const { balance, buffered } = state.processes[p]!;
      const kept = buffered ? `; kept in its buffer, never applied: ${formatMessages(buffered)}` : "";
      return `${name(p)} ends with balance ${balance}, but every run without a snapshot ends with ${finalBalances[p]}${kept}`;
    },
  );

  return [noGhostReceive, channelState, conservation, reachable, termination, nonInterference];
}

/**
 * Sends are unconditional and every message is delivered, so a run without a
 * snapshot always ends the same way: every transfer debited and credited.
 */
function balancesWithoutSnapshot(scenario: Scenario): number[] {
  const balances = scenario.initialBalances.slice();
  scenario.programs.forEach((program, sender) =>
    program.forEach(({ channel, amount }) => {
      balances[sender]! -= amount;
      balances[scenario.channels[channel]!.to]! += amount;
    }),
  );
  return balances;
}

/**
 * Sends are unconditional, so a snapshot-free state with given pcs is
 * reachable exactly when every channel holds messages sent on it within those
 * pcs, in send order, with the delivered ones a prefix under FIFO; the
 * balances are then fixed by what was sent and delivered. From any such state
 * the remaining sends and deliveries reach the one terminal state, so the
 * second half of the theorem follows from the first. With non-atomic sends a
 * process may also be between a debit and its transmit, its balance short of
 * that step's amount; a recorded state does not say which, so either fits.
 */
function unreachableBecause(scenario: Scenario, state: BankState): string | undefined {
  const implied = scenario.initialBalances.slice();
  for (const [c, channel] of scenario.channels.entries()) {
    const sent = sentInCut(scenario, state, c);
    const contents = recordedMessages(state, c).map((m) => m.id);
    const ids = sent.map((t) => t.messageId);
    const fits = scenario.fifo ? contents.every((id, i) => id === ids[ids.length - contents.length + i]) : isSubsequence(contents, ids);
    if (!fits) {
      const shape = scenario.fifo ? "the last messages sent on it, in order" : "messages sent on it, in send order";
      return `channel ${channel.id} holds ${formatMessages(recordedMessages(state, c))}, which are not ${shape} (sent: ${formatMessages(sent.map(messageOf))})`;
    }
    for (const t of sent) {
      implied[channel.from]! -= t.amount;
      if (!contents.includes(t.messageId)) implied[channel.to]! += t.amount;
    }
  }
  for (const [p, balance] of implied.entries()) {
    const { pc, balance: recorded } = state.processes[p]!.recorded!;
    const midSend = scenario.atomicSend === false ? scenario.programs[p]![pc]?.amount : undefined;
    if (recorded !== balance && (midSend === undefined || recorded !== balance - midSend)) {
      return `${scenario.processes[p]} recorded balance ${recorded}, but the recorded sends and channels imply ${balance}`;
    }
  }
  return undefined;
}

function isSubsequence(part: readonly string[], whole: readonly string[]): boolean {
  let i = 0;
  for (const item of whole) if (item === part[i]) i++;
  return i === part.length;
}

/**
 * What channel-state, conservation, reachable and non-interference claim when
 * channels may lose or copy messages (spec/model.md, "Unreliable channels").
 * Money may vanish or double in the run itself, so the recorded state is
 * judged against the global states this run really passed through at the
 * cut, not only against the money the bank started with.
 *
 * Per data message m sent on channel c = i→j inside the cut (among the first
 * recorded pc steps of i), with r the times j had received m when it
 * recorded and k the times c's recorded list holds it:
 * - m was certainly in flight across the cut when j received it after
 *   recording, or it is still in flight now;
 * - m may have been in flight across the cut and lost after it when c is
 *   lossy and an instance of it vanished: the original (r = 0), or the copy
 *   a duplication left (r = 1 on a duplicating channel). A loss is an event of
 *   the channel, not of a process, so the cut does not say on which side of
 *   it the loss fell: either is a real global state of the run.
 */
import { formatMessages, parseMessageId, recordedMessages, sentInCut } from "./cut.js";
import { isDuplicating, isLossy } from "./faults.js";
import type { Scenario, Transfer } from "./scenario.js";
import type { BankState } from "./bank-state.js";

/** One message sent inside the cut, with what the run did with it. */
interface InCut {
  readonly transfer: Transfer;
  /** Times the receiver had received it when it recorded. */
  readonly before: number;
  /** Times the channel's recorded list holds it. */
  readonly listed: number;
  readonly certain: boolean;
  readonly maybeLost: boolean;
}

const count = (ids: readonly string[], id: string) => ids.reduce((n, x) => n + (x === id ? 1 : 0), 0);

function inCut(scenario: Scenario, state: BankState, c: number): InCut[] {
  const { to } = scenario.channels[c]!;
  const receiver = state.processes[to]!;
  const listed = recordedMessages(state, c).map((m) => m.id);
  return sentInCut(scenario, state, c).map((transfer) => {
    const id = transfer.messageId;
    const before = count(receiver.recorded!.received, id);
    const later =
      count(receiver.received, id) +
      count(
        (receiver.buffered ?? []).map((m) => m.id),
        id,
      ) -
      before;
    const flying = state.channels[c]!.queue.some((m) => m.kind === "data" && m.id === id);
    const certain = later > 0 || flying;
    const maybeLost = !certain && isLossy(scenario, c) && (before === 0 || (before === 1 && isDuplicating(scenario, c)));
    return { transfer, before, listed: count(listed, id), certain, maybeLost };
  });
}

/** The recorded list is what was in flight across the cut in this run. */
export function faultyChannelState(scenario: Scenario, state: BankState): string | undefined {
  for (const [c, channel] of scenario.channels.entries()) {
    const list = recordedMessages(state, c);
    const messages = inCut(scenario, state, c);
    const shape = listShape(scenario, state, c);
    if (shape) return `channel ${channel.id} recorded ${formatMessages(list)}: ${shape}`;
    const receiver = scenario.processes[channel.to]!;
    for (const m of messages) {
      const what = `${m.transfer.messageId} (${m.transfer.amount})`;
      if (m.certain && m.listed === 0) {
        return `channel ${channel.id} recorded ${formatMessages(list)}, missing ${what}, which was in flight across the cut (${receiver} received it after recording, or it still is in flight)`;
      }
      if (!m.certain && !m.maybeLost && m.listed > 0) {
        return `channel ${channel.id} recorded ${formatMessages(list)}, but ${what} was not in flight across the cut (${receiver} had received it before recording and no copy of it was lost)`;
      }
    }
  }
  return undefined;
}

/** The recorded balances and channels add up to the money of a real global state of the run at the cut. */
export function faultyConservation(scenario: Scenario, state: BankState): string | undefined {
  const balances = state.processes.reduce((sum, p) => sum + p.recorded!.balance, 0);
  const inFlight = state.channels.reduce((sum, _, c) => sum + recordedMessages(state, c).reduce((s, m) => s + m.amount, 0), 0);
  const messages = scenario.channels.flatMap((_, c) => inCut(scenario, state, c));
  const certain = messages.filter((m) => m.certain).reduce((sum, m) => sum + m.transfer.amount, 0);
  // A message lost after the cut was part of the money there; lost before, it was not: every subset is a real state.
  let totals = new Set([balances + certain]);
  for (const m of messages.filter((x) => x.maybeLost)) totals = new Set([...totals, ...[...totals].map((t) => t + m.transfer.amount)]);
  if (totals.has(balances + inFlight)) return undefined;
  const expected = [...totals].sort((a, b) => a - b).join(" or ");
  return `recorded ${balances + inFlight} (balances ${balances} + in channels ${inFlight}), but the bank held ${expected} at the cut (the recorded balances plus what was in flight across it${totals.size > 1 ? ", with or without what was lost" : ""})`;
}

/**
 * The recorded global state (each process's pc, balance and received ids,
 * each channel's list) is a state of the same bank, unreliable channels and
 * all, without a snapshot.
 */
export function faultyReachable(scenario: Scenario, state: BankState): string | undefined {
  const implied = scenario.initialBalances.slice();
  for (const [c, channel] of scenario.channels.entries()) {
    const shape = listShape(scenario, state, c);
    if (shape) return `channel ${channel.id} holds ${formatMessages(recordedMessages(state, c))}: ${shape}`;
    const receiver = state.processes[channel.to]!.recorded!;
    const sent = sentInCut(scenario, state, c);
    const sentIds = sent.map((t) => t.messageId);
    const messages = inCut(scenario, state, c);
    for (const m of messages) {
      const instances = m.before + m.listed;
      const id = m.transfer.messageId;
      if (instances === 0 && !isLossy(scenario, c))
        return `${id} was sent on ${channel.id}, which loses nothing, but it is neither received nor in the channel`;
      if (instances > (isDuplicating(scenario, c) ? 2 : 1)) {
        const most = isDuplicating(scenario, c) ? "a message and its one copy are at most two" : "a channel that copies nothing carries a message once";
        return `${id} is received ${m.before} and in flight ${m.listed} on ${channel.id} at the cut, but ${most}`;
      }
    }
    const ghost = receiver.received.find((id) => onChannel(scenario, id) === c && !sentIds.includes(id));
    if (ghost) return `${scenario.processes[channel.to]} recorded receiving ${ghost}, which ${scenario.processes[channel.from]} had not sent when it recorded`;
    // Under FIFO nothing received may have been sent after a message still in the channel (a copy keeps its original's place).
    const listed = recordedMessages(state, c).map((m) => m.id);
    if (scenario.fifo && listed.length > 0) {
      const first = sentIds.indexOf(listed[0]!);
      const overtaker = sentIds.slice(first + 1).find((id) => receiver.received.includes(id));
      if (overtaker)
        return `channel ${channel.id} holds ${listed[0]}, but ${scenario.processes[channel.to]} received ${overtaker}, sent after it, on a FIFO channel`;
    }
    for (const t of scenario.programs[channel.from]!.filter((t) => t.channel === c)) {
      if (sentIds.includes(t.messageId)) implied[channel.from]! -= t.amount;
      implied[channel.to]! += t.amount * count(receiver.received, t.messageId);
    }
  }
  for (const [p, balance] of implied.entries()) {
    const { pc, balance: recorded } = state.processes[p]!.recorded!;
    const midSend = scenario.atomicSend === false ? scenario.programs[p]![pc]?.amount : undefined;
    if (recorded !== balance && (midSend === undefined || recorded !== balance - midSend)) {
      return `${scenario.processes[p]} recorded balance ${recorded}, but its recorded sends and receipts imply ${balance}`;
    }
  }
  return undefined;
}

/** Every run ends with each balance its sends and its deliveries make: nothing delivered kept out of it. */
export function faultyNonInterference(scenario: Scenario, state: BankState): string | undefined {
  for (const [p, process] of state.processes.entries()) {
    let expected = scenario.initialBalances[p]!;
    scenario.programs[p]!.forEach((t) => (expected -= t.amount));
    for (const id of [...process.received, ...(process.buffered ?? []).map((m) => m.id)]) {
      const { sender, step } = parseMessageId(scenario, id);
      expected += scenario.programs[sender]![step - 1]!.amount;
    }
    if (process.balance !== expected) {
      const kept = process.buffered ? `; kept in its buffer, never applied: ${formatMessages(process.buffered)}` : "";
      return `${scenario.processes[p]} ends with balance ${process.balance}, but its sends and the messages delivered to it make ${expected}${kept}`;
    }
  }
  return undefined;
}

/** What is wrong with a recorded list whatever happened in the run: a message from outside the cut, one twice, or out of send order. */
function listShape(scenario: Scenario, state: BankState, c: number): string | undefined {
  const sender = scenario.processes[scenario.channels[c]!.from]!;
  const sentIds = sentInCut(scenario, state, c).map((t) => t.messageId);
  const listed = recordedMessages(state, c).map((m) => m.id);
  const outside = listed.find((id) => !sentIds.includes(id));
  if (outside) return `${outside} was not sent when ${sender} recorded`;
  const twice = listed.find((id, i) => listed.indexOf(id) !== i);
  if (twice) return `${twice} is in it twice, but a message is in flight at most once (a copy takes its original's place)`;
  const positions = listed.map((id) => sentIds.indexOf(id));
  if (positions.some((x, i) => i > 0 && x < positions[i - 1]!)) return "not in send order";
  return undefined;
}

/** The channel a message id was sent on. */
function onChannel(scenario: Scenario, id: string): number {
  const { sender, step } = parseMessageId(scenario, id);
  return scenario.programs[sender]![step - 1]!.channel;
}

/**
 * The snapshot properties on unreliable channels (spec/model.md, "Unreliable
 * channels"; unreliable-properties.ts says the same in TypeScript) as Promela
 * over the generated variables. Received sets are counts here (a copy
 * credits twice), a queue slot holds a copy as its message plus COPY, and
 * conservation, which asks whether some set of lost messages makes the
 * recorded total, tries every such set in a loop run before the assertions.
 */
import type { Scenario } from "../scenario.js";
import { isDuplicating, isLossy } from "../faults.js";
import type { MessageCatalogue } from "../packed/message-catalogue.js";
import type { PromelaNames } from "./promela-names.js";
import { and, or, sum, type PromelaProperty } from "./promela-properties.js";

/** Conservation tries every subset of the messages on lossy channels: at most this many. */
export const PROMELA_MAX_LOSSY_SENDS = 16;

/** How many entries a channel's recorded list can hold: every message once, twice if the channel copies. */
export function recordedCapacity(scenario: Scenario, catalogue: MessageCatalogue, c: number): number {
  return catalogue.onChannel[c]!.length * (isDuplicating(scenario, c) ? 2 : 1);
}

export function faultPromelaProperties(scenario: Scenario, catalogue: MessageCatalogue, names: PromelaNames): PromelaProperty[] {
  const { messages } = catalogue;
  const proc = (p: number) => names.process[p]!;
  const chan = (c: number) => names.channel[c]!;
  const copies = scenario.duplicating !== undefined;
  const channelOf = (m: number) => messages[m]!.channel;
  const receiver = (m: number) => scenario.channels[channelOf(m)]!.to;
  const slot = (m: number) => catalogue.toProcess[receiver(m)]!.indexOf(m);
  const before = (m: number) => `rrecv_${proc(receiver(m))}[${slot(m)}]`;
  const now = (m: number) => `recv_${proc(receiver(m))}[${slot(m)}]`;
  const sentInCut = (m: number) => `rpc_${proc(messages[m]!.sender)} > ${messages[m]!.step}`;
  const entries = (c: number) => Array.from({ length: recordedCapacity(scenario, catalogue, c) }, (_, k) => k);
  const listed = (m: number) => {
    const c = channelOf(m);
    return `(${sum(entries(c).map((k) => `(${k} < rlen_${chan(c)} && rlist_${chan(c)}[${k}] == ${names.message[m]} -> 1 : 0)`))})`;
  };
  const slotValue = (c: number, k: number) => (copies ? `q_${chan(c)}[${k}] % COPY` : `q_${chan(c)}[${k}]`);
  const flying = (m: number) => {
    const c = channelOf(m);
    return or(catalogue.onChannel[c]!.concat([-1]).map((_, k) => `${k} < qlen_${chan(c)} && ${slotValue(c, k)} == ${names.message[m]}`));
  };
  const certain = (m: number) => `(${now(m)} > ${before(m)} || ${flying(m)})`;
  const maybeLost = (m: number) => {
    const c = channelOf(m);
    if (!isLossy(scenario, c)) return "0";
    return `(!${certain(m)} && (${before(m)} == 0${isDuplicating(scenario, c) ? ` || ${before(m)} == 1` : ""}))`;
  };
  /** The recorded list is strictly increasing (message constants grow in send order: no repeat, send order) and holds only messages sent in the cut. */
  const wellFormed = (c: number) =>
    and([
      ...entries(c)
        .slice(1)
        .map((k) => `${k} >= rlen_${chan(c)} || rlist_${chan(c)}[${k - 1}] < rlist_${chan(c)}[${k}]`),
      ...catalogue.onChannel[c]!.map((m) => `${listed(m)} == 0 || ${sentInCut(m)}`),
    ]);

  const noGhostReceive = and(messages.map((_, m) => `${before(m)} == 0 || ${sentInCut(m)}`));

  const channelState = and(
    scenario.channels.map((_, c) =>
      and([
        wellFormed(c),
        ...catalogue.onChannel[c]!.map(
          (m) => `!(${sentInCut(m)}) || ((!${certain(m)} || ${listed(m)} >= 1) && (${certain(m)} || ${maybeLost(m)} || ${listed(m)} == 0))`,
        ),
      ]),
    ),
  );

  const reachable = and([
    ...scenario.channels.map((_, c) => {
      const onChannel = catalogue.onChannel[c]!;
      const most = isDuplicating(scenario, c) ? 2 : 1;
      return and([
        wellFormed(c),
        ...onChannel.map(
          (m) => `!(${sentInCut(m)}) || ((${isLossy(scenario, c) ? 1 : `${before(m)} + ${listed(m)} >= 1`}) && ${before(m)} + ${listed(m)} <= ${most})`,
        ),
        ...onChannel.map((m) => `${before(m)} == 0 || ${sentInCut(m)}`),
        ...(scenario.fifo ? onChannel.map((m, r) => `${listed(m)} == 0 || ${and(onChannel.slice(r + 1).map((later) => `${before(later)} == 0`))}`) : []),
      ]);
    }),
    ...scenario.processes.map((_, p) => {
      const debits = catalogue.bySend[p]!.map((m) => `(rpc_${proc(p)} > ${messages[m]!.step} -> ${messages[m]!.amount} : 0)`);
      const credits = catalogue.toProcess[p]!.map((m) => `${messages[m]!.amount} * ${before(m)}`);
      return `rbal_${proc(p)} == ${scenario.initialBalances[p]} - (${sum(debits)}) + ${sum(credits)}`;
    }),
  ]);

  // Conservation: the recorded channels' total, less what was certainly in flight, must be the total of some set of messages maybe lost after the cut.
  const lossy = messages.flatMap((_, m) => (isLossy(scenario, channelOf(m)) ? [m] : []));
  const listedTotal = sum(messages.map((m, i) => `${m.amount} * ${listed(i)}`));
  const certainTotal = sum(messages.map((m, i) => `(${sentInCut(i)} && ${certain(i)} -> ${m.amount} : 0)`));
  const chosen = sum(lossy.map((m, bit) => `((conservation_set >> ${bit}) & 1 && ${sentInCut(m)} && ${maybeLost(m)} -> ${messages[m]!.amount} : 0)`));
  const prepare = [
    "  if",
    "  :: complete ->",
    `     conservation_target = ${listedTotal} - (${certainTotal});`,
    "     conservation_found = 0; conservation_set = 0;",
    "     do",
    `     :: conservation_set == ${2 ** lossy.length} -> break`,
    `     :: else -> if :: ${chosen} == conservation_target -> conservation_found = 1 :: else -> skip fi; conservation_set++`,
    "     od",
    "  :: else -> skip",
    "  fi;",
  ];

  return [
    { name: "no_ghost_receive", expression: noGhostReceive },
    { name: "channel_state", expression: channelState },
    {
      name: "conservation",
      expression: "conservation_found",
      hidden: ["hidden int conservation_target;", "hidden int conservation_set;", "hidden byte conservation_found;"],
      prepare,
    },
    { name: "reachable", expression: reachable },
  ];
}

/**
 * `snaplab promela`: the bank with the reference Chandy-Lamport rules as a
 * Promela model for SPIN, one `d_step` per action of spec/model.md, so that
 * SPIN's states are exactly snaplab's (with `spin -a -o2` and `-DNOREDUCE`;
 * see the header the model carries). The state is spelt out as spec/model.md
 * has it (balances, received sets, queues, recorded lists), every unused slot
 * kept 0 so that equal states have equal vectors; the properties are
 * assertions checked where a snapshot can become complete, and termination
 * is a `timeout` step that only returns to the state it left.
 */
import type { Scenario } from "../scenario.js";
import { messageCatalogue, type MessageCatalogue } from "../packed/message-catalogue.js";
import { clearFlags, MULTI_CORE_SWITCH } from "./promela-multi-core.js";
import { inComment, promelaNames, type PromelaNames } from "./promela-names.js";
import { promelaNonInterference } from "./promela-non-interference.js";
import { promelaProperties } from "./promela-properties.js";
import { channelsInWords, isDuplicating, isLossy } from "../faults.js";
import { PROMELA_MAX_LOSSY_SENDS, recordedCapacity } from "./promela-fault-properties.js";

/** The most sends on one channel the model is written for: its text grows with the cube of that number. */
const PROMELA_MAX_SENDS_PER_CHANNEL = 32;
/** SPIN's `int` has 32 bits: every balance and sum must stay within it. */
const PROMELA_MAX_MONEY = 2 ** 31 - 1;

/** Why the scenario cannot be written as a Promela model, as the field and the problem, or undefined when it can. */
export function promelaRefusal(scenario: Scenario): { field: string; problem: string } | undefined {
  const sends = scenario.channels.map((_, c) => scenario.programs.flat().filter((t) => t.channel === c).length);
  const busiest = sends.indexOf(Math.max(...sends));
  if (sends[busiest]! > PROMELA_MAX_SENDS_PER_CHANNEL) {
    const problem = `snaplab promela writes at most ${PROMELA_MAX_SENDS_PER_CHANNEL} sends on one channel (${scenario.channels[busiest]!.id} has ${sends[busiest]!.toLocaleString("en-US")}): the model grows with the cube of that number`;
    return { field: "programs", problem };
  }
  const balances = scenario.initialBalances.reduce((sum, b) => sum + Math.abs(b), 0);
  const money = balances + scenario.programs.flat().reduce((sum, t) => sum + t.amount, 0);
  if (money > PROMELA_MAX_MONEY) {
    return {
      // As the parser's checkMoney does: the balances alone are the processes' fault, else the amounts tip them over.
      field: balances > PROMELA_MAX_MONEY ? "processes" : "programs",
      problem: `SPIN's int has 32 bits: the balances and amounts, added up as magnitudes, must stay within ${PROMELA_MAX_MONEY.toLocaleString("en-US")} (2^31−1)`,
    };
  }
  const lossySends = scenario.programs.flat().filter((t) => isLossy(scenario, t.channel)).length;
  if (lossySends > PROMELA_MAX_LOSSY_SENDS) {
    const problem = `snaplab promela writes at most ${PROMELA_MAX_LOSSY_SENDS} sends on lossy channels (this scenario has ${lossySends}): conservation tries every set of them that may be lost`;
    return { field: "lossy", problem };
  }
  return undefined;
}

export function promelaModel(scenario: Scenario): string {
  const catalogue = messageCatalogue(scenario);
  const names = promelaNames(scenario);
  const properties = promelaProperties(scenario, catalogue, names);
  return [
    ...header(scenario, names),
    ...MULTI_CORE_SWITCH,
    ...declarations(scenario, catalogue, names),
    ...properties.map((p) => `#define ${p.name} (${p.expression})`),
    `#define complete (${[...names.process.map((p) => `recorded_${p}`), ...names.channel.map((c) => `rec_${c} == CLOSED`)].join(" && ")})`,
    "",
    ...rules(scenario, catalogue, names),
    // Hidden flags are not part of the state; they only make SPIN's report name the property.
    ...[...properties.map((p) => p.name), "termination", "non_interference"].map((name) => `hidden byte ${name}_holds;`),
    ...properties.flatMap((p) => p.hidden ?? []),
    "inline check() {",
    ...properties.flatMap((p) => p.prepare ?? []),
    ...properties.map((p) => `  ${p.name}_holds = (!complete || ${p.name}); assert(${p.name}_holds);`),
    `  ${clearFlags(properties.map((p) => p.name))}`,
    // Under multi-core SPIN the properties' helper variables are ordinary ones too: 0 again after each check.
    ...properties.flatMap((p) => p.hidden ?? []).map((declaration) => `  ${/(\w+);$/.exec(declaration)![1]} = 0;`),
    "}",
    "",
    "active proctype bank() {",
    "  do",
    ...actions(scenario, catalogue, names),
    `  :: d_step { timeout -> termination_holds = complete; assert(termination_holds); ${terminalCheck(scenario, names, catalogue)}; ${clearFlags(["termination", "non_interference"])} }  /* a terminal state has a complete snapshot, and the balances of a run without one */`,
    "  od",
    "}",
    "",
  ].join("\n");
}

/** Non-interference, asserted in the terminal step. */
function terminalCheck(scenario: Scenario, names: PromelaNames, catalogue: MessageCatalogue): string {
  return `non_interference_holds = (${promelaNonInterference(scenario, names, catalogue)}); assert(non_interference_holds)`;
}

function header(scenario: Scenario, names: PromelaNames): string[] {
  return [
    `/* The bank scenario "${inComment(scenario.name)}" with the Chandy-Lamport snapshot rules, generated by snaplab promela.`,
    ` * Semantics: snaplab's spec/model.md; ${inComment(channelsInWords(scenario))}. One d_step per action, so SPIN's states are snaplab's:`,
    ` *   spin -a -o2 model.pml && gcc -O2 -DNOREDUCE -o pan pan.c && ./pan -A    (states; -A ignores the assertions)`,
    ` *   ./pan                                                                   (verdict: assertion violated or not)`,
    ` * Processes: ${scenario.processes.map((p, i) => `${inComment(p)} = ${names.process[i]}`).join(", ")}. */`,
    "",
  ];
}

function declarations(scenario: Scenario, catalogue: MessageCatalogue, names: PromelaNames): string[] {
  // With duplicating channels a queue slot holds a copy as its message (or MARKER) plus COPY, so both must fit below it.
  const copies = scenario.duplicating !== undefined;
  const small = catalogue.messages.length < (copies ? 127 : 255);
  const messageType = small ? "byte" : "short";
  const lines = [
    `#define MARKER ${copies ? (small ? 127 : 16383) : small ? 255 : 32767}`,
    ...(copies ? [`#define COPY ${small ? 128 : 16384}`] : []),
    "#define IDLE 0",
    "#define OPEN 1",
    "#define CLOSED 2",
    ...catalogue.messages.map(
      (m, i) => `#define ${names.message[i]} ${i + 1}  /* ${inComment(m.id)}: ${m.amount} on ${inComment(scenario.channels[m.channel]!.id)} */`,
    ),
    "",
  ];
  scenario.processes.forEach((process, p) => {
    const n = catalogue.toProcess[p]!.length;
    // A copy credits twice: received sets are counts on duplicating channels.
    const bits = (prefix: string) => (n > 0 ? [`${copies ? "byte" : "bit"} ${prefix}_${names.process[p]}[${n}];`] : []);
    lines.push(
      `/* ${inComment(process)} */`,
      `byte pc_${names.process[p]};  /* program steps done */`,
      `int bal_${names.process[p]} = ${scenario.initialBalances[p]};`,
      ...bits("recv"),
      // With non-atomic sends, whether the next step is debited but not yet on its channel.
      ...(scenario.atomicSend === false ? [`bit deb_${names.process[p]};`] : []),
      `bool recorded_${names.process[p]};`,
      `byte rpc_${names.process[p]};`,
      `int rbal_${names.process[p]};`,
      ...bits("rrecv"),
    );
  });
  scenario.channels.forEach((channel, c) => {
    const n = catalogue.onChannel[c]!.length;
    const listed = recordedCapacity(scenario, catalogue, c);
    lines.push(
      `/* ${inComment(channel.id)}: queue (MARKER or a message), and the recording */`,
      `${messageType} q_${names.channel[c]}[${n + 1}];`,
      `byte qlen_${names.channel[c]};`,
      `byte rec_${names.channel[c]};`,
      ...(listed > 0 ? [`${messageType} rlist_${names.channel[c]}[${listed}];`] : []),
      `byte rlen_${names.channel[c]};`,
    );
  });
  return [...lines, `hidden ${messageType} item;`, ""];
}

/** record(p), a marker's arrival, and each data message's arrival, as inline procedures. */
function rules(scenario: Scenario, catalogue: MessageCatalogue, names: PromelaNames): string[] {
  const lines: string[] = [];
  scenario.processes.forEach((_, p) => {
    const n = names.process[p]!;
    lines.push(
      `inline record_${n}() {`,
      `  recorded_${n} = 1; rpc_${n} = pc_${n}; rbal_${n} = bal_${n};`,
      ...catalogue.toProcess[p]!.map((_, i) => `  rrecv_${n}[${i}] = recv_${n}[${i}];`),
      ...catalogue.outgoing[p]!.map((c) => `  q_${names.channel[c]}[qlen_${names.channel[c]}] = MARKER; qlen_${names.channel[c]}++;`),
      ...catalogue.incoming[p]!.map((c) => `  rec_${names.channel[c]} = OPEN;`),
      "}",
    );
  });
  scenario.channels.forEach((channel, c) => {
    const to = names.process[channel.to]!;
    const ch = names.channel[c]!;
    lines.push(
      `inline arrive_${ch}() {`,
      "  if",
      `  :: item == MARKER -> if :: !recorded_${to} -> record_${to}() :: else -> skip fi; rec_${ch} = CLOSED; check()`,
      ...catalogue.onChannel[c]!.map((m) => {
        const { amount } = catalogue.messages[m]!;
        const slot = catalogue.toProcess[channel.to]!.indexOf(m);
        const recordIt = `if :: rec_${ch} == OPEN -> rlist_${ch}[rlen_${ch}] = ${names.message[m]}; rlen_${ch}++ :: else -> skip fi`;
        const receive = scenario.duplicating === undefined ? `recv_${to}[${slot}] = 1` : `recv_${to}[${slot}]++`;
        return `  :: item == ${names.message[m]} -> bal_${to} = bal_${to} + ${amount}; ${receive}; ${recordIt}`;
      }),
      "  fi",
      "}",
    );
  });
  return [...lines, ""];
}

function actions(scenario: Scenario, catalogue: MessageCatalogue, names: PromelaNames): string[] {
  const lines: string[] = [];
  scenario.processes.forEach((process, p) => {
    const n = names.process[p]!;
    catalogue.bySend[p]!.forEach((m, step) => {
      const { amount, channel, id } = catalogue.messages[m]!;
      const ch = names.channel[channel]!;
      const debit = `bal_${n} = bal_${n} - ${amount}`;
      const transmit = `q_${ch}[qlen_${ch}] = ${names.message[m]}; qlen_${ch}++`;
      if (scenario.atomicSend === false) {
        lines.push(
          `  :: d_step { pc_${n} == ${step} && !deb_${n} -> ${debit}; deb_${n} = 1 }  /* debit ${inComment(process)}: ${inComment(id)} */`,
          `  :: d_step { pc_${n} == ${step} && deb_${n} -> pc_${n} = ${step + 1}; deb_${n} = 0; ${transmit} }  /* transmit ${inComment(process)}: ${inComment(id)} */`,
        );
      } else
        lines.push(`  :: d_step { pc_${n} == ${step} -> pc_${n} = ${step + 1}; ${debit}; ${transmit} }  /* send ${inComment(process)}: ${inComment(id)} */`);
    });
    if (catalogue.isInitiator[p]) lines.push(`  :: d_step { !recorded_${n} -> record_${n}(); check() }  /* initiate ${inComment(process)} */`);
  });
  scenario.channels.forEach((channel, c) => {
    const ch = names.channel[c]!;
    const capacity = catalogue.onChannel[c]!.length + 1;
    const positions = scenario.fifo ? 1 : capacity;
    const shift = (k: number) => Array.from({ length: capacity - 1 - k }, (_, i) => `q_${ch}[${k + i}] = q_${ch}[${k + i + 1}]; `).join("");
    const take = scenario.duplicating === undefined ? (k: number) => `q_${ch}[${k}]` : (k: number) => `q_${ch}[${k}] % COPY`;
    for (let k = 0; k < positions; k++) {
      lines.push(
        `  :: d_step { qlen_${ch} > ${k} -> item = ${take(k)}; ${shift(k)}q_${ch}[${capacity - 1}] = 0; qlen_${ch}--; arrive_${ch}(); item = 0 }  /* deliver ${inComment(channel.id)}, position ${k} */`,
      );
    }
    // Unreliable channels (spec/model.md): a duplication delivers an original and leaves it in place as a copy; a loss takes any message out.
    if (isDuplicating(scenario, c)) {
      for (let k = 0; k < positions; k++) {
        lines.push(
          `  :: d_step { qlen_${ch} > ${k} && q_${ch}[${k}] < COPY -> item = q_${ch}[${k}]; q_${ch}[${k}] = item + COPY; arrive_${ch}(); item = 0 }  /* duplicate ${inComment(channel.id)}, position ${k} */`,
        );
      }
    }
    if (isLossy(scenario, c)) {
      for (let k = 0; k < capacity; k++) {
        lines.push(
          `  :: d_step { qlen_${ch} > ${k} -> ${shift(k)}q_${ch}[${capacity - 1}] = 0; qlen_${ch}-- }  /* lose ${inComment(channel.id)}, position ${k} */`,
        );
      }
    }
  });
  return lines;
}

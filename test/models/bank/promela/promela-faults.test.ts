/**
 * The Promela model of unreliable channels says, state by state, what the
 * explorer says: on random scenarios with random faults, every snapshot
 * property's Promela expression (conservation's loop over the sets of lost
 * messages included) gives the TypeScript property's verdict at the state
 * where the snapshot completes. No SPIN needed: the expressions are C-like,
 * and run as JavaScript.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSnapshotComplete, type BankState, type Message } from "../../../../src/models/bank/bank-state.js";
import { messageCatalogue } from "../../../../src/models/bank/packed/message-catalogue.js";
import { recordedCapacity } from "../../../../src/models/bank/promela/promela-fault-properties.js";
import { promelaModel, promelaRefusal } from "../../../../src/models/bank/promela/promela-model.js";
import { parseScenario } from "../../../../src/models/bank/parse-scenario.js";
import { promelaNames } from "../../../../src/models/bank/promela/promela-names.js";
import { promelaProperties } from "../../../../src/models/bank/promela/promela-properties.js";
import { bankProperties } from "../../../../src/models/bank/properties.js";
import type { Scenario } from "../../../../src/models/bank/scenario.js";
import { randomScenario } from "../../../support/random-scenario.js";
import { walkToCompleteSnapshot } from "../../../support/walk.js";

type Variables = Record<string, number | number[]>;

/** The Promela variables of a state, as the generated model would hold them. */
function variables(scenario: Scenario, state: BankState): Variables {
  const catalogue = messageCatalogue(scenario);
  const names = promelaNames(scenario);
  const model = promelaModel(scenario);
  const define = (name: string) => Number(new RegExp(`#define ${name} (\\d+)`).exec(model)?.[1] ?? 0);
  const [MARKER, COPY] = [define("MARKER"), define("COPY")];
  const number = (id: string) => catalogue.messages.findIndex((m) => m.id === id) + 1;
  const count = (ids: readonly string[], m: number) => ids.filter((id) => id === catalogue.messages[m]!.id).length;
  const vars: Variables = { MARKER, COPY };
  catalogue.messages.forEach((_, m) => (vars[names.message[m]!] = m + 1));
  state.processes.forEach((p, i) => {
    const name = names.process[i]!;
    vars[`rpc_${name}`] = p.recorded?.pc ?? 0;
    vars[`rbal_${name}`] = p.recorded?.balance ?? 0;
    vars[`rrecv_${name}`] = catalogue.toProcess[i]!.map((m) => count(p.recorded?.received ?? [], m));
    vars[`recv_${name}`] = catalogue.toProcess[i]!.map((m) => count(p.received, m));
  });
  const slot = (m: Message) => (m.kind === "marker" ? MARKER : number(m.id)) + (m.copy ? COPY : 0);
  state.channels.forEach(({ queue, recording }, c) => {
    const ch = names.channel[c]!;
    const pad = (values: number[], length: number) => [...values, ...Array(length - values.length).fill(0)];
    vars[`q_${ch}`] = pad(queue.map(slot), catalogue.onChannel[c]!.length + 1);
    vars[`qlen_${ch}`] = queue.length;
    const list = recording.status === "idle" ? [] : recording.messages.map((m) => number(m.id));
    vars[`rlist_${ch}`] = pad(list, recordedCapacity(scenario, catalogue, c));
    vars[`rlen_${ch}`] = list.length;
  });
  return vars;
}

/** A Promela expression of the kind the generator writes (C operators, `(c -> a : b)`), evaluated in JavaScript. */
function evaluate(expression: string, vars: Variables): number {
  const names = Object.keys(vars);
  return Number(new Function(...names, `return (${expression.replaceAll(" -> ", " ? ")});`)(...names.map((n) => vars[n])));
}

/** Conservation as its loop computes it: some set of maybe-lost messages makes the recorded total. */
function conservationHolds(prepare: readonly string[], vars: Variables): boolean {
  const text = prepare.join("\n");
  const target = evaluate(/conservation_target = (.*);/.exec(text)![1]!, vars);
  const sets = Number(/conservation_set == (\d+) -> break/.exec(text)![1]);
  const chosen = /:: else -> if :: (.*) == conservation_target ->/.exec(text)![1]!;
  return Array.from({ length: sets }, (_, set) => evaluate(chosen, { ...vars, conservation_set: set })).includes(target);
}

/** A scenario with random channels made lossy and duplicating (at least one fault somewhere). */
const faultyScenario = randomScenario().chain((scenario) =>
  fc
    .record({
      lossy: fc.subarray(scenario.channels.map((_, c) => c)),
      duplicating: fc.subarray(scenario.channels.map((_, c) => c)),
      fifo: fc.boolean(),
    })
    .filter(({ lossy, duplicating }) => lossy.length + duplicating.length > 0)
    .map(({ lossy, duplicating, fifo }) => ({
      ...scenario,
      fifo,
      ...(lossy.length > 0 ? { lossy } : {}),
      ...(duplicating.length > 0 ? { duplicating } : {}),
    })),
);

describe("snaplab promela on unreliable channels", () => {
  it("should give each snapshot property the explorer's verdict where the snapshot completes", () => {
    let compared = 0;
    let violated = 0;
    fc.assert(
      fc.property(faultyScenario, fc.array(fc.nat(), { maxLength: 40 }), (scenario, choices) => {
        const state = walkToCompleteSnapshot(scenario, choices);
        fc.pre(isSnapshotComplete(state));
        compared++;
        const vars = variables(scenario, state);
        const promela = promelaProperties(scenario, messageCatalogue(scenario), promelaNames(scenario)).map((p) =>
          p.prepare ? conservationHolds(p.prepare, vars) : evaluate(p.expression, vars) !== 0,
        );
        const ours = bankProperties(scenario)
          .slice(0, 4)
          .map((p) => p.check(state) === undefined);
        expect(promela).toEqual(ours);
        if (ours.includes(false)) violated++;
      }),
      { numRuns: 100, seed: 15 },
    );
    // The walks must reach complete snapshots, some of them broken, often enough for the comparison to mean something.
    expect([compared > 50, violated > 3]).toEqual([true, true]);
  });

  it("should refuse more than 16 sends on lossy channels, naming the field", () => {
    const sends = (n: number) => Array.from({ length: n }, () => ({ to: "P1", amount: 1 }));
    const scenario = (n: number) => parseScenario(JSON.stringify({ processes: { P0: 0, P1: 0 }, programs: { P0: sends(n) }, initiators: ["P0"], lossy: true }));
    expect(promelaRefusal(scenario(16))).toBeUndefined();
    expect(promelaRefusal(scenario(17))).toEqual({
      field: "lossy",
      problem: "snaplab promela writes at most 16 sends on lossy channels (this scenario has 17): conservation tries every set of them that may be lost",
    });
  });
});

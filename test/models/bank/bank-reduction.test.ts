// The bank's partial-order reduction for any rules (src/models/bank/bank-reduction.ts,
// spec/reduction.md): with a learner's rules, or any rules that are not the reference object,
// the generic explorer's reduced search keeps the full search's verdicts, its distinct
// snapshots and its shortest counterexamples.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inProcessSubmission } from "../../../src/grade/graded-rules/remembering-submission.js";
import { submittedMultiRules } from "../../../src/grade/graded-rules/submitted-multi-rules.js";
import { submittedRules } from "../../../src/grade/graded-rules/submitted-rules.js";
import { chandyLamport, recordAndForward } from "../../../src/models/bank/algorithms/chandy-lamport.js";
import type { SnapshotAlgorithm } from "../../../src/models/bank/algorithms/snapshot-algorithm.js";
import type { CheckOptions } from "../../../src/check/check.js";
import type { BankReport } from "../../../src/models/bank/bank-report.js";
import type { MultiSnapshotScenario } from "../../../src/models/bank/multi-snapshot/multi-snapshot-state.js";
import { parseScenario } from "../../../src/models/bank/parse-scenario.js";
import type { Scenario } from "../../../src/models/bank/scenario.js";
import { catalogue } from "../../grade/catalogue/wrong-rules.js";
import { rightRules, shapedWrongRules } from "../../grade/catalogue/shaped-rules.js";
import { randomScenario } from "../../support/random-scenario.js";
import { bankRuleSets, outcome } from "../../support/same-search.js";
import { check } from "../../../src/check/check.js";
import { bankModel } from "../../../src/models/bank/bank-model.js";
import { loadModelScenario } from "../../../src/models/load-model-scenario.js";

/** The reference rules, as another object: the compact engine runs only the reference object, so this runs generically. */
const copy: SnapshotAlgorithm = { ...chandyLamport, name: "copy" };

/** The distinct snapshots, as a set: a reduced search meets the terminal states in another order. */
const asSet = (snapshots: readonly unknown[]) => snapshots.map((s) => JSON.stringify(s)).sort();

/** What a person is shown of a report: figures aside, every verdict, snapshot and counterexample. */
const shown = (report: BankReport) => ({
  properties: report.properties,
  violated: report.violated,
  snapshots: asSet(report.snapshots!),
  counterexamples: report.counterexamples.map(({ property, reason, steps, recorded, length }) => ({ property, reason, steps, recorded, length })),
});

/** The full search and the reduced one, or what stopped each. */
const both = (scenario: Scenario, options: CheckOptions<SnapshotAlgorithm>) => {
  const full = outcome(() => check({ model: bankModel, scenario }, options));
  const reduced = outcome(() => check({ model: bankModel, scenario }, { ...options, reduction: "por" }));
  return { full, reduced };
};

describe("the bank reduced, whatever its rules", () => {
  it("should search a hand-counted scenario as the compact engine does: 15 states of 17, one path to each of 3 snapshots", () => {
    // P0 starts a snapshot (i); P1 sends P0 10 (a), takes P0's marker (b), and P0 takes the money (d) and
    // P1's marker (e). The full graph has 17 states: i and a in either order, b and d around them.
    // Reduced: both orders of i and a are needed first (P0 might record the money or not), but once P0 has
    // recorded, b and d belong to different processes and one order does; once P1 has recorded, its send
    // and P0's taking the marker likewise. After a, P0 taking the money before recording is kept (it
    // decides what P0 records), and recording after it is not tried twice (it sleeps). Left: three
    // runs, i a b d e, i b a e d, a d i b e, one to each snapshot: 15 states, 14 transitions.
    const reply = parseScenario(
      JSON.stringify({ name: "reply", processes: { P0: 100, P1: 100 }, programs: { P1: [{ to: "P0", amount: 10 }] }, initiators: ["P0"] }),
      "reply.json",
    );
    const full = check({ model: bankModel, scenario: reply }, { rules: copy });
    const reduced = check({ model: bankModel, scenario: reply }, { rules: copy, reduction: "por" });
    const compact = check({ model: bankModel, scenario: reply }, { reduction: "por" });
    expect([full.states, full.transitions, full.executions]).toEqual([17, 19, 7n]);
    expect([reduced.states, reduced.transitions, reduced.executions, reduced.snapshots!.length]).toEqual([15, 14, 3n, 3]);
    expect([compact.states, compact.transitions, compact.executions]).toEqual([15, 14, 3n]);
    expect(reduced.search).toMatchObject({ engine: "generic", reduction: "por" });
    expect(shown(reduced)).toEqual(shown(full));
  });

  it("should keep the verdicts, snapshots and shortest counterexamples of the full search, with the catalogue's rule sets", () => {
    fc.assert(
      fc.property(randomScenario(), fc.constantFrom(...bankRuleSets), (scenario, { module }) => {
        const rules = submittedRules(inProcessSubmission(module), scenario);
        const { full, reduced } = both(scenario, { rules: rules, maxStates: 20_000 });
        // Rules that send markers forever are refused by the reduction's assumptions, and stop at the limit both ways.
        if ("stopped" in full) expect(reduced).toEqual(full);
        else expect(shown(reduced as BankReport)).toEqual(shown(full));
      }),
      { numRuns: 60, seed: 38 },
    );
  });

  it("should keep them with several snapshots in a run, with the rule sets of exercise 6", () => {
    const multiRuleSets = [...catalogue, ...shapedWrongRules, ...rightRules.map((r) => ({ ...r, exercise: r.exercises[0] }))].filter((w) => w.exercise === 6);
    fc.assert(
      fc.property(randomScenario(), fc.constantFrom(...multiRuleSets), (one, { module }) => {
        fc.pre(one.processes.length <= 3);
        // Each initiator starts a snapshot, and the first a second one.
        const scenario: MultiSnapshotScenario = { ...one, fifo: true, snapshots: [...one.initiators.slice(0, 2), one.initiators[0]!] };
        const submission = inProcessSubmission(module);
        const rules = { ...copy, perSnapshot: submittedMultiRules(submission, scenario) };
        const { full, reduced } = both(scenario, { rules: rules, maxStates: 20_000 });
        if ("stopped" in full) expect(reduced).toEqual(full);
        else expect(shown(reduced as BankReport)).toEqual(shown(full));
      }),
      { numRuns: 10, seed: 6 },
    );
  });

  it("should search again unreduced when a step breaks what the reduction assumes of the rules, and say which", () => {
    // A process that opens every incoming channel again whenever a message arrives: its part of the
    // snapshot, done, changes after all, which the snapshot properties' verdicts could hang on.
    const reopens: SnapshotAlgorithm = {
      ...copy,
      onMessage: (view, channel, message) =>
        view.recordings[channel]?.status === "closed"
          ? [
              { type: "start-recording", channel },
              { type: "record-message", channel, message },
            ]
          : copy.onMessage(view, channel, message),
    };
    const scenario = loadModelScenario("spec/scenarios/two-node.json", [bankModel]).scenario;
    const { full, reduced } = both(scenario, { rules: reopens });
    const report = reduced as BankReport;
    expect(report.search).toMatchObject({ reduction: "none", ignored: ["--reduction por"] });
    expect(report.search?.unreducedBecause).toMatch(/^P[01] changed its part of the snapshot after it was done$/);
    expect(report.states).toBe((full as BankReport).states);
    expect(shown(report)).toEqual(shown(full as BankReport));
  });

  it("should stop a learner's rules that throw where the full search stops them, with the same message", () => {
    // Throws on a marker that finds the process recorded with another channel still open: a fault of
    // one order of markers, which trying the orders meets too. (test/grade/catalogue-reduction.system.test.ts
    // has one the reduced search meets first elsewhere.)
    const throws: SnapshotAlgorithm = {
      ...copy,
      onMarker(view, channel, marker) {
        const open = view.incoming.filter((c) => c !== channel && view.recordings[c]?.status === "open");
        if (view.hasRecorded && open.length > 0) throw new Error(`${view.process}: ${channel} before ${open.join(", ")}`);
        return copy.onMarker(view, channel, marker);
      },
    };
    const scenario = loadModelScenario("spec/scenarios/three-node.json", [bankModel]).scenario;
    const rules = submittedRules(inProcessSubmission({ rules: throws }), scenario);
    const { full, reduced } = both(scenario, { rules: rules });
    expect(full).toMatchObject({ stopped: "RuleFault" });
    expect(reduced).toEqual(full);
  });
});

describe("what the reduction assumes of rules, and what it does not", () => {
  it("should search every order of a process's markers when its rules read the order", () => {
    // Records every channel only once the last marker has come: the order of a process's markers
    // decides what it records, so trying them keeps every order, and the reduced graph is larger.
    const late: SnapshotAlgorithm = {
      ...copy,
      onMarker(view, channel) {
        const waiting = view.incoming.filter((c) => c !== channel && view.recordings[c]!.status === "idle");
        const own = view.hasRecorded ? [] : recordAndForward(view).filter((e) => e.type !== "start-recording");
        return waiting.length > 0
          ? [...own, { type: "start-recording", channel }]
          : [...own, ...view.incoming.map((c) => ({ type: "stop-recording" as const, channel: c }))];
      },
    };
    const scenario = loadModelScenario("spec/scenarios/three-node.json", [bankModel]).scenario;
    const asReference = check({ model: bankModel, scenario: scenario }, { rules: copy, reduction: "por" });
    const { full, reduced } = both(scenario, { rules: late });
    expect((reduced as BankReport).states).toBeGreaterThan(asReference.states);
    expect((reduced as BankReport).states).toBeLessThan((full as BankReport).states);
    expect(shown(reduced as BankReport)).toEqual(shown(full as BankReport));
  });
});

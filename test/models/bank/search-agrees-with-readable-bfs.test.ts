// The one search (exploreModel: the bank interned by its parts, each step taken once per
// footprint) finds what the readable explorer it replaced finds (test/support/readable-bfs.ts):
// the same figures, terminal states in the same order, and the same shortest counterexamples,
// on random small scenarios run by the shipped rules and the catalogue's wrong ones; and the
// same again searched depth-first or by fingerprints.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exploreModel } from "../../../src/explore/generic-explorer.js";
import { inProcessSubmission } from "../../../src/grade/graded-rules/remembering-submission.js";
import { submittedRules } from "../../../src/grade/graded-rules/submitted-rules.js";
import { threeNode } from "../../../src/grade/exercises/scenarios.js";
import { chandyLamport } from "../../../src/models/bank/algorithms/chandy-lamport.js";
import type { Model } from "../../../src/model-contract/model.js";
import type { BankAction } from "../../../src/models/bank/actions.js";
import type { BankState } from "../../../src/models/bank/bank-state.js";
import { parseScenario } from "../../../src/models/bank/parse-scenario.js";
import { bankSystem } from "../../../src/models/bank/system.js";
import { readableBfs } from "../../support/readable-bfs.js";
import { bankRuleSets, found, internedSearch, notingStates, otherModes, outcome, smallBankScenario, unordered } from "../../support/same-search.js";

/** Rules that send markers forever never end: both searches must stop at the same limit. */
const MAX_STATES = 500;

/**
 * Both searches, compared. Also counted, by both: the executions through a state where the first
 * process has recorded; both ask it of every state they reach (where the graph has no cycle),
 * so it also notes each state in full, which the model's key is not.
 */
function expectSameSearch(model: Model<BankState, BankAction>, maxStates: number, what = "") {
  const firstRecorded = (state: BankState) => state.processes[0]!.recorded !== null;
  const [seenBefore, seenNow] = [new Set<string>(), new Set<string>()];
  const before = outcome(() => found(model, readableBfs(model, { maxStates, measureExecutionsThrough: notingStates(seenBefore, firstRecorded) })));
  expect(
    outcome(() => found(model, exploreModel(model, { maxStates, measureExecutionsThrough: notingStates(seenNow, firstRecorded) }))),
    what,
  ).toEqual(before);
  // The readable explorer asks only where it counts executions: where there is no cycle.
  if ("executions" in before && before.executions !== undefined) expect([...seenNow].sort(), what).toEqual([...seenBefore].sort());
}

describe("the one search on the bank", () => {
  it("should find what the readable explorer finds, on random scenarios with the catalogue's rule sets", () => {
    fc.assert(
      fc.property(smallBankScenario(), fc.constantFrom(...bankRuleSets), (scenario, { module }) => {
        expectSameSearch(bankSystem(scenario, module.rules), MAX_STATES);
      }),
      { numRuns: 30, seed: 12 },
    );
  });

  it("should find what the readable explorer finds where a step's outcome hangs on a part it does not change, with every rule set", () => {
    // A lost marker leaves the same queue whether the sender recorded before its send or after, so
    // only the sender's part tells the colour Lai-Yang's rules read; a copy left in flight is a part
    // of its own; a send in two steps has a debit between; two senders of the same amount leave
    // their receiver with the same balance, and only what it received tells the two apart.
    const two = { processes: { P0: 100, P1: 100 } };
    const corners = [
      { ...two, programs: { P0: [{ to: "P1", amount: 1 }] }, initiators: ["P0"], fifo: false, atomicSend: false, lossy: true },
      { ...two, programs: { P0: [{ to: "P1", amount: 1 }] }, initiators: ["P1"], duplicating: ["P0->P1"] },
      {
        processes: { P0: 100, P1: 100, P2: 100 },
        channels: [
          ["P0", "P2"],
          ["P1", "P2"],
          ["P2", "P0"],
        ],
        programs: { P0: [{ to: "P2", amount: 1 }], P1: [{ to: "P2", amount: 1 }] },
        initiators: ["P2"],
      },
    ].map((fields) => parseScenario(JSON.stringify(fields), "corner.json"));
    for (const scenario of corners) {
      for (const { name, module } of bankRuleSets) {
        // Each has at most 81 states, or floods its channels with markers.
        expectSameSearch(bankSystem(scenario, module.rules), 100, name);
      }
    }
  });

  it("should find the same states, executions, verdicts and shortest counterexamples depth-first and by fingerprints", () => {
    fc.assert(
      fc.property(smallBankScenario(), fc.constantFrom(...bankRuleSets), fc.constantFrom(...otherModes), (scenario, { module }, mode) => {
        const model = bankSystem(scenario, module.rules);
        const breadthFirst = outcome(() => found(model, exploreModel(model, { maxStates: MAX_STATES })));
        // A search that stops (at the limit, or at rules' effects the bank refuses) may stop elsewhere in another order.
        fc.pre(!("stopped" in breadthFirst));
        const other = outcome(() => found(model, exploreModel(model, { maxStates: MAX_STATES, ...mode })));
        expect(unordered(other)).toEqual(unordered(breadthFirst));
      }),
      { numRuns: 20, seed: 13 },
    );
  });

  it("should count each transition once, taken or reused, when questions are gathered and states wait for answers", () => {
    // The rules behind a submission: while questions are gathered, a question not answered yet stops a state's expansion.
    const gathered = (() => {
      const submission = inProcessSubmission({ rules: chandyLamport });
      const model = bankSystem(threeNode, submittedRules(submission, threeNode));
      const { result, steps } = internedSearch(model, undefined, (run) => submission.gather(run));
      return { model, result, steps, counts: submission.counts() };
    })();
    const oneAtATime = internedSearch(bankSystem(threeNode, chandyLamport));
    expect(gathered.counts.roundTrips).toBeGreaterThan(1);
    expect(gathered.counts.roundTrips).toBeLessThan(gathered.counts.questions);
    expect(gathered.steps.taken + gathered.steps.reused).toBe(gathered.result.transitions);
    expect(gathered.steps.taken).toBeLessThanOrEqual(oneAtATime.steps.taken);
    expect(found(gathered.model, gathered.result)).toEqual(found(gathered.model, oneAtATime.result));
  });

  it("should take a step once per footprint and reuse it, finding what taking every step finds", () => {
    const model = bankSystem(threeNode, chandyLamport);
    const { result, steps } = internedSearch(model);
    const { taken, reused } = steps;
    // Every transition is a step either taken or reused, and most are reused.
    expect(taken + reused).toBe(result.transitions);
    expect(reused).toBeGreaterThan(taken);
    expect(found(model, result)).toEqual(found(model, readableBfs(model)));
  });
});

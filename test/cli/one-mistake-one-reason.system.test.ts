/**
 * One mistake in a learner's rules reads the same wherever they run: `snaplab
 * explore --rules`, `snaplab grade` and `snaplab live` (its nodes on
 * 127.0.0.1) check an answer with one check (valid-effects.ts). They once said
 * `initiate at P0: "P1->P0" is not an outgoing channel of P0` in a live run,
 * and the grader's words elsewhere.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { snaplab } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

/** Exercise 1 with the markers sent back the way they came: on the incoming channels. */
const MARKERS_ON_INCOMING = `
function snapshot(view: any) {
  return [{ type: "record-state" }, ...view.incoming.map((channel: string) => ({ type: "send-marker", channel }))];
}
export const rules = {
  name: "markers on incoming",
  initiate: snapshot,
  onMarker: (view: any) => (view.hasRecorded ? [] : snapshot(view)),
  onMessage: () => [],
};
`;

const REASON = "rules.initiate(view) at P0 returned effect 2 (send-marker) on P1->P0, which is not an outgoing channel of P0";

let submission: string;
let rules: string;
beforeAll(() => {
  submission = tempDir("one-reason");
  mkdirSync(join(submission, "01-record-and-forward"));
  rules = join(submission, "01-record-and-forward", "rules.ts");
  writeFileSync(rules, MARKERS_ON_INCOMING);
});

describe("a marker sent on a channel that is not the process's own", () => {
  it("is refused by explore --rules in the grader's words", () => {
    const explored = snaplab("explore", "spec/scenarios/two-node.json", "--rules", rules, "--format", "json");
    expect(explored.status).toBe(1);
    expect(JSON.parse(explored.stdout).malformedAnswer.reason).toBe(REASON);
  });

  it("is refused by grade in the same words", () => {
    const graded = snaplab("grade", submission, "--only", "1", "--format", "json");
    expect(graded.status).toBe(1);
    const failure = JSON.parse(graded.stdout).failures.find((f: { check: string }) => f.check === "two-node");
    expect([failure.property, failure.reason]).toEqual(["well-formed-effects", REASON]);
  });

  it("ends a live run in the same words, said by the node that met it", () => {
    const run = snaplab("live", "spec/scenarios/two-node.json", "--rules", rules, "--transfers", "10", "--snapshots", "1");
    expect([run.status, run.stderr]).toEqual([2, `snaplab: P0: ${REASON}\n`]);
  });
});

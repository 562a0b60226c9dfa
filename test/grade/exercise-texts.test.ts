// What the exercises' texts promise, held to the checker: each claim a README makes
// about a rule is shown by a submission that breaks it failing for that reason.
import { readFileSync } from "node:fs";
import { chandyLamport } from "../../src/models/bank/algorithms/chandy-lamport.js";
import { counterexampleReport } from "../../src/grade/graded-rules/graded-counterexample.js";
import { describe, expect, it } from "vitest";
import type { DeliveredMessage, Effect, ProcessView } from "../../src/models/bank/algorithms/snapshot-algorithm.js";
import type { Marker } from "../../src/models/bank/bank-state.js";
import { inProcessSubmission } from "../../src/grade/graded-rules/remembering-submission.js";
import { exercises, findExercise } from "../../src/grade/exercises/catalogue.js";
import type { LocalPart } from "../../src/grade/exercises/completion.js";
import type { RulesExercise } from "../../src/grade/exercises/exercise.js";
import { defaultLimits } from "../../src/grade/grade.js";
import { GENERATED_LIMITS, messageBudget, reachForm } from "../../src/grade/exercises/generated-scenarios.js";
import type { GeneratedCheck } from "../../src/grade/exercises/generated-check.js";
import * as completion from "../../solutions/03-completion/completion.js";
import { rules as laiYang } from "../../solutions/05-lai-yang/rules.js";
import { multiGradedSystem } from "../../src/grade/exercises/concurrent-snapshots.js";
import { repeated } from "../../src/grade/exercises/scenarios.js";

const text = (path: string) => readFileSync(path, "utf8");
const failures = (exercise: number, module: Record<string, unknown>) =>
  (findExercise(exercise) as RulesExercise).checks.map((c) => {
    const found = c.run(inProcessSubmission(module), defaultLimits).counterexample;
    return found && { ...found, steps: counterexampleReport(found).steps };
  });

describe("the exercises' texts", () => {
  it("should say, in each README and in the learner's guide, how many generated scenarios the grade explores", () => {
    const guide = text("docs/learner-guide.md");
    for (const exercise of exercises) {
      const generated = exercise.checks.find((c) => c.name.startsWith("generated scenarios"));
      if (!generated) continue;
      const said = new RegExp(`\\b${generated.name.match(/\((\d+)\)/)![1]}\\s+generated`);
      expect(text(`exercises/${exercise.slug}/README.md`), exercise.slug).toMatch(said);
      expect(guide.split("\n").find((line) => line.startsWith(`| ${exercise.number} |`))).toMatch(said);
    }
  });

  it("should give the same hint in exercises/ and solutions/", () => {
    for (const { slug } of exercises) expect(text(`solutions/${slug}/HINT.md`), slug).toBe(text(`exercises/${slug}/HINT.md`));
  });

  it("exercise 5: a channel's state is a list in the order its messages were sent, as channel-state checks it", () => {
    expect(text("exercises/05-lai-yang/README.md")).toMatch(
      /list of white messages P sent on C that Q\s+had not received when it recorded, in the order P sent them/,
    );
    // The answer, with each channel's messages recorded last first.
    const backwards = {
      ...laiYang,
      onMarker(view: ProcessView, channel: string, marker: Marker) {
        const effects = laiYang.onMarker(view, channel, marker) as Effect[];
        const recorded = effects.filter((e) => e.type === "record-message").reverse();
        return [...effects.filter((e) => e.type !== "record-message" && e.type !== "stop-recording"), ...recorded, { type: "stop-recording", channel }];
      },
    };
    const [twoNode, twoTransfers] = failures(5, { rules: backwards });
    // One message in flight at most: order cannot matter. Two on one channel: it does.
    expect(twoNode).toBeUndefined();
    expect(twoTransfers).toMatchObject({
      property: "channel-state",
      reason: "channel P0->P1 recorded [P0#2 (30), P0#1 (10)], expected [P0#1 (10), P0#2 (30)]",
    });
  });

  it("exercise 5: the hint asks, and leaves the answer's expressions to the learner", () => {
    const hint = text("exercises/05-lai-yang/HINT.md");
    for (const answer of ["view.recorded.received", "view.sent[channel]", "record-message", "marker.sent"]) expect(hint).not.toContain(answer);
    expect(hint.match(/\?/g)!.length).toBeGreaterThanOrEqual(3);
  });

  it("exercise 3: an empty channel is written [], never left out, as assembled-snapshot checks it", () => {
    expect(text("exercises/03-completion/README.md")).toContain(
      "A channel that recorded nothing is written as an empty list, `[]`: not left out, not\n`null`.",
    );
    const leavesOutEmpty = {
      ...completion,
      assembleSnapshot: (parts: readonly LocalPart[]) => {
        const whole = completion.assembleSnapshot(parts);
        return { ...whole, channels: Object.fromEntries(Object.entries(whole.channels).filter(([, amounts]) => amounts.length > 0)) };
      },
    };
    expect(failures(3, leavesOutEmpty)[0]).toMatchObject({
      property: "assembled-snapshot",
      reason: 'the assembled snapshot has channels["P0->P1"] = undefined, expected []',
    });
  });

  it("should say, on the page each rules exercise's README links to, what the generated scenarios vary as far as the generator varies it", () => {
    const words = ["none", "one", "two", "three", "four", "five", "six"];
    const page = text("exercises/generated-scenarios.md").replace(/\s+/g, " ");
    expect(page).toContain(`processes: two to ${words[GENERATED_LIMITS.processes]}.`);
    expect(page).toContain(`transfers: none to ${words[GENERATED_LIMITS.perChannel]} on one channel`);
    expect(page).toContain(`one to ${words[GENERATED_LIMITS.initiators]} initiators.`);
    expect(page).toContain(
      `In exercise 6, one to ${words[GENERATED_LIMITS.snapshots]} snapshots, started by one to ${words[GENERATED_LIMITS.initiators]} processes`,
    );
    for (const fifo of [true, false]) {
      expect(page).toContain(
        `Their size: at most ${messageBudget({ fifo, multiSnapshot: false })} messages in flight in a run (its transfers, and a marker a channel)`,
      );
    }
    expect(page).toContain(`In exercise 6, at most ${messageBudget({ fifo: true, multiSnapshot: true })} messages in flight in a run`);
    for (const exercise of exercises.filter((e): e is RulesExercise => e.kind === "rules")) {
      expect(text(`exercises/${exercise.slug}/README.md`), exercise.slug).toContain("](../generated-scenarios.md)");
    }
    const direct = findExercise(3).checks.find((c) => c.name.startsWith("direct calls"))!;
    expect(direct.name).toBe("direct calls (100 views, 140 sets of parts)");
    expect(text("exercises/03-completion/README.md").replace(/\s+/g, " ")).toContain(
      "`isPartDone` on 100 inputs and `assembleSnapshot` on 140, drawn as this README defines them",
    );
  });

  it("should say, on that page, how many of each list are drawn and how many reach past their size, as each list has them", () => {
    const numbers = (listed: string) => listed.split(/, | and /).map(Number);
    const counts = [
      "one",
      "two",
      "three",
      "four",
      "five",
      "six",
      "seven",
      "eight",
      "nine",
      "ten",
      "eleven",
      "twelve",
      "thirteen",
      "fourteen",
      "fifteen",
      "sixteen",
      "seventeen",
      "eighteen",
      "nineteen",
      "twenty",
      "twenty-one",
      "twenty-two",
      "twenty-three",
      "twenty-four",
      "twenty-five",
    ];
    const page = text("exercises/generated-scenarios.md").replace(/\s+/g, " ");
    const said = new Map<number, { drawn?: number; past?: number }>();
    const at = (n: number) => said.get(n) ?? said.set(n, {}).get(n)!;
    for (const [, listed, count] of page.matchAll(/- exercises? ([\d, and]+): the last ([\w-]+)/g)) {
      for (const n of numbers(listed!)) at(n).past = counts.indexOf(count!) + 1;
    }
    const chosen = /show all of the above: the first (.*?)\./.exec(page)![1]!;
    for (const part of chosen.split(/, (?=\d+ in )/)) {
      const [, count, listed] = /^(\d+) in exercises? ([\d, and]+)$/.exec(part)!;
      for (const n of numbers(listed!)) at(n).drawn = Number(count);
    }
    const lists = exercises
      .filter((e): e is RulesExercise => e.kind === "rules")
      .map((exercise) => {
        const generated = exercise.checks.find((c) => c.name.startsWith("generated scenarios")) as GeneratedCheck;
        const { shape } = generated;
        const list = generated.scenarios();
        const past = list.filter(({ skeleton }) => reachForm(skeleton, shape) !== undefined).length;
        // The ones past the drawn sizes end the list.
        expect(
          list.slice(-past).every(({ skeleton }) => reachForm(skeleton, shape) !== undefined),
          exercise.slug,
        ).toBe(true);
        return [exercise.number, { drawn: list.length - past, past }];
      });
    expect([...said].sort(([a], [b]) => a - b)).toEqual(lists);
  });

  it("exercise 1: the README says when a process records as FIFO channels have it, as the grade's reason does; exercise 5 adds red messages", () => {
    expect(text("exercises/01-record-and-forward/README.md").replace(/\s+/g, " ")).toContain(
      "`marker-sending-rule`: a process records when it starts a snapshot or gets its first marker, and at no other time;",
    );
    // Rules that record on the first message of any kind: on a data message, the step the rule forbids.
    const recordsOnAnyMessage = (rules: typeof chandyLamport) => ({
      rules: {
        ...rules,
        onMessage: (view: ProcessView, channel: string, message: DeliveredMessage) =>
          view.hasRecorded ? rules.onMessage(view, channel, message) : rules.initiate(view),
      },
    });
    const reason = (exercise: number, module: Record<string, unknown>) => failures(exercise, module).find((f) => f)!.reason;
    expect(reason(1, recordsOnAnyMessage(chandyLamport))).toBe("P1 recorded its state in a step that neither starts a snapshot nor brings a marker");
    expect(reason(5, recordsOnAnyMessage(laiYang))).toBe(
      "P1 recorded its state in a step that neither starts a snapshot nor brings a marker or a message sent after its sender recorded",
    );
  });

  it("exercise 1: the README shows the mark the traces give the reference channel rules", () => {
    expect(text("exercises/01-record-and-forward/README.md")).toContain("`deliver marker P0->P1: no effect [reference channel rules: closes P0->P1 with []]`");
  });

  it("names the rules run beside a learner's as the traces mark them, in every text a learner reads", () => {
    const neverOnMarker = {
      ...chandyLamport,
      onMarker: (view: ProcessView, channel: string) => chandyLamport.onMarker({ ...view, hasRecorded: true }, channel, { kind: "marker" }),
    };
    const steps = [...failures(1, { rules: neverOnMarker }), ...failures(2, { rules: { ...chandyLamport, onMessage: () => [] } })].flatMap(
      (f) => f?.steps ?? [],
    );
    const marks = (said: string) => new Set([...said.replace(/\s+/g, " ").matchAll(/\[([^\]:]* rules): /g)].map(([, mark]) => mark));
    expect(marks(steps.join("\n"))).toEqual(new Set(["reference channel rules", "reference marker rules"]));
    const texts = ["README.md", "docs/learner-guide.md", ...exercises.map(({ slug }) => `exercises/${slug}/README.md`)];
    for (const file of texts) for (const mark of marks(text(file))) expect(marks(steps.join("\n")), `${file}: [${mark}: ...]`).toContain(mark);
  });

  it("exercise 2: the README shows the mark the traces give the reference marker rules, as a trace has it", () => {
    const shown = /`(deliver marker P0->P1: closes[^`]*)`/.exec(text("exercises/02-channel-recording/README.md"))?.[1]?.replace(/\s+/g, " ");
    expect(shown).toBe("deliver marker P0->P1: closes P0->P1 with [] [reference marker rules: P1 records (pc 1, balance 80), sends markers on P1->P0]");
    // A learner's rules that record no message: the step a counterexample shows is the README's.
    const recordsNoMessage = { rules: { ...chandyLamport, onMessage: () => [] } };
    expect(failures(2, recordsNoMessage)[0]!.steps[2]).toBe(shown);
  });

  it("exercises 1, 2, 5 and 6: the README lists well-formed-effects, the most common first failure, with what it asks", () => {
    for (const slug of ["01-record-and-forward", "02-channel-recording", "05-lai-yang", "06-concurrent-snapshots"]) {
      const readme = text(`exercises/${slug}/README.md`).replace(/\s+/g, " ");
      expect(readme, slug).toMatch(/`well-formed-effects`[:,] [^.]*every effect your rules return (is|be) one the process can carry out/);
    }
  });

  it("exercises 1, 2, 3, 5 and 6: the README warns that printing to stdout costs the exercise its points, in the grade's words", () => {
    for (const slug of ["01-record-and-forward", "02-channel-recording", "03-completion", "05-lai-yang", "06-concurrent-snapshots"]) {
      const readme = text(`exercises/${slug}/README.md`).replace(/\s+/g, " ");
      expect(readme, slug).toMatch(/must not print to stdout: [^.]*`console\.log`[^.]* 0 points/);
      expect(readme, slug).toContain('`printed to stdout ("..."): rules must not print`');
    }
  });

  it("exercise 6: the README names every property the grade checks, non-interference included", () => {
    const readme = text("exercises/06-concurrent-snapshots/README.md");
    const names = new Set(multiGradedSystem(repeated, chandyLamport.perSnapshot!).properties.map((p) => p.name.replace(/ \(snapshot \d+\)$/, "")));
    expect([...names]).toContain("non-interference");
    for (const name of names) expect(readme, name).toContain(`\`${name}\``);
  });

  it("exercises 1, 2, 3, 5 and 6: the README says rules must be pure, keeping no state between calls", () => {
    for (const slug of ["01-record-and-forward", "02-channel-recording", "03-completion", "05-lai-yang", "06-concurrent-snapshots"]) {
      const readme = text(`exercises/${slug}/README.md`).replace(/\s+/g, " ");
      expect(readme, slug).toMatch(/must be pure: the same [^.]* no state is kept between calls/);
    }
  });
});

// `snaplab explore SCENARIO --rules FILE`: a learner's rules on any scenario, run in the
// grader's sandbox, so they can take apart the scenario the grader showed them. The real
// binary for the learner's first run; the other runs go through the same `main` in this
// process (the rules still run in a sandbox process of their own).
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, snaplab } from "../support/cli.js";
import { tempDir } from "../support/temp-dir.js";

let dir: string;

const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

/** The answer to exercises 1 and 2, changed by `change`, written as `name`: rules a learner might have. */
const solutionChanged = (name: string, change: (solution: string) => string) =>
  write(name, change(readFileSync("solutions/01-record-and-forward/rules.ts", "utf8")));

// The smallest generated scenario on which exercise 2's "first message only" fails, as the grader shows it.
const SHOWN = JSON.stringify({
  name: "generated #7, shrunk",
  processes: { P0: 100, P1: 100 },
  channels: [
    ["P0", "P1"],
    ["P1", "P0"],
  ],
  programs: {
    P0: [
      { to: "P1", amount: 1 },
      { to: "P1", amount: 2 },
    ],
  },
  initiators: ["P1"],
});

const FIRST_MESSAGE_ONLY = `
const close = (channel: string) => ({ type: "stop-recording", channel });
function snapshot(view: any) {
  return [{ type: "record-state" }, ...view.outgoing.map((channel: string) => ({ type: "send-marker", channel })), ...view.incoming.map((channel: string) => ({ type: "start-recording", channel }))];
}
export const rules = {
  name: "first message only",
  initiate: snapshot,
  onMarker: (view: any, channel: string) => [...(view.hasRecorded ? [] : snapshot(view)), close(channel)],
  onMessage(view: any, channel: string, message: unknown) {
    const recording = view.recordings[channel];
    return recording.status === "open" && recording.messages.length === 0 ? [{ type: "record-message", channel, message }] : [];
  },
};
`;

let scenario: string;
let firstMessageOnly: string;
beforeAll(() => {
  dir = tempDir("explore-rules");
  scenario = write("shown.json", SHOWN);
  firstMessageOnly = write("first-message-only.ts", FIRST_MESSAGE_ONLY);
});

describe("snaplab explore --rules", () => {
  it("should explore a scenario with the learner's rules and show the shortest counterexample", () => {
    const { status, stdout, stderr } = snaplab("explore", scenario, "--rules", firstMessageOnly);
    expect(stderr).toBe("");
    expect(status).toBe(1);
    expect(stdout).toContain("  channel-state     VIOLATED\n");
    expect(stdout).toContain("  termination       holds\n");
    expect(stdout).toContain("channel-state is violated; shortest counterexample, 7 steps:");
    expect(stdout).toContain("  why: channel P0->P1 recorded [P0#1 (1)], expected [P0#1 (1), P0#2 (2)]");
  });

  it("should find every property kept by the answer in solutions/, without FIFO too for Lai-Yang's", async () => {
    const chandyLamport = await runCli("explore", scenario, "--rules", "solutions/01-record-and-forward/rules.ts", "--format", "json");
    expect(chandyLamport.status).toBe(0);
    expect(JSON.parse(chandyLamport.stdout).states).toBe(46);
    const laiYang = await runCli("explore", scenario, "--rules", "solutions/05-lai-yang/rules.ts", "--no-fifo");
    expect(laiYang.stdout).toContain("generated #7, shrunk: solutions/05-lai-yang/rules.ts, non-FIFO channels\n");
    expect(laiYang.status).toBe(0);
    // Chandy-Lamport's rules need FIFO: the same scenario without it breaks them.
    expect((await runCli("explore", scenario, "--rules", "solutions/01-record-and-forward/rules.ts", "--no-fifo")).status).toBe(1);
  });

  it("should report termination violated for exercise 1 answered and exercise 2 not, its why telling the two apart, as exercise 1's README says", async () => {
    // Exercise 1's effects and none of exercise 2's, forwarding markers on every outgoing channel or, wrongly, on none.
    const exerciseOne = (forwards: boolean) => `
const recordAndSend = (view: any, channels: readonly string[]) => [{ type: "record-state" }, ...channels.map((channel) => ({ type: "send-marker", channel }))];
export const rules = {
  name: "exercise 1 alone",
  initiate: (view: any) => recordAndSend(view, view.outgoing),
  onMarker: (view: any) => (view.hasRecorded ? [] : recordAndSend(view, ${forwards ? "view.outgoing" : "[]"})),
  onMessage: () => [],
};
`;
    const right = await runCli("explore", scenario, "--rules", write("exercise-one.ts", exerciseOne(true)));
    expect(right.status).toBe(1);
    expect(right.stdout).toContain("  termination       VIOLATED\n");
    expect(right.stdout).toContain("  why: the run ended with the snapshot incomplete (never closed: P0->P1, P1->P0)\n");
    // Markers not forwarded: explore tells it from exercise 2's part, not as marker-sending-rule, which is the grader's alone.
    const chain = write(
      "chain.json",
      JSON.stringify({
        processes: { P0: 100, P1: 100, P2: 100 },
        channels: [
          ["P1", "P2"],
          ["P2", "P0"],
        ],
        initiators: ["P1"],
      }),
    );
    const wrong = await runCli("explore", chain, "--rules", write("exercise-one-wrong.ts", exerciseOne(false)));
    expect(wrong.stdout).toContain("  why: the run ended with the snapshot incomplete (never recorded: P0; never closed: P1->P2, P2->P0)\n");
    // A channel's recording is exercise 2's: with channels, no run of exercise 1's rules alone ends complete.
    expect(readFileSync("exercises/01-record-and-forward/README.md", "utf8").replace(/\s+/g, " ")).toContain(
      "it reports `termination VIOLATED` on every scenario with a channel, however right your exercise 1 is",
    );
  });

  it("should tell each data message's colour in the steps and the pictures, as the grader tells it for exercise 5", async () => {
    // Lai-Yang's rules, but a white process takes a red message without recording first: the run the grader shows
    // for them on its two-node check without FIFO (test/grade/trace-words.test.ts), colours and all.
    const solution = readFileSync("solutions/05-lai-yang/rules.ts", "utf8");
    const takesRed = write("takes-red.ts", solution.replace('return message.colour === "red" && !view.hasRecorded ? turnRed(view) : [];', "return [];"));
    expect(readFileSync(takesRed, "utf8")).not.toBe(solution);
    const mermaid = join(dir, "takes-red.md");
    const { status, stdout } = await runCli("explore", "spec/scenarios/two-node.json", "--no-fifo", "--rules", takesRed, "--mermaid", mermaid);
    expect(status).toBe(1);
    expect(stdout.split("\n")[0]).toBe(`two-node: ${takesRed}, non-FIFO channels`);
    const steps = [
      " 1. P0 starts a snapshot: P0 records (pc 0, balance 100), sends markers on P0->P1, starts recording P1->P0",
      " 2. P0 sends 10 to P1 (P0#1, red), balance 90",
      " 3. deliver P0#1 (10, red) on P0->P1 (overtaking a marker): P1 balance 110",
      " 4. deliver marker P0->P1: P1 records (pc 0, balance 110), sends markers on P1->P0, closes P0->P1 with []",
      " 5. deliver marker P1->P0: closes P1->P0 with []",
    ];
    expect(stdout).toContain(["no-ghost-receive is violated; shortest counterexample, 5 steps:", ...steps.map((step) => `  ${step}`)].join("\n"));
    // The picture names each message with its colour, where it is sent, where it arrives and where it breaks the cut.
    const drawn = [
      "2   ●━━━━━━━━┓ ╎  ║   P0 sends P0#1 (10, red) to P1   ✗ ghost receive",
      "3   │        ┗━╎━▶●   P1 receives P0#1 (10, red)   ✗ ghost receive",
      "✗ P0#1 (10, red), ghost receive: sent after P0 recorded, received before P1 recorded",
    ];
    for (const line of drawn) expect(stdout).toContain(`  ${line}\n`);
    expect(readFileSync(join(dir, "takes-red.no-ghost-receive.md"), "utf8")).toContain("        P0->>P1: 3. P0#35;1 (10, red) ✗ ghost receive\n");
    // The grader, given the same rules as exercise 5, shows the same steps and picture on its two-node check.
    const submitted = join(dir, "takes-red-folder");
    mkdirSync(join(submitted, "05-lai-yang"), { recursive: true });
    copyFileSync(takesRed, join(submitted, "05-lai-yang", "rules.ts"));
    const graded = await runCli("grade", submitted, "--only", "5");
    for (const line of [...steps, ...drawn]) expect(graded.stdout).toContain(`${line}\n`);
  });

  it("should name the rules by the file given, in the report, its JSON and the search line", async () => {
    const text = await runCli("explore", scenario, "--rules", "solutions/01-record-and-forward/rules.ts");
    expect(text.stdout).toMatch(/^generated #7, shrunk: solutions\/01-record-and-forward\/rules\.ts, FIFO channels\n/);
    expect(text.stdout).toContain("(the compact engine runs only the reference chandy-lamport rules, not solutions/01-record-and-forward/rules.ts)");
    const json = await runCli("explore", scenario, "--rules", "solutions/01-record-and-forward/rules.ts", "--format", "json");
    expect(JSON.parse(json.stdout).algorithm).toBe("solutions/01-record-and-forward/rules.ts");
  });

  it("should reduce the learner's rules when asked, with the verdicts and snapshots of the reference rules' search", async () => {
    // Four processes: 1,403,969 states in full. The compact engine, which knows the reference rules, reduces
    // them to 2,353; a learner's file, whose steps are found to commute by trying them, to 5,044.
    const reduced = await runCli(
      "explore",
      "spec/scenarios/four-process.json",
      "--rules",
      "solutions/01-record-and-forward/rules.ts",
      "--reduction",
      "por",
      "--format",
      "json",
    );
    const reference = await runCli("explore", "spec/scenarios/four-process.json", "--reduction", "por", "--format", "json");
    expect(reduced.status).toBe(0);
    const [learner, compact] = [JSON.parse(reduced.stdout), JSON.parse(reference.stdout)];
    expect([learner.states, learner.search.engine, learner.search.reduction]).toEqual([5044, "generic", "por"]);
    expect([compact.states, compact.search.engine]).toEqual([2353, "compact"]);
    expect([learner.properties, learner.snapshots, learner.executions]).toEqual([compact.properties, compact.snapshots, compact.executions]);
  });

  it("should suggest the reduction, then random walks, when the learner's rules run past --max-states", async () => {
    const stopped = await runCli("explore", scenario, "--rules", "solutions/01-record-and-forward/rules.ts", "--max-states", "10");
    expect([stopped.status, stopped.stdout]).toEqual([2, ""]);
    expect(stopped.stderr).toBe(
      "snaplab: stopped after 10 states (--max-states); raise --max-states, try --reduction por (same verdicts, far fewer states), shrink the scenario, or try --search random (random walks: no proof, but they reach further)\n",
    );
  });

  it("should report termination violated for rules that answer every marker with markers, whose runs never end", async () => {
    // Markers sent again on every marker: P0 and P1 pass them back and forth forever, and no run has a terminal state.
    const flooding = solutionChanged("flooding.ts", (solution) =>
      solution.replace("takeSnapshot(view) : []", 'takeSnapshot(view) : view.outgoing.map((c): Effect => ({ type: "send-marker", channel: c }))'),
    );
    const trace = join(dir, "endless.json");
    const { status, stdout } = await runCli("explore", "spec/scenarios/two-node.json", "--rules", flooding, "--save-trace", trace);
    expect(status).toBe(1);
    expect(stdout).toContain("  executions   infinite (the state graph has a cycle)\n");
    expect(stdout).toContain("  termination       VIOLATED\n");
    expect(stdout).toContain("  why: the run is back in the state after step 3: steps 4 to 5 can repeat forever, and it never ends\n");
    // Every other property holds on every state, as before: no terminal state is left for the properties checked there.
    expect(stdout.match(/VIOLATED/g)).toHaveLength(1);
    // Replayed, the trace is back where it was after step 3 when it ends: the same failure. Rules fixed send no marker at step 3.
    const replayed = await runCli("replay", trace, "--rules", flooding);
    expect(replayed.status).toBe(1);
    expect(replayed.stdout).toContain(
      "reproduced: termination is violated after step 5: the run is back in the state after step 3: steps 4 to 5 can repeat forever, and it never ends\n",
    );
    const fixed = await runCli("replay", trace, "--rules", "solutions/01-record-and-forward/rules.ts");
    expect([fixed.status, fixed.stderr]).toEqual([
      2,
      `snaplab: ${trace}: actions[3]: "deliver P0->P1 marker" is not enabled after step 3 (enabled: send P0, send P1)\n`,
    ]);
    // With several snapshots, the one run breaks each snapshot's termination, and is shown once.
    const twoSnapshots = write(
      "two-snapshots-flood.json",
      JSON.stringify({
        processes: { P0: 100, P1: 100 },
        channels: [
          ["P0", "P1"],
          ["P1", "P0"],
        ],
        initiators: ["P0"],
        snapshots: ["P0", "P0"],
      }),
    );
    const multi = readFileSync("solutions/06-concurrent-snapshots/rules.ts", "utf8");
    const recordingAgain = write("recording-again.ts", multi.replace("const seen = snapshot in view.snapshots;", "const seen = false;"));
    const several = await runCli("explore", twoSnapshots, "--rules", recordingAgain);
    expect(several.status).toBe(1);
    expect(several.stdout.match(/^ {2}\S.*VIOLATED$/gm)).toEqual(["  termination (snapshot 0)       VIOLATED", "  termination (snapshot 1)       VIOLATED"]);
    expect(several.stdout).toContain("termination (snapshot 1) is violated by the same run, for the same reason, as termination (snapshot 0).\n");
  });

  it("should explore several snapshots in one run with rules written as exercise 6 writes them, as the grader does", async () => {
    // The smallest generated scenario exercise 6's grader showed for rules that close every channel in snapshot 0.
    const twoSnapshots = write(
      "two-snapshots.json",
      JSON.stringify({
        name: "generated #1, shrunk",
        processes: { P0: 100, P1: 100 },
        channels: [["P0", "P1"]],
        programs: {},
        initiators: ["P0"],
        snapshots: ["P0", "P0"],
      }),
    );
    const right = await runCli("explore", twoSnapshots, "--rules", "solutions/06-concurrent-snapshots/rules.ts", "--format", "json");
    expect(right.status).toBe(0);
    expect(new Set(Object.values(JSON.parse(right.stdout).properties))).toEqual(new Set(["holds"]));
    const solution = readFileSync("solutions/06-concurrent-snapshots/rules.ts", "utf8");
    const closesSnapshotZero = write(
      "closes-snapshot-zero.ts",
      solution.replace('{ type: "stop-recording", channel, snapshot }', '{ type: "stop-recording", channel, snapshot: 0 }'),
    );
    const wrong = await runCli("explore", twoSnapshots, "--rules", closesSnapshotZero);
    expect(wrong.status).toBe(1);
    // What the grader reported on this scenario: the same property, the same four steps.
    expect(wrong.stdout).toContain(
      [
        "termination (snapshot 1) is violated; shortest counterexample, 4 steps:",
        "   1. P0 starts snapshot 0: [0] P0 records (pc 0, balance 100), [0] sends markers on P0->P1",
        "   2. P0 starts snapshot 1: [1] P0 records (pc 0, balance 100), [1] sends markers on P0->P1",
        "   3. deliver marker 0 on P0->P1: [0] P1 records (pc 0, balance 100), [0] closes P0->P1 with []",
        "   4. deliver marker 1 on P0->P1: [0] closes P0->P1 with [], [1] P1 records (pc 0, balance 100), [1] starts recording P0->P1",
      ].join("\n"),
    );
    const stub = await runCli("explore", twoSnapshots, "--rules", "exercises/06-concurrent-snapshots/rules.ts");
    expect(stub.status).toBe(1);
    expect(stub.stdout).toContain(
      "well-formed-effects is violated: rules.initiate(view, 0) at P0 returned [], without record-state: a process that starts a snapshot records its state (or it is asked again and again)\nshortest counterexample, 1 step:\n   1. P0 starts snapshot 0: no effect [the rule's effects refused]\n",
    );
  });

  it("should save traces that replay runs with the rules file, as written or once fixed", async () => {
    const saved = join(dir, "first.json");
    expect((await runCli("explore", scenario, "--rules", firstMessageOnly, "--save-trace", saved)).status).toBe(1);
    const trace = join(dir, "first.channel-state.json");
    // The trace names the learner's rules by their file, which only the file can give.
    const bare = await runCli("replay", trace);
    expect([bare.status, bare.stderr]).toEqual([
      2,
      `snaplab: ${trace}: rules: made with the rules file ${firstMessageOnly}, which replay runs only when given it (snaplab replay ${trace} --rules ${firstMessageOnly})\n`,
    ]);
    const again = await runCli("replay", trace, "--rules", firstMessageOnly);
    expect(again.status).toBe(1);
    expect(again.stdout).toContain(`replaying ${trace}: generated #7, shrunk, ${firstMessageOnly}, FIFO channels, 7 steps\n`);
    expect(again.stdout).toContain("reproduced: channel-state is violated after step 7");
    const fixed = await runCli("replay", trace, "--rules", "solutions/01-record-and-forward/rules.ts");
    expect(fixed.status).toBe(0);
    expect(fixed.stdout).toContain("the trace now runs clean: channel-state and every other property hold along it\n");
    // Changed into rules that throw on a marker: the step of the trace where they do.
    const throwsOnMarker = solutionChanged("throws-on-marker.ts", (solution) =>
      solution.replace(/onMarker\(view, channel\) \{\n/, '$&    throw new Error("not now");\n'),
    );
    const broken = await runCli("replay", trace, "--rules", throwsOnMarker);
    expect([broken.status, broken.stderr]).toEqual([
      2,
      expect.stringMatching(
        /^snaplab: .*throws-on-marker\.ts: at step 6 \(deliver P1->P0 marker\): rules\.onMarker\(view, channel, marker\) at P0 \(marker on P1->P0\) threw not now \(.*throws-on-marker\.ts:33:11\)\n$/,
      ),
    ]);
  });

  it("should save a trace that names a rules file called like an algorithm as a file, which replay does not take for the algorithm", async () => {
    // A learner's Chandy-Lamport that breaks channel-state, in a file named as the reference rules are.
    const named = join(dir, "named");
    mkdirSync(named, { recursive: true });
    const file = join(named, "chandy-lamport.ts");
    writeFileSync(file, FIRST_MESSAGE_ONLY.replace('"first message only"', '"chandy-lamport"'));
    const saved = join(named, "t.json");
    expect((await runCli("explore", scenario, "--rules", file, "--save-trace", saved)).status).toBe(1);
    const trace = join(named, "t.channel-state.json");
    const written = JSON.parse(readFileSync(trace, "utf8")) as Record<string, unknown>;
    expect([written.rules, "algorithm" in written]).toEqual([file, false]);
    const bare = await runCli("replay", trace);
    expect([bare.status, bare.stdout, bare.stderr]).toEqual([
      2,
      "",
      `snaplab: ${trace}: rules: made with the rules file ${file}, which replay runs only when given it (snaplab replay ${trace} --rules ${file})\n`,
    ]);
    const given = await runCli("replay", trace, "--rules", file);
    expect(given.status).toBe(1);
    expect(given.stdout).toContain("reproduced: channel-state is violated after step 7");
  });

  it("should show what the rules print, where a learner debugs them, after the report", async () => {
    const debugging = solutionChanged("debugging.ts", (solution) =>
      solution.replace(
        "initiate: takeSnapshot,",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the learner's code, a template literal in it
        "initiate(view) {\n    console.error(`initiate at ${view.process}\\x1b[2J`);\n    return takeSnapshot(view);\n  },",
      ),
    );
    const run = await runCli("explore", scenario, "--rules", debugging);
    expect(run.status).toBe(0);
    // P1, the only initiator, is asked in each distinct state it may start from; an escape sequence is shown, not sent.
    const [header, ...lines] = run.stderr.trimEnd().split("\n");
    expect(header).toBe(`${debugging} printed to stderr (each distinct question is answered twice; the last 4,000 characters at most):`);
    expect(new Set(lines)).toEqual(new Set(["  | initiate at P1\\x1B[2J"]));
    expect(lines.length % 2).toBe(0);
  });

  it("should show what rules that run out of memory printed, without Node's report of the crash, and the failure in one line", async () => {
    const hoarding = solutionChanged("hoarding.ts", (solution) =>
      solution.replace(
        "initiate: takeSnapshot,",
        'initiate(view) {\n    console.error("hoarding");\n    const hoard = [];\n    for (;;) hoard.push(new Array(131072).fill(7));\n    return takeSnapshot(view);\n  },',
      ),
    );
    // The sandbox's memory limit, 256 MB: explore has no option to lower it.
    const { status, stdout, stderr } = await runCli("explore", scenario, "--rules", hoarding);
    expect({ status, stdout, stderr }).toEqual({
      status: 2,
      stdout: "",
      stderr: [
        `${hoarding} printed to stderr (each distinct question is answered twice; the last 4,000 characters at most):`,
        "  | hoarding",
        `snaplab: ${hoarding}: ran out of memory (limit 256 MB)`,
        "",
      ].join("\n"),
    });
  });

  // The arguments are worked out in the test, which makes the files they name.
  const bad: [string, () => string[], RegExp][] = [
    ["a file that is not there", () => ["--rules", join(dir, "missing.ts")], /^snaplab: .*missing\.ts: cannot read the rules file \(ENOENT\)\n$/],
    ["a folder", () => ["--rules", dir], /^snaplab: .*: is not a file\n$/],
    ["a file that does not build", () => ["--rules", write("broken.ts", "export const rules = {\n")], /^snaplab: does not build: .*broken\.ts:2:1: .*\n$/],
    [
      "a file without rules",
      () => ["--rules", write("rulez.ts", "export const rulez = {};\n")],
      /^snaplab: .*rulez\.ts: the submission exports no function rules\.initiate \(the module exports rulez\) \(--rules takes a file that exports `rules`, as exercises 1, 2, 5 and 6 write it\)\n$/,
    ],
    [
      "--rules beside --algorithm",
      () => ["--rules", firstMessageOnly, "--algorithm", "chandy-lamport"],
      /^snaplab: --rules and --algorithm cannot be given together: choose one \(usage: snaplab explore <scenario>; see snaplab explore --help\)\n$/,
    ],
  ];
  it("should refuse --rules on a scenario of another model in one line, exit 2", async () => {
    const database = "spec/scenarios/case-studies/database-two-nodes-blocking.json";
    const { status, stderr } = await runCli("explore", database, "--rules", firstMessageOnly);
    expect(status).toBe(2);
    expect(stderr).toBe(`snaplab: --rules applies to bank scenarios only (${database} is a database scenario)\n`);
  });

  for (const [what, args, message] of bad) {
    it(`should refuse ${what} in one line, exit 2`, async () => {
      const { status, stdout, stderr } = await runCli("explore", scenario, ...args());
      expect(status).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toMatch(message);
      expect(stderr.trim().split("\n")).toHaveLength(1);
    });
  }
});

// Explored as they were, the stub's rules looped on one state and every property "held"; later the search stopped at their
// first such answer with one line. Now the run to it is shown, as the grader shows it.
describe("snaplab explore --rules, where the rules answer with effects their process cannot carry out", () => {
  const stopped = (title: string) => `${title}\n  the search stopped at an answer the rules' process cannot carry out\n\n`;

  it("should show the shortest run to the answer, exit 1: the exercises' stub, whose initiate does not record", async () => {
    const { status, stdout, stderr } = await runCli("explore", scenario, "--rules", "exercises/01-record-and-forward/rules.ts");
    expect([status, stderr]).toEqual([1, ""]);
    expect(stdout).toMatch(
      new RegExp(
        `^${escaped(stopped("generated #7, shrunk: exercises/01-record-and-forward/rules.ts, FIFO channels"))}well-formed-effects is violated: rules\\.initiate\\(view\\) at P1 returned \\[\\], without record-state: .*\\nshortest counterexample, 1 step:\\n   1\\. P1 starts a snapshot: nothing recorded \\[the rule's effects refused\\]\\n`,
      ),
    );
    // One step in which P1 drew only ·, every lane double: the legend names those two and nothing else.
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("  · no message, no record   ║ before recording (inside the cut)");
  });

  it("should find the run the grader shows: exercise 2's two-node check, for rules that record on a closed channel", async () => {
    const onClosed = solutionChanged("on-closed.ts", (solution) =>
      solution.replace('if (recording?.status !== "open") return [];', 'if (recording?.status === "idle") return [];'),
    );
    const { status, stdout } = await runCli("explore", "spec/scenarios/two-node.json", "--rules", onClosed);
    expect(status).toBe(1);
    expect(stdout).toContain(
      [
        stopped(`two-node: ${onClosed}, FIFO channels`),
        "well-formed-effects is violated: rules.onMessage(view, channel, message) at P1 (P0#1 on P0->P1) returned effect 1 (record-message) on P0->P1, which is closed",
        "shortest counterexample, 4 steps:",
        "   1. P0 starts a snapshot: P0 records (pc 0, balance 100), sends markers on P0->P1, starts recording P1->P0",
        // As the grader shows it, but for each message's colour, which a learner's rules are handed.
        "   2. P0 sends 10 to P1 (P0#1, red), balance 90",
        "   3. deliver marker P0->P1: P1 records (pc 0, balance 100), sends markers on P1->P0, closes P0->P1 with []",
        "   4. deliver P0#1 (10, red) on P0->P1: P1 balance 110 [the rule's effects refused]",
        "  recorded: P0 (pc 0, balance 100), P1 (pc 0, balance 100); P0->P1 [], P1->P0 (not closed)",
        "  the channel's status: P0->P1 is closed with [] at effect 1; a message is recorded only between start-recording and stop-recording",
      ]
        .join("\n")
        .replace("\n\n\n", "\n\n"),
    );
    const json = await runCli("explore", "spec/scenarios/two-node.json", "--rules", onClosed, "--no-fifo", "--format", "json");
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      scenario: "two-node",
      algorithm: onClosed,
      malformedAnswer: { property: "well-formed-effects", length: 4 },
    });
  });

  it("should show the shortest run to a rule that throws, with where in the learner's files, exit 1", async () => {
    // Line 1, column 43: `new Error`; the message's newline escaped.
    const throws = write("throws.ts", `export const rules = { initiate() { throw new Error("no\\nway"); }, onMarker: () => [], onMessage: () => [] };\n`);
    const { status, stdout, stderr } = await runCli("explore", "spec/scenarios/two-node.json", "--rules", throws);
    expect([status, stderr]).toEqual([1, ""]);
    expect(stdout).toContain(
      [
        `two-node: ${throws}, FIFO channels\n  the search stopped at a rule that threw\n`,
        `no-throw is violated: rules.initiate(view) at P0 threw no\\nway (${throws}:1:43)`,
        "shortest counterexample, 1 step:",
        "   1. P0 starts a snapshot: nothing recorded [the rule threw]",
      ].join("\n"),
    );
    // In a file the rules import, after a step: the run to it, and the place in that file.
    write("helper.ts", 'export function check(view: { process: string }): never {\n  throw new RangeError("not at " + view.process);\n}\n');
    const callsHelper = write(
      "calls-helper.ts",
      `import { check } from "./helper.ts";\nconst start = (view: { outgoing: string[] }) => [{ type: "record-state" }, ...view.outgoing.map((channel) => ({ type: "send-marker", channel }))];\nexport const rules = { initiate: start, onMarker: check, onMessage: () => [] };\n`,
    );
    const json = await runCli("explore", "spec/scenarios/two-node.json", "--rules", callsHelper, "--format", "json");
    expect(json.status).toBe(1);
    const { ruleThrew } = JSON.parse(json.stdout);
    expect(json.stdout).toBe(`${JSON.stringify(JSON.parse(json.stdout), null, 2)}\n`);
    // A counterexample as every JSON report gives one: its steps in words under `steps`.
    expect(ruleThrew).toEqual({
      property: "no-throw",
      reason: "rules.onMarker(view, channel, marker) at P1 (marker on P0->P1) threw RangeError: not at P1 (helper.ts:2:9)",
      length: 2,
      steps: ["P0 starts a snapshot: P0 records (pc 0, balance 100), sends markers on P0->P1", "deliver marker P0->P1: no effect [the rule threw]"],
      recorded: "P0 (pc 0, balance 100), P1 (not recorded); P0->P1 (not closed), P1->P0 (not closed)",
    });
  });

  it("should show the shortest run to a rule that does not answer in time, found from the answers given before it, exit 1", async () => {
    // The grader's time limit, 3s: a loop that never ends meets it whatever the machine.
    const loops = solutionChanged("loops.ts", (solution) => solution.replace('return [{ type: "record-message", channel, message }];', "for (;;);"));
    const { status, stdout, stderr } = await runCli("explore", "spec/scenarios/two-node.json", "--rules", loops);
    expect([status, stderr]).toEqual([1, ""]);
    expect(stdout).toContain(
      [
        `two-node: ${loops}, FIFO channels\n  the search stopped at a rule that did not answer in time\n`,
        "no-throw is violated: rules.onMessage(view, channel, message) at P0 (P1#1 on P1->P0) did not answer within 3s (an endless loop?)",
        "shortest counterexample, 3 steps:",
        "   1. P0 starts a snapshot: P0 records (pc 0, balance 100), sends markers on P0->P1, starts recording P1->P0",
        "   2. P1 sends 20 to P0 (P1#1, white), balance 80",
        "   3. deliver P1#1 (20, white) on P1->P0: P0 balance 120 [the rule did not answer in time]",
      ].join("\n"),
    );
    // In JSON under a key of its own, and a trace refused in the same words: not a rule that threw.
    const trace = join(dirname(loops), "loops.trace.json");
    const json = await runCli("explore", "spec/scenarios/two-node.json", "--rules", loops, "--format", "json", "--save-trace", trace);
    expect(json.status).toBe(1);
    expect(Object.keys(JSON.parse(json.stdout))).toEqual(["scenario", "algorithm", "ruleDidNotAnswer"]);
    expect(json.stderr).toBe(
      `snaplab: no trace written to ${trace}: the run ends at a rule that did not answer in time, which replay cannot judge (correct that rule, then explore again)\n`,
    );
  });

  it("should draw the snapshot the rule that threw was asked about, in a run with several", async () => {
    const solution = readFileSync("solutions/06-concurrent-snapshots/rules.ts", "utf8");
    const throwing = write("six.ts", solution.replace(/onMarker\(view, channel, snapshot\) \{\n/, '$&    if (snapshot === 1) throw new Error("six");\n'));
    const two = write(
      "two-snapshots.json",
      JSON.stringify({ name: "two-snapshots", processes: { P0: 100, P1: 100 }, initiators: ["P0", "P1"], snapshots: ["P0", "P1"] }),
    );
    const { status, stdout } = await runCli("explore", two, "--rules", throwing);
    expect(status).toBe(1);
    expect(stdout).toMatch(/no-throw is violated: rules\.onMarker\(view, channel, snapshot\) at P0 \(marker 1 on P1->P0\) threw six/);
    // Snapshot 1's picture: P1 records for it, and its cut is the one drawn.
    expect(stdout).toMatch(/ ◆ +P1 records snapshot 1: balance 100, pc 0\n/);
    expect(stdout).toContain("  never recorded snapshot 1: P0\n");
    expect(stdout).toContain("║ before recording snapshot 1 (inside the cut)");
  });

  it("should draw the run where pictures are asked for, and say why it writes no trace", async () => {
    const [svg, trace] = [join(dir, "malformed.svg"), join(dir, "malformed.trace.json")];
    const { status, stderr } = await runCli(
      "explore",
      "spec/scenarios/two-node.json",
      "--rules",
      "exercises/01-record-and-forward/rules.ts",
      "--svg",
      svg,
      "--save-trace",
      trace,
    );
    expect(status).toBe(1);
    expect(stderr).toBe(
      `wrote ${svg}\nsnaplab: no trace written to ${trace}: the run ends at an answer the rules' process cannot carry out, which replay cannot judge (correct that answer, then explore again)\n`,
    );
    expect(readFileSync(svg, "utf8")).toContain("well-formed-effects is violated");
    expect(existsSync(trace)).toBe(false);
  });
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

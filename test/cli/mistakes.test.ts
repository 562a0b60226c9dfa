// A newcomer's mistakes: each gets one line on stderr that says what was wrong (and what to
// type instead), nothing on stdout, and exit 2. Each mistake runs through the same `main` the
// binary runs, in this process; mistakes.system.test.ts runs the real binary.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempFile, withoutProgress } from "../support/cli.js";
import { refusal } from "./one-line.js";
import { tempDir } from "../support/temp-dir.js";

const dataflowWithoutModel = () => {
  const { model, ...rest } = JSON.parse(readFileSync("spec/scenarios/case-studies/dataflow-aligned.json", "utf8"));
  expect(model).toBe("dataflow");
  return tempFile("dataflow.json", rest);
};

describe("a mistyped command", () => {
  it("suggests the command meant", async () => {
    expect(await refusal("exlpore", "spec/scenarios/two-node.json")).toBe("snaplab: unknown command; did you mean explore? (see snaplab --help)\n");
    expect(await refusal("gade")).toBe("snaplab: unknown command; did you mean grade? (see snaplab --help)\n");
  });

  it("points to the help, which lists the commands, when none is near", async () => {
    expect(await refusal("frobnicate")).toBe("snaplab: Unknown argument: frobnicate (see snaplab --help)\n");
  });

  it("says to name a command when there is none", async () => {
    expect(await refusal()).toBe("snaplab: name a command, e.g. snaplab explore spec/scenarios/two-node.json (see snaplab --help)\n");
  });
});

describe("a command given too little, or too much", () => {
  it("says what is missing, with the command's usage and help", async () => {
    expect(await refusal("explore")).toBe(
      "snaplab: Not enough non-option arguments: got 0, need at least 1 (usage: snaplab explore <scenario>; see snaplab explore --help)\n",
    );
    expect(await refusal("cos418", "top.json")).toBe(
      "snaplab: Not enough non-option arguments: got 1, need at least 2 (usage: snaplab cos418 <top> <events>; see snaplab cos418 --help)\n",
    );
    // A command's own commands have usages and help of their own (it was the usage and help of classroom).
    expect(await refusal("classroom", "points")).toBe(
      "snaplab: Not enough non-option arguments: got 0, need at least 1 (usage: snaplab classroom points <report>; see snaplab classroom points --help)\n",
    );
    expect(await refusal("classroom")).toBe("snaplab: name one: snaplab classroom gradescope, github, autograde or points (see snaplab classroom --help)\n");
  });

  it("points an unknown argument to the command's own help", async () => {
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--bogus")).toBe(
      "snaplab: Unknown argument: bogus (usage: snaplab explore <scenario>; see snaplab explore --help)\n",
    );
    expect(await refusal("explore", "spec/scenarios/two-node.json", "extra")).toBe(
      "snaplab: Unknown argument: extra (usage: snaplab explore <scenario>; see snaplab explore --help)\n",
    );
    // An option with dashes, named as typed, once (yargs also listed it camel-cased); two of them, both.
    expect(await refusal("classroom", "github", "--hide-until-due")).toBe("snaplab: Unknown argument: hide-until-due (see snaplab classroom github --help)\n");
    expect(await refusal("grade", "solutions", "--bogus-one", "--bogus-two")).toBe(
      "snaplab: Unknown arguments: bogus-one, bogus-two (usage: snaplab grade [folders..]; see snaplab grade --help)\n",
    );
    // The autograder's root is an option: a folder typed after the command points to its help, which says so.
    expect(await refusal("classroom", "autograde", "/tmp/root")).toBe("snaplab: Unknown argument: /tmp/root (see snaplab classroom autograde --help)\n");
  });
});

describe("an option a command once took", () => {
  const usage = (command: string) => `(usage: snaplab ${command}; see snaplab ${command.split(" ")[0]} --help)`;

  it("says what replaced it: hint's --dir is the folder named after the number", async () => {
    for (const dir of [["--dir", "solutions"], ["--dir=solutions"]]) {
      expect(await refusal("hint", "1", ...dir)).toBe(
        `snaplab: --dir: name the folder after the number instead, e.g. snaplab hint 1 solutions ${usage("hint <number> [folder]")}\n`,
      );
    }
    expect(await refusal("hint", "--dir", "solutions", "1")).toBe(
      `snaplab: --dir: name the folder after the number instead, e.g. snaplab hint 1 solutions ${usage("hint <number> [folder]")}\n`,
    );
  });

  it("says what replaced it: cos418's --out, which saved the scenario besides the report, is --save-scenario", async () => {
    expect(await refusal("cos418", "spec/cos418/two-nodes.top", "spec/cos418/two-nodes.events", "--out", "two-nodes.json")).toBe(
      `snaplab: --out: write --save-scenario FILE instead, which saves the converted scenario as --out did ${usage("cos418 <top> <events>")}\n`,
    );
  });

  it("names the unknown options beside it, and is unknown as any other in a command that never took it", async () => {
    expect(await refusal("hint", "1", "--dir", "solutions", "--bogus")).toBe(
      `snaplab: Unknown argument: bogus; --dir: name the folder after the number instead, e.g. snaplab hint 1 solutions ${usage("hint <number> [folder]")}\n`,
    );
    expect(await refusal("list", "--json")).toBe(`snaplab: Unknown argument: json ${usage("list [folder]")}\n`);
    // A key every object has is no option replaced.
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--constructor")).toBe(
      `snaplab: Unknown argument: constructor ${usage("explore <scenario>")}\n`,
    );
  });

  it("--format of explore, live and check-logs takes text (the default) or json, as grade's takes its four", async () => {
    const explore = (...format: string[]) => runCli("explore", "spec/scenarios/two-node.json", "--no-fifo", ...format);
    for (const text of [await explore(), await explore("--format", "text")]) {
      expect(text.stdout).toMatch(/^two-node: chandy-lamport, non-FIFO channels\n {2}states {7}127\n/);
    }
    const json = JSON.parse((await explore("--format", "json")).stdout);
    expect(json).toMatchObject({ scenario: "two-node", fifo: false });
    // --json, which scripts reading the figures pass, is --format json.
    const { elapsedMs, ...figures } = json;
    expect(JSON.parse((await explore("--json")).stdout)).toEqual({ ...figures, elapsedMs: expect.any(Number) });
    for (const [typed, ...args] of [
      ["explore <scenario>", "explore", "spec/scenarios/two-node.json"],
      ["live <scenario>", "live", "spec/scenarios/bank.json"],
      ["check-logs <logs..>", "check-logs", "--cluster", "cluster.json", "P0.events.jsonl"],
    ]) {
      expect(await refusal(...args, "--format", "junit")).toBe(`snaplab: Invalid values: --format "junit": must be one of "text", "json" ${usage(typed!)}\n`);
    }
  });
});

describe("an option's value, given where none is taken or missing where one is needed", () => {
  // yargs read --fifo=maybe as --no-fifo and --fingerprint=1 as no fingerprints, and a value-less --max-states as unset (the default applied).
  it("refuses a value given to a switch, true and false too: --fifo or --no-fifo", async () => {
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--fifo=maybe")).toBe("snaplab: --fifo is a switch and takes no value\n");
    expect(await refusal("grade", "solutions", "--watch=1")).toBe("snaplab: --watch is a switch and takes no value\n");
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--no-fifo", "--fingerprint=true")).toBe(
      "snaplab: --fingerprint is a switch and takes no value\n",
    );
    const { status, stdout } = await runCli("explore", "spec/scenarios/two-node.json", "--no-fifo", "--format", "json");
    expect(status).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ fifo: false });
  });

  it("refuses a value given to --no-fifo as to --fifo, and the two together", async () => {
    // yargs read --no-fifo=x as an option of its own: "Unknown arguments: no-fifo, noFifo".
    for (const given of ["--no-fifo=x", "--no-fifo=false", "--no-fifo="]) {
      expect(await refusal("explore", "spec/scenarios/two-node.json", given)).toBe("snaplab: --no-fifo is a switch and takes no value\n");
    }
    expect(await refusal("promela", "spec/scenarios/two-node.json", "--no-fifo=1")).toBe("snaplab: --no-fifo is a switch and takes no value\n");
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--fifo", "--no-fifo")).toBe(
      "snaplab: --no-fifo and --fifo cannot be given together: choose one (usage: snaplab explore <scenario>; see snaplab explore --help)\n",
    );
    const fifo = async (...given: string[]) => JSON.parse((await runCli("explore", "spec/scenarios/two-node.json", "--format", "json", ...given)).stdout).fifo;
    expect([await fifo(), await fifo("--fifo"), await fifo("--no-fifo")]).toEqual([true, true, false]);
  });

  it("refuses an option that takes a value given none, at the end of the line or before another option", async () => {
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--max-states")).toBe("snaplab: --max-states needs a value\n");
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--search", "--format", "json")).toBe("snaplab: --search needs a value\n");
    expect(await refusal("grade", "solutions", "--format")).toBe("snaplab: --format needs a value\n");
    expect(await refusal("grade", "solutions", "--time-limit")).toBe("snaplab: --time-limit needs a value\n");
    // An option with a default: yargs took the default.
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--max-memory")).toBe("snaplab: --max-memory needs a value\n");
    // Empty: --svg= wrote the pictures to hidden files named .conservation, .reachable and so on.
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--no-fifo", "--svg=")).toBe("snaplab: --svg needs a value\n");
    expect(await refusal("grade", "solutions", "--out", "")).toBe("snaplab: --out needs a value\n");
    expect(await refusal("live", "spec/scenarios/bank.json", "--transfers", "-5")).toBe("snaplab: --transfers -5: must be an integer of at least 0\n");
  });

  it("refuses an option that takes a list given none, at the end of the line, before another option or empty", async () => {
    // yargs took a value-less --kill for an empty list: the whole live run ran, and exit 0.
    for (const kill of [["--kill"], ["--kill", "--format", "json"], ["--kill="], ["--kill", ""]]) {
      expect(await refusal("live", "spec/scenarios/two-node.json", ...kill)).toBe("snaplab: --kill needs a value\n");
    }
    const cos418 = ["cos418", "spec/cos418/two-nodes.top", "spec/cos418/two-nodes.events"];
    for (const expected of [["--expect"], ["--expect", "--out", "x.json"], ["--expect="]]) {
      expect(await refusal(...cos418, ...expected)).toBe("snaplab: --expect needs a value\n");
    }
    // --only names the exercises, in every command that takes it.
    for (const command of [
      ["grade"],
      ["list"],
      ["classroom", "gradescope"],
      ["classroom", "github"],
      ["classroom", "autograde"],
      ["classroom", "points", "r.json"],
    ]) {
      expect(await refusal(...command, "--only")).toBe("snaplab: --only: name the exercises to grade, e.g. --only 1,3 (the exercises are 1 to 6)\n");
    }
  });
});

describe("a TMPDIR no folder can be made in", () => {
  it("is refused before any work, in one line, by each command that needs one (it was a stack trace, or the grader's own fault)", async () => {
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = "/nonexistent-snaplab-tmp";
    try {
      for (const args of [
        ["grade", "solutions", "--only", "4"],
        ["list", "solutions"],
        ["explore", "spec/scenarios/two-node.json", "--rules", "solutions/01-record-and-forward/rules.ts"],
        ["live", "spec/scenarios/bank.json"],
      ]) {
        expect(await refusal(...args)).toBe(
          "snaplab: cannot make a folder in the temporary folder /nonexistent-snaplab-tmp (ENOENT): set TMPDIR to a folder you can write to\n",
        );
      }
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });
});

describe("a bad choice value", () => {
  it("is one line naming the option, the value and the choices", async () => {
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--search", "xyz")).toBe(
      'snaplab: Invalid values: --search "xyz": must be one of "bfs", "dfs", "random" (usage: snaplab explore <scenario>; see snaplab explore --help)\n',
    );
    expect(await refusal("grade", "--format", "pdf")).toBe(
      'snaplab: Invalid values: --format "pdf": must be one of "text", "json", "gradescope", "junit" (usage: snaplab grade [folders..]; see snaplab grade --help)\n',
    );
  });
});

describe("a number out of range", () => {
  it("is told in one wording by every command, naming the option and what was typed (integer-option.ts)", async () => {
    // explore and grade said "--max-states must be a positive integer", live "--transfers 1.5: must be an integer of at least 0".
    const refused: [string[], string][] = [
      [["explore", "spec/scenarios/two-node.json", "--max-states", "0"], "--max-states 0: must be an integer of at least 1"],
      [["explore", "spec/scenarios/two-node.json", "--search", "random", "--max-steps", "1.5"], "--max-steps 1.5: must be an integer of at least 1"],
      [["grade", "solutions", "--jobs", "0"], "--jobs 0: must be an integer of at least 1"],
      [["grade", "solutions", "--max-states", "1.5"], "--max-states 1.5: must be an integer of at least 1"],
      [["grade", "solutions", "--memory-limit", "lots"], "--memory-limit lots: must be an integer of at least 1 (MB)"],
      [["live", "spec/scenarios/bank.json", "--transfers", "1.5"], "--transfers 1.5: must be an integer of at least 0"],
      [["live", "spec/scenarios/bank.json", "--rate", "fast"], "--rate fast: must be an integer of at least 0"],
      [["ui", "--port", "70000"], "--port 70000: at most 65,535 (the highest TCP port)"],
      [["ui", "--port", "-1"], "--port -1: must be an integer of at least 0"],
    ];
    for (const [args, line] of refused) expect(await refusal(...args)).toBe(`snaplab: ${line}\n`);
  });

  it("and so does grade's check of options given together", async () => {
    expect(await refusal("grade", "solutions", "exercises", "--format", "gradescope")).toBe(
      "snaplab: --format gradescope grades one folder at a time (see snaplab grade --help)\n",
    );
  });
});

describe("a length of time", () => {
  it("is refused without its unit, or out of its bounds, in one line naming the option and the value (grade took milliseconds here, seconds there)", async () => {
    expect(await refusal("grade", "solutions", "--time-limit", "3")).toBe("snaplab: --time-limit 3: give a unit, as in 3ms or 3s\n");
    expect(await refusal("grade", "solutions", "--grade-time-limit", "600000")).toBe(
      "snaplab: --grade-time-limit 600000: give a unit, as in 600000ms or 600000s\n",
    );
    expect(await refusal("grade", "solutions", "--time-limit", "abc")).toBe(
      "snaplab: --time-limit abc: write a length of time with its unit, as in 300ms, 2.5s or 5min\n",
    );
    expect(await refusal("grade", "solutions", "--time-limit", "0")).toBe("snaplab: --time-limit 0: must be at least 1ms\n");
    expect(await refusal("node", "--id", "P0", "--cluster", "cluster.json", "--wait", "30")).toBe("snaplab: --wait 30: give a unit, as in 30ms or 30s\n");
    expect(await refusal("grade", "solutions", "--grade-time-limit", "0s")).toBe("snaplab: --grade-time-limit 0s: must be at least 1s\n");
    expect(await refusal("live", "spec/scenarios/bank.json", "--timeout", "99999min")).toBe(
      "snaplab: --timeout 99999min: at most 34560min (24 days, about the longest a timer can wait)\n",
    );
  });
});

describe("exercise numbers", () => {
  it("hint refuses a word and a number that is no exercise, naming the valid ones", async () => {
    expect(await refusal("hint", "abc")).toBe("snaplab: hint abc: not an exercise number (the exercises are 1 to 6)\n");
    expect(await refusal("hint", "7")).toBe("snaplab: hint 7: there is no exercise 7 (the exercises are 1 to 6)\n");
  });

  it("hint takes a folder named like a number as the word typed, not as a number", async () => {
    for (const dir of ["2024", "1e3", "0x10"]) {
      expect(await refusal("hint", "2", dir)).toBe(`snaplab: ${dir}/02-channel-recording/HINT.md: no such file (is ${dir} the exercises folder?)\n`);
    }
  });

  it("grade --only refuses an exercise that does not exist, and an empty list", async () => {
    expect(await refusal("grade", "--only", "7")).toBe("snaplab: --only 7: there is no exercise 7 (the exercises are 1 to 6)\n");
    expect(await refusal("grade", "--only", "2,7")).toBe("snaplab: --only 7: there is no exercise 7 (the exercises are 1 to 6)\n");
    expect(await refusal("grade", "--only")).toBe("snaplab: --only: name the exercises to grade, e.g. --only 1,3 (the exercises are 1 to 6)\n");
  });

  it("grade --only cannot take a folder for an exercise: it says to put folders first", async () => {
    expect(await refusal("grade", "--only", "1", "3", "solutions")).toBe(
      "snaplab: --only solutions: not an exercise number (the exercises are 1 to 6); name folders before --only, e.g. snaplab grade exercises --only 1,3\n",
    );
  });
});

describe("a folder or file that is not what the command needs", () => {
  it("list of a missing folder, or of a file", async () => {
    expect(await refusal("list", "no/such/folder")).toBe("snaplab: no/such/folder: no such folder (name a folder laid out like exercises/)\n");
    expect(await refusal("list", "package.json")).toBe("snaplab: package.json: not a folder (name a folder laid out like exercises/)\n");
  });

  it("grade of a file, or of a path through one: not a folder, or no such folder", async () => {
    expect(await refusal("grade", "package.json")).toBe("snaplab: package.json: not a folder (name a folder laid out like exercises/)\n");
    expect(await refusal("grade", "package.json/x")).toBe("snaplab: package.json/x: no such folder (name a folder laid out like exercises/)\n");
  });

  it("a folder given where a scenario or a trace goes", async () => {
    expect(await refusal("explore", "spec")).toBe("snaplab: spec: cannot read the scenario (it is a folder, not a scenario file)\n");
    expect(await refusal("replay", "spec")).toBe("snaplab: spec: cannot read the trace (it is a folder, not a trace file)\n");
  });

  it("replay of a scenario: this is a scenario, not a trace", async () => {
    const notATrace = "this is a scenario, not a trace (check it with snaplab explore; replay takes a file saved by explore --save-trace)\n";
    expect(await refusal("replay", "spec/scenarios/two-node.json")).toBe(`snaplab: spec/scenarios/two-node.json: ${notATrace}`);
    expect(await refusal("replay", "spec/scenarios/case-studies/dataflow-aligned.json")).toBe(
      `snaplab: spec/scenarios/case-studies/dataflow-aligned.json: ${notATrace}`,
    );
    const file = dataflowWithoutModel();
    expect(await refusal("replay", file)).toBe(`snaplab: ${file}: ${notATrace}`);
  });

  it("promela of a dataflow scenario says which models it writes, even when the scenario does not name its model", async () => {
    const aligned = "spec/scenarios/case-studies/dataflow-aligned.json";
    expect(await refusal("promela", aligned)).toBe(`snaplab: ${aligned}: model: snaplab promela writes bank scenarios only, not dataflow\n`);
    const file = dataflowWithoutModel();
    expect(await refusal("promela", file)).toBe(`snaplab: ${file}: model: snaplab promela writes bank scenarios only, not dataflow\n`);
  });

  it("explore of a scenario missing its model field names the model its fields belong to", async () => {
    const file = dataflowWithoutModel();
    expect(await refusal("explore", file)).toBe(
      `snaplab: ${file}: model: missing: this is a dataflow scenario by its fields; add "model": "dataflow" (without one, a scenario is read as a bank scenario)\n`,
    );
  });
});

describe("a file asked for where it cannot be written", () => {
  // Checked before the work starts: a live run, or a search of minutes, once ended in a Node stack trace at its very end.
  it("explore's pictures, log and trace: a missing folder, or a folder given for the file", async () => {
    const dir = tempDir("unwritable");
    const missing = join(dir, "no", "such", "x.svg");
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--no-fifo", "--svg", missing)).toBe(
      `snaplab: ${missing}: cannot write the picture, there is no folder ${join(dir, "no", "such")}\n`,
    );
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--no-fifo", "--save-trace", dir)).toBe(
      `snaplab: ${dir}: cannot write the trace, it is a folder (--save-trace names a file)\n`,
    );
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--no-fifo", "--shiviz", join(dir, "no", "s.log"))).toMatch(
      /cannot write the log, there is no folder/,
    );
  });

  it("explore's and promela's outputs over the scenario read, or the rules, and two outputs naming one file, however spelled: each left as it was", async () => {
    const dir = tempDir("apart");
    const scenario = join(dir, "inp.json");
    const text = readFileSync("spec/scenarios/disconnected.json", "utf8");
    writeFileSync(scenario, text);
    const spelt = join(dir, ".", "inp.json");
    expect(await refusal("explore", scenario, "--save-trace", spelt)).toBe(
      `snaplab: ${spelt}: cannot write the trace, it is the scenario read (--save-trace names another file)\n`,
    );
    expect(await refusal("promela", scenario, "--out", scenario)).toBe(
      `snaplab: ${scenario}: cannot write the model, it is the scenario read (--out names another file)\n`,
    );
    const rules = join(dir, "rules.ts");
    writeFileSync(rules, "export {};\n");
    expect(await refusal("explore", scenario, "--rules", rules, "--mermaid", rules)).toBe(
      `snaplab: ${rules}: cannot write the picture, it is the rules file read (--mermaid names another file)\n`,
    );
    const same = join(dir, "same.out");
    expect(await refusal("explore", scenario, "--svg", same, "--save-trace", same, "--mermaid", same)).toBe(
      `snaplab: ${same}: cannot write the picture, --svg ${same} and --mermaid name the same file (give each a file of its own)\n`,
    );
    expect(readFileSync(scenario, "utf8")).toBe(text);
    expect(readFileSync(rules, "utf8")).toBe("export {};\n");
    expect(readdirSync(dir).sort()).toEqual(["inp.json", "rules.ts"]);
  });

  it("explore's file for one of several counterexamples, found only after the search: none of them written", async () => {
    const dir = tempDir("per-property");
    symlinkSync("elsewhere.svg", join(dir, "o.channel-state.svg"));
    const svg = join(dir, "o.svg");
    // The report is printed, as the search found it; the one line refusing the files follows.
    const { status, stdout, stderr } = await runCli("explore", "spec/scenarios/two-node.json", "--no-fifo", "--svg", svg);
    expect({ status, stderr: withoutProgress(stderr) }).toEqual({
      status: 2,
      stderr: `snaplab: ${join(dir, "o.channel-state.svg")}: cannot write the picture, it is a symbolic link (--svg names a regular file or a new one)\n`,
    });
    expect(stdout).toMatch(/^two-node: [\s\S]*channel-state {5}VIOLATED\n/);
    expect(readdirSync(dir)).toEqual(["o.channel-state.svg"]);
  });

  it("a live run's log and trace, before any process starts", async () => {
    const dir = tempDir("unwritable-live");
    const missing = join(dir, "no", "run.log");
    expect(await refusal("live", "spec/scenarios/bank.json", "--shiviz", missing)).toBe(
      `snaplab: ${missing}: cannot write the log, there is no folder ${join(dir, "no")}\n`,
    );
    expect(await refusal("live", "spec/scenarios/bank.json", "--save-trace", dir)).toBe(
      `snaplab: ${dir}: cannot write the trace, it is a folder (--save-trace names a file)\n`,
    );
  });

  it("a live run's log and trace over a file the run reads, or both naming one file: each left as it was, before any process starts", async () => {
    const dir = tempDir("live-inputs");
    const scenario = join(dir, "bank.json");
    const text = readFileSync("spec/scenarios/bank.json", "utf8");
    writeFileSync(scenario, text);
    const rules = join(dir, "rules.ts");
    writeFileSync(rules, "export {};\n");
    expect(await refusal("live", scenario, "--shiviz", join(dir, ".", "bank.json"))).toBe(
      `snaplab: ${join(dir, ".", "bank.json")}: cannot write the log, it is the scenario read (--shiviz names another file)\n`,
    );
    expect(await refusal("live", scenario, "--rules", rules, "--save-trace", rules)).toBe(
      `snaplab: ${rules}: cannot write the trace, it is the rules file read (--save-trace names another file)\n`,
    );
    // With --logs, the cluster file and each process's log the run keeps there, which its check reads back.
    const kept = join(dir, "kept");
    mkdirSync(kept);
    expect(await refusal("live", scenario, "--logs", kept, "--shiviz", join(kept, "B.events.jsonl"))).toBe(
      `snaplab: ${join(kept, "B.events.jsonl")}: cannot write the log, it is an event log read (--shiviz names another file)\n`,
    );
    expect(await refusal("live", scenario, "--logs", kept, "--save-trace", join(kept, "cluster.json"))).toBe(
      `snaplab: ${join(kept, "cluster.json")}: cannot write the trace, it is the cluster file read (--save-trace names another file)\n`,
    );
    const same = join(dir, "same.out");
    expect(await refusal("live", scenario, "--shiviz", same, "--save-trace", same)).toBe(
      `snaplab: ${same}: cannot write the trace, --shiviz ${same} and --save-trace name the same file (give each a file of its own)\n`,
    );
    expect(readFileSync(scenario, "utf8")).toBe(text);
    expect(readFileSync(rules, "utf8")).toBe("export {};\n");
    expect(readdirSync(dir).sort()).toEqual(["bank.json", "kept", "rules.ts"]);
    expect(readdirSync(kept)).toEqual([]);
  });
});

describe("asking for pictures when every property holds", () => {
  it("says on stderr that nothing was written, and why; the exit status stays 0", async () => {
    const dir = tempDir("no-pictures");
    const files = ["d.svg", "m.md", "s.log", "t.json"].map((f) => join(dir, f));
    const run = await runCli(
      "explore",
      "spec/scenarios/two-node.json",
      "--svg",
      files[0]!,
      "--mermaid",
      files[1]!,
      "--shiviz",
      files[2]!,
      "--save-trace",
      files[3]!,
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^ {2}conservation +holds$/m);
    expect(withoutProgress(run.stderr)).toBe(
      "snaplab: every property holds, so there is no counterexample for --svg, --mermaid, --shiviz, --save-trace: nothing written\n",
    );
    for (const file of files) expect(existsSync(file), file).toBe(false);
  });
});

describe("the limit of a run", () => {
  it("suggests partial-order reduction where it applies, and not where it does not", async () => {
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--max-states", "10")).toBe(
      "snaplab: stopped after 10 states (--max-states); raise --max-states, try --reduction por (same verdicts, far fewer states), shrink the scenario, or try --search random (random walks: no proof, but they reach further)\n",
    );
    expect(await refusal("explore", "spec/scenarios/two-node.json", "--max-states", "10", "--reduction", "por")).toBe(
      "snaplab: stopped after 10 states (--max-states); raise --max-states, shrink the scenario, or try --search random (random walks: no proof, but they reach further)\n",
    );
    expect(await refusal("explore", "spec/scenarios/case-studies/dataflow-aligned.json", "--max-states", "10")).toBe(
      "snaplab: stopped after 10 states (--max-states); raise --max-states, shrink the scenario, or try --search random (random walks: no proof, but they reach further)\n",
    );
  });

  it("on a terminal, clears the progress line before its message", async () => {
    // A child's stderr is a pipe, not a terminal, so this runs in-process with stderr taken for one.
    const wasTTY = process.stderr.isTTY;
    const every = process.env.SNAPLAB_PROGRESS_EVERY_MS;
    process.stderr.isTTY = true;
    process.env.SNAPLAB_PROGRESS_EVERY_MS = "0"; // progress at every chance, however fast the machine
    try {
      const { status, stderr } = await runCli("explore", "spec/scenarios/bank.json", "--max-states", "2000");
      expect(status).toBe(2);
      expect(stderr.startsWith("\rexploring: ")).toBe(true);
      expect(stderr).toContain(" MB\x1b[K");
      expect(
        stderr.endsWith(
          "\r\x1b[Ksnaplab: stopped after 2,000 states (--max-states); raise --max-states, try --reduction por (same verdicts, far fewer states), shrink the scenario, or try --search random (random walks: no proof, but they reach further)\n",
        ),
      ).toBe(true);
    } finally {
      process.stderr.isTTY = wasTTY;
      if (every === undefined) delete process.env.SNAPLAB_PROGRESS_EVERY_MS;
      else process.env.SNAPLAB_PROGRESS_EVERY_MS = every;
    }
  });
});

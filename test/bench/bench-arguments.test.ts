// `npm run bench -- ...` is read by yargs as snaplab's command line is: the tables by name, a count
// as every integer option is read, and a mistake in one line (bench/run.ts prints it and exits 2).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { benchArguments, benchTables, liveBenchArguments } from "../../bench/bench-arguments.js";

/** The line a mistake on the bench's command line (or, with `read`, the live bench's) is refused with. */
function refusal(...argv: string[]): string {
  return refusedBy(benchArguments, argv);
}

function refusedBy(read: (argv: readonly string[]) => unknown, argv: readonly string[]): string {
  try {
    read(argv);
  } catch (error) {
    expect((error as Error).name).toBe("BenchMistake");
    return (error as Error).message;
  }
  throw new Error(`not refused: ${argv.join(" ")}`);
}

const tables = benchTables.map((name) => `"${name}"`).join(", ");

describe("the bench's command line", () => {
  it("should run every table, the best of 3 runs, when given nothing", () => {
    expect(benchArguments([])).toEqual({ quick: false, runs: 3 });
  });

  it("should take --quick (one run, unless --runs says otherwise), --runs and --only as the performance guide gives them", () => {
    expect(benchArguments(["--quick"])).toEqual({ quick: true, runs: 1 });
    expect(benchArguments(["--quick", "--runs", "2"])).toEqual({ quick: true, runs: 2 });
    expect(benchArguments(["--only", "grading-bound"])).toEqual({ quick: false, runs: 3, only: ["grading-bound"] });
    expect(benchArguments(["--only", "grading,spin", "--only", "modes", "--runs", "5"])).toEqual({ quick: false, runs: 5, only: ["grading", "spin", "modes"] });
  });

  it("should refuse an unknown option or table, and a count that is not one, in one line", () => {
    // Before, `--only nope` ran no table and `--runs two` three runs, saying nothing; `--quik` ran every table.
    expect(refusal("--only", "nope")).toBe(`Invalid values: --only "nope": must be one of ${tables} (see npm run bench -- --help)`);
    expect(refusal("--only", "grading,nope")).toBe(`Invalid values: --only "nope": must be one of ${tables} (see npm run bench -- --help)`);
    expect(refusal("--quik")).toBe("Unknown argument: quik (see npm run bench -- --help)");
    expect(refusal("--runs", "two")).toBe("--runs two: must be an integer of at least 1");
    expect(refusal("--runs", "0")).toBe("--runs 0: must be an integer of at least 1");
    expect(refusal("--only")).toBe("--only needs a value");
    expect(refusal("--quick=yes")).toBe("--quick is a switch and takes no value");
  });

  it("should offer --only exactly the tables bench/run.ts makes", () => {
    const made = [...readFileSync("bench/run.ts", "utf8").matchAll(/tables\.add\(\s*"([\w-]+)"/g)].map((m) => m[1]);
    expect([...benchTables]).toEqual(made);
  });

  it("should read the live bench's --quick and --runs the same way, and refuse what it does not take", () => {
    // Before, bench:live took any word (`--runs two` ran five runs, `--only` nothing) without a word.
    expect(liveBenchArguments([])).toEqual({ quick: false, runs: 5 });
    expect(liveBenchArguments(["--quick"])).toEqual({ quick: true, runs: 1 });
    expect(liveBenchArguments(["--runs", "2"])).toEqual({ quick: false, runs: 2 });
    expect(refusedBy(liveBenchArguments, ["--runs", "two"])).toBe("--runs two: must be an integer of at least 1");
    expect(refusedBy(liveBenchArguments, ["--only", "live"])).toBe("Unknown argument: only (see npm run bench:live -- --help)");
  });
});

// The stubs a starter hands out: their sums are those of the files in exercises/ that learners fill
// in, and a file that is not its stub, or is missing, is refused in one line naming it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkStubs } from "../../src/classroom/stubs.js";
import { checkoutSum } from "../../src/files/checkout-sum.js";
import { SnaplabError } from "../../src/errors/snaplab-error.js";
import { chosenExercises, exercises } from "../../src/grade/exercises/catalogue.js";
import { stubSums } from "../../src/grade/exercises/stubs.js";

const stubPaths = [...new Set(exercises.map((e) => `exercises/${e.file}`))];
const checkoutFile = (path: string, from = path) => ({ path, data: readFileSync(from) });

/** What checkStubs refuses `files` with: its error's code and message, or undefined if it takes them. */
function refusal(only: readonly number[] | undefined, files: { path: string; data: Uint8Array }[]): [string, string] | undefined {
  try {
    checkStubs(chosenExercises(only), files);
    return undefined;
  } catch (error) {
    if (!(error instanceof SnaplabError)) throw error;
    return [error.code, error.message];
  }
}

describe("the stubs' sums", () => {
  it("should be those of the files learners fill in, as exercises/ has them (a stub changed needs its new sum in stubs.ts)", () => {
    const sums = stubPaths.map((path) => [path, checkoutSum(readFileSync(path))]);
    expect(Object.fromEntries(sums)).toEqual(stubSums);
  });
});

describe("the check of the files a starter hands out", () => {
  it("should take the stubs, and READMEs and hints as they are", () => {
    const readme = { path: "exercises/03-completion/README.md", data: new TextEncoder().encode("# Completion, as this class has it\n") };
    expect(refusal(undefined, [...stubPaths.map((path) => checkoutFile(path)), readme])).toBeUndefined();
  });

  it("should take the stubs checked out with CRLF line endings (git's autocrlf on Windows) as the stubs", () => {
    const withCrlf = (from: string) => new TextEncoder().encode(readFileSync(from, "utf8").replaceAll("\n", "\r\n"));
    const stubs = stubPaths.map((path) => ({ path, data: withCrlf(path) }));
    expect(refusal(undefined, stubs)).toBeUndefined();
    // Only the line endings are let go: a file filled in is refused with CRLF as with LF.
    const filledIn = { path: "exercises/03-completion/completion.ts", data: withCrlf("solutions/03-completion/completion.ts") };
    expect(refusal([3], [filledIn])?.[0]).toBe("NOT_A_STUB");
  });

  it("should refuse a file filled in, naming it", () => {
    const files = [
      checkoutFile("exercises/01-record-and-forward/rules.ts"),
      checkoutFile("exercises/03-completion/completion.ts", "solutions/03-completion/completion.ts"),
    ];
    expect(refusal([1, 3], files)).toEqual([
      "NOT_A_STUB",
      "exercises/03-completion/completion.ts is not snaplab's stub (someone's work in it?): classroom github hands out the stubs, so put it back as snaplab's repository has it (e.g. git checkout -- exercises/03-completion/completion.ts) and run it again",
    ]);
    // Not chosen, not handed out: not checked.
    expect(refusal([1], files.slice(0, 1))).toBeUndefined();
  });

  it("should refuse a starter without the file an exercise is answered in: exercise 2's is exercise 1's rules.ts", () => {
    expect(refusal([2], [checkoutFile("exercises/02-channel-recording/README.md")])?.[1]).toMatch(/^exercises\/01-record-and-forward\/rules\.ts is missing: /);
  });
});

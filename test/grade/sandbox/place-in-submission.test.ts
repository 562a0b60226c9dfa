// Where a rule threw, read back from the stack's places in the bundle through the bundle's source map:
// the innermost place in the submission's own files, never the kit's, never a place the map does not cover.
import { describe, expect, it } from "vitest";
import { placeInSubmission } from "../../../src/grade/sandbox/place-in-submission.js";

// Bundle lines 2-4 come from rules.ts lines 1-3 (line 3 from column 2); line 7 from the kit's entry (named "").
const sourceMap = JSON.stringify({
  version: 3,
  sources: ["01-record-and-forward/rules.ts", ""],
  mappings: ";AAAO,SAAS,IAAU;AACxB,QAAM,IAAI,MAAM,GAAG;AACrB;;;ACFuB,EAAE;",
  names: [],
});

describe("the place in the submission a call threw from", () => {
  it("should name the innermost place in the submission's files, as file:line:column from 1", () => {
    expect(placeInSubmission(sourceMap, [[3, 3]])).toBe("01-record-and-forward/rules.ts:2:3");
    expect(
      placeInSubmission(sourceMap, [
        [3, 9],
        [2, 1],
      ]),
    ).toBe("01-record-and-forward/rules.ts:2:9");
  });

  it("should pass over the kit's own code and lines the map does not cover", () => {
    // Line 7 is the kit's; line 5 has no mapping of its own (the nearest one before it is on line 4).
    expect(
      placeInSubmission(sourceMap, [
        [7, 1],
        [5, 1],
        [3, 3],
      ]),
    ).toBe("01-record-and-forward/rules.ts:2:3");
    expect(
      placeInSubmission(sourceMap, [
        [7, 1],
        [5, 1],
        [1000, 1],
      ]),
    ).toBeUndefined();
    expect(placeInSubmission(sourceMap, [])).toBeUndefined();
  });
});

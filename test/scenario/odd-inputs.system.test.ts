/** An input that used to break snaplab (issue 11), given to the real binary: refused before any search starts. */
import { describe, expect, it } from "vitest";
import { snaplab, tempFile } from "../support/cli.js";

const processes = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`P${i}`, 1]));

describe("snaplab on odd inputs", () => {
  it("refuses 10^5 sends in one line, exit 2, from the real binary", () => {
    const file = tempFile("odd.json", {
      processes: processes(2),
      programs: { P0: Array.from({ length: 100_000 }, () => ({ to: "P1", amount: 1 })) },
      initiators: ["P0"],
    });
    const { status, stdout, stderr } = snaplab("explore", file, "--max-states", "1000");
    expect({ status, stdout, stderr }).toEqual({ status: 2, stdout: "", stderr: `snaplab: ${file}: programs: at most 100 sends in all, got 100,000\n` });
  });
});

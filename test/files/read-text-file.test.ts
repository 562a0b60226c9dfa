import { describe, expect, it } from "vitest";
import { readTextFile } from "../../src/files/read-text-file.js";

const explain = (reason: string): never => {
  throw new Error(reason);
};

describe("readTextFile", () => {
  it("reads a file's text", () => {
    expect(readTextFile("spec/scenarios/two-node.json", explain)).toContain('"two-node"');
  });

  it("says 'no such file' for a missing file", () => {
    expect(() => readTextFile("spec/scenarios/nowhere.json", explain)).toThrow(/^no such file$/);
  });

  it("says 'it is a folder' for a folder, not the system's EISDIR", () => {
    expect(() => readTextFile("spec/scenarios", explain)).toThrow(/^it is a folder, not a file$/);
  });

  it("passes on the system's reason for anything else, such as a path through a file", () => {
    expect(() => readTextFile("package.json/x", explain)).toThrow(/ENOTDIR/);
  });
});

import { readFileSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../support/temp-dir.js";
import { afterEach, describe, expect, it } from "vitest";
import { withProperty, writeCounterexampleFiles } from "../../src/cli/counterexample-files.js";
import { wantsColor } from "../../src/cli/wants-color.js";
import { checked } from "../support/counterexamples.js";
import { bankModel } from "../../src/models/bank/bank-model.js";

describe("withProperty", () => {
  it("should put the property before the extension, or at the end when there is none", () => {
    expect(withProperty("out/trace.json", "conservation")).toBe("out/trace.conservation.json");
    expect(withProperty("out.d/trace", "termination")).toBe("out.d/trace.termination");
    expect(withProperty(".hidden", "reachable")).toBe(".hidden.reachable");
  });
});

describe("writeCounterexampleFiles", () => {
  it("should write nothing when nothing was violated", () => {
    const dir = tempDir("files");
    expect(writeCounterexampleFiles(bankModel, checked("two-node"), { svg: join(dir, "d.svg"), saveTrace: join(dir, "t.json") })).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("should write the one counterexample under the name given", () => {
    const dir = tempDir("files");
    const files = { svg: join(dir, "d.svg"), mermaid: join(dir, "m.md"), shiviz: join(dir, "s.log"), saveTrace: join(dir, "t.json") };
    expect(writeCounterexampleFiles(bankModel, checked("disconnected"), files)).toEqual(Object.values(files));
    expect(readFileSync(files.shiviz, "utf8").split("\n")[0]).toBe(String.raw`(?<event>.*)\n(?<host>\S*) (?<clock>{.*})`);
  });

  it("should not write through a symbolic link where the file goes", () => {
    const dir = tempDir("files");
    writeFileSync(join(dir, "target.svg"), "kept\n");
    symlinkSync("target.svg", join(dir, "d.svg"));
    expect(() => writeCounterexampleFiles(bankModel, checked("disconnected"), { svg: join(dir, "d.svg") })).toThrow(
      `${join(dir, "d.svg")}: cannot write the picture, it is a symbolic link (--svg names a regular file or a new one)`,
    );
    expect(readlinkSync(join(dir, "d.svg"))).toBe("target.svg");
    expect(readFileSync(join(dir, "target.svg"), "utf8")).toBe("kept\n");
    expect(readdirSync(dir).sort()).toEqual(["d.svg", "target.svg"]);
  });

  it("should check every name of several counterexamples before writing any, so that a refusal writes none", () => {
    const dir = tempDir("files");
    const report = checked("two-node", false);
    expect(report.counterexamples.map((c) => c.property)).toEqual(["no-ghost-receive", "channel-state", "conservation", "reachable"]);
    symlinkSync("elsewhere.svg", join(dir, "o.channel-state.svg"));
    expect(() => writeCounterexampleFiles(bankModel, report, { svg: join(dir, "o.svg"), saveTrace: join(dir, "t.json") })).toThrow(
      `${join(dir, "o.channel-state.svg")}: cannot write the picture, it is a symbolic link (--svg names a regular file or a new one)`,
    );
    expect(readdirSync(dir)).toEqual(["o.channel-state.svg"]);
  });

  it("should refuse a name made for one counterexample that is the scenario read, writing none", () => {
    const dir = tempDir("files");
    const scenario = join(dir, "t.conservation.json");
    writeFileSync(scenario, "kept\n");
    expect(() =>
      writeCounterexampleFiles(bankModel, checked("two-node", false), { svg: join(dir, "o.svg"), saveTrace: join(dir, "t.json"), scenario }),
    ).toThrow(`${scenario}: cannot write the trace, it is the scenario read (--save-trace names another file)`);
    expect(readdirSync(dir)).toEqual(["t.conservation.json"]);
    expect(readFileSync(scenario, "utf8")).toBe("kept\n");
  });
});

describe("wantsColor", () => {
  const saved = process.env.NO_COLOR;
  afterEach(() => {
    if (saved === undefined) delete process.env.NO_COLOR;
    else process.env.NO_COLOR = saved;
  });

  it("should want colour only for a terminal, unless NO_COLOR is set", () => {
    delete process.env.NO_COLOR;
    expect(wantsColor({ isTTY: true })).toBe(true);
    expect(wantsColor({ isTTY: false })).toBe(false);
    expect(wantsColor({})).toBe(false);
    process.env.NO_COLOR = "1";
    expect(wantsColor({ isTTY: true })).toBe(false);
    process.env.NO_COLOR = "";
    expect(wantsColor({ isTTY: true })).toBe(true);
  });
});

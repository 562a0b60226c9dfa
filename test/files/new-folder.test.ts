/** The one way a command writes a folder of files (`classroom github --out`, `ui --out`): new or empty, refused in one line otherwise. */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeNewFolder } from "../../src/files/new-folder.js";
import { tempDir } from "../support/temp-dir.js";

const files = [
  { path: "index.html", data: new TextEncoder().encode("<p>page</p>") },
  { path: "bin/run", data: new TextEncoder().encode("#!/bin/sh\n"), executable: true },
];
const asked = (folder: string) => ({ folder, option: "--out", what: "the page" });

describe("writeNewFolder", () => {
  it("writes a new folder, and the folders inside it, a program to run executable", () => {
    const folder = join(tempDir("new-folder"), "site");
    writeNewFolder(asked(folder), files);
    expect(readFileSync(join(folder, "index.html"), "utf8")).toBe("<p>page</p>");
    expect(statSync(join(folder, "bin/run")).mode & 0o777).toBe(0o755);
    expect(statSync(join(folder, "index.html")).mode & 0o777).toBe(0o644);
  });

  it("writes into an empty folder", () => {
    const folder = tempDir("new-folder");
    writeNewFolder(asked(folder), files);
    expect(readdirSync(folder).sort()).toEqual(["bin", "index.html"]);
  });

  it("refuses a folder that is not empty, and leaves what is there as it was", () => {
    const folder = tempDir("new-folder");
    writeFileSync(join(folder, "index.html"), "mine");
    expect(() => writeNewFolder(asked(folder), files)).toThrow(
      expect.objectContaining({ code: "CANNOT_WRITE", message: `${folder}: is not empty (--out names a new or empty folder)` }),
    );
    expect(readdirSync(folder)).toEqual(["index.html"]);
    expect(readFileSync(join(folder, "index.html"), "utf8")).toBe("mine");
  });

  it("refuses a file, a folder whose parent is missing, and a path through a file, naming the folder", () => {
    const scratch = tempDir("new-folder");
    const file = join(scratch, "a-file");
    writeFileSync(file, "");
    mkdirSync(join(scratch, "there"));
    const refusal = (folder: string) => {
      try {
        writeNewFolder(asked(folder), files);
        return "written";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal(file)).toBe(`${file}: is a file (--out names a folder to write the page in)`);
    expect(refusal(join(scratch, "no", "site"))).toBe(`${join(scratch, "no", "site")}: there is no folder ${join(scratch, "no")}`);
    expect(refusal(join(file, "site"))).toBe(`${join(file, "site")}: there is no folder ${file}`);
    expect(readdirSync(scratch).sort()).toEqual(["a-file", "there"]);
  });
});

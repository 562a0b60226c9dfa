// api/ holds types only: compiled by esbuild (a process of its own), each of its files is empty.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";

const api = readdirSync("api", { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".ts"))
  .map((f) => join("api", f));

describe("api/, the learners' types", () => {
  it("should hold types only: compiled, each file is empty, so nothing of it runs", () => {
    expect(api.length).toBeGreaterThan(0);
    for (const file of api) expect(transformSync(readFileSync(file, "utf8"), { loader: "ts" }).code, file).toBe("");
  });
});

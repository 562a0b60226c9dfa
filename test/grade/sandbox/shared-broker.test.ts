// The sandboxes a grading thread starts share one broker thread (broker.ts): each still has a child
// of its own, answers only its own calls, fails on its own, and leaves nothing behind when closed,
// in whatever order they are opened, asked and closed.
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultLimits } from "../../../src/grade/grade.js";
import { submissionBundle } from "../../../src/grade/sandbox/bundle.js";
import { Sandbox, SandboxFailed } from "../../../src/grade/sandbox/sandbox.js";
import { processesLeftUnder, sandboxScratch } from "./support.js";

const { scratch, sandboxes } = sandboxScratch("shared-broker");

async function sandboxOf(name: string, code: string, timeLimitMs = defaultLimits.timeLimitMs): Promise<Sandbox> {
  const file = join(scratch, `${name}.ts`);
  writeFileSync(file, code);
  return new Sandbox(await submissionBundle(file, `${name}.ts`), { ...defaultLimits, timeLimitMs });
}

describe("sandboxes sharing a broker", () => {
  it("should answer each from its own child, stop one that loops without the others noticing, and close in any order", async () => {
    const tmpdirBefore = process.env.TMPDIR;
    process.env.TMPDIR = sandboxes;
    try {
      const doubling = await sandboxOf("doubling", "export const f = (n: number) => 2 * n;\n");
      const tripling = await sandboxOf("tripling", 'export const f = (n: number) => 3 * n;\nconsole.log("tripling printed this");\n');
      const looping = await sandboxOf("looping", "export const f = (n: number) => { for (;;) n++; };\n", 300);
      // Loaded one after another, each as soon as its own child is up.
      for (const sandbox of [looping, tripling, doubling]) sandbox.load();

      const ask = (sandbox: Sandbox, n: number) => sandbox.call([{ path: "f", args: [n] }])[0];
      expect(ask(doubling, 5)).toEqual({ ok: true, json: "10" });
      expect(ask(tripling, 5)).toEqual({ ok: true, json: "15" });
      expect(() => ask(looping, 5)).toThrow(SandboxFailed);
      expect(() => ask(looping, 6)).toThrow(/did not answer within 300 ms/);
      expect(ask(tripling, 7)).toEqual({ ok: true, json: "21" });

      expect((await tripling.close()).stdout).toBe("tripling printed this\n");
      expect(ask(doubling, 7)).toEqual({ ok: true, json: "14" });
      expect((await looping.close()).stdout).toBe("");
      expect((await doubling.close()).stdout).toBe("");

      // A sandbox started after the others closed is served the same way.
      const later = await sandboxOf("later", "export const f = (n: number) => n + 1;\n");
      later.load();
      expect(ask(later, 1)).toEqual({ ok: true, json: "2" });
      await later.close();
    } finally {
      if (tmpdirBefore === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdirBefore;
    }
    expect(readdirSync(sandboxes)).toEqual([]);
    expect(await processesLeftUnder(scratch)).toEqual([]);
  });

  it("should close a class's worth of sandboxes at once, each handing over its own output, with no warning", async () => {
    const tmpdirBefore = process.env.TMPDIR;
    process.env.TMPDIR = sandboxes;
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", warned);
    try {
      const opened = await Promise.all(
        Array.from({ length: 12 }, (_, i) => sandboxOf(`student-${i}`, `console.log("student ${i}");\nexport const f = () => ${i};\n`)),
      );
      for (const sandbox of opened) sandbox.load();
      const closed = await Promise.all(opened.map((sandbox) => sandbox.close()));
      expect(closed.map((output) => output.stdout)).toEqual(opened.map((_, i) => `student ${i}\n`));
      // Warnings are emitted on the next tick.
      await new Promise((tick) => setImmediate(tick));
    } finally {
      process.off("warning", warned);
      if (tmpdirBefore === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpdirBefore;
    }
    expect(warnings).toEqual([]);
    expect(readdirSync(sandboxes)).toEqual([]);
    expect(await processesLeftUnder(scratch)).toEqual([]);
  });
});

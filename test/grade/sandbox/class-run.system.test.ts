// A class graded in one run of the CLI, as an instructor would: one student attacks the grader
// (signals it, floods it, writes to a classmate's file, starts a process meant to rewrite the
// report later); the others keep their full scores and the report is the grader's own.
import { spawn, spawnSync } from "node:child_process";
import { chownSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { once } from "node:events";
import { createServer } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { processesLeftUnder, sandboxScratch } from "./support.js";
import { isolation, nobody } from "../../../src/grade/sandbox/isolation.js";

const repo = resolve(".");
let scratch: string;
let sandboxes: string;
beforeAll(() => {
  ({ scratch, sandboxes } = sandboxScratch("class"));
});

const solution = (file: string) => readFileSync(join(repo, "solutions", file), "utf8");
const fs = `process.getBuiltinModule("node:fs")`;

function student(name: string, files: Record<string, string> = {}): string {
  const dir = join(scratch, name);
  cpSync(join(repo, "solutions"), dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

describe("grading a class where one student attacks", () => {
  it("should give the others their full scores and keep the report the grader's own", async () => {
    const out = join(scratch, "results.json");
    const trace = join(scratch, "grandchild-ran");
    const classmate = join(scratch, "bob", "05-lai-yang/rules.ts");
    const mallory = student("mallory", {
      // Signal the grader, its group and everyone else it can.
      "01-record-and-forward/rules.ts": `${solution("01-record-and-forward/rules.ts")}
try { process.kill(process.ppid, "SIGKILL"); } catch {}
try { process.kill(-1, "SIGKILL"); } catch {}
try { process.kill(0, "SIGKILL"); } catch {}
`,
      // Overwrite a classmate's rules, then flood the reply pipe.
      "05-lai-yang/rules.ts": `${solution("05-lai-yang/rules.ts")}
try { ${fs}.writeFileSync(${JSON.stringify(classmate)}, "export const rules = {};"); } catch {}
for (const chunk = "x".repeat(1 << 20); ; ) ${fs}.writeSync(3, chunk);
`,
      // A process that outlives grading to rewrite --out.
      "03-completion/completion.ts": `${solution("03-completion/completion.ts")}
process.getBuiltinModule("node:child_process").spawn("sh", ["-c", ${JSON.stringify(`touch ${trace}; sleep 1; echo forged > ${out}`)}], { detached: true, stdio: "ignore" }).unref();
`,
    });
    const bob = student("bob");
    const carol = student("carol");

    const run = spawnSync(
      process.execPath,
      // A time limit only the 8 MB cap can beat, so that the flood ends as the protocol fault on a busy machine too.
      [join(repo, "bin/snaplab.js"), "grade", mallory, bob, carol, "--only", "1", "3", "5", "--format", "json", "--out", out, "--time-limit", "60s"],
      {
        env: { ...process.env, TMPDIR: sandboxes },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(run.signal).toBe(null);
    expect(run.status).toBe(1);

    const report = JSON.parse(readFileSync(out, "utf8")) as {
      submissions: { folder: string; points: number; exercises: { number: number; points: number; fault?: { kind: string; message: string } }[] }[];
    };
    expect(report.submissions.slice(1).map((s) => s.points)).toEqual([49, 49]);
    const [first, third, laiYang] = report.submissions[0]!.exercises;
    // Its signals reached nothing, or only itself (kill(0) reaches its own process group).
    if (first!.fault) expect(first!.fault.message).toMatch(/^the submission's process (was killed by SIGKILL|exited with status 137)$/);
    else expect(first!.points).toBe(15);
    expect(laiYang!.fault).toEqual({ kind: "protocol", message: "the submission's process sent a reply longer than 8 MB" });
    expect(third!.fault).toEqual({ kind: "load", message: expect.stringMatching(/^Error \[ERR_ACCESS_DENIED\]: Access to this API has been restricted/) });

    expect(readFileSync(classmate, "utf8")).toBe(solution("05-lai-yang/rules.ts"));
    expect(existsSync(trace)).toBe(false);
    expect(readdirSync(sandboxes)).toEqual([]);
    expect(await processesLeftUnder(scratch)).toEqual([]);
  });
});

// A learner grading on a laptop runs the grader as themselves: the child cannot become another
// user, and the walls come from user namespaces where the kernel allows them.
describe("grading as an unprivileged user", () => {
  const root = process.getuid?.() === 0;
  it.skipIf(!root || !isolation().namespaces)(
    `should keep the same walls (skipped unless root, to become user ${nobody}, and namespaces are allowed)`,
    async () => {
      const home = join(scratch, "learner");
      mkdirSync(join(home, "tmp"), { recursive: true });
      chownSync(home, nobody, nobody);
      chownSync(join(home, "tmp"), nobody, nobody);
      const server = createServer((socket) => socket.destroy());
      await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
      let connections = 0;
      server.on("connection", () => connections++);
      const port = (server.address() as { port: number }).port;
      try {
        const dir = student("learner/work", {
          "01-record-and-forward/rules.ts": `${solution("01-record-and-forward/rules.ts")}
try { process.kill(process.ppid, "SIGKILL"); } catch {}
try { process.kill(-1, "SIGKILL"); } catch {}
try { process.kill(0, "SIGKILL"); } catch {}
`,
          "05-lai-yang/rules.ts": `${solution("05-lai-yang/rules.ts")}
await new Promise((connected, failed) => { const socket = process.getBuiltinModule("node:net").connect(${port}, "127.0.0.1", connected); socket.on("error", failed); });
`,
        });
        // The CLI's own bundle is built by root first: the learner here cannot write to node_modules.
        spawnSync(process.execPath, [join(repo, "bin/snaplab.js"), "--version"]);
        const run = spawnSync(
          "setpriv",
          [
            `--reuid=${nobody}`,
            `--regid=${nobody}`,
            "--clear-groups",
            process.execPath,
            join(repo, "bin/snaplab.js"),
            "grade",
            dir,
            "--only",
            "1",
            "5",
            "--format",
            "json",
          ],
          {
            env: { PATH: process.env.PATH, TMPDIR: join(home, "tmp") },
            encoding: "utf8",
            timeout: 60_000,
          },
        );
        expect(run.signal).toBe(null);
        const report = JSON.parse(run.stdout) as { exercises: { fault?: { kind: string; message: string } }[] };
        expect(report.exercises[0]!.fault?.message ?? "none").toMatch(/^(none|the submission's process (was killed by SIGKILL|exited with status 137))$/);
        expect(report.exercises[1]!.fault).toEqual({ kind: "load", message: expect.stringMatching(/connect E(NETUNREACH|CONNREFUSED) 127\.0\.0\.1/) });
        expect(connections).toBe(0);
        expect(readdirSync(join(home, "tmp"))).toEqual([]);
        expect(await processesLeftUnder(home)).toEqual([]);
      } finally {
        await new Promise((done) => server.close(done));
      }
    },
  );
});

describe("a grader that is killed while grading", () => {
  it("should leave no sandbox behind, even one blocked without using the CPU", async () => {
    const dir = student("blocked", {
      "05-lai-yang/rules.ts": `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);\n${solution("05-lai-yang/rules.ts")}`,
    });
    const tmp = join(scratch, "tmp-killed");
    mkdirSync(tmp, { mode: 0o711 });
    const env = { ...process.env, TMPDIR: tmp };
    const grader = spawn(process.execPath, [join(repo, "bin/snaplab.js"), "grade", dir, "--only", "5", "--time-limit", "60s"], { env, stdio: "ignore" });
    // The child has loaded the submission: its main thread sleeps on a futex, not in its event loop.
    let child: number | undefined;
    await until(() => {
      child = descendants(grader.pid!).find((pid) => command(pid).includes("submission.mjs") && /futex/.test(read(`/proc/${pid}/wchan`)));
      return child !== undefined;
    });
    expect(child).toBeDefined();
    const exited = once(grader, "exit");
    grader.kill("SIGKILL");
    await exited;
    await until(() => !alive(child!));
    expect(alive(child!)).toBe(false);
    // Its folder, and the one of named pipes for the sandboxes to come, could not be removed by a grader
    // killed outright: the next grader removes them.
    const left = readdirSync(tmp);
    expect(left).toHaveLength(2);
    for (const name of left) expect(name).toMatch(new RegExp(`^snaplab-sandbox-${grader.pid}-`));
    // Any exercise that starts a sandbox will do: exercise 3's stub, begun (a line added: the stub itself starts none), fails in milliseconds.
    const begun = `${readFileSync(join(repo, "exercises/03-completion/completion.ts"), "utf8")}\n`;
    spawnSync(process.execPath, [join(repo, "bin/snaplab.js"), "grade", student("next", { "03-completion/completion.ts": begun }), "--only", "3"], { env });
    expect(readdirSync(tmp)).toEqual([]);
  });
});

const read = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
};
const command = (pid: number) => read(`/proc/${pid}/cmdline`).replaceAll("\0", " ");
/** A process that is running (a zombie only waits for its parent to be told). */
const alive = (pid: number) => !/^\d+ \(.*\) [ZX]/.test(read(`/proc/${pid}/stat`)) && read(`/proc/${pid}/stat`) !== "";

/** Every process started, directly or not, by `ancestor`. */
function descendants(ancestor: number): number[] {
  const parents = new Map<number, number>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    const stat = read(`/proc/${pid}/stat`);
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (stat) parents.set(Number(pid), parent);
  }
  const below = (pid: number): boolean => {
    const parent = parents.get(pid);
    return parent === ancestor || (parent !== undefined && parent > 1 && below(parent));
  };
  return [...parents.keys()].filter(below);
}

/** Waits for `condition`, checking every 20 ms, at most 20 s. */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition() && waited < 20_000; waited += 20) await new Promise((done) => setTimeout(done, 20));
}

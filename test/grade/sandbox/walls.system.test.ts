// The OS walls on their own, as if Node's permission model had failed: a child run by the
// sandbox's command line, without that model, tries to read, write, signal the grader and reach
// a listener on 127.0.0.1. Each set of walls this machine allows is tried, from the strongest down,
// and says exactly what it stops and what it leaves to the permission model.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../support/temp-dir.js";
import { countingListener } from "./support.js";
import { gradeSubmission } from "../../../src/grade/grade.js";
import { childCommand, findIsolationWithout, isolationWithout, nobody, type Isolation } from "../../../src/grade/sandbox/isolation.js";

let scratch: string;
beforeAll(() => {
  scratch = tempDir("walls");
  chmodSync(scratch, 0o711);
});
const root = process.getuid?.() === 0;

const listener = countingListener();

/** What a child without Node's permission model could do from inside `walls`. */
async function tryEverything(): Promise<Record<string, unknown>> {
  const folder = mkdtempSync(join(scratch, "sandbox-"));
  chmodSync(folder, 0o711);
  mkdirSync(join(folder, "cwd"), { mode: 0o111 });
  // A folder anyone may write to (as /tmp is): only the file size limit (prlimit) or a read-only view (bubblewrap) stops a write there.
  mkdirSync(join(folder, "open"));
  chmodSync(join(folder, "open"), 0o777);
  const script = `
    const fs = require("node:fs");
    const tried = (f) => { try { return f(); } catch (error) { return error.code ?? error.message; } };
    const status = tried(() => fs.readFileSync("/proc/self/status", "utf8"));
    const field = (name) => (typeof status === "string" ? status.split(String.fromCharCode(10)).find((line) => line.startsWith(name + ":"))?.slice(name.length + 1).trim() : status);
    const seen = {
      uid: process.getuid(),
      groups: field("Groups"),
      inheritableCapabilities: field("CapInh"),
      boundingCapabilities: field("CapBnd"),
      noNewPrivileges: field("NoNewPrivs"),
      readPasswd: tried(() => fs.readFileSync("/etc/passwd", "utf8").length > 0),
      seeSolutions: tried(() => fs.existsSync(${JSON.stringify(resolve("solutions"))})),
      writeOwnFolder: tried(() => (fs.writeFileSync(process.argv[1] + "/x", "1"), true)),
      writeOpenFolder: tried(() => (fs.writeFileSync(process.argv[1] + "/open/x", "1"), true)),
      signalGrader: tried(() => process.kill(${process.pid}, 0)),
      bigBuffer: tried(() => Buffer.alloc(1024 * 1024 * 1024, 1).length > 0),
    };
    const socket = require("node:net").connect(${listener.port}, "127.0.0.1", () => { seen.connect = true; socket.destroy(); done(); });
    socket.on("error", (error) => { seen.connect = error.code; done(); });
    function done() { process.stdout.write(JSON.stringify(seen)); }
  `;
  const command = childCommand(folder, { dataMb: 256, cpuSeconds: 20 }, (seen) => ["-e", script, seen]);
  // Not spawnSync: the listener here must be free to accept a connection meanwhile.
  const { stdout } = await promisify(execFile)(command.file, command.args, { env: {}, cwd: join(folder, "cwd"), encoding: "utf8", timeout: 20_000 });
  rmSync(folder, { recursive: true, force: true });
  return JSON.parse(stdout) as Record<string, unknown>;
}

const refused = /^(EACCES|EPERM|EROFS|ENOENT)$/;

describe.skipIf(process.platform !== "linux")("the OS walls without Node's permission model", () => {
  const sets: { name: string; without: Parameters<typeof isolationWithout>[0]; check: (seen: Record<string, unknown>, walls: Isolation) => void }[] = [
    {
      name: "bubblewrap: namespaces and a file system of /usr and its own folder",
      without: [],
      check: (seen, walls) => {
        expect(walls.fileSystemView).toBe(true);
        expect(seen).toMatchObject({
          readPasswd: "ENOENT",
          seeSolutions: false,
          signalGrader: "ESRCH",
          connect: expect.stringMatching(/^E(NETUNREACH|CONNREFUSED)$/),
        });
      },
    },
    {
      name: "unshare: namespaces, the machine's file system",
      without: ["bwrap"],
      check: (seen, walls) => {
        expect(walls.namespaces && !walls.fileSystemView).toBe(true);
        // Not guaranteed by this wall: files everyone may read stay readable.
        expect(seen).toMatchObject({
          readPasswd: true,
          seeSolutions: true,
          signalGrader: "ESRCH",
          connect: expect.stringMatching(/^E(NETUNREACH|CONNREFUSED)$/),
        });
      },
    },
    {
      name: "no namespaces: only another user and resource limits",
      without: ["bwrap", "unshare"],
      check: (seen, walls) => {
        expect(walls.namespaces).toBe(false);
        expect(walls.missing[0]).toMatch(/^no pid or network namespace/);
        // Not guaranteed without namespaces: the network.
        expect(seen.connect).toBe(true);
        expect(seen.signalGrader).toBe(walls.otherUser ? "EPERM" : true);
      },
    },
  ];

  for (const set of sets) {
    it(`${set.name}`, async (context) => {
      const walls = isolationWithout(set.without);
      const usable = set.without.length === 0 ? walls.fileSystemView : set.without.includes("unshare") || walls.namespaces;
      if (!usable) context.skip(`this machine does not allow it: ${walls.missing.join("; ")}`);
      const before = listener.connections;
      const seen = await tryEverything();
      set.check(seen, walls);
      // As nobody, in no group of root's, with no capability to regain, even through a set-user-ID program of /usr.
      if (root) {
        expect(seen).toMatchObject({ uid: nobody, writeOwnFolder: expect.stringMatching(refused), groups: "", noNewPrivileges: "1" });
        expect(seen).toMatchObject({ inheritableCapabilities: "0000000000000000", boundingCapabilities: "0000000000000000" });
      }
      if (walls.resourceLimits) expect(seen.bigBuffer).toMatch(/allocation failed/i);
      // Node ignores SIGXFSZ: a write past the file size limit fails with EFBIG.
      if (walls.resourceLimits || walls.fileSystemView) expect(seen.writeOpenFolder).toBe(walls.fileSystemView ? "EROFS" : "EFBIG");
      expect(listener.connections - before).toBe(seen.connect === true ? 1 : 0);
    });
  }
});

describe("finding the walls", () => {
  it("should find the same walls without blocking the grader's thread, whichever tools there are", async () => {
    const sets: Parameters<typeof isolationWithout>[0][] = [
      [],
      ["bwrap"],
      ["bwrap", "unshare"],
      ["setpriv", "prlimit"],
      ["bwrap", "unshare", "setsid", "tether", "setpriv", "prlimit"],
    ];
    for (const without of sets) {
      let turned = false;
      setImmediate(() => (turned = true));
      const found = await findIsolationWithout(without);
      // Where a candidate ran (one that works, at least), the event loop turned meanwhile: nothing was waited for in place.
      if (Object.keys(found.tools).length > 0) expect(turned, without.join(", ")).toBe(true);
      expect(found, without.join(", ")).toEqual(isolationWithout(without));
    }
    isolationWithout([]);
  });
});

// A learner's laptop with none of the tools: grading still works, with Node's permission model
// and the harness's closed doors alone, and the grader says what is missing.
describe("no OS walls at all", () => {
  it("should still grade, keep process.kill closed, give no environment, and stop a rule at the heap's limit", async () => {
    const walls = isolationWithout(["bwrap", "unshare", "setsid", "tether", "setpriv", "prlimit"]);
    expect(walls.missing.map((line) => line.split(" (")[0])).toEqual(
      root
        ? ["no pid or network namespace", "submissions run as root", "memory outside the V8 heap"]
        : ["no pid or network namespace", "memory outside the V8 heap"],
    );
    const dir = join(scratch, "laptop");
    cpSync("solutions", dir, { recursive: true });
    writeFileSync(join(dir, "05-lai-yang/rules.ts"), `${readFileSync("solutions/05-lai-yang/rules.ts", "utf8")}\nprocess.kill(process.ppid, 0);\n`);
    // Without prlimit, V8's own heap limit is all that stops a rule hoarding memory: without it, this one
    // would hoard 512 MB, a megabyte at a time, and answer.
    const hoarding = "rules.initiate = () => { const hoard = []; for (let mb = 0; mb < 512; mb++) hoard.push(new Array(131072).fill(7)); return []; };";
    writeFileSync(join(dir, "06-concurrent-snapshots/rules.ts"), `${readFileSync("solutions/06-concurrent-snapshots/rules.ts", "utf8")}\n${hoarding}\n`);
    // Nor does bubblewrap clear the environment: the child is started with none. Nor hide where node and the bundle
    // are, or whose home the child's user has: the harness does.
    const asks = "[process.env, process.execPath, process.argv, process.execArgv]";
    const home =
      'for (const ask of [() => process.getBuiltinModule("os").homedir(), () => process.report.getReport()]) try { ask(); } catch (error) { seen.push(error.message.slice(0, 40)); }';
    writeFileSync(join(dir, "03-completion/completion.ts"), `const seen: unknown[] = ${asks};\n${home}\nthrow new Error(JSON.stringify(seen));\n`);
    // A time limit only a busy machine could reach before 64 MB are filled.
    const report = await gradeSubmission(dir, { only: [1, 3, 5, 6], timeLimitMs: 20_000, memoryLimitMb: 64 });
    const [first, completion, laiYang, concurrent] = report.exercises;
    expect(first!.points).toBe(first!.maxPoints);
    const refused = "a submission may not ask where the grader runs it or whose home it runs under".slice(0, 40);
    expect(completion!.fault).toEqual({
      kind: "load",
      message: `[{},"node",["node","submission.mjs"],[],"${refused}","${refused}"] (03-completion/completion.ts:3:7)`,
    });
    // Refused by the harness (the kit's code), shown where the submission called it.
    const killAt = readFileSync("solutions/05-lai-yang/rules.ts", "utf8").split("\n").length + 1;
    expect(laiYang!.fault).toEqual({ kind: "load", message: `a submission may not send signals (05-lai-yang/rules.ts:${killAt}:9)` });
    expect(concurrent!.fault).toMatchObject({ kind: "memory", message: expect.stringMatching(/ran out of memory \(limit 64 MB\)/) });
    isolationWithout([]);
  });
});

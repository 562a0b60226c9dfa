/** What the sandbox's tests share: a scratch folder a child can reach, and a listener that counts who reached it. */
import { chmodSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { tempDir } from "../../support/temp-dir.js";

/**
 * A scratch folder for this test file, with `tmp/` inside it for the sandboxes'
 * own folders (so that leftovers can be counted): a temporary folder (tempDir),
 * removed when the file ends. Called in a hook or a test, as tempDir is, and
 * before TMPDIR points at `tmp/`. Both are searchable by others, as /tmp is: a
 * root grader's children run as nobody and must reach their bundles.
 */
export function sandboxScratch(name: string): { scratch: string; sandboxes: string } {
  const scratch = tempDir(name);
  const sandboxes = join(scratch, "tmp");
  mkdirSync(sandboxes);
  chmodSync(scratch, 0o711);
  chmodSync(sandboxes, 0o711);
  return { scratch, sandboxes };
}

/** A TCP listener on 127.0.0.1 for the file's tests, counting the connections it accepts. */
export function countingListener(): { readonly port: number; readonly connections: number } {
  let server: Server;
  const seen = { port: 0, connections: 0 };
  beforeAll(async () => {
    server = createServer((socket) => {
      seen.connections++;
      socket.destroy();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    seen.port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));
  return seen;
}

/** Processes whose command line names `folder` (a sandbox's child names its bundle), this one aside. */
export function processesUnder(folder: string): string[] {
  return readdirSync("/proc")
    .filter((pid) => /^\d+$/.test(pid) && Number(pid) !== process.pid)
    .map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
      } catch {
        return "";
      }
    })
    .filter((command) => command.includes(folder));
}

/**
 * The processes still under `folder` once they have had up to 20 s to end: a
 * grader that exits has its sandboxes killed by the kernel, which takes a
 * moment on a busy machine.
 */
export async function processesLeftUnder(folder: string): Promise<string[]> {
  for (let waited = 0; processesUnder(folder).length > 0 && waited < 20_000; waited += 20) {
    await new Promise((done) => setTimeout(done, 20));
  }
  return processesUnder(folder);
}

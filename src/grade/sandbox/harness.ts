/**
 * Runs inside the sandbox's child process, bundled together with one
 * submission: loads it, then answers the grader's calls, each answer checked
 * as checked-answer.ts checks it.
 */
import { writeSync } from "node:fs";
import os from "node:os";
import { answer, describeError, ExitCalled, isAllocationFailure, thrownAt, whenOutOfMemory } from "./checked-answer.js";
import { LineReader } from "./line-reader.js";
import type { Answer, Request } from "./protocol.js";

type Module = Record<string, unknown>;

/** Why a file whose top-level code waits for good does not load. */
const neverSettles = "never finished loading: an await at its top level waits for something that never comes";

/** The pipe replies go out on (stdout is the submission's own, judged by the grader). */
const replies = 3;

/**
 * Reads requests, one JSON line each, on stdin and writes one reply line for
 * each on fd 3. The grader checks every reply: a submission writing there
 * itself only ends its own sandbox.
 */
export function serve(load: () => Promise<Module>): void {
  const send = (reply: unknown) => writeAll(replies, `${JSON.stringify(reply)}\n`);
  const exit = process.exit.bind(process);
  // Memory outside the heap is limited by the OS: a failed allocation ends the child, as running out of heap does.
  const outOfMemory = (error: unknown) => {
    process.stderr.write(`\n${describeError(error)}\n`);
    exit(70);
  };
  whenOutOfMemory(outOfMemory);
  process.exit = ((code?: number) => {
    throw new ExitCalled(`called process.exit(${code ?? ""})`);
  }) as typeof process.exit;
  // Where the OS cannot keep the child from signalling others (no pid namespace), Node's own doors are closed.
  if (process.argv.includes("--no-signals")) {
    const refuse = () => {
      throw new Error("a submission may not send signals");
    };
    process.kill = refuse;
    (process as unknown as Record<string, unknown>)._kill = refuse;
  }
  // bubblewrap sets PWD even in an empty environment: the submission gets none.
  delete process.env.PWD;
  hideTheGrader();
  let submission: Module = {};
  const handle = async (request: Request) => {
    if (request.type === "load") {
      // Nothing left to run while loading waits: a top-level await that nothing will ever settle, which ends the process.
      const neverLoads = () => send({ type: "failed", failure: { kind: "load", message: neverSettles } });
      process.once("beforeExit", neverLoads);
      try {
        submission = await load();
        send({ type: "loaded" });
      } catch (error) {
        if (isAllocationFailure(error)) outOfMemory(error);
        send({ type: "failed", failure: { kind: "load", message: describeError(error), ...thrownAt(error) } });
      } finally {
        process.off("beforeExit", neverLoads);
      }
    } else if (request.type === "calls") {
      // A batch stops at the first answer that breaks the contract: the grader stops there too, and asks nothing beyond it.
      const answers: Answer[] = [];
      for (const call of request.calls) {
        const next = answer(submission, call);
        answers.push(next);
        if (!next.ok) break;
      }
      send({ type: "answers", answers });
    }
  };
  // Read blocking, one request after another: the child has nothing else to do meanwhile, and round trips are
  // quicker than through node's stream of stdin, in a warm child and in a new one. The event loop
  // still turns once after each request (a submission's timers run then, as they did), not while one is waited for.
  const lines = requestLines();
  (async () => {
    for (let line = lines(); line !== undefined; line = lines()) {
      await handle(JSON.parse(line) as Request);
      await new Promise(setImmediate);
    }
    // The grader is gone: so is the reason to run.
    exit(0);
  })();
}

/**
 * Where the grader keeps node and the bundle (the child's command line), and
 * the home and name of the user the child runs as, are not the submission's
 * business. Inside bubblewrap they are /node, /sandbox and nothing; without
 * it, the real paths (node under a user's home, say) and the grader's user.
 * (process.title stays: it is the command line others see, by which the
 * grader's tests find a sandbox's process.)
 */
function hideTheGrader(): void {
  process.execPath = "node";
  process.argv = ["node", "submission.mjs"];
  process.execArgv = [];
  const refuse = () => {
    throw new Error("a submission may not ask where the grader runs it or whose home it runs under");
  };
  Object.assign(os, { homedir: refuse, userInfo: refuse });
  // Its report tells the command line as the child was started, whatever process.argv says.
  process.report.getReport = refuse;
}

/** The requests' lines on stdin (fd 0, blocking), one at a time; undefined once the grader has closed its end. */
function requestLines(): () => string | undefined {
  const requests = new LineReader(0);
  return () => {
    for (let line = requests.take(); ; line = requests.take()) {
      if (line) return line.text;
      if (!requests.readMore()) return undefined;
    }
  };
}

/** Writes all of `text` to `fd`, waiting while the pipe is full (the grader's requests, the child's replies). */
export function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  for (let written = 0; written < bytes.length; ) {
    try {
      written += writeSync(fd, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
    }
  }
}

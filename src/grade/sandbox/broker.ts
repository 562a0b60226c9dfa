/**
 * The sandboxes' broker, one worker thread for all the sandboxes a grader
 * thread starts: the grader's explorer runs synchronously, so it blocks on a
 * shared flag while this thread passes its calls to the child process that
 * runs the submission, and answers for the child when it takes too long,
 * dies, runs out of memory or breaks the protocol. Whatever a child does,
 * this thread answers for it and the child ends.
 *
 * One thread for all: starting a thread costs about 50 ms of CPU, which a
 * thread per sandbox paid every time. The children are tied to this
 * thread's life (isolation.ts), which is the grader thread's: a grader that
 * dies takes every child with it.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { parentPort, type MessagePort } from "node:worker_threads";
import { type Asked, checkedReply, maxReplyBytes, type Posted, type Reply, type SandboxFailure } from "./protocol.js";

/** What the broker needs to start one sandbox's child, sent to it by Sandbox. */
export interface ChildOrder {
  /** Int32Array over a SharedArrayBuffer: [0] turns 1 when a reply is waiting on `port`. */
  readonly signal: SharedArrayBuffer;
  /** The sandbox's own end: requests come in, replies (and, on closing, the child's output) go out. */
  readonly port: MessagePort;
  /** The command running the child (isolation.ts), and the folder it starts in. */
  readonly command: { readonly file: string; readonly args: readonly string[] };
  readonly cwd: string;
  readonly timeLimitMs: number;
  readonly memoryLimitMb: number;
}

/** What the broker hands over when a sandbox is closed: what its child printed. */
export interface ChildOutput {
  readonly type: "closed";
  readonly stdout: string;
  readonly stderr: string;
}

/** What the child may print that is kept: enough for a reason, not enough to flood the grader. */
const keptOutput = 64 * 1024;
/** After the child exits, how long its pipes may stay open (only a process it left behind could hold them). */
const closeGraceMs = 200;

parentPort!.on("message", (order: ChildOrder) => serve(order));

/** Runs one sandbox's child and answers its requests until the sandbox is closed. */
function serve({ signal, port, command, cwd, timeLimitMs, memoryLimitMb }: ChildOrder): void {
  const flag = new Int32Array(signal);
  const child = spawn(command.file, command.args, {
    stdio: ["pipe", "pipe", "pipe", "pipe"],
    // Nothing of the grader's environment is the submission's business.
    env: {},
    cwd,
    // Its own process group, killed as a whole at the end.
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (text: string) => {
    if (stdout.length < keptOutput) stdout = (stdout + text).slice(0, keptOutput);
  });
  child.stderr!.setEncoding("utf8").on("data", (text: string) => (stderr = (stderr + text).slice(-4000)));
  child.stdin!.on("error", () => {}); // a child that died: its exit says why

  let failure: SandboxFailure | undefined;
  let asked: Asked | undefined;
  let pending: NodeJS.Timeout | undefined;
  let exited = false;

  const reply = (message: Reply) => {
    clearTimeout(pending);
    pending = undefined;
    asked = undefined;
    port.postMessage(message);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  };

  /** Ends the child and answers every request from now on with `next` (the first failure wins). */
  const fail = (next: SandboxFailure) => {
    failure ??= next;
    stop();
    if (asked) reply({ type: "failed", failure });
  };

  /**
   * Kills the child's process group, and first the processes it started (the
   * init of its pid namespace, in a group of its own): killing them ends the
   * namespace and every process in it.
   */
  const stop = () => {
    if (exited || child.pid === undefined) return;
    const pid = child.pid;
    let started: number[] = [];
    try {
      started = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
    } catch {
      // no /proc, or already gone
    }
    for (const target of [...started, -pid]) {
      try {
        process.kill(target, "SIGKILL");
      } catch {
        // already gone
      }
    }
  };

  // Replies: one checked line each, on fd 3.
  let line = "";
  const replies = child.stdio[3] as NodeJS.ReadableStream;
  replies.setEncoding("utf8");
  replies.on("data", (text: string) => {
    if (failure) return;
    // Only the new text can end the line: a reply sent in many pieces is scanned once, not once a piece.
    const searched = line.length;
    line += text;
    for (let end = line.indexOf("\n", searched); end >= 0 && !failure; end = line.indexOf("\n")) {
      const checked = checkedReply(line.slice(0, end), asked);
      line = line.slice(end + 1);
      if (typeof checked === "string") fail({ kind: "protocol", message: `the submission's process ${checked} (only the grader's harness may write there)` });
      else if (checked.type === "failed") fail(checked.failure);
      else reply(checked);
    }
    if (line.length > maxReplyBytes) fail({ kind: "protocol", message: `the submission's process sent a reply longer than ${maxReplyBytes / 1024 / 1024} MB` });
  });

  // Closing: stop the child, then hand over everything it printed (stdout is
  // judged by the grader: a submission must not print results of its own).
  let closing = false;
  let handedOver = false;
  const finish = () => {
    if (!closing || handedOver) return;
    handedOver = true;
    port.postMessage({ type: "closed", stdout, stderr } satisfies ChildOutput);
    port.close();
  };

  child.on("error", (error) => {
    fail({ kind: "exit", message: `the submission's process could not start (${error.message})` });
    exited = true;
    finish();
  });
  child.on("exit", (code, signalName) => {
    if (/heap out of memory|Allocation failed/i.test(stderr)) {
      fail({ kind: "memory", message: `ran out of memory (limit ${memoryLimitMb} MB)` });
    } else {
      const how = signalName ? `was killed by ${signalName}` : `exited with status ${code}`;
      fail({ kind: "exit", message: `the submission's process ${how}${lastLine(stderr)}` });
    }
    exited = true;
    setTimeout(() => {
      for (const stream of child.stdio) stream?.destroy();
      finish();
    }, closeGraceMs).unref();
  });
  child.on("close", () => {
    exited = true;
    finish();
  });

  port.on("message", (request: Posted) => {
    if ("type" in request) {
      closing = true;
      if (exited) finish();
      else {
        failure ??= { kind: "exit", message: "closed" };
        stop();
      }
      return;
    }
    if (failure) return reply({ type: "failed", failure });
    asked = request.asked;
    pending = setTimeout(() => fail({ kind: "timeout", message: `did not answer within ${timeLimitMs} ms (an endless loop?)` }), timeLimitMs);
    child.stdin!.write(request.line);
  });
}

function lastLine(text: string): string {
  const line = text.trim().split("\n").filter(Boolean).pop();
  return line ? `: ${line}` : "";
}

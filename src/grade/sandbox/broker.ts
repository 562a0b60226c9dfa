/**
 * The sandboxes' broker, one worker thread for all the sandboxes a grader
 * thread starts. The grader's explorer runs synchronously: it writes its
 * requests to the child's stdin and reads the replies from the child's fd 3
 * itself, blocking (two named pipes, sandbox.ts), since a hop through this
 * thread would lengthen every round trip. This thread starts the child and
 * watches it: when the child takes too long, dies or runs out of memory, it
 * ends the child, tells the grader why and wakes it. Whatever a child does,
 * this thread answers for it and the child ends.
 *
 * One thread for all: starting a thread costs CPU, which a thread per
 * sandbox paid every time. The children are tied to this
 * thread's life (isolation.ts), which is the grader thread's: a grader that
 * dies takes every child with it.
 */
import { spawn } from "node:child_process";
import { closeSync, constants, openSync, readdirSync, readFileSync, writeSync } from "node:fs";
import { parentPort, type MessagePort } from "node:worker_threads";
import { reportHeadline, splitNodeReport } from "./node-report.js";
import { keptStderrChars, keptStdoutChars, noAnswerWithin, type SandboxFailure } from "./protocol.js";

/** What the broker needs to start one sandbox's child, sent to it by Sandbox. */
export interface ChildOrder {
  /** Int32Array over a SharedArrayBuffer: [0] turns 1 when the child has failed (why: a BrokerFailed on `port`). */
  readonly signal: SharedArrayBuffer;
  /** Float64Array over a SharedArrayBuffer: [0] the time (ms since the epoch) by which the grader wants a reply, 0 when it waits for none. */
  readonly deadline: SharedArrayBuffer;
  /** The sandbox's own end: the child's failure and, on closing, its output go out; closing (or a fault the grader found) comes in. */
  readonly port: MessagePort;
  /** The child's ends of its two pipes, opened by the grader (which closes them once the child has its own copies): its stdin (requests) and its fd 3 (replies). */
  readonly stdin: number;
  readonly replies: number;
  /** The replies' named pipe: opened here too, to wake a grader waiting on it when the child fails. */
  readonly repliesPipe: string;
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

/** Why the child failed, posted before the grader is woken. */
export interface BrokerFailed {
  readonly type: "failed";
  readonly failure: SandboxFailure;
}

/** What the grader posts: the sandbox is closing, or the child broke the protocol and must end. */
export type BrokerOrder = { readonly type: "close" } | { readonly type: "stop"; readonly failure: SandboxFailure };

/** How often a child waited on is checked against the grader's deadline. */
const watchMs = 20;

/** After the child exits, how long its pipes may stay open (only a process it left behind could hold them). */
const closeGraceMs = 200;

parentPort!.on("message", (order: ChildOrder) => serve(order));

/** Runs one sandbox's child and watches it until the sandbox is closed. */
function serve({ signal, deadline, port, stdin, replies, repliesPipe, command, cwd, timeLimitMs, memoryLimitMb }: ChildOrder): void {
  const flag = new Int32Array(signal);
  const waitedOn = new Float64Array(deadline);
  // Never blocks: a pipe full of what the child flooded it with is read by the grader, and the wake is written again.
  let wake: number | undefined = openSync(repliesPipe, constants.O_WRONLY | constants.O_NONBLOCK);
  const child = spawn(command.file, command.args, {
    stdio: [stdin, "pipe", "pipe", replies, ...nothingOnTheRest()],
    // Nothing of the grader's environment is the submission's business.
    env: {},
    cwd,
    // Its own process group, killed as a whole at the end.
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  // Node's own report as the child died, kept apart: its thirty lines would push out what the submission printed.
  let nodeReport = "";
  child.stdout!.setEncoding("utf8").on("data", (text: string) => {
    if (stdout.length < keptStdoutChars) stdout = (stdout + text).slice(0, keptStdoutChars);
  });
  child.stderr!.setEncoding("utf8").on("data", (text: string) => {
    if (nodeReport !== "") {
      nodeReport = (nodeReport + text).slice(0, keptStderrChars);
      return;
    }
    const { printed, report } = splitNodeReport(stderr + text);
    stderr = printed.slice(-keptStderrChars);
    nodeReport = report.slice(0, keptStderrChars);
  });

  let failure: SandboxFailure | undefined;
  let exited = false;

  const closeWake = () => {
    if (wake !== undefined) closeSync(wake);
    wake = undefined;
  };
  /**
   * A byte on the replies' pipe: a grader blocked reading it looks at the
   * flag. A NUL, which ends no line: a newline completed the reply a child
   * had written all of but its own newline, and the grader took the answer
   * the child forged as if it had come in time.
   */
  const wakeGrader = () => {
    if (wake === undefined) return;
    try {
      writeSync(wake, "\0");
      closeWake();
    } catch (error) {
      // The pipe is full (the child flooded it): the grader is reading it, so there is room again in a moment.
      if ((error as NodeJS.ErrnoException).code === "EAGAIN") setTimeout(wakeGrader, 1).unref();
      else closeWake();
    }
  };

  /** Ends the child, and tells the grader why: every request from now on fails with the first failure. */
  const fail = (next: SandboxFailure) => {
    stop();
    if (failure) return;
    failure = next;
    port.postMessage({ type: "failed", failure } satisfies BrokerFailed);
    Atomics.store(flag, 0, 1);
    wakeGrader();
  };

  // The time limit of a batch: the grader says by when it wants a reply; a child that has not given it by then is ended.
  const watch = setInterval(() => {
    const due = waitedOn[0]!;
    if (due > 0 && Date.now() > due) fail({ kind: "timeout", message: noAnswerWithin(timeLimitMs) });
  }, watchMs);

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

  // Closing: stop the child, then hand over everything it printed (stdout is
  // judged by the grader: a submission must not print results of its own).
  let closing = false;
  let handedOver = false;
  const finish = () => {
    if (!closing || handedOver) return;
    handedOver = true;
    clearInterval(watch);
    closeWake();
    port.postMessage({ type: "closed", stdout, stderr } satisfies ChildOutput);
    port.close();
  };

  child.on("error", (error) => {
    fail({ kind: "exit", message: `the submission's process could not start (${error.message})` });
    exited = true;
    finish();
  });
  child.on("exit", (code, signalName) => {
    // What it left behind goes with it.
    stop();
    exited = true;
    clearInterval(watch);
    // Told once: fail keeps the first reason it is given.
    const tell = () => {
      // "Reached heap limit Allocation failed - JavaScript heap out of memory"; "Fatal javascript OOM in ..." when the heap fills as node starts.
      if (/heap out of memory|Allocation failed|Fatal javascript OOM/i.test(nodeReport + stderr)) {
        fail({ kind: "memory", message: `ran out of memory (limit ${memoryLimitMb} MB)` });
      } else {
        const how = signalName ? `was killed by ${signalName}` : `exited with status ${code}`;
        // Why Node died, where it said so; else the submission's last words.
        const said = reportHeadline(nodeReport) ?? lastLine(stderr);
        fail({ kind: "exit", message: `the submission's process ${how}${said === undefined ? "" : `: ${said}`}` });
      }
    };
    // Its last words may still be in the pipe when it exits: told once the pipe has ended, or at the latest when the grace is over.
    if (child.stderr!.readableEnded) tell();
    else child.stderr!.once("end", tell);
    // The grace over, the pipes are read once more first: a thread not run for longer than the grace finds its timer due
    // before it has read what the child wrote meanwhile (timers come before I/O in a turn of the event loop).
    setTimeout(
      () =>
        setImmediate(() => {
          tell();
          for (const stream of child.stdio) stream?.destroy();
          finish();
        }),
      closeGraceMs,
    ).unref();
  });
  child.on("close", () => {
    exited = true;
    finish();
  });

  port.on("message", (order: BrokerOrder) => {
    if (order.type === "stop") return fail(order.failure);
    closing = true;
    if (exited) finish();
    else {
      failure ??= { kind: "exit", message: "closed" };
      stop();
    }
  });
}

/** /dev/null, opened once: what the child gets on every descriptor but its pipes. */
let devNull: number | undefined;

/**
 * Descriptors 4 and up, as many as this process has open, each /dev/null.
 * Node opens its own files close-on-exec, but a descriptor it inherited from
 * whoever started the grader (a shell's `30<secret`) is inherited in turn by
 * every process it starts, through bubblewrap too, and the submission could
 * read it. Given /dev/null in its place, the child has none of them.
 */
function nothingOnTheRest(): number[] {
  let open: number[];
  try {
    open = readdirSync(process.platform === "linux" ? "/proc/self/fd" : "/dev/fd").map(Number);
  } catch {
    // Nowhere to list them: the child inherits what the grader did.
    return [];
  }
  devNull ??= openSync("/dev/null", "r");
  const highest = Math.max(...open.filter(Number.isInteger));
  return Array.from({ length: Math.max(0, highest - 3) }, () => devNull!);
}

/** The last line of what the child wrote that says something: not a stack frame, nor the "Node.js v20.x" Node ends an uncaught error's report with. */
function lastLine(text: string): string | undefined {
  return text
    .trim()
    .split("\n")
    .filter((l) => l.trim() !== "" && !/^\s+at /.test(l) && !/^Node\.js v\d/.test(l))
    .pop();
}

/**
 * The sandbox's broker, a worker thread: the grader's explorer runs
 * synchronously, so it blocks on a shared flag while this thread passes its
 * calls to the child process that runs the submission, and answers for the
 * child when it takes too long, dies, or runs out of memory.
 */
import { spawn } from "node:child_process";
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import type { Reply, Request, SandboxFailure } from "./protocol.js";

export interface BrokerData {
  /** Int32Array over a SharedArrayBuffer: [0] turns 1 when a reply is waiting on `port`. */
  readonly signal: SharedArrayBuffer;
  readonly port: MessagePort;
  /** The bundled submission with its harness. */
  readonly entry: string;
  readonly timeLimitMs: number;
  readonly memoryLimitMb: number;
}

const { signal, port, entry, timeLimitMs, memoryLimitMb } = workerData as BrokerData;
const flag = new Int32Array(signal);

const child = spawn(process.execPath, [`--max-old-space-size=${memoryLimitMb}`, entry], {
  stdio: ["ignore", "pipe", "pipe", "ipc"],
  // Nothing of the grader's environment is the submission's business.
  env: {},
});
let stdout = "";
let stderr = "";
child.stdout!.setEncoding("utf8").on("data", (text: string) => (stdout += text));
child.stderr!.setEncoding("utf8").on("data", (text: string) => (stderr = (stderr + text).slice(-4000)));

let failure: SandboxFailure | undefined;
let pending: NodeJS.Timeout | undefined;

function reply(message: Reply): void {
  clearTimeout(pending);
  pending = undefined;
  port.postMessage(message);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

function fail(next: SandboxFailure): void {
  failure ??= next;
  if (pending !== undefined) reply({ type: "failed", failure });
}

child.on("message", (message: Reply) => {
  if (message.type === "failed") failure ??= message.failure;
  reply(failure ? { type: "failed", failure } : message);
});

child.on("exit", (code, signalName) => {
  if (/heap out of memory|Allocation failed/i.test(stderr)) {
    fail({ kind: "memory", message: `ran out of memory (limit ${memoryLimitMb} MB)` });
  } else {
    const how = signalName ? `was killed by ${signalName}` : `exited with status ${code}`;
    fail({ kind: "exit", message: `the submission's process ${how}${lastLine(stderr)}` });
  }
});

// Closing: stop the child, then hand over everything it printed (stdout is
// judged by the grader: a submission must not print results of its own).
let closing = false;
let closed = false;
const handOver = () => parentPort!.postMessage({ stdout, stderr });
child.on("close", () => {
  closed = true;
  if (closing) handOver();
});

port.on("message", (request: Request) => {
  if (request.type === "close") {
    closing = true;
    port.close();
    if (closed) handOver();
    else child.kill("SIGKILL");
    return;
  }
  if (failure) return reply({ type: "failed", failure });
  pending = setTimeout(() => {
    failure ??= { kind: "timeout", message: `did not answer within ${timeLimitMs} ms (an endless loop?)` };
    child.kill("SIGKILL");
    reply({ type: "failed", failure });
  }, timeLimitMs);
  child.send(request);
});

function lastLine(text: string): string {
  const line = text.trim().split("\n").filter(Boolean).pop();
  return line ? `: ${line}` : "";
}

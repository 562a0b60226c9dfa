/**
 * A submission's code, run away from the grader: a child process (its own
 * memory limit, its own stdout, killed when it loops) behind a broker thread.
 * The grader calls it synchronously, which the explorer needs: it posts a
 * batch of calls and sleeps on a shared flag until the broker answers.
 */
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import { once } from "node:events";
import { brokerEntry } from "./bundle.js";
import type { BrokerData } from "./broker.js";
import type { Answer, Call, Reply, Request, SandboxFailure } from "./protocol.js";

export interface SandboxLimits {
  /** How long one batch of calls (or loading the module) may take. */
  readonly timeLimitMs: number;
  /** How long all the calls of one sandbox may take together. */
  readonly totalTimeLimitMs: number;
  readonly memoryLimitMb: number;
}

/** The sandbox stopped answering: the exercise gets zero with this reason. */
export class SandboxFailed extends Error {
  constructor(readonly failure: SandboxFailure) {
    super(failure.message);
  }
}

export class Sandbox {
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private readonly channel = new MessageChannel();
  private readonly worker: Worker;
  private failure: SandboxFailure | undefined;
  private spentMs = 0;

  /** Starts the child on `entry` (a bundle from submissionEntry). */
  constructor(entry: string, private readonly limits: SandboxLimits) {
    const data: BrokerData = { signal: this.flag.buffer as SharedArrayBuffer, port: this.channel.port2, entry, ...limits };
    this.worker = new Worker(brokerEntry(), { workerData: data, transferList: [this.channel.port2], stdout: true, stderr: true });
  }

  /** Waits until the submission has loaded (its top-level code has run); throws SandboxFailed if it cannot. */
  load(): void {
    this.request({ type: "load" });
  }

  /** Answers for every call, in order; throws SandboxFailed when the child cannot answer. */
  call(calls: readonly Call[]): readonly Answer[] {
    const reply = this.request({ type: "calls", calls });
    return reply.type === "answers" ? reply.answers : [];
  }

  /** Stops the child; returns what it wrote to stdout and stderr. */
  async close(): Promise<{ stdout: string; stderr: string }> {
    const handedOver = once(this.worker, "message");
    this.channel.port1.postMessage({ type: "close" } satisfies Request);
    const [output] = (await handedOver) as [{ stdout: string; stderr: string }];
    await this.worker.terminate();
    this.channel.port1.close();
    return output;
  }

  private request(request: Request): Reply {
    if (this.failure) throw new SandboxFailed(this.failure);
    const started = performance.now();
    Atomics.store(this.flag, 0, 0);
    this.channel.port1.postMessage(request);
    // The broker enforces the time limit; this wait only guards against the broker itself dying.
    const woke = Atomics.wait(this.flag, 0, 0, this.limits.timeLimitMs + 10_000);
    const reply = receiveMessageOnPort(this.channel.port1)?.message as Reply | undefined;
    this.spentMs += performance.now() - started;
    if (woke === "timed-out" || !reply) {
      this.failure = { kind: "lost", message: "the sandbox stopped answering" };
    } else if (reply.type === "failed") {
      this.failure = reply.failure;
    } else if (this.spentMs > this.limits.totalTimeLimitMs) {
      this.failure = { kind: "timeout", message: `took more than ${this.limits.totalTimeLimitMs / 1000} s in all to answer (too slow)` };
    }
    if (this.failure) throw new SandboxFailed(this.failure);
    return reply!;
  }
}

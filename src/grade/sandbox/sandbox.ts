/**
 * A submission's code, run away from the grader: a child process behind the
 * broker thread (broker.ts, one for all the sandboxes this thread starts).
 * The grader calls it synchronously, which the explorer needs: it posts a
 * batch of calls and sleeps on a shared flag until the broker answers.
 *
 * The child runs under Node's permission model, allowed to read its own
 * bundle and nothing else (no file system, no child processes, no workers, no
 * addons), in an empty folder of its own with an empty environment, inside
 * the OS walls this machine allows (isolation.ts). Each sandbox has its own
 * private folder, removed as soon as the child has loaded its bundle; the
 * broker's code is never a file.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import { brokerSource } from "./bundle.js";
import type { ChildOrder, ChildOutput } from "./broker.js";
import { childCommand, isolation, sayWhatIsMissing } from "./isolation.js";
import { type Answer, type Call, type Posted, posted, type Reply, type Request, type SandboxFailure } from "./protocol.js";

export interface SandboxLimits {
  /** How long one batch of calls (or loading the module) may take. */
  readonly timeLimitMs: number;
  /** How long all the calls of one sandbox may take together. */
  readonly totalTimeLimitMs: number;
  /** The V8 heap's limit; the child's whole data size may be this plus `dataHeadroomMb`. */
  readonly memoryLimitMb: number;
}

/** What node needs beyond its heap (young generation, code, buffers of its own); measured, with room. */
const dataHeadroomMb = 192;

/** The sandbox stopped answering: the exercise gets zero with this reason. */
export class SandboxFailed extends Error {
  constructor(readonly failure: SandboxFailure) {
    super(failure.message);
  }
}

/** Waited on, never woken: a short sleep. */
const idle = new Int32Array(new SharedArrayBuffer(4));

/** Folders of sandboxes not yet removed, removed at exit whatever happens. */
const folders = new Set<string>();
process.once("exit", () => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A sandbox folder's name says which grader made it: `snaplab-sandbox-<pid>-<random>`. */
const folderName = /^snaplab-sandbox-(\d+)-/;
let swept = false;

/**
 * Removes the folders that graders killed outright (SIGKILL: no exit
 * handler runs) left in `base`: this user's, of processes that are gone.
 */
function sweep(base: string): void {
  if (swept) return;
  swept = true;
  for (const name of readdirSync(base)) {
    const pid = Number(folderName.exec(name)?.[1]);
    if (!pid || pid === process.pid || running(pid)) continue;
    const stats = lstatSync(join(base, name), { throwIfNoEntry: false });
    if (stats?.isDirectory() && stats.uid === process.getuid?.()) rmSync(join(base, name), { recursive: true, force: true });
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Where sandbox folders go: the temporary folder, if the child's user can
 * reach it (every folder above it searchable by others), else /tmp.
 */
function sandboxBase(otherUser: boolean): string {
  const base = realpathSync(tmpdir());
  if (!otherUser) return base;
  for (let folder = base; ; folder = dirname(folder)) {
    if ((statSync(folder).mode & 0o001) === 0) return "/tmp";
    if (folder === dirname(folder)) return base;
  }
}

/** The broker thread, and the sandboxes waiting for it to hand over their child's output as they close. */
interface Broker {
  readonly thread: Worker;
  readonly closing: Set<() => void>;
}

let broker: Broker | undefined;

/**
 * The broker thread, started with the first sandbox. It does not keep the
 * process alive: a sandbox waiting to close does, through its port.
 */
function sharedBroker(): Broker {
  if (!broker) {
    const thread = new Worker(brokerSource(), { eval: true, stdout: true, stderr: true });
    thread.unref();
    const started: Broker = { thread, closing: new Set() };
    // A broker that died (it never should) hands over nothing rather than hanging its sandboxes' closing, and is replaced by the next sandbox; its children died with it.
    thread.once("exit", () => {
      if (broker === started) broker = undefined;
      for (const handOverNothing of started.closing) handOverNothing();
    });
    broker = started;
  }
  return broker;
}

export class Sandbox {
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private readonly channel = new MessageChannel();
  private readonly broker = sharedBroker();
  private readonly folder: string;
  private failure: SandboxFailure | undefined;
  private spentMs = 0;

  /** Starts a child on `bundle` (code from submissionBundle). */
  constructor(
    bundle: string,
    readonly limits: SandboxLimits,
  ) {
    const walls = isolation();
    sayWhatIsMissing();
    // Private (0700) while it is written; then the child's user may only reach the bundle and its empty folder, read-only.
    const base = sandboxBase(walls.otherUser);
    sweep(base);
    this.folder = mkdtempSync(join(base, `snaplab-sandbox-${process.pid}-`));
    folders.add(this.folder);
    const entry = join(this.folder, "submission.mjs");
    const cwd = join(this.folder, "cwd");
    writeFileSync(entry, bundle, { mode: 0o444 });
    mkdirSync(cwd, { mode: 0o111 });
    if (walls.otherUser) chmodSync(this.folder, 0o711);
    const permission = process.allowedNodeEnvironmentFlags.has("--permission") ? "--permission" : "--experimental-permission";
    const nodeArgs = (seen: string) => {
      const bundleSeen = join(seen, "submission.mjs");
      const args = [
        permission,
        `--allow-fs-read=${bundleSeen}`,
        "--disable-warning=ExperimentalWarning",
        `--max-old-space-size=${limits.memoryLimitMb}`,
        bundleSeen,
      ];
      // Without a pid namespace, kill(-1) reaches every process of the child's user: Node's doors to signals are closed too.
      return walls.namespaces ? args : [...args, "--no-signals"];
    };
    const order: ChildOrder = {
      signal: this.flag.buffer as SharedArrayBuffer,
      port: this.channel.port2,
      // CPU: a backstop for a child the broker could not stop; the time limits are the grader's.
      command: childCommand(
        this.folder,
        { dataMb: limits.memoryLimitMb + dataHeadroomMb, cpuSeconds: 2 * Math.ceil(limits.totalTimeLimitMs / 1000) + 10 },
        nodeArgs,
      ),
      cwd,
      timeLimitMs: limits.timeLimitMs,
      memoryLimitMb: limits.memoryLimitMb,
    };
    this.broker.thread.postMessage(order, [this.channel.port2]);
  }

  /** Waits until the submission has loaded (its top-level code has run); throws SandboxFailed if it cannot. */
  load(): void {
    try {
      this.request({ type: "load" });
    } finally {
      // Loaded (or never to be): the child has read its bundle, the folder can go.
      this.removeFolder();
    }
  }

  /** Answers for the calls, in order, up to the first that breaks the contract; throws SandboxFailed when the child cannot answer. */
  call(calls: readonly Call[]): readonly Answer[] {
    const reply = this.request({ type: "calls", calls });
    return reply.type === "answers" ? reply.answers : [];
  }

  /** Stops the child and removes its folder; returns what it wrote to stdout and stderr. */
  async close(): Promise<{ stdout: string; stderr: string }> {
    try {
      const port = this.channel.port1;
      const { closing } = this.broker;
      const handedOver = new Promise<{ stdout: string; stderr: string }>((resolve) => {
        const handOverNothing = () => resolve({ stdout: "", stderr: "" });
        closing.add(handOverNothing);
        port.on("message", (message: Reply | ChildOutput) => {
          if (message.type !== "closed") return;
          closing.delete(handOverNothing);
          resolve({ stdout: message.stdout, stderr: message.stderr });
        });
      });
      port.postMessage({ type: "close" } satisfies Posted);
      return await handedOver;
    } finally {
      this.channel.port1.close();
      this.removeFolder();
    }
  }

  private removeFolder(): void {
    if (!folders.delete(this.folder)) return;
    rmSync(this.folder, { recursive: true, force: true });
  }

  /** The broker's reply, or undefined if none came by `deadline`. */
  private awaitReply(deadline: number): Reply | undefined {
    for (;;) {
      const reply = receiveMessageOnPort(this.channel.port1)?.message as Reply | undefined;
      if (reply) return reply;
      const left = deadline - performance.now();
      if (left <= 0) return undefined;
      // Woken with nothing to read yet (seen once in a while with two grading lanes busy): wait again, a millisecond at a time once the flag is up.
      if (Atomics.wait(this.flag, 0, 0, left) === "not-equal") Atomics.wait(idle, 0, 0, Math.min(1, left));
    }
  }

  private request(request: Request): Reply {
    if (this.failure) throw new SandboxFailed(this.failure);
    const started = performance.now();
    Atomics.store(this.flag, 0, 0);
    this.channel.port1.postMessage(posted(request));
    // The broker enforces the time limit; this wait only guards against the broker itself dying.
    const reply = this.awaitReply(started + this.limits.timeLimitMs + 10_000);
    this.spentMs += performance.now() - started;
    if (!reply) {
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

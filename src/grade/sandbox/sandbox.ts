/**
 * A submission's code, run away from the grader: a child process started and
 * watched by the broker thread (broker.ts, one for all the sandboxes this
 * thread starts). The grader calls it synchronously, which the explorer
 * needs: it writes a batch of calls to the child's stdin and reads the reply
 * from the child's fd 3, two named pipes in the sandbox's folder, blocking
 * until the reply comes or the broker wakes it because the child failed.
 * Every reply is checked here before it is believed (protocol.ts).
 *
 * The child runs under Node's permission model, allowed to read its own
 * bundle and nothing else (no file system, no child processes, no workers, no
 * addons), in an empty folder of its own with an empty environment, inside
 * the OS walls this machine allows (isolation.ts). Each sandbox has its own
 * private folder, removed as soon as the child has loaded its bundle; the
 * broker's code is never a file.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, closeSync, constants, mkdirSync, openSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import { newProcessFolder, sweepFoldersLeft } from "../../files/process-folder.js";
import { brokerSource, type SubmissionBundle } from "./bundle.js";
import { placedMessage } from "./place-in-submission.js";
import type { BrokerFailed, BrokerOrder, ChildOrder, ChildOutput } from "./broker.js";
import { writeAll } from "./harness.js";
import { formatDuration } from "../../render/duration.js";
import { LineReader } from "./line-reader.js";
import { childCommand, findIsolation, isolation, nobody, sayWhatIsMissing } from "./isolation.js";
import { type Answer, type Asked, type Call, checkedReply, maxReplyBytes, posted, type Reply, type Request, type SandboxFailure } from "./protocol.js";

export interface SandboxLimits {
  /** How long one batch of calls (or loading the module, once its process has started) may take. */
  readonly timeLimitMs: number;
  /** How long all the calls of one sandbox may take together (for each exercise it answers: renewBudget). */
  readonly totalTimeLimitMs: number;
  /** The V8 heap's limit; the child's whole data size may be this plus `dataHeadroomMb`. */
  readonly memoryLimitMb: number;
  /**
   * How much the child may answer in all, in megabytes of reply lines: the
   * grader keeps every answer, so this bounds what a submission can make it
   * hold (each reply is at most `maxReplyBytes` besides), for each exercise.
   */
  readonly answersLimitMb: number;
  /**
   * By when (ms since the epoch) the last call must be answered: the time
   * limit of a grade as a whole (grade.ts). None: the time limits above alone.
   */
  readonly deadline?: number;
}

/** What node needs beyond its heap (young generation, code, buffers of its own); measured, with room. */
const dataHeadroomMb = 192;

/**
 * Loading also waits for the child's process to start (bwrap, node, the
 * bundle): the machine's time, not the submission's. Given on top of the time
 * limit, so that a busy machine cannot fail a submission whose top-level code
 * is quick (a start is quick on a quiet machine and far slower on a busy
 * one).
 */
const startAllowanceMs = 1000;

/** Why a sandbox answers nothing once its deadline has passed. */
const pastDeadline: SandboxFailure = { kind: "timeout", message: "was stopped when the grade as a whole reached its time limit" };

/** The sandbox stopped answering: the exercise gets zero with this reason. */
export class SandboxFailed extends Error {
  constructor(readonly failure: SandboxFailure) {
    super(failure.message);
  }
}

/** Folders of sandboxes not yet removed, removed at exit whatever happens. */
const folders = new Set<string>();
process.once("exit", () => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A new private (0700) folder in `base`, named as sweepFoldersLeft expects, removed at exit if not before. */
function newFolder(base: string): string {
  const folder = newProcessFolder(base, "sandbox");
  folders.add(folder);
  return folder;
}

/** Removes a folder from newFolder, once. */
function removeFolder(folder: string): void {
  if (folders.delete(folder)) rmSync(folder, { recursive: true, force: true });
}

/**
 * Pairs of named pipes not taken yet, in a private folder of their own:
 * `left` of them, numbered from 0. Kept while a sandbox is open, so that a
 * grade leaves no file behind.
 */
let pipes: { folder: string; left: number } | undefined;
const pairsAtOnce = 8;
let openSandboxes = 0;

/**
 * Moves a pair of named pipes (mode 0600) into `folder`, in `base`, as
 * `requests` and `replies`. Node cannot make a named pipe, so coreutils'
 * mkfifo does, eight pairs at a time: starting a process from the grader
 * costs time, which one start per sandbox would pay every time.
 */
function takePipes(base: string, folder: string): [string, string] {
  // Renamed, so made on the same file system: tests may move the base (isolationWithout).
  if (pipes && dirname(pipes.folder) !== base) dropPipes();
  if (!pipes) {
    const made = newFolder(base);
    const names = Array.from({ length: pairsAtOnce }, (_, i) => [`requests-${i}`, `replies-${i}`]).flat();
    execFileSync("mkfifo", ["-m", "600", ...names], { cwd: made });
    pipes = { folder: made, left: pairsAtOnce };
  }
  const pair = pipes.left - 1;
  const taken: [string, string] = [join(folder, "requests"), join(folder, "replies")];
  renameSync(join(pipes.folder, `requests-${pair}`), taken[0]);
  renameSync(join(pipes.folder, `replies-${pair}`), taken[1]);
  pipes.left = pair;
  if (pair === 0) dropPipes();
  return taken;
}

function dropPipes(): void {
  if (pipes) removeFolder(pipes.folder);
  pipes = undefined;
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
  /** [0] turns 1 when the broker has found the child failed. */
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  /** [0]: by when (ms since the epoch) a reply is due, 0 when none is waited for; the broker ends a child that is late. */
  private readonly deadline = new Float64Array(new SharedArrayBuffer(8));
  private readonly channel = new MessageChannel();
  private readonly broker = sharedBroker();
  private readonly folder: string;
  /** This end of the child's stdin, and of its fd 3, where the replies come. */
  private readonly requests: number;
  private readonly replies: number;
  private readonly replyLines: LineReader;
  /** The child's ends, until it has its own copies (closeChildEnds). */
  private childEnds: number[];
  private failure: SandboxFailure | undefined;
  private spentMs = 0;
  /** Bytes of the reply lines read so far. */
  private answeredBytes = 0;

  /**
   * A sandbox on `bundle` once it is built (submissionBundle): the walls are
   * found meanwhile, without blocking this thread, where the constructor
   * would look for them blocking (isolation), and the broker thread starts.
   */
  static async start(bundle: Promise<SubmissionBundle>, limits: SandboxLimits): Promise<Sandbox> {
    sharedBroker();
    const [built] = await Promise.all([bundle, findIsolation()]);
    return new Sandbox(built, limits);
  }

  /** Starts a child on `bundle` (from submissionBundle). */
  constructor(
    readonly bundle: SubmissionBundle,
    readonly limits: SandboxLimits,
  ) {
    const walls = isolation();
    sayWhatIsMissing();
    // Private (0700), and its bundle (0400): no other local user reads a submission while it is graded. Where the child
    // runs as another user, the bundle is that user's, and the folder may be entered (not listed) by any: the child's
    // user then reads the bundle, others cannot. The folder stays the grader's, so that no other user can change what
    // a grader (as root) removes.
    const base = sandboxBase(walls.otherUser);
    // Those of graders killed outright, whose exit handler never ran.
    sweepFoldersLeft(base, "sandbox");
    this.folder = newFolder(base);
    const entry = join(this.folder, "submission.mjs");
    const cwd = join(this.folder, "cwd");
    writeFileSync(entry, bundle.code, { mode: 0o400 });
    mkdirSync(cwd, { mode: 0o111 });
    // Named pipes: node makes no anonymous pipe a thread can read blocking. The child gets its ends as fds,
    // never their names; each open below returns at once, as the other end is open already or not needed.
    const [requestsPipe, repliesPipe] = takePipes(base, this.folder);
    openSandboxes++;
    // Read first without blocking (nothing writes yet), so that this end opens; then the child's end again, blocking,
    // as harness.ts reads it.
    const opening = openSync(requestsPipe, constants.O_RDONLY | constants.O_NONBLOCK);
    this.requests = openSync(requestsPipe, constants.O_WRONLY);
    const childStdin = openSync(requestsPipe, constants.O_RDONLY);
    closeSync(opening);
    // Read and write: this end alone keeps the pipe open, so the child's end opens at once (and no end of file ever comes: the broker wakes this thread instead).
    this.replies = openSync(repliesPipe, constants.O_RDWR);
    this.replyLines = new LineReader(this.replies);
    const childReplies = openSync(repliesPipe, constants.O_WRONLY);
    this.childEnds = [childStdin, childReplies];
    if (walls.otherUser) {
      chownSync(entry, nobody, nobody);
      chmodSync(this.folder, 0o711);
    }
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
      deadline: this.deadline.buffer as SharedArrayBuffer,
      port: this.channel.port2,
      stdin: childStdin,
      replies: childReplies,
      repliesPipe,
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
      removeFolder(this.folder);
      this.closeChildEnds();
    }
  }

  /** Answers for the calls, in order, up to the first that breaks the contract; throws SandboxFailed when the child cannot answer. */
  call(calls: readonly Call[]): readonly Answer[] {
    const reply = this.request({ type: "calls", calls });
    return reply.type === "answers"
      ? reply.answers.map((answer) => {
          if (answer.ok || answer.at === undefined) return answer;
          const { at, ...fault } = answer;
          return { ...fault, message: placedMessage(fault.message, this.bundle.sourceMap, at) };
        })
      : [];
  }

  /** Whether the child has failed: it answers nothing more. */
  get failed(): boolean {
    return this.brokerFailed();
  }

  /**
   * Starts the budgets of all the calls again (totalTimeLimitMs,
   * answersLimitMb): each exercise a sandbox answers has budgets of its own.
   */
  renewBudget(): void {
    this.spentMs = 0;
    this.answeredBytes = 0;
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
      port.postMessage({ type: "close" } satisfies BrokerOrder);
      return await handedOver;
    } finally {
      this.channel.port1.close();
      closeSync(this.requests);
      closeSync(this.replies);
      this.closeChildEnds();
      removeFolder(this.folder);
      if (--openSandboxes === 0) dropPipes();
    }
  }

  /**
   * Once the child is started (it has answered, or the broker has said why it
   * could not), its ends are its own: this process keeps none, so a request
   * written after the child is gone finds no reader. Not before: the broker
   * starts the child with these very numbers.
   */
  private closeChildEnds(): void {
    for (const fd of this.childEnds) closeSync(fd);
    this.childEnds = [];
  }

  private request(request: Request): Reply {
    if (this.failure || this.brokerFailed()) throw new SandboxFailed(this.failure!);
    const { deadline = Infinity } = this.limits;
    if (Date.now() >= deadline) this.fail(pastDeadline);
    if (this.failure) throw new SandboxFailed(this.failure);
    const started = performance.now();
    const { asked, line } = posted(request);
    this.deadline[0] = Math.min(deadline, Date.now() + this.limits.timeLimitMs + (request.type === "load" ? startAllowanceMs : 0));
    let reply: Reply | string;
    try {
      writeAll(this.requests, line);
      reply = this.readReply(asked);
    } catch (error) {
      // EPIPE: the child is gone, and the broker says why.
      if ((error as NodeJS.ErrnoException).code !== "EPIPE") throw error;
      reply = this.waitForBroker();
    } finally {
      this.deadline[0] = 0;
    }
    this.spentMs += performance.now() - started;
    if (typeof reply === "string") {
      // A reply the child could not have meant is its fault, unless the broker had found it failed already.
      if (!this.brokerFailed()) this.fail({ kind: "protocol", message: `the submission's process ${reply} (only the grader's harness may write there)` });
    } else if (reply.type === "failed") {
      const { at, ...failure } = reply.failure;
      this.fail({ ...failure, message: placedMessage(failure.message, this.bundle.sourceMap, at) });
    } else if (this.spentMs > this.limits.totalTimeLimitMs) {
      this.fail({ kind: "timeout", message: `took more than ${formatDuration(this.limits.totalTimeLimitMs)} in all to answer (too slow)` });
    } else if (this.answeredBytes > this.limits.answersLimitMb * 2 ** 20) {
      this.fail({
        kind: "memory",
        message: `answered more than ${this.limits.answersLimitMb} MB in all (the grader keeps every answer; rules return small lists of effects)`,
      });
    }
    if (this.failure) throw new SandboxFailed(this.failure);
    return reply as Reply;
  }

  /** The next reply line, checked against `asked` (or what is wrong with it); the broker's failure if it wakes this thread first. */
  private readReply(asked: Asked): Reply | string {
    for (;;) {
      const line = this.replyLines.take();
      if (line) {
        this.answeredBytes += line.bytes;
        return checkedReply(line.text, asked);
      }
      if (this.replyLines.pending > maxReplyBytes) {
        return {
          type: "failed",
          failure: { kind: "protocol", message: `the submission's process sent a reply longer than ${maxReplyBytes / 1024 / 1024} MB` },
        };
      }
      if (this.brokerFailed()) return { type: "failed", failure: this.failure! };
      this.replyLines.readMore();
    }
  }

  /** The child is gone: the broker's word on why, soon (it ends a child that is late too). */
  private waitForBroker(): Reply {
    const until = performance.now() + this.limits.timeLimitMs + 10_000;
    while (!this.brokerFailed()) {
      // Only a broker that died itself (it never should) says nothing.
      if (performance.now() > until) this.failure = { kind: "lost", message: "the sandbox stopped answering" };
      else Atomics.wait(this.flag, 0, 0, 100);
    }
    return { type: "failed", failure: this.failure! };
  }

  /** Whether the broker has found the child failed; takes its reason as this sandbox's failure. */
  private brokerFailed(): boolean {
    if (Atomics.load(this.flag, 0) === 0) return this.failure !== undefined;
    const told = receiveMessageOnPort(this.channel.port1)?.message as BrokerFailed | undefined;
    // Out of time at the grade's deadline rather than its own limit: the grade's time is what ran out.
    const late = told?.failure.kind === "timeout" && Date.now() >= (this.limits.deadline ?? Infinity);
    this.failure ??= late ? pastDeadline : (told?.failure ?? { kind: "lost", message: "the sandbox stopped answering" });
    return true;
  }

  /** Fails this sandbox for good, and has the broker end its child. */
  private fail(failure: SandboxFailure): void {
    this.failure ??= failure;
    this.channel.port1.postMessage({ type: "stop", failure: this.failure } satisfies BrokerOrder);
  }
}

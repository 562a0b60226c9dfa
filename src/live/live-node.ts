/**
 * One process of a live bank, run as an OS process of its own. It listens for
 * its incoming channels, connects its outgoing ones, then makes its share of
 * random transfers (never more than it holds) while it delivers what arrives,
 * and runs the snapshot rules on every marker, every delivery and at the sends
 * where it starts a snapshot. Everything it does goes to its event log with
 * its vector clock.
 *
 * It stops once it has made its transfers, heard `done` on every incoming
 * channel (or seen the sender die) and finished every snapshot; or when its
 * control says stop.
 */
import { createServer, type Server, type Socket } from "node:net";
import type { SnapshotAlgorithm } from "../models/bank/algorithms/snapshot-algorithm.js";
import type { DataMessage } from "../models/bank/bank-state.js";
import type { Cluster, HostAddress } from "./cluster.js";
import { type EventLogWriter, type HelloLine, now } from "./event-log.js";
import { ACK_EVERY, type OutgoingChannel } from "./channel-connection.js";
import { connectNeighbours, Senders } from "./connect-neighbours.js";
import { NodeSnapshots } from "./node-snapshots.js";
import { encode, lineSplitter, type WireMessage } from "./wire.js";
import { mulberry32 } from "../explore/seeded-random.js";
import { drawAmount, initiations, processSeed, quotaOf, rateOf } from "./workload.js";

/** How a node learns where to connect and when to start, and says how far it got. */
export interface NodeControl {
  /** The address each outgoing channel (by index) connects to, once this node listens on `port`. */
  addresses(port: number): Promise<ReadonlyMap<number, HostAddress>>;
  /** Resolves when the transfers may start (every node is connected). */
  connected(): Promise<void>;
  /** The node has made its transfers and every incoming channel is done. */
  dataDone(): void;
  /** Called when the run must end now, whatever is left; `timeoutMs` when the run's --timeout is why. */
  onStop(stop: (timeoutMs?: number) => void): void;
  /** How long the node waits for its neighbours to listen, and those that send to it to connect, before it gives up. */
  readonly waitMs: number;
  /** Tells whoever started the node whom it still waits for (`text` names each neighbour), once it has waited a while. */
  waiting(text: string): void;
}

/** Transfers made per turn of the event loop, before deliveries get their turn. */
const BATCH = 64;
/** A node holding nothing that gets no money for this long skips the rest of its transfers. */
const MONEY_WAIT_MS = 200;

export class LiveNode {
  private readonly scenario;
  private readonly p: number;
  private readonly incoming: number[];
  private readonly outgoing: number[];
  private readonly vc: number[];
  private balance: number;
  private pc = 0;
  private readonly delivered: string[] = [];
  private readonly sentOn = new Map<number, DataMessage[]>();
  private readonly out = new Map<number, OutgoingChannel>();
  private readonly incomingOver = new Set<number>();
  private readonly quota: number;
  private readonly rate: number;
  private readonly plan: { snapshot: number; atTry: number }[];
  private readonly random: () => number;
  private readonly snapshots: NodeSnapshots;
  private readonly senders: Senders;
  private server: Server | undefined;
  private startedAt = 0;
  private sending = false;
  private ownDone = false;
  /** Transfers tried: made, or skipped because the sender held nothing. */
  private attempts = 0;
  private skipped = 0;
  /** Holding nothing, the node waits for money until this timer says nothing will come. */
  private waitingForMoney: NodeJS.Timeout | undefined;
  /** The channel of the next transfer, drawn but not yet sent on (its receiver was behind). */
  private nextChannel: number | undefined;
  private stopped = false;
  private finished!: () => void;
  private failed!: (error: Error) => void;

  constructor(
    private readonly cluster: Cluster,
    id: string,
    rules: SnapshotAlgorithm,
    private readonly log: EventLogWriter,
    private readonly control: NodeControl,
  ) {
    this.scenario = cluster.scenario;
    this.p = this.scenario.processes.indexOf(id);
    this.incoming = this.scenario.channels.flatMap((c, i) => (c.to === this.p ? [i] : []));
    this.outgoing = this.scenario.channels.flatMap((c, i) => (c.from === this.p ? [i] : []));
    this.vc = this.scenario.processes.map(() => 0);
    this.balance = this.scenario.initialBalances[this.p]!;
    this.quota = quotaOf(this.scenario, cluster.transfers, this.p);
    this.rate = rateOf(this.scenario, cluster.rate, this.p);
    this.plan = initiations(this.scenario, cluster.snapshots, this.quota, this.p);
    this.random = mulberry32(processSeed(cluster.seed, this.p));
    this.senders = new Senders(
      this.incoming.map((c) => {
        const sender = this.scenario.processes[this.scenario.channels[c]!.from]!;
        return { channel: c, channelId: this.scenario.channels[c]!.id, process: sender, address: cluster.hosts[sender]! };
      }),
    );
    this.snapshots = new NodeSnapshots(
      this.scenario,
      this.p,
      rules,
      { pc: () => this.pc, balance: () => this.balance, delivered: this.delivered, sentOn: this.sentOn },
      {
        log: (event) => this.log.add(event),
        sendMarker: (s, c, payload) => this.out.get(c)?.send({ k: "marker", s, ...(payload ? { p: payload } : {}), vc: this.vc.slice() }),
      },
    );
  }

  /** Runs the node to its end; rejects if the rules fail. */
  run(): Promise<void> {
    const ended = new Promise<void>((resolve, reject) => {
      this.finished = resolve;
      this.failed = reject;
    });
    // A neighbour's marker may reach the rules before the start: a rule that fails then ends the run at once.
    return Promise.race([ended, this.start().then(() => ended)]);
  }

  private async start(): Promise<void> {
    this.control.onStop((timeoutMs) => this.stop(timeoutMs));
    const port = await this.listen();
    const addresses = await this.control.addresses(port);
    const neighbours = this.outgoing.map((c) => {
      const channel = this.scenario.channels[c]!;
      return { channel: c, channelId: channel.id, process: this.scenario.processes[channel.to]!, address: addresses.get(c)! };
    });
    // The wait starts once the node knows where its neighbours are (snaplab live hands that out once every node listens).
    const wait = { since: Date.now(), limitMs: this.control.waitMs, waiting: (text: string) => this.control.waiting(text) };
    const opened = await connectNeighbours(neighbours, this.log.header.run, wait);
    for (const [c, channel] of opened) this.out.set(c, channel);
    this.flushChannels();
    // A neighbour started first may already be sending: its markers need this node's channels to answer on.
    for (const socket of this.early ?? []) socket.resume();
    this.early = undefined;
    // Each neighbour that sends to this node connects within the same wait, or the node would wait for its data forever.
    await this.senders.all(wait);
    await this.control.connected();
    this.startedAt = now();
    this.sending = true;
    setImmediate(() => this.guard(() => this.pump()));
  }

  private listen(): Promise<number> {
    const id = this.scenario.processes[this.p]!;
    const own = this.cluster.hosts[id]!;
    this.server = createServer((socket) => this.accept(socket));
    return new Promise((resolve, reject) => {
      // Named by the cluster file's field, which is what a user changes: a bare "listen EADDRINUSE" named neither.
      this.server!.once("error", (error: NodeJS.ErrnoException) => {
        const why = error.code === "EADDRINUSE" ? "the port is in use" : error.code === "EADDRNOTAVAIL" ? "the address is not this machine's" : error.message;
        reject(new Error(`hosts.${id}: cannot listen on ${own.host}:${own.port}: ${why}`));
      });
      this.server!.listen(own.port, own.host, () => resolve((this.server!.address() as { port: number }).port));
    });
  }

  /** An incoming connection: its first line says which channel it is. */
  private accept(socket: Socket): void {
    if (this.early) {
      socket.pause();
      this.early.push(socket);
    }
    let channel: number | undefined;
    let done = false;
    let delivered = 0;
    let acked = 0;
    let stranger = false;
    const split = lineSplitter((line) => {
      if (stranger) return;
      if (channel === undefined) {
        // A peer names its incoming channel and its run first. Anything else is no peer of this run (a port scan, a
        // stray client): it is dropped, and the run goes on; garbage there used to end this node.
        const hello = this.hello(line);
        if (hello === undefined) {
          stranger = true;
          socket.destroy();
        } else {
          channel = hello.c;
          this.log.add(hello);
          this.senders.heard(channel);
        }
        return;
      }
      const message = JSON.parse(line) as WireMessage;
      if (message.k !== "hello" && !this.stopped) {
        if (message.k === "done") done = true;
        if (message.k === "data") delivered += 1;
        this.receive(channel, message);
      }
    });
    // A chunk holds many messages: deliver them all, then write the log and the answers once.
    socket.on("data", (chunk) =>
      this.guard(() => {
        split(chunk);
        if (delivered - acked >= ACK_EVERY) {
          acked = delivered;
          socket.write(encode({ k: "ack", n: delivered }));
        }
        this.afterTurn();
      }),
    );
    socket.on("error", () => {});
    socket.on("close", () => {
      // Closed before `done`: the sender died; nothing more will come on it.
      if (channel !== undefined && !done) this.guard(() => this.channelOver(channel!));
    });
  }

  /** The incoming channel a connection's first line names, and the sender's run, if it is a hello for one of this process's. */
  private hello(line: string): HelloLine | undefined {
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return undefined;
    }
    const hello = message as Partial<Extract<WireMessage, { k: "hello" }>>;
    if (hello?.k !== "hello" || typeof hello.run !== "string") return undefined;
    const channel = this.scenario.channels.findIndex((c) => c.id === hello.channel);
    return channel >= 0 && this.incoming.includes(channel) ? { e: "hello", c: channel, run: hello.run } : undefined;
  }

  private receive(c: number, message: WireMessage): void {
    if (message.k === "data") {
      this.tick(message.vc);
      this.log.add({ e: "deliver", t: now(), vc: this.vc.slice(), c, id: message.id, a: message.a });
      const data: DataMessage = { kind: "data", id: message.id, amount: message.a };
      const buffered = this.snapshots.onMessage(c, data, message.r);
      if (buffered) this.log.add({ e: "buffer" });
      else {
        this.balance += message.a;
        this.delivered.push(message.id);
        this.moneyArrived();
      }
    } else if (message.k === "marker") {
      this.tick(message.vc);
      this.log.add({ e: "marker-in", t: now(), vc: this.vc.slice(), c, s: message.s });
      this.snapshots.onMarker(message.s, c, message.p);
    } else if (message.k === "done") {
      this.channelOver(c);
    }
  }

  private channelOver(c: number): void {
    this.incomingOver.add(c);
    if (this.waitingForMoney !== undefined && this.incomingOver.size === this.incoming.length) this.finishSending();
    this.afterTurn();
  }

  /** A turn of sends: up to BATCH transfers, as the rate and the balance allow. */
  private pump(): void {
    if (!this.sending || this.stopped) return;
    const allowed = this.rate > 0 ? Math.floor(((now() - this.startedAt) * this.rate) / 1000) + 1 : Number.POSITIVE_INFINITY;
    for (let i = 0; i < BATCH && this.attempts < this.quota && this.attempts < allowed; i++) {
      this.startSnapshotsDue();
      const live = this.outgoing.filter((c) => !this.out.get(c)!.dead);
      if (live.length === 0) {
        this.finishSending();
        return;
      }
      if (this.balance <= 0) {
        this.waitForMoney();
        return;
      }
      if (this.nextChannel !== undefined && !live.includes(this.nextChannel)) this.nextChannel = undefined;
      this.nextChannel ??= live[Math.floor(this.random() * live.length)]!;
      const out = this.out.get(this.nextChannel)!;
      if (out.full) {
        // The receiver is behind on this channel: go on once it has caught up.
        this.afterTurn();
        void out.whenRoom().then(() => this.guard(() => this.pump()));
        return;
      }
      this.attempts += 1;
      this.sendTransfer(this.nextChannel);
      this.nextChannel = undefined;
    }
    this.startSnapshotsDue();
    if (this.attempts >= this.quota) {
      this.finishSending();
      return;
    }
    this.afterTurn();
    const backedUp = [...this.out.values()].filter((o) => o.backedUp);
    if (backedUp.length > 0) void Promise.all(backedUp.map((o) => o.drained())).then(() => this.guard(() => this.pump()));
    else if (this.attempts >= allowed) setTimeout(() => this.guard(() => this.pump()), Math.max(1, 1000 / this.rate));
    else setImmediate(() => this.guard(() => this.pump()));
  }

  /**
   * Nothing to send: wait for a delivery. If none comes for a while, or every
   * incoming channel is done, the other processes are finished or waiting too
   * (two broke processes would wait for each other forever): skip the rest.
   */
  private waitForMoney(): void {
    this.afterTurn();
    if (this.incomingOver.size === this.incoming.length) this.finishSending();
    else this.waitingForMoney = setTimeout(() => this.guard(() => this.finishSending()), MONEY_WAIT_MS);
  }

  private moneyArrived(): void {
    if (this.waitingForMoney === undefined || this.balance <= 0) return;
    clearTimeout(this.waitingForMoney);
    this.waitingForMoney = undefined;
    setImmediate(() => this.guard(() => this.pump()));
  }

  private sendTransfer(c: number): void {
    const amount = drawAmount(this.random(), this.balance);
    this.pc += 1;
    this.balance -= amount;
    const id = `${this.scenario.processes[this.p]}#${this.pc}`;
    this.tick();
    this.log.add({ e: "send", t: now(), vc: this.vc.slice(), c, id, a: amount });
    const message: DataMessage = { kind: "data", id, amount };
    const sent = this.sentOn.get(c) ?? [];
    sent.push(message);
    this.sentOn.set(c, sent);
    this.out.get(c)!.send({ k: "data", id, a: amount, r: this.snapshots.recordedIds(), vc: this.vc.slice() });
  }

  private startSnapshotsDue(): void {
    while (this.plan.length > 0 && this.plan[0]!.atTry <= this.attempts) {
      const { snapshot } = this.plan.shift()!;
      this.tick();
      this.log.add({ e: "initiate", t: now(), vc: this.vc.slice(), s: snapshot });
      this.snapshots.initiate(snapshot);
    }
  }

  /** No more transfers: start any snapshot still due, tell every neighbour. */
  private finishSending(): void {
    if (this.ownDone) return;
    clearTimeout(this.waitingForMoney);
    this.waitingForMoney = undefined;
    this.plan.forEach((step) => (step.atTry = 0));
    this.startSnapshotsDue();
    this.ownDone = true;
    this.sending = false;
    this.skipped += this.quota - this.attempts;
    this.attempts = this.quota;
    this.log.add({ e: "done", t: now(), skipped: this.skipped });
    for (const channel of this.out.values()) channel.send({ k: "done" });
    this.afterTurn();
  }

  /** After each turn: write what it sent and logged, and see whether the node is through. */
  private afterTurn(): void {
    if (this.stopped) return;
    // The log first: a node killed in between has logged a send that never left (money lost with
    // it), never a message on the wire its log does not have.
    this.log.flush();
    this.flushChannels();
    if (this.stopped || !this.ownDone || this.incomingOver.size < this.incoming.length) return;
    if (!this.reportedDataDone) {
      this.reportedDataDone = true;
      this.control.dataDone();
    }
    for (let s = 0; s < this.cluster.snapshots; s++) if (!this.snapshots.isComplete(s)) return;
    void this.close();
  }

  private reportedDataDone = false;
  /** Incoming connections that arrived before this node's own channels were open, held until they are. */
  private early: Socket[] | undefined = [];

  private flushChannels(): void {
    for (const channel of this.out.values()) channel.flush();
  }

  private tick(merge?: readonly number[]): void {
    if (merge) merge.forEach((t, i) => (this.vc[i] = Math.max(this.vc[i]!, t)));
    this.vc[this.p]! += 1;
  }

  private async close(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.log.flush();
    await Promise.all([...this.out.values()].map((o) => o.end()));
    this.server?.close();
    this.log.close("finished");
    this.finished();
  }

  private stop(timeoutMs?: number): void {
    if (this.stopped) return;
    this.stopped = true;
    this.senders.stop();
    this.log.close("stopped", timeoutMs === undefined ? {} : { timeoutMs });
    this.finished();
  }

  /** A rule that throws, or returns what is not an effect, ends the node with the reason (the log's end line says it: node-process.ts). */
  private guard(work: () => void): void {
    try {
      work();
    } catch (error) {
      if (this.stopped) return;
      this.stopped = true;
      this.senders.stop();
      this.server?.close();
      this.failed(error as Error);
    }
  }
}

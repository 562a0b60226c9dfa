/**
 * A channel's TCP connection. The sender connects to the receiver (or to the
 * relay in front of it) and says which channel it is; messages go out in one
 * write per channel per turn of the event loop, so thousands of small
 * messages cost a few system calls.
 *
 * Flow control: the receiver acknowledges every ACK_EVERY data messages on
 * the same connection, and a sender with WINDOW of them unacknowledged waits.
 * Without it a fast sender fills the sockets' buffers with tens of thousands
 * of messages, and a marker waits behind all of them.
 */
import { connect, type Socket } from "node:net";
import type { HostAddress } from "./cluster.js";
import { encode, lineSplitter, type WireMessage } from "./wire.js";

/** Data messages a sender may have unacknowledged on a channel. */
export const WINDOW = 256;
/** The receiver acknowledges after this many data messages. */
export const ACK_EVERY = 64;

/** The sending end of one channel. */
export class OutgoingChannel {
  private pending = "";
  /** The connection broke (the receiver died): what is sent from now on is lost. */
  dead = false;
  private sentData = 0;
  private acked = 0;
  private waiting: (() => void)[] = [];

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    const wake = () => this.waiting.splice(0).forEach((resolve) => resolve());
    socket.on("error", () => (this.dead = true));
    socket.on("close", () => {
      this.dead = true;
      wake();
    });
    socket.on(
      "data",
      lineSplitter((line) => {
        const message = JSON.parse(line) as WireMessage;
        if (message.k !== "ack") return;
        this.acked = message.n;
        if (!this.full) wake();
      }),
    );
  }

  /** WINDOW data messages are unacknowledged: wait (whenRoom) before sending more. */
  get full(): boolean {
    return !this.dead && this.sentData - this.acked >= WINDOW;
  }

  whenRoom(): Promise<void> {
    return new Promise((resolve) => (this.full ? this.waiting.push(resolve) : resolve()));
  }

  /**
   * Connects to `address` as `channel` of run `run`, in one attempt of at most `timeoutMs`. An attempt the far end
   * never answers (its host drops the SYN, or its listener accepts nothing) would otherwise wait for the kernel's own
   * time-out, far past a node's --wait: it fails with ETIMEDOUT instead, as the kernel's would.
   */
  static async open(channel: string, run: string, address: HostAddress, timeoutMs: number): Promise<OutgoingChannel> {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect({ port: address.port, host: address.host, timeout: timeoutMs });
      s.once("connect", () => {
        s.setTimeout(0);
        resolve(s);
      });
      s.once("timeout", () => {
        s.destroy();
        reject(Object.assign(new Error(`connect ETIMEDOUT ${address.host}:${address.port}`), { code: "ETIMEDOUT" }));
      });
      s.once("error", reject);
    });
    const opened = new OutgoingChannel(socket);
    opened.send({ k: "hello", channel, run });
    return opened;
  }

  send(message: WireMessage): void {
    if (this.dead) return;
    if (message.k === "data") this.sentData += 1;
    this.pending += encode(message);
  }

  /** Writes what this turn sent; false when the receiver is not keeping up (wait for drain). */
  flush(): boolean {
    if (this.pending === "" || this.dead) return true;
    const text = this.pending;
    this.pending = "";
    return this.socket.write(text);
  }

  get backedUp(): boolean {
    return !this.dead && this.socket.writableNeedDrain;
  }

  drained(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.backedUp) return resolve();
      const done = () => resolve();
      this.socket.once("drain", done);
      this.socket.once("close", done);
    });
  }

  /** Sends what is left and closes; resolves once the data is handed to the network. */
  end(): Promise<void> {
    this.flush();
    return new Promise((resolve) => {
      if (this.dead) return resolve();
      this.socket.once("close", () => resolve());
      this.socket.end();
    });
  }
}

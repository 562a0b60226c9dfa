/**
 * A channel's TCP connection. The sender connects to the receiver (or to the
 * relay in front of it) and says which channel it is; messages go out in one
 * write per channel per turn of the event loop, so thousands of small
 * messages cost a few system calls.
 */
import { connect, type Socket } from "node:net";
import type { HostAddress } from "./cluster.js";
import { encode, type WireMessage } from "./wire.js";

/** The sending end of one channel. */
export class OutgoingChannel {
  private pending = "";
  /** The connection broke (the receiver died): what is sent from now on is lost. */
  dead = false;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on("error", () => (this.dead = true));
    socket.on("close", () => (this.dead = true));
  }

  /** Connects to `address` as `channel`, trying again while nobody listens there yet (a node started by hand may be first). */
  static async open(channel: string, address: HostAddress, deadline: number): Promise<OutgoingChannel> {
    for (;;) {
      try {
        const socket = await new Promise<Socket>((resolve, reject) => {
          const s = connect(address.port, address.host);
          s.once("connect", () => resolve(s));
          s.once("error", reject);
        });
        const opened = new OutgoingChannel(socket);
        opened.send({ k: "hello", channel });
        return opened;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ECONNREFUSED" || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  send(message: WireMessage): void {
    if (!this.dead) this.pending += encode(message);
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

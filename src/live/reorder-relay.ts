/**
 * `--network reorder`: a relay on a channel, between its sender and its
 * receiver, that holds what arrives for a moment and passes it on in a
 * seeded shuffle, so that messages (markers too) overtake each other and the
 * channel is no longer FIFO. Only `done` keeps its place: it goes on after
 * every data message, as the end of the data.
 */
import { connect, createServer, type Server, type Socket } from "node:net";
import { lineSplitter } from "./wire.js";

/** How long the relay gathers messages before it shuffles and passes them on. */
const HOLD_MS = 5;

export interface Relay {
  readonly port: number;
  close(): void;
}

export function startRelay(targetPort: number, random: () => number): Promise<Relay> {
  const sockets: Socket[] = [];
  const server: Server = createServer((from) => {
    const to = connect(targetPort, "127.0.0.1");
    to.setNoDelay(true);
    sockets.push(from, to);
    let first = true;
    let pool: string[] = [];
    let timer: NodeJS.Timeout | undefined;
    const release = () => {
      timer = undefined;
      for (let i = pool.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      if (pool.length > 0 && !to.destroyed) to.write(`${pool.join("\n")}\n`);
      pool = [];
    };
    const split = lineSplitter((line) => {
      if (first) {
        // The channel's name goes first, as the receiver needs it.
        first = false;
        to.write(`${line}\n`);
      } else if (line.startsWith('{"k":"done"')) {
        release();
        to.write(`${line}\n`);
      } else pool.push(line);
    });
    // Acknowledgements go back untouched: flow control is the transport's, not the network's to reorder.
    to.on("data", (chunk) => from.write(chunk));
    from.on("data", (chunk) => {
      split(chunk);
      timer ??= setTimeout(release, HOLD_MS);
    });
    let ended = false;
    from.on("end", () => {
      ended = true;
      if (timer) clearTimeout(timer);
      release();
      to.end();
    });
    // Either end dying takes the other down, as a broken link would.
    from.on("close", () => {
      if (!ended) to.destroy();
    });
    to.on("close", () => from.destroy());
    from.on("error", () => {});
    to.on("error", () => {});
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as { port: number }).port,
        close() {
          sockets.forEach((s) => s.destroy());
          server.close();
        },
      }),
    );
  });
}

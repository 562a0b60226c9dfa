/** A port for a node started by hand (`snaplab node`), which listens where its cluster file says. */
import { createServer } from "node:net";

/**
 * A port nobody listens on just now at `host`, below Linux's ephemeral range
 * (32768 and up): the ports the system hands out meanwhile, to other tests'
 * sockets, never land on it before the node listens there.
 */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer()
        .once("error", () => resolve(false))
        .listen(port, host, () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

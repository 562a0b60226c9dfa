/**
 * Hosts for tests that run live nodes as on machines of their own. Where this
 * process may make network namespaces (root, with iproute2's `ip`), each host
 * is a namespace with one interface, an end of a veth pair whose other end is
 * on a bridge in a namespace of its own: a private subnet, 10.231.0.0/24, that
 * exists only among these namespaces, so nothing is routed off it and nothing
 * leaves the machine. Elsewhere each host is a loopback address of its own
 * (127.0.0.2 and on), which Linux answers without any set-up.
 *
 * The namespaces' names carry this process's id, so that runs at once never
 * collide; removing a namespace removes its end of each veth pair, and with
 * it the pair.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";

export interface Hosts {
  /** "namespaces" or "loopback", for a test's name. */
  readonly kind: "namespaces" | "loopback";
  /** Each host's address. */
  readonly addresses: readonly string[];
  /** Starts `command` on host `h` (in its namespace), its output ignored. */
  start(h: number, command: string, args: readonly string[]): ChildProcess;
  /** Removes what was made; safe to call twice, and after a failed set-up. */
  remove(): void;
}

const ip = (...args: string[]) => spawnSync("ip", args, { encoding: "utf8" });

/** Whether this process may make namespaces, veth pairs and a bridge: tried on a namespace made and removed at once. */
export function canMakeNamespaces(): boolean {
  const probe = `snaplab-${process.pid}-probe`;
  if (ip("netns", "add", probe).status !== 0) return false;
  try {
    return (
      ip("-n", probe, "link", "add", "br0", "type", "bridge").status === 0 &&
      ip("-n", probe, "link", "add", "v0", "type", "veth", "peer", "name", "v1").status === 0
    );
  } finally {
    ip("netns", "del", probe);
  }
}

/** `count` hosts in namespaces of their own, joined by a bridge; throws (having removed what it made) if one cannot be made. */
export function namespaceHosts(count: number): Hosts {
  const prefix = `snaplab-${process.pid}`;
  const made: string[] = [];
  const remove = () => {
    while (made.length > 0) ip("netns", "del", made.pop()!);
  };
  const run = (...args: string[]) => {
    const result = ip(...args);
    if (result.status !== 0) throw new Error(`ip ${args.join(" ")}: ${result.stderr.trim() || result.error?.message}`);
  };
  const namespaces = Array.from({ length: count }, (_, h) => `${prefix}-host${h}`);
  const bridge = `${prefix}-bridge`;
  try {
    for (const name of [bridge, ...namespaces]) {
      run("netns", "add", name);
      made.push(name);
    }
    run("-n", bridge, "link", "add", "br0", "type", "bridge");
    run("-n", bridge, "link", "set", "br0", "up");
    namespaces.forEach((name, h) => {
      run("-n", bridge, "link", "add", `veth${h}`, "type", "veth", "peer", "name", "eth0", "netns", name);
      run("-n", bridge, "link", "set", `veth${h}`, "master", "br0", "up");
      run("-n", name, "addr", "add", `10.231.0.${h + 1}/24`, "dev", "eth0");
      run("-n", name, "link", "set", "eth0", "up");
      run("-n", name, "link", "set", "lo", "up");
    });
  } catch (error) {
    remove();
    throw error;
  }
  return {
    kind: "namespaces",
    addresses: namespaces.map((_, h) => `10.231.0.${h + 1}`),
    start: (h, command, args) => spawn("ip", ["netns", "exec", namespaces[h]!, command, ...args], { stdio: "ignore" }),
    remove,
  };
}

/** `count` hosts on loopback addresses of their own, 127.0.0.2 and on. */
export function loopbackHosts(count: number): Hosts {
  return {
    kind: "loopback",
    addresses: Array.from({ length: count }, (_, h) => `127.0.0.${h + 2}`),
    start: (_, command, args) => spawn(command, args, { stdio: "ignore" }),
    remove: () => {},
  };
}

/** The namespaces this process made that are still there (none, once removed). */
export function namespacesLeft(): string[] {
  const listed = ip("netns", "list");
  return listed.status !== 0 ? [] : listed.stdout.split("\n").flatMap((line) => (line.startsWith(`snaplab-${process.pid}-`) ? [line.split(" ")[0]!] : []));
}

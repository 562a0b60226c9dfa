/**
 * The walls the operating system puts around a sandbox's child, below Node's
 * permission model, and the command line that raises them. Each is used when
 * this machine allows it, found out once per process by trying it; what is
 * missing is said (see `isolation().missing`), never silently skipped.
 *
 * - namespaces (util-linux unshare): a pid namespace, so the child sees and can
 *   signal no process but itself, and a network namespace with no interface;
 * - another user (setpriv, when the grader runs as root): the child runs as
 *   nobody, who can neither signal the grader nor write its files;
 * - resource limits (prlimit): the child's whole data size (V8 heap and
 *   Buffers alike), no core files, no file writes.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

export interface Isolation {
  readonly namespaces: boolean;
  readonly otherUser: boolean;
  readonly resourceLimits: boolean;
  /** One line for each wall this machine does not allow, saying what it leaves open. */
  readonly missing: readonly string[];
  /** The unshare, setpriv and prlimit found, when usable. */
  readonly tools: { readonly unshare?: string; readonly setpriv?: string; readonly prlimit?: string };
}

/** The unprivileged user a root grader runs children as. */
export const nobody = 65534;

let found: Isolation | undefined;

export function isolation(): Isolation {
  found ??= probe();
  return found;
}

/** The command that runs node with `nodeArgs` inside every wall available; limits in MB. */
export function childCommand(nodeArgs: readonly string[], dataLimitMb: number): { file: string; args: string[] } {
  const { tools } = isolation();
  const command = [...wallsCommand(tools, dataLimitMb), process.execPath, ...nodeArgs];
  return { file: command[0]!, args: command.slice(1) };
}

function wallsCommand(tools: Isolation["tools"], dataLimitMb: number): string[] {
  const root = process.getuid?.() === 0;
  const command: string[] = [];
  if (tools.unshare) command.push(tools.unshare, ...(root ? [] : ["--user", "--map-root-user"]), "--pid", "--net", "--ipc", "--uts", "--fork", "--kill-child", "--");
  if (tools.setpriv) {
    command.push(tools.setpriv, `--reuid=${nobody}`, `--regid=${nobody}`, "--clear-groups", "--no-new-privs", "--inh-caps=-all", "--bounding-set=-all", "--");
  }
  if (tools.prlimit) command.push(tools.prlimit, `--data=${dataLimitMb * 1024 * 1024}`, "--core=0", "--fsize=0", "--");
  return command;
}

function probe(): Isolation {
  const root = process.getuid?.() === 0;
  const tools: { unshare?: string; setpriv?: string; prlimit?: string } = {};
  const works = (candidate: typeof tools) => spawnSync(wallsCommand(candidate, 512)[0]!, [...wallsCommand(candidate, 512).slice(1), process.execPath, "-e", "0"], { env: {}, stdio: "ignore", timeout: 10_000 }).status === 0;
  const missing: string[] = [];

  const unshare = executable("unshare");
  if (process.platform === "linux" && unshare && works({ unshare })) tools.unshare = unshare;
  else missing.push("no pid or network namespace (unshare is missing or not permitted): a submission can open network connections and, unless it runs as another user, signal the grader's processes");
  const setpriv = executable("setpriv");
  if (root && setpriv && works({ setpriv })) tools.setpriv = setpriv;
  else if (root) missing.push(`submissions run as root (setpriv is missing or cannot run node as user ${nobody})`);
  const prlimit = executable("prlimit");
  if (prlimit && works({ prlimit })) tools.prlimit = prlimit;
  else missing.push("memory outside the V8 heap (Buffers) is not limited (prlimit is missing)");
  if (tools.unshare && tools.setpriv && !works(tools)) {
    delete tools.setpriv;
    missing.push(`submissions run as root (user ${nobody} cannot run node inside the namespaces)`);
  }
  return { namespaces: !!tools.unshare, otherUser: !!tools.setpriv, resourceLimits: !!tools.prlimit, missing, tools };
}

function executable(name: string): string | undefined {
  const folders = [...(process.env.PATH ?? "").split(delimiter), "/usr/bin", "/bin", "/usr/sbin", "/sbin"].filter(Boolean);
  for (const folder of folders) {
    const file = join(folder, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

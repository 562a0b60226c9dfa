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
  readonly tools: { readonly unshare?: string; readonly setsid?: string; readonly setpriv?: string; readonly prlimit?: string };
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
  if (tools.unshare) {
    command.push(tools.unshare, ...(root ? [] : ["--user", "--map-root-user"]), "--pid", "--net", "--ipc", "--uts", "--fork", "--kill-child", "--");
    // A process group of the namespace's own: kill(0) would otherwise reach unshare, outside it.
    command.push(tools.setsid!, "--");
  }
  if (tools.setpriv) {
    command.push(tools.setpriv, `--reuid=${nobody}`, `--regid=${nobody}`, "--clear-groups", "--no-new-privs", "--inh-caps=-all", "--bounding-set=-all");
    // Changing user clears the parent-death signal unshare --kill-child set: set it again.
    command.push(...(tools.unshare ? ["--pdeathsig=KILL"] : []), "--");
  }
  if (tools.prlimit) command.push(tools.prlimit, `--data=${dataLimitMb * 1024 * 1024}`, "--core=0", "--fsize=0", "--");
  return command;
}

function probe(): Isolation {
  const root = process.getuid?.() === 0;
  const works = (candidate: Isolation["tools"]) => {
    const [file, ...args] = [...wallsCommand(candidate, 512), process.execPath, "-e", "0"];
    return spawnSync(file!, args, { env: {}, stdio: "ignore", timeout: 10_000 }).status === 0;
  };
  const setsid = executable("setsid");
  const unshare = process.platform === "linux" && setsid ? executable("unshare") : undefined;
  const setpriv = root ? executable("setpriv") : undefined;
  const prlimit = executable("prlimit");
  const all = { ...(unshare ? { unshare, setsid } : {}), ...(setpriv ? { setpriv } : {}), ...(prlimit ? { prlimit } : {}) };
  // Usually every wall works together: one try. Otherwise each is tried on its own.
  const tools: { unshare?: string; setsid?: string; setpriv?: string; prlimit?: string } = unshare && (setpriv || !root) && prlimit && works(all) ? all : {};
  if (!tools.unshare) {
    if (unshare && works({ unshare, setsid })) Object.assign(tools, { unshare, setsid });
    if (setpriv && works({ setpriv })) tools.setpriv = setpriv;
    if (prlimit && works({ prlimit })) tools.prlimit = prlimit;
    if (tools.unshare && tools.setpriv && !works({ unshare, setsid, setpriv })) delete tools.setpriv;
  }
  const missing: string[] = [];
  if (!tools.unshare) {
    const signals = tools.setpriv ? "" : ", and only the harness's closed process.kill keeps it from signalling processes of its own user";
    missing.push(`no pid or network namespace (unshare is missing or not permitted): a submission can open network connections${signals}`);
  }
  if (root && !tools.setpriv) missing.push(`submissions run as root (setpriv is missing or cannot run node as user ${nobody})`);
  if (!tools.prlimit) missing.push("memory outside the V8 heap (Buffers) is not limited (prlimit is missing or not permitted)");
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

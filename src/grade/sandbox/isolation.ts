/**
 * The walls the operating system puts around a sandbox's child, below Node's
 * permission model, and the command line that raises them. Each is used when
 * this machine allows it, found out once per process by trying it; what is
 * missing is said (see `isolation().missing`), never silently skipped.
 *
 * - namespaces: a pid namespace, so the child sees and can signal no process
 *   but its own, and a network namespace with no interface. With bubblewrap
 *   (bwrap), also a mount namespace: the child's file system holds only the
 *   system's programs and libraries (/usr) and its own sandbox folder; without
 *   it, util-linux unshare gives the other namespaces;
 * - another user (setpriv, when the grader runs as root): the child runs as
 *   nobody, with no capabilities, so it can neither signal the grader nor
 *   write its files;
 * - resource limits (prlimit): the child's whole data size (V8 heap and
 *   Buffers alike), its CPU time (a backstop behind the grader's own time
 *   limits), no core files, no file writes.
 *
 * Every wall dies with the broker thread that started it (bwrap
 * --die-with-parent, or a parent-death signal set by setpriv): a grader that
 * is killed leaves no sandbox behind.
 */
import { spawn, spawnSync } from "node:child_process";
import { accessSync, chmodSync, constants, lstatSync, mkdirSync, readlinkSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { newProcessFolder } from "../../files/process-folder.js";

/** `tether` is setpriv too, used by anyone (root or not) to tie a process's life to the grader's. */
type Tool = "bwrap" | "unshare" | "setsid" | "tether" | "setpriv" | "prlimit";
type Tools = Partial<Record<Tool, string>>;

export interface Isolation {
  /** pid, network, IPC and UTS namespaces (bubblewrap or unshare). */
  readonly namespaces: boolean;
  /** A mount namespace showing the child only /usr and its own folder (bubblewrap). */
  readonly fileSystemView: boolean;
  readonly otherUser: boolean;
  readonly resourceLimits: boolean;
  /** One line for each wall this machine does not allow, saying what it leaves open. */
  readonly missing: readonly string[];
  readonly tools: Readonly<Tools>;
}

export interface ChildLimits {
  readonly dataMb: number;
  readonly cpuSeconds: number;
}

/** The unprivileged user a root grader runs children as. */
export const nobody = 65534;

/** Where a sandbox's folder is seen by its child inside bubblewrap's mount namespace, and node. */
const insideFolder = "/sandbox";
const insideNode = "/node";

let found: Isolation | undefined;
let finding: Promise<Isolation> | undefined;
let left: readonly Tool[] = [];

export function isolation(): Isolation {
  if (found) return found;
  const steps = probe();
  let step = steps.next();
  while (!step.done) step = steps.next(spawnSync(step.value.file, step.value.args, step.value.options).status === 0);
  found = step.value;
  return found;
}

/**
 * The same walls, found without blocking this thread: the grader finds them
 * while its first bundles are built, since trying them waits on processes.
 */
export function findIsolation(): Promise<Isolation> {
  if (found) return Promise.resolve(found);
  const tried = left;
  finding ??= (async () => {
    const steps = probe();
    let step = steps.next();
    while (!step.done) step = steps.next(await works(step.value));
    return step.value;
  })()
    .then((walls) => {
      // Found for tools a test has taken away since: isolation() finds them again.
      if (left === tried) found ??= walls;
      return isolation();
    })
    .finally(() => {
      finding = undefined;
    });
  return finding;
}

/** Whether a candidate's command runs, without waiting for it in place; one that cannot be started does not, as spawnSync tells it. */
function works({ file, args, options }: ProbeRun): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(file, args, options);
    child.once("error", () => done(false));
    child.once("close", (status) => done(status === 0));
  });
}

let said = false;
/** Once per process, on stderr: the walls this machine does not allow, so nobody trusts one that is not there. */
export function sayWhatIsMissing(): void {
  if (said) return;
  said = true;
  for (const line of isolation().missing) process.stderr.write(`snaplab: sandbox: ${line}\n`);
}

/** For the grader's own tests: forget these tools, to check the walls that remain without them. */
export function isolationWithout(tools: readonly Tool[]): Isolation {
  left = tools;
  found = undefined;
  return isolation();
}

/** The same, found as findIsolation finds them. */
export function findIsolationWithout(tools: readonly Tool[]): Promise<Isolation> {
  left = tools;
  found = undefined;
  return findIsolation();
}

/**
 * The command that runs node inside every wall available: `nodeArgs` gets the
 * sandbox folder as the child sees it.
 */
export function childCommand(folder: string, limits: ChildLimits, nodeArgs: (folder: string) => readonly string[]): { file: string; args: string[] } {
  const { tools } = isolation();
  const seen = tools.bwrap ? insideFolder : folder;
  const command = [...wallsCommand(tools, limits, folder), tools.bwrap ? insideNode : process.execPath, ...nodeArgs(seen)];
  return { file: command[0]!, args: command.slice(1) };
}

function wallsCommand(tools: Tools, limits: ChildLimits, folder: string): string[] {
  const root = process.getuid?.() === 0;
  const command: string[] = [];
  if (tools.bwrap) {
    command.push(tools.bwrap, ...(root ? [] : ["--unshare-user"]), "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try");
    // A session of its own (kill(0) reaches only the namespace), gone with the grader, nothing of its environment.
    command.push("--die-with-parent", "--new-session", "--hostname", "sandbox", "--clearenv");
    command.push("--ro-bind", "/usr", "/usr", ...systemFolders(), "--proc", "/proc", "--dev", "/dev");
    // node itself, wherever it is installed, at one place inside; and the sandbox's folder, read-only.
    command.push("--ro-bind", realpathSync(process.execPath), insideNode, "--ro-bind", folder, insideFolder, "--chdir", join(insideFolder, "cwd"), "--");
  } else if (tools.tether) {
    // Killed when the broker thread that started it ends, whatever ends it.
    command.push(tools.tether, "--pdeathsig=KILL", "--");
  }
  if (tools.unshare && !tools.bwrap) {
    command.push(tools.unshare, ...(root ? [] : ["--user", "--map-root-user"]), "--pid", "--net", "--ipc", "--uts", "--fork", "--kill-child", "--");
    // A process group of the namespace's own: kill(0) would otherwise reach unshare, outside it.
    command.push(tools.setsid!, "--");
  }
  if (tools.setpriv) {
    command.push(tools.setpriv, `--reuid=${nobody}`, `--regid=${nobody}`, "--clear-groups", "--no-new-privs", "--inh-caps=-all", "--bounding-set=-all");
    // Changing user clears the parent-death signal (unshare --kill-child's, or the tether's): set it again.
    command.push("--pdeathsig=KILL", "--");
  }
  if (tools.prlimit) {
    const data = limits.dataMb * 1024 * 1024;
    command.push(tools.prlimit, `--data=${data}`, `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 5}`, "--core=0", "--fsize=0", "--");
  }
  return command;
}

/** /bin, /lib, /lib64, /sbin: links into /usr on most systems now, folders of their own on others. */
function systemFolders(): string[] {
  return ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"].flatMap((folder) => {
    const stats = lstatSync(folder, { throwIfNoEntry: false });
    if (stats?.isSymbolicLink()) return ["--symlink", readlinkSync(folder), folder];
    if (stats?.isDirectory()) return ["--ro-bind", folder, folder];
    return [];
  });
}

/** A command that tries a candidate set of walls. */
interface ProbeRun {
  readonly file: string;
  readonly args: readonly string[];
  readonly options: { readonly env: Record<string, string>; readonly cwd: string; readonly stdio: "ignore"; readonly timeout: number };
}

/**
 * Tries the walls, strongest first (choicesOf): yields each candidate's
 * command, is told whether it ran, and returns the walls chosen. Each is
 * tried as a sandbox runs it, node as the child's user, in a folder like a
 * sandbox's, named as sandbox folders are (process-folder.ts), so that one left by a
 * grader killed outright is swept too. `node --version` runs node's binary
 * and libraries inside the walls without starting V8, far sooner done than
 * `node -e 0`, and a grader tries at least one candidate on every start.
 */
function* probe(): Generator<ProbeRun, Isolation, boolean> {
  const folder = newProcessFolder(realpathSync(tmpdir()), "sandbox");
  try {
    chmodSync(folder, 0o711);
    mkdirSync(join(folder, "cwd"), { mode: 0o111 });
    const options = { env: {}, cwd: join(folder, "cwd"), stdio: "ignore", timeout: 10_000 } as const;
    const choices = choicesOf(process.getuid?.() === 0);
    let choice = choices.next();
    while (!choice.done) {
      const [file, ...args] = [
        ...wallsCommand(choice.value, { dataMb: 512, cpuSeconds: 10 }, folder),
        choice.value.bwrap ? insideNode : process.execPath,
        "--version",
      ];
      choice = choices.next(yield { file: file!, args, options });
    }
    return wallsOf(choice.value);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The walls `tools` raise, and what is missing. */
function wallsOf(tools: Tools): Isolation {
  const root = process.getuid?.() === 0;
  const missing: string[] = [];
  if (!tools.bwrap && !tools.unshare) {
    const signals = tools.setpriv ? "" : ", and only the harness's closed process.kill keeps it from signalling processes of its own user";
    missing.push(
      `no pid or network namespace (bwrap and util-linux's unshare are missing or not permitted): a submission can open network connections${signals}`,
    );
  } else if (!tools.bwrap) {
    missing.push(
      "no mount namespace (bubblewrap is missing or not permitted): only Node's permission model and file permissions keep a submission from reading files",
    );
  }
  if (root && !tools.setpriv) missing.push(`submissions run as root (setpriv is missing or cannot run node as user ${nobody})`);
  if (!tools.prlimit) missing.push("memory outside the V8 heap (Buffers) is not limited (prlimit is missing or not permitted)");
  return {
    namespaces: !!(tools.bwrap || tools.unshare),
    fileSystemView: !!tools.bwrap,
    otherUser: !!tools.setpriv,
    resourceLimits: !!tools.prlimit,
    missing,
    tools,
  };
}

/**
 * The strongest set of tools that works here; usually the first try. Yields
 * each candidate to try, and is told whether it works (isolation() tries
 * them blocking, findIsolation() not).
 */
function* choicesOf(root: boolean): Generator<Tools, Tools, boolean> {
  const found: Tools = {};
  for (const tool of ["bwrap", "unshare", "setsid", "tether", "setpriv", "prlimit"] as const) {
    const file = left.includes(tool) ? undefined : executable(tool === "tether" ? "setpriv" : tool);
    if (file) found[tool] = file;
  }
  if (process.platform !== "linux" || !found.setsid) delete found.unshare;
  if (!root) delete found.setpriv;
  const { bwrap, unshare, setsid, tether, setpriv, prlimit } = found;
  const user = setpriv ? { setpriv } : {};
  const limits = prlimit ? { prlimit } : {};
  const tethered = tether ? { tether } : {};
  const namespaced: (Tools | undefined)[] = [bwrap ? { bwrap } : undefined, unshare ? { unshare, setsid, ...tethered } : undefined];
  for (const walls of namespaced) {
    if (!walls) continue;
    if (yield { ...walls, ...user, ...limits }) return { ...walls, ...user, ...limits };
    if (yield walls) {
      // These namespaces work, without one of the others: keep what works with them.
      const withUser = setpriv !== undefined && (yield { ...walls, ...user });
      const withLimits = prlimit !== undefined && (yield { ...walls, ...limits });
      return { ...walls, ...(withUser ? user : {}), ...(withLimits ? limits : {}) };
    }
  }
  const base = tether !== undefined && (yield tethered) ? tethered : {};
  const withUser = setpriv !== undefined && (yield { ...base, ...user });
  const withLimits = prlimit !== undefined && (yield { ...base, ...limits });
  return { ...base, ...(withUser ? user : {}), ...(withLimits ? limits : {}) };
}

/** Where the program `name` is (PATH, then the usual system folders), if it is there and may be run. */
export function executable(name: string): string | undefined {
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

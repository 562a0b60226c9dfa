/**
 * Which files may go into a submission's bundle, and reading them safely.
 * A submission is its own .ts, .js and .json files inside its folder (after
 * resolving symlinks); type-only imports from the kit are erased by esbuild
 * before they are resolved, so they never get here. Everything is checked
 * with stat before it is opened, and opened without blocking, so a FIFO, a
 * device or a huge file is refused instead of hanging or flooding the grader.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from "node:fs";
import { isBuiltin } from "node:module";
import { extname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** A submission file larger than this is refused (far larger than any learner's rules). */
export const maxFileBytes = 1024 * 1024;

/**
 * A submission whose files come to more than this in all is refused: many
 * files of the largest size each would take the grader's memory, and their
 * bundle could pass what a string can hold.
 */
export const maxSubmissionBytes = 4 * 1024 * 1024;

const loaders = { ".ts": "ts", ".mts": "ts", ".cts": "ts", ".js": "js", ".mjs": "js", ".cjs": "js", ".json": "json" } as const;
type Loader = (typeof loaders)[keyof typeof loaders];

/** A file refused from a bundle; the message is one line naming it. */
export class SubmissionFileError extends Error {}

/** The entry file itself: inside `root`, regular, not too large. Returns its real path. */
export function submissionFile(file: string, label: string, root: string): { path: string } {
  const found = statSync(file, { throwIfNoEntry: false });
  if (!found) throw new SubmissionFileError(`${label} does not exist`);
  const refused = refusal(file, root);
  if (refused) throw new SubmissionFileError(`${label} ${refused}`);
  return { path: realpathSync(file) };
}

/** Resolves `specifier`, imported by the submission file `importer`; throws SubmissionFileError if it may not be bundled. */
export function resolveSubmissionImport(
  specifier: string,
  importer: string,
  attributes: Record<string, string>,
  root: string,
  importerLabel = labelOf(importer, root),
): { path: string; label: string } {
  const says = (why: string) => new SubmissionFileError(`${importerLabel} imports "${printable(specifier)}", ${why}`);
  const kinds = Object.keys(attributes);
  if (kinds.length > 0 && !(kinds.length === 1 && attributes.type === "json")) {
    throw says(`with import attributes (${printable(JSON.stringify(attributes))}): a submission may import only its own .ts, .js and .json files`);
  }
  if (isBuiltin(specifier) || specifier.startsWith("node:"))
    throw says("a Node built-in module: rules compute with what they are given, they need no module of Node's");
  if (/^[a-z][a-z0-9+.-]+:/i.test(specifier)) throw says("a URL: a submission imports its own files by their paths");
  if (!specifier.startsWith(".") && !isAbsolute(specifier)) throw says("a package: a submission may import only its own files");
  if (specifier.includes("\0")) throw says("which no file can be named");
  try {
    const wanted = resolve(importer, "..", specifier);
    const all = candidates(wanted);
    const exists = (candidate: string) => statSync(candidate, { throwIfNoEntry: false });
    // A regular file if there is one; else what is there, to be refused by name (a FIFO is never opened).
    const file = all.find((candidate) => exists(candidate)?.isFile()) ?? all.find((candidate) => exists(candidate) && candidate !== wanted) ?? wanted;
    if (!statSync(file, { throwIfNoEntry: false })) throw says("which does not exist");
    const refused = refusal(file, root);
    if (refused) throw says(`which ${refused}`);
    const path = realpathSync(file);
    return { path, label: labelOf(path, root) };
  } catch (error) {
    // A loop of symbolic links (ELOOP), a folder on the way that may not be entered (EACCES): said without the path, which is the grader's.
    if (error instanceof SubmissionFileError) throw error;
    throw says(`which cannot be read (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`);
  }
}

/** Reads a file already checked, refusing it if it changed into something else since. */
export function loadSubmissionFile(path: string, label = path): { contents: string; loader: Loader } {
  const loader = loaders[extname(path) as keyof typeof loaders];
  if (!loader) throw new SubmissionFileError(`${label} is not a .ts, .js or .json file`);
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO does not wait for a writer; O_NOFOLLOW: the checked path is the real one.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    // A file the grader may not read (EACCES), or one gone or changed into a link since it was checked.
    throw new SubmissionFileError(`${label} cannot be read (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new SubmissionFileError(`${label} is not a regular file`);
    if (stats.size > maxFileBytes) throw new SubmissionFileError(`${label} is larger than ${maxFileBytes / 1024} KB`);
    // Not zero-filled: only what the reads below write is used, and zeroing the largest file's size for every
    // file bundled, the kit's own among them, is a cost each grade paid again where a process grades many.
    const buffer = Buffer.allocUnsafe(maxFileBytes + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) read = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > maxFileBytes) throw new SubmissionFileError(`${label} is larger than ${maxFileBytes / 1024} KB`);
    const contents = buffer.toString("utf8", 0, length);
    if (deepestBrackets(contents) > maxNesting) {
      throw new SubmissionFileError(`${label} nests brackets more than ${maxNesting.toLocaleString("en-US")} deep, more than the bundler takes`);
    }
    return { contents, loader };
  } finally {
    closeSync(fd);
  }
}

/**
 * How deep a submission's brackets may nest. esbuild's parser recurses:
 * parentheses nested deep enough overflow its stack and crash its process
 * (held to a data size: bundler-wall.ts), and blocks nested far less deep
 * still fill much of its memory, or bundle, indented line by line, to many
 * times their size. Refused here, such a file gets a line that says what is
 * wrong. Code a person writes nests far less deep than this.
 */
const maxNesting = 1_000;

/** The deepest the brackets ( [ { nest in `text`, counted without parsing: those in strings and comments count too. */
function deepestBrackets(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) deepest = Math.max(deepest, ++depth);
    else if (c === 41 || c === 93 || c === 125) depth--;
  }
  return deepest;
}

/** Why `file` may not be bundled (it exists), or undefined if it may. */
function refusal(file: string, root: string): string | undefined {
  const real = realpathSync(file);
  const inside = relative(realpathSync(root), real);
  if (inside === "" || inside.startsWith(`..${sep}`) || inside === ".." || isAbsolute(inside))
    return "is outside the submission folder (symlinks are followed)";
  const stats = statSync(real);
  if (!stats.isFile()) return "is not a regular file";
  if (stats.size > maxFileBytes) return `is larger than ${maxFileBytes / 1024} KB`;
  if (!(extname(real) in loaders)) return "is not a .ts, .js or .json file";
  return undefined;
}

/** The files an import may mean, in esbuild's order for TypeScript: "./x.js" may be x.ts. */
function candidates(wanted: string): string[] {
  const ext = extname(wanted);
  const typescript: Record<string, string> = { ".js": ".ts", ".mjs": ".mts", ".cjs": ".cts" };
  const swapped = typescript[ext] ? [wanted.slice(0, -ext.length) + typescript[ext]] : [];
  const bare = Object.keys(loaders).map((e) => wanted + e);
  const index = ["index.ts", "index.js"].map((f) => join(wanted, f));
  return [wanted, ...swapped, ...bare, ...index];
}

/** How messages name a submission file: its path inside the submission folder. */
export function labelOf(path: string, root: string): string {
  const inside = relative(realpathSync(root), path);
  return inside.startsWith("..") || isAbsolute(inside) ? path : inside;
}

/** A specifier as written, shown as data: control characters escaped, length capped. */
function printable(text: string): string {
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.length > 120 ? `${escaped.slice(0, 120)}…` : escaped;
}

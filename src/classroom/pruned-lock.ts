/**
 * A package-lock.json for a package that depends on fewer packages than the
 * kit: the kit's own lock, cut down to the packages the new package.json's
 * dependencies reach. Each kept entry is the kit's, word for word (its
 * version, integrity and flags), so `npm ci` installs exactly what the kit
 * installs of them, from npm's cache or the registry, and finds the lock
 * and the package.json agree.
 */

/** A package.json's fields the lock repeats. */
export interface Manifest {
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
}

/** One entry of a lock's `packages`, by its place in node_modules ("node_modules/esbuild"); "" is the package itself. */
interface LockedPackage {
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly [field: string]: unknown;
}

interface Lock {
  readonly lockfileVersion?: number;
  readonly packages?: Readonly<Record<string, LockedPackage>>;
  readonly [field: string]: unknown;
}

/** `kitLock` (a lockfileVersion 3 lock, as npm 9 and later write) cut down to what `manifest` depends on. */
export function prunedLock(kitLock: Lock, manifest: Manifest): Lock {
  if (kitLock.lockfileVersion !== 3 || !kitLock.packages?.[""]) {
    throw new Error(`the kit's package-lock.json has lockfileVersion ${kitLock.lockfileVersion}; this reads version 3 (npm 9 or later)`);
  }
  const packages = kitLock.packages;
  const kept = new Set<string>();
  const visit = (from: string, name: string, optional: boolean) => {
    const place = placeOf(packages, from, name);
    if (place === undefined) {
      if (optional) return;
      throw new Error(`the kit's package-lock.json has no ${name}, which ${from || "package.json"} depends on`);
    }
    if (kept.has(place)) return;
    kept.add(place);
    const entry = packages[place]!;
    for (const dependency of Object.keys(entry.dependencies ?? {})) visit(place, dependency, false);
    for (const dependency of Object.keys(entry.optionalDependencies ?? {})) visit(place, dependency, true);
    // npm installs peers too, unless they are optional (peerDependenciesMeta): a missing one is left out, as npm leaves it.
    for (const dependency of Object.keys(entry.peerDependencies ?? {})) visit(place, dependency, true);
  };
  for (const name of [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]) visit("", name, false);
  const root = Object.fromEntries(
    Object.entries(withDependencies(packages[""]!, manifest)).filter(([, value]) => value !== undefined && Object.keys(value as object).length > 0),
  );
  const places = Object.keys(packages).filter((place) => kept.has(place));
  return { ...kitLock, packages: { "": root, ...Object.fromEntries(places.map((place) => [place, packages[place]!])) } };
}

/** The root entry with `manifest`'s dependencies in place of the kit's, its other fields (and their order) kept. */
function withDependencies(root: LockedPackage, manifest: Manifest): Record<string, unknown> {
  const entry: Record<string, unknown> = { ...root, dependencies: manifest.dependencies, devDependencies: manifest.devDependencies };
  for (const field of ["optionalDependencies", "peerDependencies"]) delete entry[field];
  return entry;
}

/**
 * Where Node finds `name` from the package at `from`, as the lock lays node_modules out: in the
 * package's own node_modules, else in each enclosing one, up to the top.
 */
function placeOf(packages: Readonly<Record<string, LockedPackage>>, from: string, name: string): string | undefined {
  for (let folder = from; ; ) {
    const place = folder === "" ? `node_modules/${name}` : `${folder}/node_modules/${name}`;
    if (place in packages) return place;
    if (folder === "") return undefined;
    const enclosing = folder.lastIndexOf("/node_modules/");
    folder = enclosing < 0 ? "" : folder.slice(0, enclosing);
  }
}

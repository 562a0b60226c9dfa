// A lock cut down to fewer dependencies: the packages they reach, found where Node finds them
// (a package's own node_modules first, then each enclosing one), each entry as the kit's lock has it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { prunedLock } from "../../src/classroom/pruned-lock.js";

const lock = {
  name: "kit",
  version: "1.0.0",
  lockfileVersion: 3,
  requires: true,
  packages: {
    "": { name: "kit", version: "1.0.0", license: "MIT", dependencies: { a: "1.0.0", b: "1.0.0" }, devDependencies: { t: "2.0.0", x: "1.0.0" } },
    "node_modules/a": {
      version: "1.0.0",
      integrity: "sha512-a",
      dependencies: { c: "^1.0.0" },
      optionalDependencies: { "@p/linux": "1.0.0", "@p/gone": "1.0.0" },
    },
    "node_modules/a/node_modules/c": { version: "1.5.0", integrity: "sha512-c15", dependencies: { d: "^1.0.0" } },
    "node_modules/c": { version: "2.0.0", integrity: "sha512-c2" },
    "node_modules/d": { version: "1.0.0", integrity: "sha512-d" },
    "node_modules/@p/linux": { version: "1.0.0", integrity: "sha512-p", optional: true, os: ["linux"] },
    "node_modules/b": { version: "1.0.0", integrity: "sha512-b", dependencies: { c: "^2.0.0" } },
    "node_modules/t": { version: "2.0.0", integrity: "sha512-t", dev: true, peerDependencies: { u: "*", missing: "*" } },
    "node_modules/u": { version: "1.0.0", integrity: "sha512-u", dev: true, peer: true },
    "node_modules/x": { version: "1.0.0", integrity: "sha512-x", dev: true },
  },
};

describe("a lock cut down to a package.json's dependencies", () => {
  it("should keep what they reach, nested where Node finds it, and each entry as it was", () => {
    const pruned = prunedLock(lock, { dependencies: { a: "1.0.0" }, devDependencies: { t: "2.0.0" } });
    expect(pruned).toEqual({
      name: "kit",
      version: "1.0.0",
      lockfileVersion: 3,
      requires: true,
      packages: {
        "": { name: "kit", version: "1.0.0", license: "MIT", dependencies: { a: "1.0.0" }, devDependencies: { t: "2.0.0" } },
        // a's own c (1.5.0), whose d is found at the top; not the top's c (2.0.0), which only b uses; a missing optional one left out.
        "node_modules/a": lock.packages["node_modules/a"],
        "node_modules/a/node_modules/c": lock.packages["node_modules/a/node_modules/c"],
        "node_modules/d": lock.packages["node_modules/d"],
        "node_modules/@p/linux": lock.packages["node_modules/@p/linux"],
        "node_modules/t": lock.packages["node_modules/t"],
        "node_modules/u": lock.packages["node_modules/u"],
      },
    });
  });

  it("should leave out an empty list of dependencies, as npm does", () => {
    expect(prunedLock(lock, { dependencies: { b: "1.0.0" } }).packages![""]).toEqual({
      name: "kit",
      version: "1.0.0",
      license: "MIT",
      dependencies: { b: "1.0.0" },
    });
  });

  it("should refuse a dependency the lock does not have, and a lock of another version", () => {
    expect(() => prunedLock(lock, { dependencies: { z: "1.0.0" } })).toThrow("the kit's package-lock.json has no z, which package.json depends on");
    expect(() => prunedLock({ ...lock, lockfileVersion: 2 }, {})).toThrow("lockfileVersion 2; this reads version 3");
  });

  it("should cut the kit's own lock down to esbuild and the compiler, with every platform's binaries", () => {
    const kit = JSON.parse(readFileSync("package-lock.json", "utf8"));
    const manifest = JSON.parse(readFileSync("package.json", "utf8"));
    const pruned = prunedLock(kit, {
      dependencies: { esbuild: manifest.dependencies.esbuild },
      devDependencies: { typescript: manifest.devDependencies.typescript },
    });
    const places = Object.keys(pruned.packages!);
    expect(places.filter((place) => !place.startsWith("node_modules/@"))).toEqual(["", "node_modules/esbuild", "node_modules/typescript"]);
    // Every platform's binary package that the kit's lock has, for a learner on any machine.
    expect(places.filter((place) => place.startsWith("node_modules/@esbuild/"))).toEqual(
      Object.keys(kit.packages).filter((p: string) => p.startsWith("node_modules/@esbuild/")),
    );
    expect(places.filter((place) => place.startsWith("node_modules/@esbuild/")).length).toBeGreaterThan(10);
  });
});

/**
 * The folders of src/ form a layered house: each folder imports only from
 * folders below it, so no two folders import each other, directly or round a
 * circle. A model's folder (src/models/<name>/) counts as a folder of its own.
 * Below them all is api/, the learners' types, which imports nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { models } from "../src/models/registry.js";

const src = fileURLToPath(new URL("../src/", import.meta.url));
const api = fileURLToPath(new URL("../api/", import.meta.url));

/** The folder a file of src/ belongs to: "explore", "models/bank", "." for src/ itself; "api" for the learners' types. */
function folderOf(file: string): string {
  if (!relative(api, file).startsWith("..")) return "api";
  const parts = relative(src, dirname(file)).split(sep).filter(Boolean);
  if (parts.length === 0) return ".";
  return parts[0] === "models" && parts[1] ? `models/${parts[1]}` : parts[0]!;
}

/** The .ts files of a folder, as paths. */
const tsFiles = (folder: string) =>
  readdirSync(folder, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(folder, f));

/** Folder → the folders it imports from, with one import as the witness of each edge. */
function folderImports(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of [...tsFiles(src), ...tsFiles(api)]) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    const text = readFileSync(file, "utf8");
    for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const to = folderOf(normalize(join(dirname(file), specifier!)));
      if (to !== from && !edges.has(to)) edges.set(to, `${relative(join(src, ".."), file)} imports ${specifier}`);
    }
  }
  return graph;
}

/** Every circle of folders, each named "a → b → a", found as the strongly connected components of the graph. */
function folderCycles(graph: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(circleThrough(graph, new Set(component), node));
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

// A shortest way round from `start` back to it inside one component, so the message names a real circle.
function circleThrough(graph: ReadonlyMap<string, ReadonlyMap<string, string>>, members: ReadonlySet<string>, start: string): string {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const next of [...(graph.get(queue[i]!)?.keys() ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [queue[i]!];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start].map((folder, j, all) => (j === 0 ? folder : `${folder} (${graph.get(all[j - 1]!)!.get(folder)})`)).join(" → ");
      }
      if (!previous.has(next)) {
        previous.set(next, queue[i]!);
        queue.push(next);
      }
    }
  }
  return start;
}

describe("the folders of src/", () => {
  it("import each other without a circle", () => {
    expect(folderCycles(folderImports())).toEqual([]);
  });

  it("keep every registered model in its own folder under src/models/, and nothing else there", () => {
    const folders = [...folderImports().keys()].filter((f) => f.startsWith("models/")).sort();
    expect(folders).toEqual(models.map((model) => `models/${model.name}`).sort());
    expect(folders).toContain("models/bank");
  });

  it("keep each model to itself: no model imports another", () => {
    const graph = folderImports();
    const crossings = [...graph].flatMap(([from, edges]) =>
      from.startsWith("models/") ? [...edges].filter(([to]) => to.startsWith("models/")).map(([, witness]) => witness) : [],
    );
    expect(crossings).toEqual([]);
  });

  it("stand on api/, the learners' types, which imports nothing of the kit's", () => {
    const graph = folderImports();
    expect([...(graph.get("api")?.values() ?? [])]).toEqual([]);
    // The bank's rules, its state and the grader read the learners' types from it.
    for (const folder of ["models/bank", "grade", "scenario"]) expect(graph.get(folder)?.has("api"), folder).toBe(true);
  });

  it("draw pictures without knowing any model", () => {
    const render = [...(folderImports().get("render")?.keys() ?? [])];
    expect(render.filter((folder) => folder.startsWith("models"))).toEqual([]);
  });
});

/** The names a file of src/ declares and exports itself (not those it re-exports `from` elsewhere). */
function declaredExports(text: string): string[] {
  const declaration = /^export (?:declare )?(?:async )?(?:abstract )?(?:function\*?|const|let|class|interface|type|enum) (\w+)/gm;
  return [...new Set([...text.matchAll(declaration)].map(([, name]) => name!))];
}

describe("the exported names of src/", () => {
  it("name one thing each: no two files export the same name, api/'s included", () => {
    // src/index.ts only re-exports, for the library's users.
    const files = [...tsFiles(src), ...tsFiles(api)].map((f) => relative(join(src, ".."), f)).filter((f) => f !== join("src", "index.ts"));
    const owners = new Map<string, string[]>();
    for (const file of files) for (const name of declaredExports(readFileSync(file, "utf8"))) owners.set(name, [...(owners.get(name) ?? []), file]);
    const clashes = [...owners].filter(([, where]) => where.length > 1).map(([name, where]) => `${name}: ${where.sort().join(", ")}`);
    expect(clashes).toEqual([]);
    expect(owners.size).toBeGreaterThan(400);
  });

  it("are read from declarations, overloads once, re-exports not at all", () => {
    const text = [
      "export interface A {}",
      "export function b(x: number): void;",
      "export function b(x: unknown) {}",
      "export const c = 1;",
      'export { d } from "./d.js";',
      'export type * from "./e.js";',
      "const f = 2;",
    ].join("\n");
    expect(declaredExports(text)).toEqual(["A", "b", "c"]);
  });
});

describe("folderCycles", () => {
  const graph = (edges: Record<string, string[]>) =>
    new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, `${from}/x.ts imports ../${to}/y.js`]))]));

  it("finds none in a layered graph", () => {
    expect(folderCycles(graph({ cli: ["check", "model"], check: ["model"], model: [] }))).toEqual([]);
  });

  it("names a mutual pair with the imports that make it", () => {
    expect(folderCycles(graph({ bank: ["render"], render: ["bank"] }))).toEqual([
      "bank → render (bank/x.ts imports ../render/y.js) → bank (render/x.ts imports ../bank/y.js)",
    ]);
  });

  it("names a longer circle once", () => {
    const cycles = folderCycles(graph({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] }));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatch(/^a → b \(.*\) → c \(.*\) → a \(.*\)$/);
  });
});

/**
 * A Vite plugin for the test suite: each module of src/ reads its named
 * imports once, into constants of its own, as Node binds them.
 *
 * Why: vitest runs a module as a function and hands its importers an object
 * whose every export is a getter (for live bindings), an object V8 keeps as a
 * hash table. Each use of an imported name is then a lookup and a call, which
 * the optimiser cannot inline: in the engines' inner loops (bit fields,
 * hashing) that made the searches 40 % slower under vitest than under Node
 * (four-process: 2.2 s, not 1.3 s). Reading each import once is safe for
 * src/: it exports no `let`, and its one import cycle (the Promela
 * properties) passes only functions, which exist before the cycle runs.
 */
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const src = fileURLToPath(new URL("../../src/", import.meta.url));

/** `import { a, b as c } from "x";` as the TypeScript transform writes it (type-only names already gone). */
const namedImport = /^import \{([^}]*)\} from ("[^"\n]+");/gm;

export function localImports(): Plugin {
  return {
    name: "snaplab:local-imports",
    transform(code, id) {
      if (!id.startsWith(src)) return null;
      const bound = code.replace(namedImport, (statement, list: string, from: string) => {
        const names = list
          .split(",")
          .map((name) => name.trim())
          .filter((name) => name !== "")
          .map((name) => {
            const [imported, local = imported] = name.split(/\s+as\s+/) as [string, string?];
            return { imported, local };
          });
        if (names.length === 0) return statement;
        // On the import's own line, so that line numbers (stack traces, coverage) stay those of the file; and
        // kept out of coverage, which would otherwise count every import line as a line run.
        const renamed = names.map(({ imported, local }) => `${imported} as imported$${local}`).join(", ");
        const constants = names.map(({ local }) => `${local} = imported$${local}`).join(", ");
        // A list the transform wrapped over several lines keeps its line breaks, after the constants.
        const breaks = "\n".repeat(statement.split("\n").length - 1);
        return `import { ${renamed} } from ${from}; /* v8 ignore next */ const ${constants};${breaks}`;
      });
      return bound === code ? null : { code: bound, map: null };
    },
  };
}

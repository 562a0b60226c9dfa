import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { KeyTable } from "../src/explore/key-table.js";
import { localImports } from "./support/local-imports.js";

const transform = (code: string, file: string) => {
  const hook = localImports().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, resolve(file))?.code;
};

describe("the suite's local-imports plugin", () => {
  it("binds a src/ module's named imports to constants on the import's own line", () => {
    const code = 'import { read, write as put } from "./bit-fields.js";\nimport { X } from "./x.js";\nexport const y = read(put);\n';
    expect(transform(code, "src/models/bank/packed/compact-bank.ts")).toBe(
      'import { read as imported$read, write as imported$put } from "./bit-fields.js"; /* v8 ignore next */ const read = imported$read, put = imported$put;\n' +
        'import { X as imported$X } from "./x.js"; /* v8 ignore next */ const X = imported$X;\n' +
        "export const y = read(put);\n",
    );
  });

  it("keeps the line breaks of an import written over several lines", () => {
    expect(transform('import {\n  a,\n  b,\n} from "./x.js";\nuse(a, b);\n', "src/a.ts")).toBe(
      'import { a as imported$a, b as imported$b } from "./x.js"; /* v8 ignore next */ const a = imported$a, b = imported$b;\n\n\n\nuse(a, b);\n',
    );
  });

  it("leaves other imports and files outside src/ alone", () => {
    expect(transform('import * as ns from "./x.js";\nimport d from "./d.js";\nimport "./side.js";\n', "src/a.ts")).toBeUndefined();
    expect(transform('import { a } from "./x.js";\n', "test/a.test.ts")).toBeUndefined();
  });

  it("is in use: src/'s code calls its imports by their own names, not through vitest's module objects", () => {
    const probe = String((KeyTable.prototype as unknown as Record<string, unknown>).probe);
    expect(probe).toContain("hashWords(");
    expect(probe).not.toContain("__vite_ssr_import");
  });
});

import { SnaplabError } from "../errors/snaplab-error.js";

/** Look-up by name in a fixed list, refusing an unknown name with the list of known ones. */
export function namedList<T extends { readonly name: string }>(items: readonly T[], what: string) {
  const names = (): string[] => items.map((item) => item.name);
  const find = (name: string): T => {
    const found = items.find((item) => item.name === name);
    if (!found) throw new SnaplabError("UNKNOWN_ALGORITHM", `unknown ${what} "${name}" (known: ${names().join(", ")})`);
    return found;
  };
  return { names, find };
}

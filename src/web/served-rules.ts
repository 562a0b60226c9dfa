/**
 * A learner's rules file, as `snaplab ui --rules FILE` serves it to the page
 * in their own browser. `your-rules.js` is bundled afresh each time the page
 * asks for it, so a reload picks up an edit; it names the bundle, kept under
 * a name of its own, which the page and each of its searches import: both run
 * the same rules, though the file changes meanwhile. The bundle is made as
 * the grader makes a submission's (only files of FILE's folder and below),
 * and served from this origin, so the page's policy holds as it is. Its source
 * map goes with its name, for the page to place a rule's throw in FILE.
 */
import { createHash } from "node:crypto";
import { SnaplabError } from "../errors/snaplab-error.js";
import { checkRulesFile, rulesFileBundle } from "../grade/rules-file.js";
import type { OfferedRules } from "./page/your-rules.js";

/** The module the page asks which rules are offered (in the built page, one that offers none). */
export const OFFERED_RULES = "your-rules.js";

/** Bundles kept for a page that asked before the latest edit, whose searches still import its bundle. */
const KEPT_BUNDLES = 8;

export interface ServedRules {
  /** The file served by `name`, or undefined if it is not the rules'. */
  file(name: string): Promise<Uint8Array | undefined>;
}

export function servedRules(file: string): ServedRules {
  const bundles = new Map<string, Uint8Array>();
  const offer = async (): Promise<OfferedRules> => {
    try {
      checkRulesFile(file);
      const { code, sourceMap } = await rulesFileBundle(file, { forPage: true });
      const name = `your-rules-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.js`;
      bundles.delete(name);
      bundles.set(name, new TextEncoder().encode(code));
      for (const old of [...bundles.keys()].slice(0, -KEPT_BUNDLES)) bundles.delete(old);
      return { file, module: name, sourceMap };
    } catch (error) {
      if (error instanceof SnaplabError) return { file, problem: error.message };
      throw error;
    }
  };
  return {
    async file(name) {
      if (name === OFFERED_RULES) return new TextEncoder().encode(`export const offered = ${JSON.stringify(await offer())};\n`);
      return bundles.get(name);
    },
  };
}

/**
 * The learner's rules the page offers: none, as the page is built. `snaplab
 * ui --rules FILE` serves a module of its own in this one's place
 * (src/web/served-rules.ts), which names the file and the bundle of its rules
 * to import (with the bundle's source map), or says in one line why they
 * cannot be run. The page imports it by its address, so that the build never
 * takes it in.
 */

/** The rules file, as the learner named it to `snaplab ui --rules`, and its rules bundled, or why they cannot be. */
export type OfferedRules = { readonly file: string } & (
  | {
      /** The file's rules bundled, served beside the page's own files. */
      readonly module: string;
      /** The bundle's source map, which places a throw of the rules in the learner's files, as the grader places it. */
      readonly sourceMap: string;
    }
  | {
      /** Why the file cannot be bundled, in one line, as the CLI says it. */
      readonly problem: string;
    }
);

export const offered: OfferedRules | undefined = undefined;

/**
 * Every type your files import, from one place: an exercise file imports
 * `../../api/index.js`, as `import type { SnapshotAlgorithm }` (types only,
 * so `import type`). README.md beside this file says what each is, with a
 * short glossary.
 */
export type * from "./completion.js";
export type * from "./effects.js";
export type * from "./messages.js";
export type * from "./names.js";
export type * from "./rules.js";
export type * from "./several-snapshots.js";
export type * from "./view.js";

/**
 * The scenarios shipped in spec/scenarios/, by their path under it, as file
 * texts: the build puts them in (scripts/build.mjs), so the page
 * needs no server to list or load them.
 */
declare const SNAPLAB_SCENARIOS: Readonly<Record<string, string>>;

export const shippedScenarios: Readonly<Record<string, string>> = SNAPLAB_SCENARIOS;

/**
 * The scenarios shipped in spec/scenarios/, by their path under it, as file
 * texts: the page's builder puts them in (src/web/build-page.ts), so the page
 * needs no server to list or load them.
 */
declare const SNAPLAB_SCENARIOS: Readonly<Record<string, string>>;

export const shippedScenarios: Readonly<Record<string, string>> = SNAPLAB_SCENARIOS;

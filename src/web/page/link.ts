/**
 * The page's address holds what it shows, so a link reproduces it:
 * `?scenario=PATH` (a shipped scenario, its path under spec/scenarios/) or
 * `#json=` and the scenario file in base64url (any scenario); `fifo=0|1`;
 * `algorithm=NAME`; `path=2.0.1`, the steps taken (each the place of its
 * action among those enabled); `explore=1` runs the search at once.
 */

export interface Link {
  readonly scenario?: string;
  /** The scenario file's text, from `#json=`. */
  readonly json?: string;
  readonly fifo?: boolean;
  readonly algorithm?: string;
  readonly path: readonly number[];
  readonly explore: boolean;
}

export function readLink(location: { readonly search: string; readonly hash: string }): Link {
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  const json = hash.get("json");
  const fifo = query.get("fifo");
  const algorithm = query.get("algorithm");
  const scenario = query.get("scenario");
  return {
    ...(scenario ? { scenario } : {}),
    ...(json ? { json: fromBase64Url(json) } : {}),
    ...(fifo === "0" || fifo === "1" ? { fifo: fifo === "1" } : {}),
    ...(algorithm ? { algorithm } : {}),
    path: (query.get("path") ?? "")
      .split(".")
      .filter((step) => /^\d+$/.test(step))
      .map(Number),
    explore: query.get("explore") === "1",
  };
}

/** The address part after the page's own: `?…` and, for a scenario not shipped, `#json=…`. */
export function writeLink(link: Omit<Link, "explore">): string {
  const query = new URLSearchParams();
  if (link.scenario) query.set("scenario", link.scenario);
  if (link.fifo !== undefined) query.set("fifo", link.fifo ? "1" : "0");
  if (link.algorithm) query.set("algorithm", link.algorithm);
  if (link.path.length > 0) query.set("path", link.path.join("."));
  const search = query.size > 0 ? `?${query.toString()}` : "";
  return link.scenario === undefined && link.json !== undefined ? `${search}#json=${toBase64Url(link.json)}` : search;
}

export function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(encoded: string): string {
  const binary = atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

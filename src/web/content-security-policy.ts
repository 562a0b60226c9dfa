/**
 * The page's Content-Security-Policy: its own scripts, search worker and
 * style sheet, the diagram's one `<style>` (allowed by its hash), the empty
 * icon (a data: address); nothing else, from anywhere. So a scenario crafted
 * to inject markup (a name such as `<img src=x onerror=...>`) could run no
 * script even if the page ever failed to escape it: the browser refuses
 * inline scripts, inline event handlers and scripts from other places.
 */
import { createHash } from "node:crypto";
import { SVG_STYLE } from "../render/svg-diagram.js";
import type { PageFiles } from "./built-page.js";

/**
 * `inMeta`: the policy as a `<meta>` element carries it, for a static folder whose host sends no headers.
 * A meta element cannot say `frame-ancestors` (browsers ignore it there, with a warning).
 */
export function contentSecurityPolicy({ inMeta = false }: { inMeta?: boolean } = {}): string {
  const diagramStyle = createHash("sha256").update(SVG_STYLE).digest("base64");
  return [
    "default-src 'none'",
    "script-src 'self'",
    "worker-src 'self'",
    `style-src 'self' 'sha256-${diagramStyle}'`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    ...(inMeta ? [] : ["frame-ancestors 'none'"]),
  ].join("; ");
}

/** The page with its policy in a `<meta>` element, first in its head, before anything the policy governs. */
export function withPolicyInMeta(files: PageFiles): PageFiles {
  const html = new TextDecoder().decode(files.get("index.html"));
  const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy({ inMeta: true })}">`;
  if (!html.includes('<meta charset="utf-8">')) throw new Error('index.html has no <meta charset="utf-8"> to put the policy after');
  return new Map([...files, ["index.html", new TextEncoder().encode(html.replace('<meta charset="utf-8">', `<meta charset="utf-8">\n${meta}`))]]);
}

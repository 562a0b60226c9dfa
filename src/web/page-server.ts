/**
 * Serves the built page from memory over HTTP, as any static host would: each
 * file by its name, "/" as index.html, nothing else. The page does all its
 * work in the browser; the server only hands out the files, each with the
 * page's Content-Security-Policy and `nosniff` (a file is only ever what its
 * type says). With a learner's rules (snaplab ui --rules), their files are
 * served too, made when asked for (served-rules.ts).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { PageFiles } from "./built-page.js";
import { contentSecurityPolicy } from "./content-security-policy.js";
import type { ServedRules } from "./served-rules.js";

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
};

export interface PageServer {
  /** The page's address, e.g. http://127.0.0.1:5173/ */
  readonly url: string;
  close(): Promise<void>;
}

export function servePage(
  files: PageFiles,
  { host = "127.0.0.1", port = 0, rules }: { host?: string; port?: number; rules?: ServedRules } = {},
): Promise<PageServer> {
  const policy = contentSecurityPolicy();
  const server: Server = createServer((request, response) => {
    response.setHeader("content-security-policy", policy);
    response.setHeader("x-content-type-options", "nosniff");
    response.setHeader("referrer-policy", "no-referrer");
    let name: string;
    try {
      name = decodeURIComponent(new URL(request.url ?? "/", "http://page").pathname).replace(/^\/+/, "") || "index.html";
    } catch {
      // A malformed escape ("/%E0%A4%A") threw out of the handler and ended the server, for everyone on it.
      response.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("bad request\n");
      return;
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
      return;
    }
    const send = (bytes: Uint8Array | undefined) => {
      if (bytes === undefined) {
        response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
        return;
      }
      response.writeHead(200, { "content-type": TYPES[name.replace(/^.*\./, "")] ?? "application/octet-stream", "cache-control": "no-cache" });
      response.end(request.method === "HEAD" ? undefined : bytes);
    };
    (rules?.file(name) ?? Promise.resolve(undefined)).then(
      (made) => send(made ?? files.get(name)),
      (error: Error) => {
        // The kit's fault, not the learner's (whose mistakes the page is told in one line): said where the server runs.
        process.stderr.write(`snaplab: cannot serve ${name}: ${error.message}\n`);
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("cannot bundle the rules\n");
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const { address, port: bound } = server.address() as AddressInfo;
      const shown = address.includes(":") ? `[${address}]` : address;
      resolve({
        url: `http://${shown}:${bound}/`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

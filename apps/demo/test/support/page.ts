import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

// The built page served on 127.0.0.1 and Debian's Chromium, for the browser tests.

const here = fileURLToPath(new URL(".", import.meta.url));
export const DIST = join(here, "..", "..", "dist");
export const CHROMIUM = process.env.CHROMIUM_BIN || "/usr/bin/chromium";
/** Locally the tests are skipped without Chromium; on CI a missing browser is a failure. */
export const haveBrowser = existsSync(CHROMIUM);
if (!haveBrowser && process.env.CI) {
  throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_BIN); .ci/run installs Debian's chromium`);
}

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".bin": "application/octet-stream",
  ".b64": "text/plain",
};

/** Serves `dist/` on a free port of 127.0.0.1; the URL of the page. */
export function serve(): Promise<{ server: Server; base: string }> {
  if (!existsSync(join(DIST, "index.html"))) throw new Error("build the demo first (vite build)");
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? "/").split(/[?#]/)[0]!)).replace(
      /^(\.\.[/\\])+/,
      "",
    );
    const file = join(DIST, path.endsWith("/") ? `${path}index.html` : path);
    if (!file.startsWith(DIST) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }),
    ),
  );
}

/** Chromium as root in a container: the flags it needs. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}

/**
 * The served page and a browser for one describe block: started before its tests, closed after.
 * Read `base` and `browser` inside the tests.
 */
export function useBrowser(): { readonly base: string; readonly browser: Browser } {
  let server: Server | undefined;
  const ctx = { base: "", browser: undefined as unknown as Browser };
  beforeAll(async () => {
    const s = await serve();
    server = s.server;
    ctx.base = s.base;
    ctx.browser = await launch();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await new Promise((r) => server?.close(r));
  });
  return ctx;
}

/** Gives the page a file through its file input and waits until it is read (or its layers say why not). */
export async function pickFile(
  page: Page,
  name: string,
  bytes: Uint8Array,
  timeout = 120_000,
): Promise<void> {
  await page.setInputFiles("#file", {
    name,
    mimeType: "application/octet-stream",
    buffer: Buffer.from(bytes),
  });
  await page.waitForFunction(
    (n) =>
      document.body.dataset.loaded === "true" &&
      (document.querySelector("#detection .file")?.textContent?.startsWith(n) ||
        document.querySelector("#layers")?.getAttribute("data-state") !== null),
    name,
    { timeout },
  );
}

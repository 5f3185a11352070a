// How the page does at real sizes, in Chromium: 17 KB and 800 KB dumps Godot 4.6.3 wrote, and a
// 10 MB store_var file of 13 records of the 800 KB one. The figures (load, click, hover, the
// longest task) are printed and written to test-output/figures.json for the README: they are
// figures, not assertions (a busy machine must not fail the test). What is asserted is what made
// the page slow before: every byte and tree row in the page at once, and no progress.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { haveBrowser, pickFile, useBrowser } from "./support/page.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const OUT = join(here, "..", "test-output");

function dumps(): Array<[string, Uint8Array, number]> {
  const small = new Uint8Array(readFileSync(join(here, "fixtures", "dump-17k.bin")));
  const big = new Uint8Array(gunzipSync(readFileSync(join(here, "fixtures", "dump-800k.bin.gz"))));
  // store_var: a u32 length word, then the Variant (13 records of the engine's bytes).
  const records = 13;
  const huge = new Uint8Array(records * (4 + big.length));
  const view = new DataView(huge.buffer);
  for (let i = 0; i < records; i++) {
    view.setUint32(i * (4 + big.length), big.length, true);
    huge.set(big, i * (4 + big.length) + 4);
  }
  return [
    ["dump-17k.bin", small, 85],
    ["dump-800k.bin", big, 4000],
    ["dump-10m.bin", huge, 13],
  ];
}

// Installed before the page's own script: long tasks, when the page said it was loaded, and
// whether the progress line was shown.
function instrument(): void {
  const w = window as unknown as Record<string, unknown>;
  w.__longTasks = [] as Array<[number, number]>;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      (w.__longTasks as Array<[number, number]>).push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
  w.__progressShown = false;
  document.addEventListener(
    "change",
    () => {
      w.__changeAt = performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    if (document.body?.dataset.loaded === "true" && w.__loadedAt === undefined)
      w.__loadedAt = performance.now();
    const p = document.getElementById("progress");
    if (p && !p.hidden) w.__progressShown = true;
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-loaded", "hidden"] });
}

interface Figures {
  bytes: number;
  loadMs: number;
  clickMs: number;
  clickToTreeMs: number;
  hoverMs: number;
  longestTaskMs: number;
  /** The page's own work to draw the model it got from the worker. */
  showMs: number;
  longTasksOver200: number;
  hexRowsInPage: number;
  treeRowsInPage: number;
  progressShown: boolean;
}

async function measure(page: Page, name: string, bytes: Uint8Array): Promise<Figures> {
  await pickFile(page, name, bytes);
  await page.waitForSelector('#tree [role="treeitem"]');
  const load = await page.evaluate(() => {
    const w = window as unknown as Record<string, number>;
    return w.__loadedAt! - w.__changeAt!;
  });
  // A click and a hover on a byte of the second row: the time their handlers take, and the time
  // until the tree shows the picked value (its rows may first come from the worker).
  const click = await page.evaluate(async () => {
    const cell = document.querySelector<HTMLElement>('#hex .b[data-i="20"]')!;
    const t0 = performance.now();
    cell.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const handler = performance.now() - t0;
    for (
      let i = 0;
      i < 600 && document.querySelector("#tree .node.active, #tree .key-part.active") === null;
      i++
    )
      await new Promise((r) => setTimeout(r, 5));
    return { handler, tree: performance.now() - t0 };
  });
  const hover = await page.evaluate(() => {
    const cell = document.querySelector<HTMLElement>('#hex .b[data-i="40"]')!;
    const t0 = performance.now();
    cell.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    return performance.now() - t0;
  });
  // Tasks from the file input's change on: handing the test's file to the page (the browser
  // reading a 10 MB buffer sent over the debugging protocol) is not the page's work.
  const tasks = await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    const from = w.__changeAt as number;
    return (w.__longTasks as Array<[number, number]>).filter(([t]) => t >= from).map(([, d]) => d);
  });
  return {
    bytes: bytes.length,
    loadMs: Math.round(load),
    clickMs: Number(click.handler.toFixed(1)),
    clickToTreeMs: Math.round(click.tree),
    hoverMs: Number(hover.toFixed(1)),
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
    showMs: await page.evaluate(() =>
      Math.round(Math.max(0, ...performance.getEntriesByName("show").map((e) => e.duration))),
    ),
    longTasksOver200: tasks.filter((t) => t > 200).length,
    hexRowsInPage: await page.locator("#hex .row").count(),
    treeRowsInPage: await page.locator('#tree [role="treeitem"]').count(),
    progressShown: await page.evaluate(() => (window as unknown as Record<string, boolean>).__progressShown!),
  };
}

describe.skipIf(!haveBrowser)("the demo at real sizes (figures for the README)", () => {
  const ctx = useBrowser();

  it("shows 17 KB, 800 KB and 10 MB dumps with only the rows in view in the page", async () => {
    mkdirSync(OUT, { recursive: true });
    const figures: Record<string, Figures> = {};
    for (const [name, bytes, items] of dumps()) {
      const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.addInitScript(instrument);
      await page.goto(ctx.base);
      await page.waitForSelector('body[data-ready="true"]');
      const f = await measure(page, name, bytes);
      figures[name] = f;
      // The value is there: the records or the array's items, read as Godot 4.x.
      expect(await page.getAttribute("#taken", "data-dialect")).toBe("godot-4");
      const root = await page.locator("#tree .summary").first().textContent();
      if (name === "dump-10m.bin") expect(await page.locator("#record option").count()).toBe(items);
      else expect(root).toBe(`${items} items`);
      // Only what is in view is drawn (all bytes and rows were in the page before: 4,096 hex
      // rows, capped at 64 KiB, and every tree item).
      expect(f.hexRowsInPage).toBeLessThan(120);
      expect(f.treeRowsInPage).toBeLessThan(120);
      // The last byte can be reached: the view is as tall as the dump.
      await page.evaluate(() => {
        const hex = document.getElementById("hex")!;
        hex.scrollTop = hex.scrollHeight;
      });
      const last = bytes.length - 1;
      await page.waitForSelector(`#hex .b[data-i="${last}"]`);
      await page.screenshot({ path: join(OUT, `size-${name}.png`) });
      await page.close();
    }
    // Long work shows its progress.
    expect(figures["dump-10m.bin"]!.progressShown).toBe(true);
    writeFileSync(join(OUT, "figures.json"), `${JSON.stringify(figures, null, 2)}\n`);
    console.log(JSON.stringify(figures, null, 2));
  });
});

// The files users hold, in the page: every layer (password or raw key), ConfigFiles,
// project.binary, compress() envelopes, empty and truncated saves; one message per failure in
// the user's words; the smaller fixes (disabled buttons, favicon, evidence order, one
// confidence format). Files from Godot 4.6.3 and 3.2.3 (fixtures/README.md).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { haveBrowser, pickFile, useBrowser } from "./support/page.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const fx = (name: string) => join(here, "fixtures", name);
const SAVE3 = join(here, "..", "..", "..", "samples", "godot-3", "save.bin");
const KEY = "0b30557a9fc4e90e33587da2c7ec11365b80a5caef14395e83a8cdf2173c6186";

describe.skipIf(!haveBrowser)("the files users hold, in the page", () => {
  const ctx = useBrowser();

  async function fresh(): Promise<Page> {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(ctx.base);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
  }

  it("opens a file sealed with a raw key (open_encrypted), and says a wrong password once, in plain words", async () => {
    const page = await fresh();
    await pickFile(page, "enc-key.bin", readFileSync(fx("enc-key-4.6.3.bin")));
    await page.waitForSelector('#layers[data-state="key-needed"]');
    expect(await page.textContent("#layers")).toContain("godot-4 layout");
    await page.fill("#password", "nope");
    await page.dispatchEvent("#password", "change");
    await page.waitForSelector('#layers[data-state="wrong-key"]');
    // One message: no error banner, no "not a Variant dump" beside it, no library names.
    expect(await page.isVisible("#error")).toBe(false);
    const text = (await page.textContent("body")) ?? "";
    expect(text).not.toContain("@gdvariant");
    expect(text).not.toContain("not a Variant dump");
    await page.fill("#password", "");
    await page.fill("#key", KEY);
    await page.dispatchEvent("#key", "change");
    await page.waitForSelector('#layers[data-state="open"]');
    await expect.poll(() => page.locator("#tree .summary", { hasText: '"Ada"' }).count()).toBeGreaterThan(0);
    expect(await page.getAttribute("#taken", "data-dialect")).toBe("godot-4");
    await page.close();
  });

  it("shows an encrypted ConfigFile and a project.binary as sections of values", async () => {
    const page = await fresh();
    await page.fill("#password", "hunter2");
    await page.dispatchEvent("#password", "change");
    await pickFile(page, "config.cfg", readFileSync(fx("config-enc-4.6.3-hunter2.cfg")));
    await page.waitForSelector('#layers[data-state="open"]');
    await expect.poll(() => page.locator("#tree .label", { hasText: "[player]" }).count()).toBe(1);
    expect(await page.locator("#tree .key-part", { hasText: '"name"' }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.inputValue("#editor")).toContain('name="Ada"');
    await page.fill("#password", "");
    await page.dispatchEvent("#password", "change");
    await pickFile(page, "project.binary", readFileSync(fx("project-4.6.3.binary")));
    await expect.poll(() => page.locator("#tree .label", { hasText: "[gdvariant]" }).count()).toBe(1);
    expect(await page.textContent("#taken")).toContain("project.binary");
    expect(await page.locator("#tree .summary", { hasText: '"Layers"' }).count()).toBe(1);
    await page.close();
  });

  it("opens a PackedByteArray.compress() envelope and an empty sealed save", async () => {
    const page = await fresh();
    await pickFile(page, "env.bin", readFileSync(fx("env-gzip-4.6.3.bin")));
    await page.waitForSelector('#layers[data-state="open"]');
    expect(await page.textContent("#layers")).toContain("PackedByteArray.compress (gzip)");
    expect(await page.getAttribute("#taken", "data-dialect")).toBe("godot-4");
    await page.fill("#password", "hunter2");
    await page.dispatchEvent("#password", "change");
    await pickFile(page, "empty.bin", readFileSync(fx("empty-enc-4.6.3-hunter2.bin")));
    await page.waitForSelector('#layers[data-state="open"]');
    expect(await page.textContent("#tree")).toContain("No records");
    expect(await page.isVisible("#error")).toBe(false);
    await page.close();
  });

  it("keeps the intact records of a truncated save, and names a cut record as such", async () => {
    const page = await fresh();
    const save = readFileSync(SAVE3);
    await pickFile(page, "cut500.bin", save.subarray(0, 500));
    await page.waitForSelector("#error:not([hidden])");
    expect(await page.locator("#record option").count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator("#tree .summary", { hasText: '"Hero"' }).count()).toBeGreaterThan(0);
    await pickFile(page, "cut100.bin", save.subarray(0, 100));
    await page.waitForSelector("#error:not([hidden])");
    const message = (await page.textContent("#error")) ?? "";
    expect(message).toContain("record needs 356 bytes");
    expect(message).not.toContain("type id 100");
    await page.close();
  });

  it("disabled buttons look disabled; a favicon; evidence opens with support; one confidence format", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const missing: string[] = [];
    page.on("response", (r) => {
      if (r.status() >= 400) missing.push(r.url());
    });
    await page.goto(ctx.base);
    await page.waitForSelector('body[data-ready="true"]');
    for (const id of ["#apply", "#convert", "#download"]) {
      const style = await page.locator(id).evaluate((e) => {
        const s = getComputedStyle(e);
        return { cursor: s.cursor, opacity: Number(s.opacity) };
      });
      expect([id, style.cursor]).toEqual([id, "not-allowed"]);
      expect(style.opacity).toBeLessThan(0.8);
    }
    expect(await page.locator('link[rel="icon"]').count()).toBe(1);
    await pickFile(page, "save.bin", readFileSync(SAVE3));
    // save.bin's evidence has a negative item (an extreme float exponent): it is not first.
    const classes = await page
      .locator("#detection .evidence li > span:first-child")
      .evaluateAll((els) => els.map((e) => e.className));
    expect(classes).toContain("against");
    expect(classes[0]).toBe("for");
    const best = (await page.locator("#candidates tr.best td").last().textContent())?.trim();
    const summary = await page.locator("#detection p.muted").last().textContent();
    expect(summary).toContain(`confidence ${best}`);
    expect(missing).toEqual([]);
    await page.close();
  });
});

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readStoreVarFile } from "@gdvariant/core";
import { decryptFile } from "@gdvariant/files";
import { dialect as godot4 } from "@gdvariant/godot-4";
import { cUnescape } from "@gdvariant/test-support/c-escape";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { haveBrowser, useBrowser } from "./support/page.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const SAMPLES = join(here, "..", "..", "..", "samples");
const OUT = join(here, "..", "test-output");
mkdirSync(OUT, { recursive: true });

function vector(label: string): string {
  const line = readFileSync(join(here, "fixtures", "godot-4.6.3-vectors.txt"), "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${label} `));
  if (!line) throw new Error(`no vector ${label}`);
  return line.split(" ")[1]!;
}

/** Godot 4.6.3's `JSON.stringify(JSON.from_native(v, true), "\t")` of a value, and whether its own
 * `JSON.to_native` gives the value back (tools/godot-4/generate-json-flags.mjs). */
function nativeView(label: string): { hex: string; same: boolean; text: string } {
  const line = readFileSync(join(here, "fixtures", "godot-4-json-native-view.tsv"), "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${label}\t`));
  if (!line) throw new Error(`no JSON.from_native view ${label}`);
  const [, hex, same, text] = line.split("\t") as [string, string, string, string];
  return { hex, same: same === "1", text: cUnescape(text) };
}

describe.skipIf(!haveBrowser)("demo in Chromium (built page)", () => {
  const ctx = useBrowser();

  async function openSample(page: Page, sample: string): Promise<void> {
    await page.goto(`${ctx.base}#sample=${sample}`);
    await page.waitForSelector(`body[data-loaded="true"]`);
    await page.waitForFunction(
      (s) => document.querySelector("#detection .file")?.textContent?.startsWith(s),
      sample,
    );
  }

  it("opens a sample of each engine: detected dialect and a value in the tree", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const cases: Array<[string, string, string]> = [
      ["godot-4/nested_big.bin", "godot-4", '"Player"'],
      ["godot-3/save.bin", "godot-3", '"Hero"'],
      ["legacy-2/nested_big.bin", "legacy-2", "IntArray( 1, 2 )"],
    ];
    for (const [sample, dialect, text] of cases) {
      await openSample(page, sample);
      expect(await page.getAttribute("#taken", "data-dialect")).toBe(dialect);
      expect(await page.locator("#candidates tr.best .dialect").textContent()).toBe(dialect);
      await expect.poll(() => page.locator("#tree .summary", { hasText: text }).count()).toBeGreaterThan(0);
      await page.screenshot({ path: join(OUT, `sample-${dialect}.png`), fullPage: true });
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("reads a picked file and pasted base64", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(ctx.base);
    await page.waitForSelector('body[data-ready="true"]');
    await page.setInputFiles("#file", join(here, "..", "..", "..", "samples", "godot-3", "save.bin"));
    await page.waitForFunction(
      () => document.querySelector("#taken")?.getAttribute("data-dialect") === "godot-3",
    );
    expect(await page.locator("#record option").count()).toBe(16);
    await page.click("#paste-box summary");
    await page.fill(
      "#paste",
      readFileSync(join(here, "..", "..", "..", "samples", "godot-4", "nested_big.b64"), "utf8"),
    );
    await page.click("#paste-read");
    await page.waitForFunction(
      () => document.querySelector("#taken")?.getAttribute("data-dialect") === "godot-4",
    );
    expect(await page.textContent("#taken")).toContain("base64");
    expect(await page.getAttribute("#hex", "data-bytes")).toBe(vector("nested_big"));
    await page.close();
  });

  it("lets the dialect be chosen by hand: the same bytes as 2.x Matrix32 or 3.x Transform2D", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openSample(page, "legacy-2/matrix32.bin");
    for (const [dialect, kind] of [
      ["legacy-2", "matrix32"],
      ["godot-3", "transform2d"],
    ] as const) {
      await page.selectOption("#dialect", dialect);
      await page.waitForFunction(
        (d) => document.querySelector("#taken")?.getAttribute("data-dialect") === d,
        dialect,
      );
      expect(await page.locator("#tree .kind").first().textContent()).toBe(kind);
    }
    await page.close();
  });

  it("links the hex view and the tree both ways", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openSample(page, "godot-4/nested_big.bin");
    // Byte 0x14 starts the value of "name" ("Player": header, length, 6 bytes, 2 padding = 16 bytes).
    await page.hover('#hex .b[data-i="20"]');
    expect(await page.locator("#tree .node.active .summary").textContent()).toBe('"Player"');
    expect(await page.locator("#hex .b.hl").count()).toBe(16);
    // And back: hovering the tree node of the root's "pos" highlights its 16 bytes (Vector3: 4 + 12).
    await page.locator("#tree .node", { hasText: "Vector3(1, 2, 3)" }).hover();
    const hl = await page
      .locator("#hex .b.hl")
      .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.i)));
    expect(hl).toEqual(Array.from({ length: 16 }, (_, i) => 48 + i));
    // Keyboard: the hex grid moves a cursor with the arrows and highlights the owning value.
    await page.focus("#hex");
    for (let i = 0; i < 20; i++) await page.keyboard.press("ArrowRight");
    expect(await page.locator("#tree .node.active .summary").textContent()).toBe('"Player"');
    await page.screenshot({ path: join(OUT, "linked-views.png"), fullPage: true });
    await page.locator(".views").screenshot({ path: join(OUT, "linked-views-detail.png") });
    await page.close();
  });

  it("edits a value and re-encodes it to the engine's bytes", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openSample(page, "godot-4/nested_big.bin");
    await page.fill("#editor", "Vector2(1, 2)");
    await page.click("#apply");
    await page.waitForFunction(() => document.querySelector("#edit-status .ok") !== null);
    // Godot 4.6.3's bytes for Vector2(1, 2): the store_var record of filestore_vec2 after its length word.
    expect(await page.getAttribute("#hex", "data-bytes")).toBe(vector("filestore_vec2").slice(8));
    expect(await page.locator("#tree .summary").first().textContent()).toBe("Vector2(1, 2)");
    // Typed in Godot's text syntax, an Array[int] gives the engine's typed-array bytes.
    await page.fill("#editor", "Array[int]([1, 2, 3])");
    await page.click("#apply");
    await page.waitForFunction(() => document.querySelector("#tree .kind")?.textContent === "array");
    expect(await page.getAttribute("#hex", "data-bytes")).toBe(vector("array_typed_int"));
    await page.screenshot({ path: join(OUT, "edited.png"), fullPage: true });
    await page.close();
  });

  it("prints 3.x text as the chosen release does (Godot 3.6 by default, 3.2 on request)", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(ctx.base);
    await page.waitForSelector('body[data-ready="true"]');
    await page.selectOption("#dialect", "godot-3");
    await page.click("#paste-box summary");
    // var2bytes([{}, -INF]); var2str prints `[ {\n}, inf_neg ]` in Godot 3.6 and
    // `[ {\n\n}, -inf.0 ]` in Godot 3.2.3 (packages/godot-3/test/fixtures/versions-*.tsv)
    await page.fill("#paste", "EwAAAAIAAAASAAAAAAAAAAMAAAAAAID/");
    await page.click("#paste-read");
    await page.waitForFunction(
      () => document.querySelector("#taken")?.getAttribute("data-dialect") === "godot-3",
    );
    expect(await page.inputValue("#godot3-version")).toBe("3.6");
    await expect.poll(() => page.inputValue("#editor")).toBe("[ {\n}, inf_neg ]");
    await page.selectOption("#godot3-version", "3.2");
    await expect.poll(() => page.inputValue("#editor")).toBe("[ {\n\n}, -inf.0 ]");
    await page.close();
  });

  it("converts a 3.x save to 4.x and downloads the command line's bytes", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await openSample(page, "godot-3/save.bin");
    await page.selectOption("#target", "godot-4");
    await page.click("#convert");
    await page.waitForFunction(
      () => document.querySelector("#taken")?.getAttribute("data-dialect") === "godot-4",
    );
    expect(await page.locator("#edit-status .ok").textContent()).toContain("Converted Godot 3.x → Godot 4.x");
    await expect.poll(() => page.locator("#tree .summary", { hasText: '"Hero"' }).count()).toBeGreaterThan(0);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
    const fromPage = readFileSync(await download.path());
    const dir = mkdtempSync(join(tmpdir(), "gdvariant-demo-"));
    const cli = join(here, "..", "..", "..", "packages", "cli", "bin", "gdvariant.js");
    const save = join(SAMPLES, "godot-3", "save.bin");
    const r = spawnSync(
      process.execPath,
      [cli, "convert", save, "--to", "godot-4", "-o", join(dir, "save4.bin")],
      {
        encoding: "utf8",
      },
    );
    expect(r.status).toBe(0);
    expect(fromPage.equals(readFileSync(join(dir, "save4.bin")))).toBe(true);
    await page.close();
  });

  it("opens an encrypted 3.x save with its password and downloads it re-encrypted for 4.x", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await page.goto(ctx.base);
    await page.waitForSelector('body[data-ready="true"]');
    // Written by Godot 3.2.3: File.open_encrypted_with_pass(path, File.WRITE, "hunter2") + store_var.
    await page.setInputFiles("#file", join(here, "fixtures", "save-3.2.3-enc-hunter2.bin"));
    await page.waitForSelector('#layers[data-state="key-needed"]');
    expect(await page.textContent("#layers")).toContain("godot-3 layout");
    await page.fill("#password", "nope");
    await page.dispatchEvent("#password", "change");
    await page.waitForSelector('#layers[data-state="wrong-key"]');
    await page.fill("#password", "hunter2");
    await page.dispatchEvent("#password", "change");
    await page.waitForSelector('#layers[data-state="open"]');
    await expect.poll(() => page.locator("#tree .summary", { hasText: '"Ada"' }).count()).toBeGreaterThan(0);
    await page.selectOption("#target", "godot-4");
    await page.click("#convert");
    await page.waitForFunction(
      () => document.querySelector("#taken")?.getAttribute("data-dialect") === "godot-4",
    );
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
    const r = decryptFile(readFileSync(await download.path()), { password: "hunter2" });
    expect(r.layout).toBe("godot-4");
    const records = readStoreVarFile(godot4, r.plaintext);
    expect(records).toHaveLength(6);
    expect(records[2]!.value).toEqual({ kind: "string", value: "Chapter 2: the harbour" });
    await page.close();
  });

  it("shows a decode error at its byte offset, and draws 2.x images", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(ctx.base);
    await page.waitForSelector('body[data-ready="true"]');
    await page.click("#paste-box summary");
    // The first 100 bytes of the 4.x nested_big sample: cut inside ["inv"][0].
    const whole = vector("nested_big");
    await page.fill("#paste", whole.slice(0, 200));
    await page.click("#paste-read");
    await page.waitForSelector("#error:not([hidden])");
    expect(await page.textContent("#error")).toContain("truncated at byte 88");
    expect(await page.getAttribute("#hex .b.err", "data-i")).toBe("88");
    await page.screenshot({ path: join(OUT, "error.png"), fullPage: true });

    await openSample(page, "legacy-2/image_rgba_2x2.bin");
    const size = await page
      .locator("#tree canvas.image")
      .evaluate((c) => [(c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height]);
    expect(size).toEqual([2, 2]);
    await page.screenshot({ path: join(OUT, "image-2x.png"), fullPage: true });
    await page.close();
  });

  it("fits a phone-sized screen and works with the keyboard alone", async () => {
    const page = await ctx.browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await openSample(page, "godot-4/nested_big.bin");
    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Eight bytes per hex row on a narrow screen.
    expect(await page.locator("#hex .row").first().locator(".b").count()).toBe(8);
    await page.screenshot({ path: join(OUT, "phone.png"), fullPage: true });

    const desk = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await desk.goto(ctx.base);
    await desk.waitForSelector('body[data-ready="true"]');
    // Tab to the first sample button and open it with Enter.
    let focused = "";
    for (let i = 0; i < 30 && !focused.startsWith("sample:"); i++) {
      await desk.keyboard.press("Tab");
      focused = await desk.evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        return a?.dataset.sample ? `sample:${a.dataset.sample}` : (a?.id ?? "");
      });
    }
    expect(focused).toMatch(/^sample:godot-4\//);
    await desk.keyboard.press("Enter");
    await desk.waitForSelector('body[data-loaded="true"]');
    // Into the tree: focus the first item, walk down with the arrows; bytes follow.
    await desk.focus('#tree [role="treeitem"][tabindex="0"]');
    await desk.keyboard.press("ArrowDown");
    const active = await desk.evaluate(() => (document.activeElement as HTMLElement).dataset.node);
    expect(active).toBeDefined();
    expect(await desk.locator("#hex .b.hl").count()).toBeGreaterThan(0);
    await desk.close();
    await page.close();
  });

  it("opens every bundled sample as the engine that wrote it, with no error", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const wrong: string[] = [];
    for (const engine of ["godot-4", "godot-3", "legacy-2"]) {
      for (const f of readdirSync(join(SAMPLES, engine))) {
        const sample = `${engine}/${f}`;
        await openSample(page, sample);
        await page.waitForFunction(() => document.querySelector("#taken") !== null);
        const taken = await page.getAttribute("#taken", "data-dialect");
        const banner = await page.isVisible("#error");
        if (taken !== engine || banner) wrong.push(`${sample}: ${taken}${banner ? " (error banner)" : ""}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("disables Re-encode, Convert and Download until something is loaded", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(ctx.base);
    await page.waitForSelector('body[data-ready="true"]');
    for (const id of ["#apply", "#convert", "#download"]) expect(await page.isDisabled(id)).toBe(true);
    await openSample(page, "godot-4/nested_big.bin");
    for (const id of ["#apply", "#convert", "#download"]) expect(await page.isDisabled(id)).toBe(false);
    await page.close();
  });

  it("starts each new input on auto-detect after Re-encode, unless the choice is locked", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openSample(page, "godot-4/nested_big.bin");
    await page.fill("#editor", "Vector2(1, 2)");
    await page.click("#apply");
    await page.waitForFunction(() => document.querySelector("#edit-status .ok") !== null);
    expect(await page.inputValue("#dialect")).toBe("godot-4");
    // The next file: a 3.x save, read as 3.x (not as 4.x "chosen by hand").
    await page.setInputFiles("#file", join(SAMPLES, "godot-3", "save.bin"));
    await page.waitForFunction(
      () => document.querySelector("#taken")?.getAttribute("data-dialect") === "godot-3",
    );
    expect(await page.inputValue("#dialect")).toBe("auto");
    // Locked: the next file keeps the chosen dialect.
    await page.selectOption("#dialect", "godot-3");
    await page.check("#lock");
    await page.setInputFiles("#file", join(SAMPLES, "godot-4", "projection.bin"));
    await page.waitForFunction(() =>
      document.querySelector("#detection .file")?.textContent?.includes("projection"),
    );
    expect(await page.inputValue("#dialect")).toBe("godot-3");
    await page.close();
  });

  it("shows a Godot 4 value as the engine's JSON.from_native text, says what it loses, and reads it back", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const big = nativeView("nested_big");
    const lossy = nativeView("lossy");
    expect([big.same, lossy.same]).toEqual([true, false]);
    await openSample(page, "godot-4/nested_big.bin");
    expect(await page.getAttribute("#hex", "data-bytes")).toBe(big.hex);
    await page.check('input[name="syntax"][value="json-native"]');
    // Character for character what Godot 4.6.3 writes; the engine's round trip keeps it all.
    await expect.poll(() => page.inputValue("#editor")).toBe(big.text);
    expect(await page.getAttribute("#editor-note", "data-losses")).toBe("0");
    // A value the engine's own round trip changes (14-digit "f:", int64 through a double).
    await page.click("#paste-box summary");
    await page.fill("#paste", lossy.hex);
    await page.click("#paste-read");
    await expect.poll(() => page.inputValue("#editor")).toBe(lossy.text);
    expect(Number(await page.getAttribute("#editor-note", "data-losses"))).toBeGreaterThan(0);
    expect(await page.textContent("#editor-note")).toContain("PackedInt64Array");
    // Accepting the form: the engine's text of nested_big, typed in, gives the engine's bytes.
    await page.fill("#editor", big.text);
    await page.click("#apply");
    await page.waitForFunction(() => document.querySelector("#edit-status .ok") !== null);
    expect(await page.getAttribute("#hex", "data-bytes")).toBe(big.hex);
    // A bad text: one message naming the place, the bytes unchanged.
    await page.fill("#editor", '{"type": "Vector2", "args": [1]}');
    await page.click("#apply");
    await page.waitForFunction(() => document.querySelector("#edit-status .error") !== null);
    expect(await page.getAttribute("#hex", "data-bytes")).toBe(big.hex);
    // A 3.x dump: the form is Godot 4's, the page says to convert first.
    await openSample(page, "godot-3/save.bin");
    await expect.poll(() => page.textContent("#editor-note")).toContain("convert it to Godot 4.x first");
    expect(await page.inputValue("#editor")).toBe("");
    await page.screenshot({ path: join(OUT, "json-native-view.png"), fullPage: true });
    await page.close();
  });

  it("keeps the selected record after Re-encode", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openSample(page, "godot-3/save.bin");
    await page.selectOption("#record", "3");
    await page.fill("#editor", "42");
    await page.click("#apply");
    await page.waitForFunction(() => document.querySelector("#edit-status .ok") !== null);
    expect(await page.inputValue("#record")).toBe("3");
    expect(await page.inputValue("#editor")).toBe("42");
    expect(await page.locator("#record option").count()).toBe(16);
    await page.close();
  });

  it("collapses the losses of a conversion to counts per kind, the places on demand", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    // 4.x → 2.x loses StringNames, typed containers...: grouped, each group's places on demand.
    await openSample(page, "godot-4/nested_big.bin");
    await page.selectOption("#target", "legacy-2");
    await page.click("#convert");
    await page.waitForFunction(() => document.querySelector("#edit-status .ok") !== null);
    const groups = await page.locator("#edit-status .loss-groups > li > details > summary").allTextContents();
    expect(groups.length).toBeGreaterThan(0);
    for (const g of groups) expect(g).toMatch(/^\d+ × \w+/);
    expect(await page.locator("#edit-status .loss-groups details[open]").count()).toBe(0);
    await page.screenshot({ path: join(OUT, "losses.png"), fullPage: true });
    await page.close();
  });

  it("shows an error banner for garbage, empty and truncated inputs", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(ctx.base);
    await page.waitForSelector('body[data-ready="true"]');
    const dir = mkdtempSync(join(tmpdir(), "gdvariant-demo-bad-"));
    const save = readFileSync(join(SAMPLES, "godot-3", "save.bin"));
    const inputs: Array<[string, Uint8Array]> = [
      ["garbage.bin", new TextEncoder().encode("this is not a dump at all\n")],
      ["empty.bin", new Uint8Array(0)],
      ["truncated.bin", save.subarray(0, 500)],
      ["random.bin", Uint8Array.from({ length: 64 }, (_, i) => (i * 97 + 13) & 255)],
    ];
    for (const [name, bytes] of inputs) {
      writeFileSync(join(dir, name), bytes);
      await page.setInputFiles("#file", join(dir, name));
      await page.waitForFunction(
        (n) => document.querySelector("#detection .file")?.textContent?.includes(n),
        name,
      );
      expect([name, await page.isVisible("#error")]).toEqual([name, true]);
      expect((await page.textContent("#error"))!.length).toBeGreaterThan(10);
    }
    await page.screenshot({ path: join(OUT, "error-truncated.png"), fullPage: true });
    await page.close();
  });

  it("colours every value's bytes by kind and part, with a legend, ASCII and the selection in the status line", async () => {
    const page = await ctx.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openSample(page, "godot-4/nested_big.bin");
    const bytes = Buffer.from(vector("nested_big"), "hex");
    // The value of "name" starts at byte 20 (as in the linked-views test): header, u32 length,
    // the UTF-8 bytes, padding to 4 (the length read from the engine's bytes here).
    const len = bytes.readUInt32LE(24);
    const classOf = (i: number) => page.getAttribute(`#hex .b[data-i="${i}"]`, "class");
    for (let i = 20; i < 24; i++) expect(await classOf(i)).toContain("p-header");
    for (let i = 24; i < 28; i++) expect(await classOf(i)).toContain("p-length");
    for (let i = 28; i < 28 + len; i++) expect(await classOf(i)).toContain("p-payload");
    for (let i = 28 + len; i < 36; i++) expect(await classOf(i)).toContain("p-pad");
    for (let i = 20; i < 36; i++) expect(await classOf(i)).toContain("f-string");
    // Other kinds get other colours: the Vector3 of "pos" (bytes 48-63).
    expect(await classOf(48)).toContain("f-math");
    const colour = (i: number) =>
      page.locator(`#hex .b[data-i="${i}"]`).evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(await colour(30)).not.toBe(await colour(50));
    // The legend names the kinds present and the parts.
    const legend = await page.textContent("#hex-legend");
    for (const word of ["string", "vector3", "dictionary", "header", "length / count", "payload", "padding"])
      expect(legend).toContain(word);
    // The ASCII column: "Player" in the text beside the hex.
    const text = await page.locator("#hex .row").nth(1).locator(".ascii").textContent();
    expect(text).toContain("Play");
    // Click a byte: its value is picked in the tree and its range is in the status line.
    await page.click('#hex .b[data-i="30"]');
    expect(await page.locator("#tree .node.active .summary").textContent()).toBe('"Player"');
    expect(await page.textContent("#hex-status")).toContain("bytes 0x14–0x23 (20–35, 16 bytes)");
    // And the reverse: click the Vector3 in the tree, its bytes are picked.
    await page.locator("#tree .node", { hasText: "Vector3(1, 2, 3)" }).click();
    await page.mouse.move(0, 0);
    const hl = await page
      .locator("#hex .b.hl")
      .evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.i)));
    expect(hl).toEqual(Array.from({ length: 16 }, (_, i) => 48 + i));
    expect(await page.textContent("#hex-status")).toContain("bytes 0x30–0x3f");
    // A dictionary entry is one row: key → value.
    const row = page.locator("#tree .node", { hasText: '"Player"' });
    expect(await row.locator(".key-part").textContent()).toBe('"name"');
    await page.locator(".views").screenshot({ path: join(OUT, "hex-colours.png") });
    await page.close();
  });
});

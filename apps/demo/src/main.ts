import {
  base64Encode,
  convertValue,
  encodeWith,
  fromJSON,
  type JsonValue,
  parseVariantText,
  toJSON,
  type Value,
  writeStoreVarFile,
} from "@gdvariant/core";
import { FileError, type FileLayer, openFileAsync, sealFile } from "@gdvariant/files";
import { GODOT3_VERSIONS, type Godot3Version } from "@gdvariant/godot-3";
import { type Analysis, analyze, type Choice, type FramingChoice } from "./analyze.js";
import { renderDetection } from "./detect-view.js";
import { type Entry, entryFor, isDialectId } from "./dialects.js";
import { ByteHighlighter, type ByteOwners, renderHex } from "./hex-view.js";
import { SAMPLES } from "./samples.js";
import { buildTree, type TreeNode } from "./tree-view.js";
import "./style.css";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const els = {
  file: $<HTMLInputElement>("file"),
  drop: $("drop"),
  paste: $<HTMLTextAreaElement>("paste"),
  pasteRead: $<HTMLButtonElement>("paste-read"),
  samples: $("samples"),
  dialect: $<HTMLSelectElement>("dialect"),
  framing: $<HTMLSelectElement>("framing"),
  objects: $<HTMLInputElement>("objects"),
  godot3Version: $<HTMLSelectElement>("godot3-version"),
  detection: $("detection"),
  error: $("error"),
  tree: $("tree"),
  hex: $("hex"),
  hexStatus: $("hex-status"),
  record: $<HTMLSelectElement>("record"),
  editor: $<HTMLTextAreaElement>("editor"),
  apply: $<HTMLButtonElement>("apply"),
  target: $<HTMLSelectElement>("target"),
  convert: $<HTMLButtonElement>("convert"),
  download: $<HTMLButtonElement>("download"),
  editStatus: $("edit-status"),
  password: $<HTMLInputElement>("password"),
  layers: $("layers"),
};

interface State {
  name: string;
  /** The file as it was opened (encrypted / compressed layers included). */
  file: Uint8Array;
  /** The layers taken off `file` (GDEC, GCPF), outermost first: put back on download. */
  layers: readonly FileLayer[];
  input: Uint8Array;
  analysis: Analysis | undefined;
  nodes: TreeNode[];
  cells: HTMLElement[];
  highlighter: ByteHighlighter | undefined;
  owners: ByteOwners | undefined;
  cursor: number;
}

const state: State = {
  name: "",
  file: new Uint8Array(0),
  layers: [],
  input: new Uint8Array(0),
  analysis: undefined,
  nodes: [],
  cells: [],
  highlighter: undefined,
  owners: undefined,
  cursor: 0,
};

const narrow = window.matchMedia("(max-width: 640px)");

function choice(): Choice {
  const d = els.dialect.value;
  return {
    dialect: isDialectId(d) ? d : "auto",
    framing: els.framing.value as FramingChoice,
    allowObjects: els.objects.checked,
    godot3Version: godot3Version(),
  };
}

function godot3Version(): Godot3Version {
  const v = els.godot3Version.value;
  return (GODOT3_VERSIONS as readonly string[]).includes(v) ? (v as Godot3Version) : "3.6";
}

function syntax(): "text" | "json" {
  return (document.querySelector('input[name="syntax"]:checked') as HTMLInputElement).value as
    | "text"
    | "json";
}

/** Opens bytes: analyses them and redraws every panel. */
export function open(name: string, bytes: Uint8Array): void {
  state.name = name;
  state.file = bytes;
  state.layers = [];
  state.input = bytes;
  els.editStatus.replaceChildren();
  els.layers.textContent = "";
  refresh();
  void openLayers(name, bytes);
}

function describeLayers(layers: readonly FileLayer[]): string {
  return layers
    .map((l) => (l.kind === "encrypted" ? `encrypted (${l.layout} layout)` : `compressed (${l.mode})`))
    .join(", ");
}

/**
 * Takes the encrypted / compressed layers off a file (with the password field), then shows what
 * is inside. Without a password, or with a wrong one, says so and leaves the file as it is.
 */
async function openLayers(name: string, bytes: Uint8Array): Promise<void> {
  const password = els.password.value;
  try {
    const r = await openFileAsync(bytes, password === "" ? {} : { password });
    if (state.file !== bytes || r.layers.length === 0) return;
    state.name = name;
    state.layers = r.layers;
    state.input = r.plaintext;
    els.layers.textContent = `Opened: ${describeLayers(r.layers)}. Download puts the layers back on.`;
    els.layers.dataset.state = "open";
    refresh();
  } catch (e) {
    if (state.file !== bytes) return;
    if (!FileError.is(e)) throw e;
    els.layers.dataset.state = e.code;
    els.layers.textContent =
      e.code === "key-needed"
        ? `${e.detail}: type it above.`
        : e.code === "wrong-key"
          ? "Wrong password: the file's MD5 check fails."
          : `Cannot open the file's layers: ${e.message}`;
  }
}

function refresh(): void {
  const a = analyze(state.input, choice());
  state.analysis = a;
  renderDetection(els.detection, state.name, state.input.length, a);
  showError(a);
  drawTree(a);
  drawHex(a);
  fillEditor(a);
  document.body.dataset.loaded = "true";
}

function showError(a: Analysis): void {
  if (!a.error) {
    els.error.hidden = true;
    els.error.replaceChildren();
    return;
  }
  els.error.hidden = false;
  const p = document.createElement("p");
  p.textContent = `Cannot read further: ${a.error.message}`;
  const go = document.createElement("button");
  go.type = "button";
  go.textContent = `Show byte ${a.error.offset}`;
  go.addEventListener("click", () => {
    const cell = state.cells[a.error!.offset];
    cell?.scrollIntoView({ block: "center" });
    moveCursor(a.error!.offset);
    els.hex.focus();
  });
  els.error.replaceChildren(p, go);
  els.error.dataset.offset = String(a.error.offset);
}

function drawTree(a: Analysis): void {
  els.tree.replaceChildren();
  state.nodes = [];
  if (!a.entry || a.records.length === 0) {
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = "No value to show.";
    els.tree.append(p);
    return;
  }
  for (const [i, r] of a.records.entries()) buildTree(els.tree, r, i, a.entry.toText, state.nodes);
  const first = els.tree.querySelector<HTMLElement>('[role="treeitem"]');
  if (first) first.tabIndex = 0;
}

function owners(a: Analysis): ByteOwners {
  const node = new Int32Array(a.binary.length).fill(-1);
  // Outer nodes first, so inner ones overwrite their bytes.
  const order = state.nodes.map((_, i) => i).sort((x, y) => state.nodes[x]!.depth - state.nodes[y]!.depth);
  for (const i of order) {
    const n = state.nodes[i]!;
    node.fill(i, n.start, Math.min(n.end, node.length));
  }
  const notes = new Map<number, string>();
  a.records.forEach((r, i) => {
    if (r.length !== undefined)
      for (let k = 0; k < 4; k++) notes.set(r.offset + k, `record ${i}: length word ${r.length}`);
  });
  if (a.trailing > 0) {
    const at = a.binary.length - a.trailing;
    for (let k = at; k < a.binary.length; k++)
      notes.set(k, "bytes after the Variant: the engine ignores them");
  }
  return { node, notes };
}

function drawHex(a: Analysis): void {
  state.owners = owners(a);
  state.cells = renderHex(els.hex, a.binary, state.owners, narrow.matches ? 8 : 16, a.error?.offset);
  state.highlighter = new ByteHighlighter(state.cells);
  state.cursor = 0;
  const framing =
    a.framing === "base64"
      ? "base64 text, shown decoded"
      : a.framing === "store-var"
        ? `store_var records${a.bigEndian ? " (big-endian lengths)" : ""}`
        : "raw";
  els.hexStatus.textContent = `${a.binary.length} bytes, ${framing}${a.binary.length > state.cells.length ? `; first ${state.cells.length} shown` : ""}.`;
}

function highlightNode(index: number | undefined): void {
  for (const el of els.tree.querySelectorAll(".active")) el.classList.remove("active");
  const n = index === undefined ? undefined : state.nodes[index];
  if (!n) {
    state.highlighter?.show(0, 0);
    return;
  }
  n.element.querySelector(":scope > .node")?.classList.add("active");
  state.highlighter?.show(n.start, n.end);
}

function moveCursor(i: number): void {
  if (state.cells.length === 0) return;
  const at = Math.max(0, Math.min(state.cells.length - 1, i));
  state.cells[state.cursor]?.classList.remove("cursor");
  state.cursor = at;
  const cell = state.cells[at]!;
  cell.classList.add("cursor");
  if (!cell.id) cell.id = `byte-${at}`;
  els.hex.setAttribute("aria-activedescendant", cell.id);
  const node = state.owners?.node[at];
  highlightNode(node !== undefined && node >= 0 ? node : undefined);
  if (node !== undefined && node >= 0) revealNode(state.nodes[node]!.element);
  cell.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function revealNode(li: HTMLElement): void {
  for (
    let p = li.parentElement?.closest<HTMLElement>('[role="treeitem"]');
    p;
    p = p.parentElement?.closest('[role="treeitem"]')
  ) {
    p.setAttribute("aria-expanded", "true");
  }
  li.querySelector(":scope > .node")?.scrollIntoView({ block: "nearest" });
}

function fillEditor(a: Analysis): void {
  els.record.replaceChildren();
  a.records.forEach((_, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = a.records.length > 1 ? `record ${i}` : "the value";
    els.record.append(o);
  });
  if (a.entry) els.target.value = a.entry.id;
  showRecord();
}

function showRecord(): void {
  const a = state.analysis;
  const r = a?.records[Number(els.record.value) || 0];
  if (!a?.entry || !r) {
    els.editor.value = "";
    return;
  }
  els.editor.value = syntax() === "text" ? a.entry.toText(r.value) : JSON.stringify(toJSON(r.value), null, 1);
}

function status(kind: "ok" | "error", text: string, details: readonly string[] = []): void {
  const p = document.createElement("p");
  p.className = kind;
  p.textContent = text;
  const nodes: HTMLElement[] = [p];
  if (details.length > 0) {
    const ul = document.createElement("ul");
    for (const d of details) {
      const li = document.createElement("li");
      li.textContent = d;
      ul.append(li);
    }
    nodes.push(ul);
  }
  els.editStatus.replaceChildren(...nodes);
}

/** Writes values for `entry` in the analysis' framing. */
function frame(entry: Entry, values: readonly Value[], a: Analysis): Uint8Array {
  if (a.framing === "store-var") return writeStoreVarFile(entry.writer, values, { bigEndian: a.bigEndian });
  if (a.framing === "base64")
    return new TextEncoder().encode(
      `${values.map((v) => base64Encode(encodeWith(entry.writer, v))).join("\n")}\n`,
    );
  return encodeWith(entry.writer, values[0]!);
}

function reopen(
  name: string,
  bytes: Uint8Array,
  dialect: Entry["id"],
  message: string,
  details: readonly string[],
): void {
  // The new bytes are read back with the dialect that wrote them.
  els.dialect.value = dialect;
  state.name = name;
  state.input = bytes;
  refresh();
  status("ok", message, details);
}

function applyEdit(): void {
  const a = state.analysis;
  if (!a?.entry) {
    status("error", "Open a dump first.");
    return;
  }
  const index = Number(els.record.value) || 0;
  let value: Value;
  try {
    value =
      syntax() === "text"
        ? parseVariantText(els.editor.value, { dialect: a.entry.textDialect })
        : fromJSON(JSON.parse(els.editor.value) as JsonValue);
  } catch (e) {
    status("error", `Cannot read the value: ${(e as Error).message}`);
    return;
  }
  const values = a.records.map((r, i) => (i === index ? value : r.value));
  try {
    const bytes = frame(a.entry, values, a);
    reopen(state.name, bytes, a.entry.id, `Re-encoded as ${a.entry.name}: ${bytes.length} bytes.`, []);
  } catch (e) {
    status("error", `Cannot encode: ${(e as Error).message}`);
  }
}

function convertTo(): void {
  const a = state.analysis;
  if (!a?.entry || a.records.length === 0) {
    status("error", "Open a dump first.");
    return;
  }
  const target = entryFor(els.target.value as Entry["id"], godot3Version());
  const losses: string[] = [];
  try {
    const values = a.records.map((r, i) => {
      const c = convertValue(r.value, target.writer, { unconvertible: "nil" });
      for (const l of c.losses)
        losses.push(`${a.records.length > 1 ? `record ${i} ` : ""}${l.path || "(root)"}: ${l.message}`);
      return c.value;
    });
    const bytes = frame(target, values, a);
    const base = state.name.replace(/(\.[^.]+)?$/, "");
    reopen(
      `${base}.${target.id}.bin`,
      bytes,
      target.id,
      `Converted ${a.entry.name} → ${target.name}: ${bytes.length} bytes, ${losses.length === 0 ? "nothing lost" : `${losses.length} lossy step${losses.length === 1 ? "" : "s"}:`}`,
      losses,
    );
  } catch (e) {
    status("error", `Cannot convert: ${(e as Error).message}`);
  }
}

/**
 * The bytes to download: the current dump, with the layers it was opened from put back on (an
 * encrypted layer in the layout of the dump's dialect, so a converted 3.x save downloads as a
 * 4.x encrypted file, with the password of the field).
 */
function downloadBytes(): Uint8Array {
  if (state.layers.length === 0) return state.input;
  const id = state.analysis?.entry?.id;
  const layout = id === "godot-4" ? "godot-4" : "godot-3";
  const layers = state.layers.map((l): FileLayer => {
    if (l.kind === "encrypted") return { kind: "encrypted", layout };
    return l.mode === "brotli" ? { ...l, mode: "zstd" } : l;
  });
  return sealFile(state.input, layers, { password: els.password.value });
}

function download(): void {
  if (state.input.length === 0) return;
  let bytes: Uint8Array;
  try {
    bytes = downloadBytes();
  } catch (e) {
    status("error", `Cannot download: ${(e as Error).message}`);
    return;
  }
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/octet-stream" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = state.name.split("/").pop() || "variant.bin";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

function parsePasted(text: string): Uint8Array | undefined {
  const t = text.trim();
  if (t === "") return undefined;
  // Hex digits only (spaces, commas, colons and 0x prefixes allowed) are bytes in hex; base64
  // text made of hex digits alone is too rare to matter.
  const hex = t.replace(/0x/gi, "").replace(/[\s,:]/g, "");
  if (/^[0-9a-fA-F]+$/.test(hex) && hex.length % 2 === 0) {
    const out = new Uint8Array(hex.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    return out;
  }
  // Base64 text is read as the text it is, so the detector reports the base64 framing.
  return new TextEncoder().encode(`${t}\n`);
}

// ---------- wiring ----------

for (const group of SAMPLES) {
  const box = document.createElement("div");
  box.className = "sample-group";
  const h = document.createElement("h4");
  h.textContent = group.engine;
  const ul = document.createElement("ul");
  for (const s of group.files) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "sample";
    b.textContent = s.name;
    b.dataset.sample = s.path;
    b.addEventListener("click", async () => {
      const res = await fetch(s.url);
      els.dialect.value = "auto";
      els.framing.value = "auto";
      open(s.path, new Uint8Array(await res.arrayBuffer()));
    });
    li.append(b);
    ul.append(li);
  }
  box.append(h, ul);
  els.samples.append(box);
}

els.file.addEventListener("change", async () => {
  const f = els.file.files?.[0];
  if (f) open(f.name, new Uint8Array(await f.arrayBuffer()));
});
for (const ev of ["dragenter", "dragover"]) {
  document.addEventListener(ev, (e) => {
    e.preventDefault();
    els.drop.classList.add("over");
  });
}
document.addEventListener("dragleave", () => els.drop.classList.remove("over"));
document.addEventListener("drop", async (e) => {
  e.preventDefault();
  els.drop.classList.remove("over");
  const f = (e as DragEvent).dataTransfer?.files[0];
  if (f) open(f.name, new Uint8Array(await f.arrayBuffer()));
});
els.pasteRead.addEventListener("click", () => {
  const bytes = parsePasted(els.paste.value);
  if (bytes) open("pasted.bin", bytes);
});
for (const el of [els.dialect, els.framing, els.objects, els.godot3Version])
  el.addEventListener("change", () => state.input.length && refresh());
els.record.addEventListener("change", showRecord);
for (const r of document.querySelectorAll('input[name="syntax"]')) r.addEventListener("change", showRecord);
els.apply.addEventListener("click", applyEdit);
els.convert.addEventListener("click", convertTo);
els.download.addEventListener("click", download);
let lastPassword = "";
els.password.addEventListener("change", () => {
  // Browsers fire "change" again on blur: reopen only for a new password.
  if (els.password.value === lastPassword) return;
  lastPassword = els.password.value;
  if (state.file.length > 0 && (state.layers.length > 0 || els.layers.dataset.state))
    open(state.name, state.file);
});
narrow.addEventListener("change", () => state.analysis && drawHex(state.analysis));

// Hover and focus link the tree and the bytes both ways.
els.hex.addEventListener("mouseover", (e) => {
  const i = (e.target as HTMLElement).dataset?.i;
  if (i === undefined) return;
  const node = state.owners?.node[Number(i)];
  highlightNode(node !== undefined && node >= 0 ? node : undefined);
});
els.hex.addEventListener("keydown", (e) => {
  const per = narrow.matches ? 8 : 16;
  const step: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -per,
    ArrowDown: per,
    Home: -Infinity,
    End: Infinity,
  };
  const d = step[e.key];
  if (d === undefined) return;
  e.preventDefault();
  moveCursor(Number.isFinite(d) ? state.cursor + d : d < 0 ? 0 : state.cells.length - 1);
});
els.hex.addEventListener("focus", () => moveCursor(state.cursor));
els.tree.addEventListener("mouseover", (e) => {
  const li = (e.target as HTMLElement).closest<HTMLElement>("[data-node]");
  if (li) highlightNode(Number(li.dataset.node));
});
els.tree.addEventListener("focusin", (e) => {
  const li = (e.target as HTMLElement).closest<HTMLElement>("[data-node]");
  if (li) highlightNode(Number(li.dataset.node));
});
els.tree.addEventListener("click", (e) => {
  const li = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
  if (!li) return;
  focusItem(li);
  if (li.hasAttribute("aria-expanded") && (e.target as HTMLElement).closest(".node")) {
    li.setAttribute("aria-expanded", li.getAttribute("aria-expanded") === "true" ? "false" : "true");
  }
});

function visibleItems(): HTMLElement[] {
  return [...els.tree.querySelectorAll<HTMLElement>('[role="treeitem"]')].filter(
    (li) => !li.parentElement?.closest('[aria-expanded="false"]'),
  );
}

function focusItem(li: HTMLElement): void {
  for (const el of els.tree.querySelectorAll<HTMLElement>('[role="treeitem"][tabindex="0"]'))
    el.tabIndex = -1;
  li.tabIndex = 0;
  li.focus();
}

// Keyboard: the tree follows the WAI-ARIA tree pattern (arrows, Home/End, Enter/Space toggles).
els.tree.addEventListener("keydown", (e) => {
  const li = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
  if (!li) return;
  const items = visibleItems();
  const at = items.indexOf(li);
  const expanded = li.getAttribute("aria-expanded");
  let next: HTMLElement | undefined;
  switch (e.key) {
    case "ArrowDown":
      next = items[at + 1];
      break;
    case "ArrowUp":
      next = items[at - 1];
      break;
    case "Home":
      next = items[0];
      break;
    case "End":
      next = items[items.length - 1];
      break;
    case "ArrowRight":
      if (expanded === "false") li.setAttribute("aria-expanded", "true");
      else if (expanded === "true") next = items[at + 1];
      break;
    case "ArrowLeft":
      if (expanded === "true") li.setAttribute("aria-expanded", "false");
      else next = li.parentElement?.closest<HTMLElement>('[role="treeitem"]') ?? undefined;
      break;
    case "Enter":
    case " ":
      if (expanded !== null) li.setAttribute("aria-expanded", expanded === "true" ? "false" : "true");
      break;
    default:
      return;
  }
  e.preventDefault();
  if (next) focusItem(next);
});

// Opening a sample from the address (#sample=godot-4/nested_big.bin) makes pages linkable.
function openFromHash(): void {
  const wanted = new URLSearchParams(location.hash.slice(1)).get("sample");
  if (wanted) els.samples.querySelector<HTMLButtonElement>(`[data-sample="${CSS.escape(wanted)}"]`)?.click();
}
window.addEventListener("hashchange", openFromHash);
openFromHash();
document.body.dataset.ready = "true";

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
import { markPart, PART } from "./byte-parts.js";
import { renderDetection } from "./detect-view.js";
import { type Entry, entryFor, isDialectId } from "./dialects.js";
import { ByteHighlighter, type ByteOwners, type HexCells, renderHex, renderLegend } from "./hex-view.js";
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
  hexLegend: $("hex-legend"),
  record: $<HTMLSelectElement>("record"),
  editor: $<HTMLTextAreaElement>("editor"),
  apply: $<HTMLButtonElement>("apply"),
  target: $<HTMLSelectElement>("target"),
  convert: $<HTMLButtonElement>("convert"),
  download: $<HTMLButtonElement>("download"),
  editStatus: $("edit-status"),
  password: $<HTMLInputElement>("password"),
  layers: $("layers"),
  lock: $<HTMLInputElement>("lock"),
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
  ascii: HTMLElement[];
  /** The node picked by a click (hex or tree); hovering previews others. */
  selected: number | undefined;
  /** The hex view's status line without the selection. */
  hexSummary: string;
  highlighter: ByteHighlighter | undefined;
  owners: ByteOwners | undefined;
  cursor: number;
  /** The engine of a bundled sample, taken when the detector finds the bytes ambiguous. */
  prefer: Entry["id"] | undefined;
}

const state: State = {
  name: "",
  file: new Uint8Array(0),
  layers: [],
  input: new Uint8Array(0),
  analysis: undefined,
  nodes: [],
  cells: [],
  ascii: [],
  selected: undefined,
  hexSummary: "",
  highlighter: undefined,
  owners: undefined,
  cursor: 0,
  prefer: undefined,
};

const narrow = window.matchMedia("(max-width: 640px)");

function choice(): Choice {
  const d = els.dialect.value;
  return {
    dialect: isDialectId(d) ? d : "auto",
    framing: els.framing.value as FramingChoice,
    allowObjects: els.objects.checked,
    godot3Version: godot3Version(),
    ...(state.prefer ? { prefer: state.prefer } : {}),
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

/**
 * Opens bytes: analyses them and redraws every panel. Each new input starts on auto-detect
 * (dialect and framing) unless the user locked the choices; `prefer` is a sample's engine.
 */
export function open(name: string, bytes: Uint8Array, prefer?: Entry["id"]): void {
  if (!els.lock.checked) {
    els.dialect.value = "auto";
    els.framing.value = "auto";
  }
  state.prefer = prefer;
  state.name = name;
  state.file = bytes;
  state.layers = [];
  state.input = bytes;
  els.editStatus.replaceChildren();
  els.layers.textContent = "";
  refresh();
  void openLayers(name, bytes, prefer);
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
async function openLayers(name: string, bytes: Uint8Array, prefer?: Entry["id"]): Promise<void> {
  const password = els.password.value;
  try {
    const r = await openFileAsync(bytes, password === "" ? {} : { password });
    if (state.file !== bytes || r.layers.length === 0) return;
    state.name = name;
    state.prefer = prefer;
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
  // Nothing to re-encode or convert without a value; nothing to download without bytes.
  const readable = a.entry !== undefined && a.records.length > 0;
  els.apply.disabled = !readable;
  els.convert.disabled = !readable;
  els.download.disabled = state.input.length === 0;
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
  const part = new Uint8Array(a.binary.length);
  // Outer nodes first, so inner ones overwrite their bytes.
  const order = state.nodes.map((_, i) => i).sort((x, y) => state.nodes[x]!.depth - state.nodes[y]!.depth);
  for (const i of order) {
    const n = state.nodes[i]!;
    node.fill(i, n.start, Math.min(n.end, node.length));
  }
  // Bytes of a value the reader reports no part for (an object's property names) are payload.
  for (const n of state.nodes) part.fill(PART.payload, n.start, Math.min(n.end, part.length));
  for (const r of a.records) for (const p of r.parts) markPart(part, p);
  const notes = new Map<number, string>();
  a.records.forEach((r, i) => {
    if (r.length !== undefined)
      for (let k = 0; k < 4; k++) {
        notes.set(r.offset + k, `record ${i}: length word ${r.length}`);
        part[r.offset + k] = PART.frame;
      }
  });
  if (a.trailing > 0) {
    const at = a.binary.length - a.trailing;
    for (let k = at; k < a.binary.length; k++) {
      notes.set(k, "bytes after the Variant: the engine ignores them");
      part[k] = PART.trailing;
    }
  }
  return { node, part, kinds: state.nodes.map((n) => n.kind), notes };
}

function hexOffset(n: number): string {
  return `0x${n.toString(16)}`;
}

function drawHex(a: Analysis): void {
  state.owners = owners(a);
  const cells: HexCells = renderHex(
    els.hex,
    a.binary,
    state.owners,
    narrow.matches ? 8 : 16,
    a.error?.offset,
  );
  state.cells = cells.hex;
  state.ascii = cells.ascii;
  renderLegend(els.hexLegend, state.owners);
  state.highlighter = new ByteHighlighter(cells);
  state.cursor = 0;
  state.selected = undefined;
  const framing =
    a.framing === "base64"
      ? "base64 text, shown decoded"
      : a.framing === "store-var"
        ? `store_var records${a.bigEndian ? " (big-endian lengths)" : ""}`
        : "raw";
  state.hexSummary = `${a.binary.length} bytes, ${framing}${a.binary.length > state.cells.length ? `; first ${state.cells.length} shown` : ""}.`;
  showSelection(undefined);
}

/** The status line: the dump, then the range of the node shown (offsets in hex and decimal). */
function showSelection(n: TreeNode | undefined): void {
  els.hexStatus.textContent = state.hexSummary;
  if (!n || n.end <= n.start) return;
  const sel = document.createElement("span");
  sel.className = "selection";
  sel.textContent = ` Selected: ${n.path || "(root)"} ${n.kind}, bytes ${hexOffset(n.start)}–${hexOffset(n.end - 1)} (${n.start}–${n.end - 1}, ${n.end - n.start} bytes).`;
  els.hexStatus.append(sel);
}

function highlightNode(index: number | undefined): void {
  for (const el of els.tree.querySelectorAll(".active")) el.classList.remove("active");
  const n = index === undefined ? undefined : state.nodes[index];
  if (!n) {
    state.highlighter?.show(0, 0);
    showSelection(undefined);
    return;
  }
  const row = n.element.matches(".key-part") ? n.element : n.element.querySelector(":scope > .node");
  row?.classList.add("active");
  state.highlighter?.show(n.start, n.end);
  showSelection(n);
}

/** Picks a node (a click in the hex or the tree): it stays shown while others are hovered. */
function selectNode(index: number | undefined): void {
  state.selected = index;
  highlightNode(index);
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
  selectNode(node !== undefined && node >= 0 ? node : undefined);
  if (node !== undefined && node >= 0) revealNode(state.nodes[node]!.element);
  cell.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function revealNode(li: HTMLElement): void {
  for (
    let p = li.parentElement?.closest<HTMLElement>('[role="treeitem"]');
    p;
    p = p.parentElement?.closest('[role="treeitem"]')
  ) {
    if (p.hasAttribute("aria-expanded")) p.setAttribute("aria-expanded", "true");
  }
  (li.matches(".key-part") ? li : li.querySelector(":scope > .node"))?.scrollIntoView({ block: "nearest" });
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

/** A group of details under a count, shown collapsed (a 300-line loss list is 3 lines). */
interface DetailGroup {
  readonly title: string;
  readonly lines: readonly string[];
}

function status(kind: "ok" | "error", text: string, groups: readonly DetailGroup[] = []): void {
  const p = document.createElement("p");
  p.className = kind;
  p.textContent = text;
  const nodes: HTMLElement[] = [p];
  if (groups.length > 0) {
    const ul = document.createElement("ul");
    ul.className = "loss-groups";
    for (const g of groups) {
      const li = document.createElement("li");
      const details = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = `${g.lines.length} × ${g.title}`;
      const list = document.createElement("ul");
      for (const line of g.lines) {
        const item = document.createElement("li");
        item.textContent = line;
        list.append(item);
      }
      details.append(summary, list);
      li.append(details);
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
  record: number,
  message: string,
  groups: readonly DetailGroup[],
): void {
  // The new bytes are read back with the dialect that wrote them (the next file opened starts
  // on auto-detect again), and the record that was edited stays selected.
  els.dialect.value = dialect;
  state.name = name;
  state.input = bytes;
  refresh();
  if (record < els.record.options.length) {
    els.record.value = String(record);
    showRecord();
  }
  status("ok", message, groups);
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
    reopen(state.name, bytes, a.entry.id, index, `Re-encoded as ${a.entry.name}: ${bytes.length} bytes.`, []);
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
  const record = Number(els.record.value) || 0;
  // Losses grouped by what became what (`stringName → string`), the places on demand.
  const groups = new Map<string, string[]>();
  let count = 0;
  try {
    const values = a.records.map((r, i) => {
      const c = convertValue(r.value, target.writer, { unconvertible: "nil" });
      for (const l of c.losses) {
        const title = l.from === l.to ? `${l.from} changed` : `${l.from} → ${l.to}`;
        const lines = groups.get(title) ?? [];
        lines.push(`${a.records.length > 1 ? `record ${i} ` : ""}${l.path || "(root)"}: ${l.message}`);
        groups.set(title, lines);
        count++;
      }
      return c.value;
    });
    const bytes = frame(target, values, a);
    const base = state.name.replace(/(\.[^.]+)?$/, "");
    reopen(
      `${base}.${target.id}.bin`,
      bytes,
      target.id,
      record,
      `Converted ${a.entry.name} → ${target.name}: ${bytes.length} bytes, ${count === 0 ? "nothing lost" : `${count} lossy step${count === 1 ? "" : "s"}:`}`,
      [...groups].map(([title, lines]) => ({ title, lines })),
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
      const engine = s.path.split("/")[0];
      open(
        s.path,
        new Uint8Array(await res.arrayBuffer()),
        isDialectId(engine ?? "") ? (engine as Entry["id"]) : undefined,
      );
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
// A click on a byte (hex or ASCII) picks its value: the tree shows it, and it stays selected.
els.hex.addEventListener("click", (e) => {
  const i = (e.target as HTMLElement).dataset?.i;
  if (i !== undefined) moveCursor(Number(i));
});
els.hex.addEventListener("mouseleave", () => highlightNode(state.selected));
els.tree.addEventListener("mouseleave", () => highlightNode(state.selected));
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
  // A click on a node picks its bytes: they stay highlighted and scroll into view.
  const picked = (e.target as HTMLElement).closest<HTMLElement>("[data-node]");
  if (picked) {
    const index = Number(picked.dataset.node);
    selectNode(index);
    state.cells[state.nodes[index]?.start ?? -1]?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
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

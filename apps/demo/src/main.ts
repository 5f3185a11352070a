import { nodeAt } from "./byte-owner.js";
import { WorkerClient } from "./client.js";
import { renderDetection } from "./detect-view.js";
import type { DialectId } from "./dialects.js";
import { HexView, renderLegend } from "./hex-view.js";
import {
  type Answer,
  type Choices,
  isDialectId,
  type LossGroup,
  NATIVE_LOSSES_SHOWN,
  type SecretInput,
  type Syntax,
  type ViewModel,
} from "./model.js";
import { SAMPLES } from "./samples.js";
import { TreeView } from "./tree-view.js";
import "./style.css";

// The page: inputs and views on the main thread; reading, indexing and editing in a worker
// (session.ts), so the page answers clicks and scrolls while a large dump is read.

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
  key: $<HTMLInputElement>("key"),
  layers: $("layers"),
  lock: $<HTMLInputElement>("lock"),
  progress: $("progress"),
  progressBar: $<HTMLProgressElement>("progress-bar"),
  progressText: $("progress-text"),
  loadText: $<HTMLButtonElement>("load-text"),
  editorNote: $("editor-note"),
};

const client = new WorkerClient(
  () => new Worker(new URL("./worker.ts", import.meta.url), { type: "module" }),
);
const narrow = window.matchMedia("(max-width: 640px)");

interface State {
  name: string;
  /** The file as it was opened (layers included), kept to open again with another secret. */
  file: Uint8Array;
  prefer: DialectId | undefined;
  model: ViewModel | undefined;
  /** The node picked by a click (hex or tree); hovering previews others. */
  selected: number | undefined;
  cursor: number;
  /** Counts opens: an answer for an older one is dropped. */
  token: number;
}

const state: State = {
  name: "",
  file: new Uint8Array(0),
  prefer: undefined,
  model: undefined,
  selected: undefined,
  cursor: 0,
  token: 0,
};

const hex = new HexView(els.hex, {
  pick: (i) => moveCursor(i),
  hover: (i) => {
    if (i === undefined) return highlightNode(state.selected);
    const m = state.model;
    const node = m ? nodeAt(m.nodes, m.bytes, i) : -1;
    highlightNode(node >= 0 ? node : undefined);
  },
});

const tree = new TreeView(els.tree, {
  load: async (node) => {
    const a = await client.request({ type: "children", node });
    return a.type === "rows" ? a.rows : [];
  },
  pick: (node) => {
    selectNode(node);
    const start = state.model?.nodes.start[node];
    if (start !== undefined && state.model!.nodes.end[node]! > start) hex.scrollTo(start);
  },
  hover: (node) => highlightNode(node ?? state.selected),
});

function choices(): Choices {
  const d = els.dialect.value;
  return {
    dialect: isDialectId(d) ? d : "auto",
    framing: els.framing.value as Choices["framing"],
    allowObjects: els.objects.checked,
    // The worker checks it against the releases it knows (3.6 otherwise).
    godot3Version: els.godot3Version.value,
    prefer: state.prefer,
  };
}

function secret(): SecretInput {
  const key = els.key.value.trim();
  if (key !== "") return { keyHex: key };
  return { password: els.password.value };
}

function syntax(): Syntax {
  return (document.querySelector('input[name="syntax"]:checked') as HTMLInputElement).value as Syntax;
}

// ---------- progress ----------

let progressTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows the work in progress (after 150 ms: quick work shows nothing). */
function busy(phase: string | undefined, fraction?: number): void {
  if (phase === undefined) {
    clearTimeout(progressTimer);
    progressTimer = undefined;
    els.progress.hidden = true;
    document.body.dataset.busy = "false";
    return;
  }
  document.body.dataset.busy = "true";
  els.progressText.textContent = `${phase[0]!.toUpperCase()}${phase.slice(1)}…`;
  if (fraction === undefined) els.progressBar.removeAttribute("value");
  else els.progressBar.value = fraction;
  if (els.progress.hidden && progressTimer === undefined)
    progressTimer = setTimeout(() => {
      progressTimer = undefined;
      if (document.body.dataset.busy === "true") els.progress.hidden = false;
    }, 150);
}

// ---------- opening ----------

/**
 * Opens bytes in the worker and redraws every panel. Each new input starts on auto-detect
 * (dialect and framing) unless the user locked the choices; `prefer` is a sample's engine.
 */
export async function open(name: string, bytes: Uint8Array, prefer?: DialectId): Promise<void> {
  if (!els.lock.checked) {
    els.dialect.value = "auto";
    els.framing.value = "auto";
  }
  state.prefer = prefer;
  state.name = name;
  state.file = bytes;
  els.editStatus.replaceChildren();
  els.layers.textContent = "";
  delete els.layers.dataset.state;
  const token = ++state.token;
  document.body.dataset.loaded = "false";
  busy("reading the file");
  const copy = bytes.slice();
  const a = await client.request(
    { type: "open", name, bytes: copy, secret: secret(), choices: choices() },
    (phase, fraction) => token === state.token && busy(phase, fraction),
    [copy.buffer],
  );
  if (token !== state.token) return;
  busy(undefined);
  await receive(a, token);
}

async function reread(): Promise<void> {
  if (!state.model && state.file.length === 0) return;
  const token = ++state.token;
  busy("reading the records");
  const a = await client.request(
    { type: "reread", choices: choices() },
    (p, f) => token === state.token && busy(p, f),
  );
  if (token !== state.token) return;
  busy(undefined);
  await receive(a, token);
}

async function receive(a: Answer, token: number): Promise<void> {
  if (a.type === "model") {
    if (a.model.layers) {
      els.layers.dataset.state = "open";
      els.layers.textContent = `Opened: ${a.model.layers}. Download puts the layers back on.`;
    }
    await show(a.model, token);
  } else if (a.type === "layers-failed") {
    // One message, where the password is typed.
    els.layers.dataset.state = a.state;
    els.layers.textContent = a.message;
    clearViews(`${state.name}: ${state.file.length} bytes`, "Waiting for the password or key above.");
  } else if (a.type === "failed") {
    clearViews(`${state.name}: ${state.file.length} bytes`, "");
    showError(a.message, undefined);
  }
}

function clearViews(head: string, note: string): void {
  state.model = undefined;
  els.detection.replaceChildren();
  const p = document.createElement("p");
  p.className = "file";
  p.textContent = head;
  els.detection.append(p);
  if (note) {
    const n = document.createElement("p");
    n.className = "muted";
    n.textContent = note;
    els.detection.append(n);
  }
  showError(undefined, undefined);
  tree.note("No value to show.");
  els.hexLegend.replaceChildren();
  els.hexStatus.textContent = "";
  els.record.replaceChildren();
  els.editor.value = "";
  els.apply.disabled = els.convert.disabled = true;
  els.download.disabled = true;
  document.body.dataset.loaded = "true";
}

/** A new task: what comes after runs once the browser has handled input and drawn. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Draws a model in three tasks, not one: the worker's message (taking in a large model's arrays
 * and the garbage collection that can bring) ends first, then the tree is drawn, then the bytes,
 * so that no one task holds the page for all of it (traced on the 10 MB dump: 290 ms in one
 * task before). `token` is the open the model answers: a newer one stops it.
 */
async function show(m: ViewModel, token = state.token): Promise<void> {
  await nextTask();
  if (token !== state.token) return;
  // Measured (performance "show" entries): the page's own work to draw a model.
  let t0 = performance.now();
  showTree(m);
  let spent = performance.now() - t0;
  await nextTask();
  if (token !== state.token) return;
  t0 = performance.now();
  showBytes(m);
  spent += performance.now() - t0;
  performance.measure("show", { start: performance.now() - spent, end: performance.now() });
}

function showTree(m: ViewModel): void {
  state.model = m;
  state.selected = undefined;
  state.cursor = 0;
  renderDetection(els.detection, m);
  showError(m.error?.message, m.error?.offset);
  if (m.roots.length > 0) tree.show(m.roots, m.expanded);
  else
    tree.note(
      m.content === "empty"
        ? "No records: an empty save (the engine reads zero records)."
        : "No value to show.",
    );
}

function showBytes(m: ViewModel): void {
  hex.show(m, narrow.matches ? 8 : 16);
  renderLegend(els.hexLegend, m);
  showSelection(undefined);
  fillEditor(m);
  els.apply.disabled = !m.editable;
  els.convert.disabled = !(m.dialect !== undefined && m.records > 0);
  els.download.disabled = state.file.length === 0 && m.size === 0;
  document.body.dataset.loaded = "true";
}

function showError(message: string | undefined, offset: number | undefined): void {
  if (message === undefined) {
    els.error.hidden = true;
    els.error.replaceChildren();
    delete els.error.dataset.offset;
    return;
  }
  els.error.hidden = false;
  const p = document.createElement("p");
  p.textContent = offset === undefined ? message : `Cannot read further: ${message}`;
  els.error.replaceChildren(p);
  if (offset === undefined) return;
  const go = document.createElement("button");
  go.type = "button";
  go.textContent = `Show byte ${offset}`;
  go.addEventListener("click", () => {
    hex.scrollTo(offset, "center");
    moveCursor(offset);
    els.hex.focus();
  });
  els.error.append(go);
  els.error.dataset.offset = String(offset);
}

// ---------- selection ----------

function hexOffset(n: number): string {
  return `0x${n.toString(16)}`;
}

/** The status line: the dump, then the range of the node shown (offsets in hex and decimal). */
function showSelection(node: number | undefined): void {
  const m = state.model;
  if (!m) return;
  const framing =
    m.framing === "base64"
      ? "base64 text, shown decoded"
      : m.framing === "store-var"
        ? `store_var records${m.bigEndian ? " (big-endian lengths)" : ""}`
        : m.framing;
  els.hexStatus.textContent = `${m.size} bytes, ${framing}.`;
  if (node === undefined) return;
  const start = m.nodes.start[node]!;
  const end = m.nodes.end[node]!;
  if (end <= start) return;
  const row = tree.row(node);
  const kind = m.kinds[m.nodes.kind[node]!];
  const sel = document.createElement("span");
  sel.className = "selection";
  sel.textContent = ` Selected: ${row?.path || (m.nodes.parent[node]! < 0 ? "(root)" : "")} ${kind}, bytes ${hexOffset(start)}–${hexOffset(end - 1)} (${start}–${end - 1}, ${end - start} bytes).`;
  els.hexStatus.append(sel);
}

function highlightNode(node: number | undefined): void {
  const m = state.model;
  tree.setActive(node);
  if (!m || node === undefined) {
    hex.highlight(0, 0);
    showSelection(undefined);
    return;
  }
  hex.highlight(m.nodes.start[node]!, m.nodes.end[node]!);
  showSelection(node);
}

/** Picks a node (a click in the hex or the tree): it stays shown while others are hovered. */
function selectNode(node: number | undefined): void {
  state.selected = node;
  highlightNode(node);
}

function moveCursor(i: number): void {
  const m = state.model;
  if (!m || m.size === 0) return;
  const at = Math.max(0, Math.min(m.size - 1, i));
  state.cursor = at;
  hex.setCursor(at);
  const node = nodeAt(m.nodes, m.bytes, at);
  selectNode(node >= 0 ? node : undefined);
  if (node >= 0)
    void tree.reveal(node, m.nodes.parent).then(() => {
      if (state.selected === node) highlightNode(node);
    });
}

// ---------- editing ----------

async function fillEditor(m: ViewModel): Promise<void> {
  els.record.replaceChildren();
  const count = m.content === "config-file" ? 1 : m.records;
  for (let i = 0; i < count; i++) {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = count > 1 ? `record ${i}` : m.content === "config-file" ? "the ConfigFile" : "the value";
    els.record.append(o);
  }
  if (m.dialect) els.target.value = m.dialect;
  await showRecord();
}

/** Records larger than this show their text on request (a megabyte of text in a textarea blocks the page). */
const EDITOR_AUTO_BYTES = 256 * 1024;

async function showRecord(force = false): Promise<void> {
  const m = state.model;
  els.loadText.hidden = true;
  showEditorNote(undefined);
  if (!m?.editable) {
    els.editor.value = "";
    return;
  }
  const record = Number(els.record.value) || 0;
  const size = m.recordBytes[record] ?? m.size;
  if (!force && size > EDITOR_AUTO_BYTES) {
    els.editor.value = "";
    els.editor.placeholder = `This record is ${Math.round(size / 1024)} KB: its text is shown on request.`;
    els.loadText.hidden = false;
    return;
  }
  els.editor.placeholder = "";
  const a = await client.request({ type: "text", record, syntax: syntax() });
  if (state.model !== m) return;
  if (a.type === "text") {
    els.editor.value = a.text;
    showEditorNote(a.losses);
  } else if (a.type === "failed") {
    els.editor.value = "";
    els.editor.placeholder = a.message;
    showEditorNote(undefined, a.message);
  }
}

/**
 * Under the editor: where the JSON.from_native text will not give the value back in the engine
 * (an empty list: it does), or why the text cannot be shown.
 */
function showEditorNote(losses: readonly string[] | undefined, failure?: string): void {
  const note = els.editorNote;
  note.replaceChildren();
  delete note.dataset.losses;
  if (failure !== undefined) {
    note.textContent = failure;
    return;
  }
  if (losses === undefined) return;
  note.dataset.losses = String(losses.length);
  const p = document.createElement("p");
  p.textContent =
    losses.length === 0
      ? "The engine's JSON.to_native gives this value back exactly."
      : `${losses.length}${losses.length >= NATIVE_LOSSES_SHOWN ? " or more" : ""} place${losses.length === 1 ? "" : "s"} the engine's JSON.to_native will not give back exactly (var_to_bytes keeps them):`;
  note.append(p);
  if (losses.length === 0) return;
  const ul = document.createElement("ul");
  ul.className = "json-losses";
  for (const line of losses) {
    const li = document.createElement("li");
    li.textContent = line;
    ul.append(li);
  }
  note.append(ul);
}

function status(kind: "ok" | "error", text: string, groups: readonly LossGroup[] = []): void {
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

async function edited(a: Answer, record: number): Promise<void> {
  if (a.type === "failed") {
    status("error", a.message);
    return;
  }
  if (a.type !== "edited") return;
  // The new bytes are read back with the dialect that wrote them (the next file opened starts
  // on auto-detect again), and the record that was edited stays selected.
  if (a.model.dialect) els.dialect.value = a.model.dialect;
  state.name = a.model.name;
  await show(a.model);
  if (record < els.record.options.length) {
    els.record.value = String(record);
    await showRecord();
  }
  status("ok", a.message, a.groups);
}

async function applyEdit(): Promise<void> {
  if (!state.model) return status("error", "Open a dump first.");
  const record = Number(els.record.value) || 0;
  busy("encoding");
  const a = await client.request({
    type: "edit",
    record,
    text: els.editor.value,
    syntax: syntax(),
    choices: choices(),
  });
  busy(undefined);
  await edited(a, record);
}

async function convertTo(): Promise<void> {
  if (!state.model) return status("error", "Open a dump first.");
  const record = Number(els.record.value) || 0;
  const target = els.target.value;
  if (!isDialectId(target)) return;
  busy("converting");
  const a = await client.request({ type: "convert", target, record, choices: choices() });
  busy(undefined);
  await edited(a, record);
}

async function download(): Promise<void> {
  const a = await client.request({ type: "download", secret: secret() });
  if (a.type === "failed") return status("error", a.message);
  if (a.type !== "bytes") return;
  const blob = new Blob([a.bytes as Uint8Array<ArrayBuffer>], { type: "application/octet-stream" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = a.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

function parsePasted(text: string): Uint8Array | undefined {
  const t = text.trim();
  if (t === "") return undefined;
  // Hex digits only (spaces, commas, colons and 0x prefixes allowed) are bytes in hex; base64
  // text made of hex digits alone is too rare to matter.
  const hexText = t.replace(/0x/gi, "").replace(/[\s,:]/g, "");
  if (/^[0-9a-fA-F]+$/.test(hexText) && hexText.length % 2 === 0) {
    const out = new Uint8Array(hexText.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hexText.slice(i * 2, i * 2 + 2), 16);
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
      const engine = s.path.split("/")[0] ?? "";
      void open(s.path, new Uint8Array(await res.arrayBuffer()), isDialectId(engine) ? engine : undefined);
    });
    li.append(b);
    ul.append(li);
  }
  box.append(h, ul);
  els.samples.append(box);
}

els.file.addEventListener("change", async () => {
  const f = els.file.files?.[0];
  if (f) void open(f.name, new Uint8Array(await f.arrayBuffer()));
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
  if (f) void open(f.name, new Uint8Array(await f.arrayBuffer()));
});
els.pasteRead.addEventListener("click", () => {
  const bytes = parsePasted(els.paste.value);
  if (bytes) void open("pasted.bin", bytes);
});
for (const el of [els.dialect, els.framing, els.objects, els.godot3Version])
  el.addEventListener("change", () => void reread());
els.record.addEventListener("change", () => void showRecord());
els.loadText.addEventListener("click", () => void showRecord(true));
for (const r of document.querySelectorAll('input[name="syntax"]'))
  r.addEventListener("change", () => void showRecord());
els.apply.addEventListener("click", () => void applyEdit());
els.convert.addEventListener("click", () => void convertTo());
els.download.addEventListener("click", () => void download());
let lastSecret = "";
for (const input of [els.password, els.key])
  input.addEventListener("change", () => {
    // Browsers fire "change" again on blur: open again only for a new secret.
    const now = `${els.password.value}\u0000${els.key.value}`;
    if (now === lastSecret) return;
    lastSecret = now;
    if (state.file.length > 0 && els.layers.dataset.state) void open(state.name, state.file, state.prefer);
  });
narrow.addEventListener("change", () => state.model && hex.show(state.model, narrow.matches ? 8 : 16));

els.tree.addEventListener("mouseleave", () => highlightNode(state.selected));
els.hex.addEventListener("keydown", (e) => {
  const per = narrow.matches ? 8 : 16;
  const step: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -per,
    ArrowDown: per,
    Home: Number.NEGATIVE_INFINITY,
    End: Number.POSITIVE_INFINITY,
  };
  const d = step[e.key];
  if (d === undefined) return;
  e.preventDefault();
  const size = state.model?.size ?? 0;
  moveCursor(Number.isFinite(d) ? state.cursor + d : d < 0 ? 0 : size - 1);
});
els.hex.addEventListener("focus", () => moveCursor(state.cursor));

// Opening a sample from the address (#sample=godot-4/nested_big.bin) makes pages linkable.
function openFromHash(): void {
  const wanted = new URLSearchParams(location.hash.slice(1)).get("sample");
  if (wanted) els.samples.querySelector<HTMLButtonElement>(`[data-sample="${CSS.escape(wanted)}"]`)?.click();
}
window.addEventListener("hashchange", openFromHash);
openFromHash();
document.body.dataset.ready = "true";

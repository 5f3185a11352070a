import { nodeAt } from "./byte-owner.js";
import { familyOf, PART, PART_NAMES } from "./byte-parts.js";
import type { ViewModel } from "./model.js";

// The bytes as rows of hex and ASCII, drawn only where the view is scrolled (a 10 MB dump has
// 655,360 rows; about forty are in the page at a time). Each byte is coloured by the kind of the
// value that owns it and styled by its part; the owners and parts come from the model.

const PART_CLASS = ["", "p-header", "p-length", "p-payload", "p-pad", "p-frame", "p-trailing"];

/** Row height in pixels (fixed in the style sheet: `.hex .row`). */
export const HEX_ROW = 20;
const OVERSCAN = 8;
/** Dumps up to this size keep their hex in `data-bytes` (the tests compare it with the engine's). */
const DATA_BYTES_MAX = 64 * 1024;

function ascii(b: number): string {
  if (b < 0x20 || b >= 0x7f) return "·";
  if (b === 0x3c) return "&lt;";
  if (b === 0x26) return "&amp;";
  return String.fromCharCode(b);
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** What the hex view tells the page. */
export interface HexEvents {
  /** A byte was clicked. */
  pick(offset: number): void;
  /** The pointer is over a byte (undefined: it left the bytes). */
  hover(offset: number | undefined): void;
}

/** The hex view: rows of hex and ASCII for the bytes in view, coloured from a model. */
export class HexView {
  private model: ViewModel | undefined;
  private perRow = 16;
  private hlStart = 0;
  private hlEnd = 0;
  private cursor = -1;
  private errorOffset: number | undefined;
  private readonly spacer: HTMLElement;
  private readonly rows: HTMLElement;
  private first = -1;
  private last = -1;
  private queued = false;
  private familyClass: string[] = [];

  constructor(
    private readonly host: HTMLElement,
    events: HexEvents,
  ) {
    this.spacer = document.createElement("div");
    this.spacer.className = "hex-spacer";
    this.rows = document.createElement("div");
    this.rows.className = "hex-rows";
    this.spacer.append(this.rows);
    host.replaceChildren(this.spacer);
    host.addEventListener("scroll", () => this.schedule());
    host.addEventListener("click", (e) => {
      const i = (e.target as HTMLElement).dataset?.i;
      if (i !== undefined) events.pick(Number(i));
    });
    host.addEventListener("mouseover", (e) => {
      const t = e.target as HTMLElement;
      const i = t.dataset?.i;
      if (i === undefined) return;
      if (t.classList.contains("b") && !t.title) t.title = this.titleOf(Number(i));
      events.hover(Number(i));
    });
    host.addEventListener("mouseleave", () => events.hover(undefined));
  }

  /** Shows a model's bytes with `perRow` bytes a row. */
  show(model: ViewModel, perRow: number): void {
    this.model = model;
    this.perRow = perRow;
    this.hlStart = this.hlEnd = 0;
    this.cursor = -1;
    this.errorOffset = model.error?.offset;
    this.familyClass = model.kinds.map((k) => `f-${familyOf(k)}`);
    const rows = Math.ceil(model.binary.length / perRow);
    this.spacer.style.height = `${rows * HEX_ROW}px`;
    if (model.binary.length <= DATA_BYTES_MAX)
      this.host.dataset.bytes = Array.from(model.binary, (b) => HEX[b]).join("");
    else delete this.host.dataset.bytes;
    this.host.dataset.size = String(model.binary.length);
    this.host.scrollTop = 0;
    this.first = this.last = -1;
    this.draw(true);
  }

  /** Highlights [start, end) (hex and ASCII alike). */
  highlight(start: number, end: number): void {
    if (start === this.hlStart && end === this.hlEnd) return;
    this.hlStart = start;
    this.hlEnd = end;
    // Only the cells in the page change class: a hover costs the rows in view, nothing more.
    for (const cell of this.rows.querySelectorAll<HTMLElement>("[data-i]")) {
      const i = Number(cell.dataset.i);
      cell.classList.toggle("hl", i >= start && i < end);
    }
  }

  /** Puts the keyboard cursor on a byte and scrolls it into view. */
  setCursor(offset: number): void {
    this.rows.querySelector(".cursor")?.classList.remove("cursor");
    this.cursor = offset;
    this.scrollTo(offset);
    this.rows.querySelector(`.b[data-i="${offset}"]`)?.classList.add("cursor");
    const cell = this.host.querySelector<HTMLElement>(`.b[data-i="${offset}"]`);
    if (cell) {
      cell.id = `byte-${offset}`;
      this.host.setAttribute("aria-activedescendant", cell.id);
    }
  }

  /** Scrolls so that a byte's row is in view (no scroll when it already is). */
  scrollTo(offset: number, block: "nearest" | "center" = "nearest"): void {
    const row = Math.floor(offset / this.perRow);
    const top = row * HEX_ROW;
    const h = this.host.clientHeight;
    const y = this.host.scrollTop;
    if (block === "center") this.host.scrollTop = Math.max(0, top - h / 2);
    else if (top < y) this.host.scrollTop = top;
    else if (top + HEX_ROW > y + h) this.host.scrollTop = top + HEX_ROW - h;
    this.draw(false);
  }

  private titleOf(i: number): string {
    const m = this.model;
    if (!m) return "";
    if (i === this.errorOffset) return "the error is here";
    const note = m.bytes.notes.get(i);
    if (note !== undefined) return note;
    const node = nodeAt(m.nodes, m.bytes, i);
    if (node < 0) return "";
    return `${m.kinds[m.nodes.kind[node]!]}: ${PART_NAMES[m.bytes.part[i]!]}`;
  }

  private schedule(): void {
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      this.draw(false);
    });
  }

  /** Draws the rows in view (all of them again when `force`). */
  private draw(force: boolean): void {
    const m = this.model;
    if (!m) return;
    const total = Math.ceil(m.binary.length / this.perRow);
    const view = Math.max(this.host.clientHeight, 400);
    const first = Math.max(0, Math.floor(this.host.scrollTop / HEX_ROW) - OVERSCAN);
    const last = Math.min(total, Math.ceil((this.host.scrollTop + view) / HEX_ROW) + OVERSCAN);
    if (!force && first === this.first && last === this.last) return;
    this.first = first;
    this.last = last;
    const { binary, bytes, nodes } = m;
    const out: string[] = [];
    for (let r = first; r < last; r++) {
      const at = r * this.perRow;
      const end = Math.min(at + this.perRow, binary.length);
      let hex = "";
      let asc = "";
      for (let i = at; i < end; i++) {
        const node = nodeAt(nodes, bytes, i);
        const part = bytes.part[i]!;
        let cls =
          node >= 0 ? `${this.familyClass[nodes.kind[node]!]} ${PART_CLASS[part]}` : PART_CLASS[part]!;
        if (node < 0 && part !== PART.frame && part !== PART.trailing) cls += " loose";
        if (i >= this.hlStart && i < this.hlEnd) cls += " hl";
        const err = i === this.errorOffset ? " err" : "";
        const cur = i === this.cursor ? " cursor" : "";
        hex += `<span role="gridcell" class="b ${cls}${err}${cur}" data-i="${i}">${HEX[binary[i]!]}</span>`;
        asc += `<span class="a ${cls}" data-i="${i}">${ascii(binary[i]!)}</span>`;
      }
      out.push(
        `<div class="row" role="row"><span class="off">${at.toString(16).padStart(8, "0")}</span>${hex}<span class="ascii" aria-hidden="true">${asc}</span></div>`,
      );
    }
    this.rows.style.transform = `translateY(${first * HEX_ROW}px)`;
    this.rows.innerHTML = out.join("");
  }
}

/**
 * The legend of the hex view: the colour of each kind family present (with the kinds in it) and
 * the style of each part present.
 */
export function renderLegend(host: HTMLElement, model: ViewModel): void {
  host.replaceChildren();
  const families = new Map<string, Set<string>>();
  for (const k of model.kinds) {
    const f = familyOf(k);
    const set = families.get(f) ?? new Set<string>();
    set.add(k);
    families.set(f, set);
  }
  const seen = new Set<number>(model.partsPresent);
  const item = (cls: string, sample: string, label: string) => {
    const li = document.createElement("li");
    const swatch = document.createElement("span");
    swatch.className = `swatch ${cls}`;
    swatch.textContent = sample;
    li.append(swatch, ` ${label}`);
    return li;
  };
  const kinds = document.createElement("ul");
  kinds.className = "legend-kinds";
  kinds.setAttribute("aria-label", "Colours: kinds");
  for (const [f, set] of families) kinds.append(item(`f-${f}`, "00", [...set].join(", ")));
  const parts = document.createElement("ul");
  parts.className = "legend-parts";
  parts.setAttribute("aria-label", "Styles: parts of a value");
  for (const p of [PART.header, PART.length, PART.payload, PART.pad, PART.frame, PART.trailing]) {
    if (seen.has(p)) parts.append(item(`f-neutral ${PART_CLASS[p]}`, "00", PART_NAMES[p] ?? ""));
  }
  host.append(kinds, parts);
}

import { familyOf, PART, PART_NAMES } from "./byte-parts.js";

/** Largest number of bytes drawn (the rest is summarised), to keep big dumps responsive. */
export const MAX_HEX_BYTES = 64 * 1024;

/** What each byte belongs to: a tree node index and the part of its value's wire layout. */
export interface ByteOwners {
  /** Innermost tree node per byte (-1: none). */
  readonly node: Int32Array;
  /** {@link PART} code per byte. */
  readonly part: Uint8Array;
  /** Kind of each tree node, by node index. */
  readonly kinds: readonly string[];
  /** Labels of bytes outside values: length words, ignored trailing bytes. */
  readonly notes: ReadonlyMap<number, string>;
}

const PART_CLASS = ["", "p-header", "p-length", "p-payload", "p-pad", "p-frame", "p-trailing"];

function ascii(b: number): string {
  return b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : "·";
}

/** The cells drawn: hex and ASCII, one of each per byte, in offset order. */
export interface HexCells {
  readonly hex: HTMLElement[];
  readonly ascii: HTMLElement[];
}

/**
 * Renders bytes as rows: the offset, the hex cells and an ASCII column. Each byte is coloured by
 * the kind of the value that owns it and styled by its part (header, length, payload, padding).
 */
export function renderHex(
  host: HTMLElement,
  bytes: Uint8Array,
  owners: ByteOwners,
  perRow: number,
  errorOffset: number | undefined,
): HexCells {
  host.replaceChildren();
  const hex: HTMLElement[] = [];
  const asc: HTMLElement[] = [];
  const shown = Math.min(bytes.length, MAX_HEX_BYTES);
  const frag = document.createDocumentFragment();
  for (let row = 0; row < shown; row += perRow) {
    const r = document.createElement("div");
    r.className = "row";
    r.setAttribute("role", "row");
    const off = document.createElement("span");
    off.className = "off";
    off.textContent = row.toString(16).padStart(8, "0");
    r.append(off);
    const text = document.createElement("span");
    text.className = "ascii";
    text.setAttribute("aria-hidden", "true");
    for (let i = row; i < Math.min(row + perRow, shown); i++) {
      const b = document.createElement("span");
      b.setAttribute("role", "gridcell");
      b.dataset.i = String(i);
      b.textContent = bytes[i]!.toString(16).padStart(2, "0");
      const a = document.createElement("span");
      a.dataset.i = String(i);
      a.textContent = ascii(bytes[i]!);
      const node = owners.node[i]!;
      const part = owners.part[i]!;
      const family = node >= 0 ? `f-${familyOf(owners.kinds[node] ?? "")}` : "";
      const cls = `${family} ${PART_CLASS[part] ?? ""}`.trim();
      b.className = `b ${cls}`.trim();
      a.className = `a ${cls}`.trim();
      const note = owners.notes.get(i);
      if (note !== undefined) b.title = note;
      else if (node >= 0) b.title = `${owners.kinds[node]}: ${PART_NAMES[part]}`;
      if (node < 0 && note === undefined) b.classList.add("loose");
      if (i === errorOffset) {
        b.classList.add("err");
        b.title = "the error is here";
      }
      r.append(b);
      text.append(a);
      hex.push(b);
      asc.push(a);
    }
    r.append(text);
    frag.append(r);
  }
  host.append(frag);
  host.dataset.bytes = Array.from(bytes.subarray(0, shown), (x) => x.toString(16).padStart(2, "0")).join("");
  return { hex, ascii: asc };
}

/**
 * The legend of the hex view: the colour of each kind family present (with the kinds in it) and
 * the style of each part present.
 */
export function renderLegend(host: HTMLElement, owners: ByteOwners): void {
  host.replaceChildren();
  const families = new Map<string, Set<string>>();
  const seen = new Set<number>();
  for (let i = 0; i < owners.node.length; i++) {
    const n = owners.node[i]!;
    if (n >= 0) {
      const kind = owners.kinds[n] ?? "";
      const f = familyOf(kind);
      const set = families.get(f) ?? new Set<string>();
      set.add(kind);
      families.set(f, set);
    }
    seen.add(owners.part[i]!);
  }
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

/** Highlights one byte range at a time among the cells (hex and ASCII alike). */
export class ByteHighlighter {
  private start = 0;
  private end = 0;

  constructor(private readonly cells: HexCells) {}

  /** Marks [start, end) (and clears the previous range). */
  show(start: number, end: number): void {
    for (let i = this.start; i < this.end; i++) {
      this.cells.hex[i]?.classList.remove("hl");
      this.cells.ascii[i]?.classList.remove("hl");
    }
    this.start = start;
    this.end = Math.min(end, this.cells.hex.length);
    for (let i = this.start; i < this.end; i++) {
      this.cells.hex[i]?.classList.add("hl");
      this.cells.ascii[i]?.classList.add("hl");
    }
  }
}

/** Largest number of bytes drawn (the rest is summarised), to keep big dumps responsive. */
export const MAX_HEX_BYTES = 64 * 1024;

/** What each byte belongs to: a tree node index, or a framing/ignored label. */
export interface ByteOwners {
  /** Innermost tree node per byte (-1: none). */
  readonly node: Int32Array;
  /** Labels of bytes outside values: length words, ignored trailing bytes. */
  readonly notes: ReadonlyMap<number, string>;
}

/** Renders bytes as rows of hex cells; each cell knows its offset. */
export function renderHex(
  host: HTMLElement,
  bytes: Uint8Array,
  owners: ByteOwners,
  perRow: number,
  errorOffset: number | undefined,
): HTMLElement[] {
  host.replaceChildren();
  const cells: HTMLElement[] = [];
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
    for (let i = row; i < Math.min(row + perRow, shown); i++) {
      const b = document.createElement("span");
      b.className = "b";
      b.setAttribute("role", "gridcell");
      b.dataset.i = String(i);
      b.textContent = bytes[i]!.toString(16).padStart(2, "0");
      const note = owners.notes.get(i);
      if (note !== undefined) {
        b.classList.add("frame");
        b.title = note;
      } else if (owners.node[i] === -1) b.classList.add("loose");
      if (i === errorOffset) {
        b.classList.add("err");
        b.title = "the error is here";
      }
      r.append(b);
      cells.push(b);
    }
    frag.append(r);
  }
  host.append(frag);
  host.dataset.bytes = Array.from(bytes.subarray(0, shown), (x) => x.toString(16).padStart(2, "0")).join("");
  return cells;
}

/** Highlights one byte range at a time among the cells. */
export class ByteHighlighter {
  private start = 0;
  private end = 0;

  constructor(private readonly cells: readonly HTMLElement[]) {}

  /** Marks [start, end) (and clears the previous range). */
  show(start: number, end: number): void {
    for (let i = this.start; i < this.end; i++) this.cells[i]?.classList.remove("hl");
    this.start = start;
    this.end = Math.min(end, this.cells.length);
    for (let i = this.start; i < this.end; i++) this.cells[i]?.classList.add("hl");
  }
}

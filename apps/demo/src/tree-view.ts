import { imageCanvas } from "./image.js";
import type { Row } from "./model.js";

// The value as a tree, drawn only where it is scrolled: rows are loaded when their parent is
// expanded (the worker makes them), and only the rows in view are in the page. The tree follows
// the WAI-ARIA tree pattern with a flat list of items (aria-level, aria-expanded).

const ROW = 22;
const IMAGE_ROW = 116;
const OVERSCAN = 10;

/** What the tree asks and tells the page. */
export interface TreeEvents {
  /** The rows under a node (from the worker). */
  load(node: number): Promise<readonly Row[]>;
  /** A row was clicked or chosen with the keyboard. */
  pick(node: number): void;
  /** The pointer or the focus is on a row's value (undefined: it left the tree). */
  hover(node: number | undefined): void;
}

interface Item {
  readonly row: Row;
  readonly level: number;
}

/** The tree: the rows in view of the expanded nodes, with keyboard use and the active row. */
export class TreeView {
  private roots: readonly Row[] = [];
  private readonly kids = new Map<number, readonly Row[]>();
  private readonly rowOf = new Map<number, Row>();
  private readonly expanded = new Set<number>();
  private items: Item[] = [];
  private offsets = new Float64Array(1);
  private active: number | undefined;
  private focusNode: number | undefined;
  private readonly spacer: HTMLElement;
  private readonly list: HTMLElement;
  private queued = false;
  private first = -1;
  private last = -1;

  constructor(
    private readonly host: HTMLElement,
    private readonly events: TreeEvents,
  ) {
    this.spacer = document.createElement("div");
    this.spacer.className = "tree-spacer";
    this.list = document.createElement("ul");
    this.list.setAttribute("role", "tree");
    this.list.setAttribute("aria-label", "Value");
    this.spacer.append(this.list);
    host.addEventListener("scroll", () => this.schedule());
    host.addEventListener("mouseover", (e) => {
      const el = (e.target as HTMLElement).closest<HTMLElement>("[data-node]");
      if (el) events.hover(Number(el.dataset.node));
    });
    host.addEventListener("mouseleave", () => events.hover(undefined));
    host.addEventListener("focusin", (e) => {
      const li = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
      if (li) {
        this.focusNode = Number(li.dataset.node);
        events.hover(this.focusNode);
      }
    });
    host.addEventListener("click", (e) => {
      const target = e.target as HTMLElement;
      const picked = target.closest<HTMLElement>("[data-node]");
      const li = target.closest<HTMLElement>('[role="treeitem"]');
      if (picked) events.pick(Number(picked.dataset.node));
      if (!li) return;
      const node = Number(li.dataset.node);
      this.focusNode = node;
      if (li.hasAttribute("aria-expanded") && target.closest(".node")) void this.toggle(node);
      else this.focus(node);
    });
    host.addEventListener("keydown", (e) => this.key(e));
  }

  /** Shows new roots with their preloaded children open. */
  show(roots: readonly Row[], expanded: ReadonlyArray<readonly [number, readonly Row[]]>): void {
    this.roots = roots;
    this.kids.clear();
    this.rowOf.clear();
    this.expanded.clear();
    this.active = undefined;
    for (const r of roots) this.rowOf.set(r.node, r);
    for (const [node, rows] of expanded) {
      this.kids.set(node, rows);
      this.expanded.add(node);
      for (const r of rows) this.rowOf.set(r.node, r);
    }
    this.focusNode = roots[0]?.node;
    this.host.replaceChildren(this.spacer);
    this.host.scrollTop = 0;
    this.layout();
  }

  /** Clears the tree and shows a note instead. */
  note(text: string): void {
    this.roots = [];
    this.items = [];
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = text;
    this.host.replaceChildren(p);
  }

  /** The row of a node, when it is loaded. */
  row(node: number): Row | undefined {
    return this.rowOf.get(node);
  }

  /** Marks a node's row (and its key) as the one shown in the bytes. */
  setActive(node: number | undefined): void {
    if (node === this.active) return;
    this.active = node;
    this.paintActive();
  }

  /** Opens the rows down to `node` (its ancestors from `parent`), then scrolls it into view. */
  async reveal(node: number, parent: Int32Array): Promise<void> {
    const chain: number[] = [];
    for (let p = parent[node]!; p >= 0; p = parent[p]!) chain.unshift(p);
    let changed = false;
    for (const p of chain) {
      if (!this.expanded.has(p)) {
        await this.load(p);
        this.expanded.add(p);
        changed = true;
      }
    }
    if (changed) this.layout();
    // A key shown inside its entry's row: reveal the entry.
    const target = this.rowOf.has(node) ? node : parent[node]!;
    const at = this.items.findIndex((it) => it.row.node === target || it.row.keyNode === node);
    if (at < 0) return;
    this.scrollToItem(at);
  }

  private async load(node: number): Promise<readonly Row[]> {
    let rows = this.kids.get(node);
    if (rows === undefined) {
      rows = await this.events.load(node);
      this.kids.set(node, rows);
      for (const r of rows) this.rowOf.set(r.node, r);
    }
    return rows;
  }

  private async toggle(node: number): Promise<void> {
    if (this.expanded.has(node)) this.expanded.delete(node);
    else {
      await this.load(node);
      this.expanded.add(node);
    }
    this.layout();
    this.focus(node);
  }

  private layout(): void {
    const items: Item[] = [];
    const walk = (rows: readonly Row[], level: number) => {
      for (const row of rows) {
        items.push({ row, level });
        if (this.expanded.has(row.node)) walk(this.kids.get(row.node) ?? [], level + 1);
      }
    };
    walk(this.roots, 1);
    this.items = items;
    const offsets = new Float64Array(items.length + 1);
    for (let i = 0; i < items.length; i++)
      offsets[i + 1] = offsets[i]! + (items[i]!.row.image ? IMAGE_ROW : ROW);
    this.offsets = offsets;
    this.spacer.style.height = `${offsets[items.length]}px`;
    this.first = this.last = -1;
    this.draw();
  }

  private schedule(): void {
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      this.draw();
    });
  }

  private indexAt(y: number): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.offsets[mid + 1]! <= y) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private draw(): void {
    const view = Math.max(this.host.clientHeight, 400);
    const first = Math.max(0, this.indexAt(this.host.scrollTop) - OVERSCAN);
    const last = Math.min(this.items.length, this.indexAt(this.host.scrollTop + view) + OVERSCAN + 1);
    if (first === this.first && last === this.last) return;
    this.first = first;
    this.last = last;
    const had = document.activeElement?.closest?.("#tree") ? this.focusNode : undefined;
    const frag = document.createDocumentFragment();
    for (let i = first; i < last; i++) frag.append(this.item(this.items[i]!, i));
    this.list.style.transform = `translateY(${this.offsets[first]}px)`;
    this.list.replaceChildren(frag);
    this.paintActive();
    if (had !== undefined)
      this.list
        .querySelector<HTMLElement>(`[role="treeitem"][data-node="${had}"]`)
        ?.focus({ preventScroll: true });
  }

  private item(it: Item, index: number): HTMLLIElement {
    const { row } = it;
    const li = document.createElement("li");
    li.setAttribute("role", "treeitem");
    li.setAttribute("aria-level", String(it.level));
    li.dataset.node = String(row.node);
    li.dataset.index = String(index);
    li.tabIndex = row.node === this.focusNode ? 0 : -1;
    if (row.expandable) li.setAttribute("aria-expanded", this.expanded.has(row.node) ? "true" : "false");
    li.style.paddingLeft = `${(it.level - 1) * 16}px`;
    li.style.height = `${row.image ? IMAGE_ROW : ROW}px`;
    const div = document.createElement("div");
    div.className = "node";
    const kind = document.createElement("span");
    kind.className = `kind kind-${row.kind}`;
    kind.textContent = row.kind;
    const summary = document.createElement("span");
    summary.className = "summary";
    summary.textContent = row.summary;
    if (row.keyNode !== undefined) {
      const key = document.createElement("span");
      key.className = "key-part";
      key.dataset.node = String(row.keyNode);
      key.textContent = row.keyText ?? "";
      key.title = "key";
      const arrow = document.createElement("span");
      arrow.className = "arrow";
      arrow.textContent = "→";
      div.append(key, arrow, kind, summary);
    } else {
      const label = document.createElement("span");
      label.className = row.isKey ? "label key-label" : "label";
      label.textContent = row.label;
      div.append(label, kind, summary);
    }
    li.append(div);
    if (row.image) li.append(imageCanvas(row.image));
    return li;
  }

  private paintActive(): void {
    for (const el of this.list.querySelectorAll(".active")) el.classList.remove("active");
    if (this.active === undefined) return;
    const a = this.active;
    const key = this.list.querySelector<HTMLElement>(`.key-part[data-node="${a}"]`);
    if (key) {
      key.classList.add("active");
      return;
    }
    this.list.querySelector(`[role="treeitem"][data-node="${a}"] > .node`)?.classList.add("active");
  }

  private scrollToItem(at: number): void {
    const top = this.offsets[at]!;
    const bottom = this.offsets[at + 1]!;
    const h = this.host.clientHeight;
    if (top < this.host.scrollTop) this.host.scrollTop = top;
    else if (bottom > this.host.scrollTop + h) this.host.scrollTop = bottom - h;
    this.draw();
  }

  /** Moves the keyboard focus to a node's row (scrolling it into view). */
  focus(node: number): void {
    this.focusNode = node;
    const at = this.items.findIndex((it) => it.row.node === node);
    if (at < 0) return;
    this.scrollToItem(at);
    for (const el of this.list.querySelectorAll<HTMLElement>('[tabindex="0"]')) el.tabIndex = -1;
    const li = this.list.querySelector<HTMLElement>(`[role="treeitem"][data-node="${node}"]`);
    if (li) {
      li.tabIndex = 0;
      li.focus({ preventScroll: true });
    }
  }

  private key(e: KeyboardEvent): void {
    const li = (e.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    if (!li) return;
    const at = Number(li.dataset.index);
    const it = this.items[at];
    if (!it) return;
    const node = it.row.node;
    const open = this.expanded.has(node);
    let next: number | undefined;
    switch (e.key) {
      case "ArrowDown":
        next = at + 1;
        break;
      case "ArrowUp":
        next = at - 1;
        break;
      case "Home":
        next = 0;
        break;
      case "End":
        next = this.items.length - 1;
        break;
      case "ArrowRight":
        if (it.row.expandable && !open) void this.toggle(node);
        else if (open) next = at + 1;
        break;
      case "ArrowLeft":
        if (open) void this.toggle(node);
        else
          for (let k = at - 1; k >= 0; k--)
            if (this.items[k]!.level < it.level) {
              next = k;
              break;
            }
        break;
      case "Enter":
      case " ":
        if (it.row.expandable) void this.toggle(node);
        this.events.pick(node);
        break;
      default:
        return;
    }
    e.preventDefault();
    if (next !== undefined && next >= 0 && next < this.items.length) this.focus(this.items[next]!.row.node);
  }
}

import type { Value } from "@gdvariant/core";
import type { Ranges } from "./analyze.js";

// Every value of a dump as a node, in reading order (contents before their container, a key
// before its value): typed arrays, not an object per node, since a 10 MB dump has 850,000 of
// them. A node's children are found from subtree sizes: the last child sits right before its
// parent, each earlier one right before the subtree of the next.

/** Nodes a value has in reading order: a dictionary entry is two (key, value). */
function nodeChildren(v: Value): number {
  if (v.kind === "array") return v.items.length;
  if (v.kind === "dictionary") return v.entries.length * 2;
  if (v.kind === "object" && v.form === "full") return v.properties.length;
  return 0;
}

function grow(a: Int32Array, n: number): Int32Array {
  if (n <= a.length) return a;
  const b = new Int32Array(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}

/** The nodes of every record of a dump: values, byte ranges and parents, by node id. */
export class NodeStore {
  readonly values: Value[] = [];
  start: Int32Array = new Int32Array(1024);
  end: Int32Array = new Int32Array(1024);
  parent: Int32Array = new Int32Array(1024);
  private size: Int32Array = new Int32Array(1024);

  get length(): number {
    return this.values.length;
  }

  private push(v: Value): void {
    this.values.push(v);
  }

  /**
   * Adds one record's values, paired with their byte ranges when the counts agree (no bytes
   * otherwise); returns the record's root node.
   */
  add(value: Value, ranges: Ranges | undefined): number {
    const base = this.values.length;
    const stack: Array<[Value, number]> = [[value, 0]];
    // Iterative post-order (a deep value must not overflow the stack).
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [v, i] = top;
      const kids = nodeChildren(v);
      if (i < kids) {
        top[1] = i + 1;
        const child =
          v.kind === "array"
            ? v.items[i]!
            : v.kind === "dictionary"
              ? v.entries[i >> 1]![i & 1]!
              : (v as Extract<Value, { kind: "object"; form: "full" }>).properties[i]![1];
        stack.push([child, 0]);
      } else {
        stack.pop();
        this.push(v);
      }
    }
    const n = this.values.length;
    this.start = grow(this.start, n);
    this.end = grow(this.end, n);
    this.parent = grow(this.parent, n);
    this.size = grow(this.size, n);
    const paired = ranges !== undefined && ranges.count === n - base;
    for (let id = base; id < n; id++) {
      this.start[id] = paired ? ranges.start[id - base]! : 0;
      this.end[id] = paired ? ranges.end[id - base]! : 0;
      this.parent[id] = -1;
      let at = id - 1;
      const count = nodeChildren(this.values[id]!);
      for (let k = 0; k < count; k++) {
        this.parent[at] = id;
        at -= this.size[at]!;
      }
      this.size[id] = id - at;
    }
    return n - 1;
  }

  /** A node's children in display order (a dictionary: key, value, key, value...). */
  kids(id: number): number[] {
    const count = nodeChildren(this.values[id]!);
    const out = new Array<number>(count);
    let at = id - 1;
    for (let k = count - 1; k >= 0; k--) {
      out[k] = at;
      at -= this.size[at]!;
    }
    return out;
  }

  /** Which child of its parent a node is (its index in {@link kids}). */
  indexInParent(id: number): number {
    const p = this.parent[id]!;
    return p < 0 ? -1 : this.kids(p).indexOf(id);
  }
}

import { type ContainerType, IMAGE_FORMAT_NAMES, type Span, type Value } from "@gdvariant/core";
import type { RecordInfo } from "./analyze.js";
import { imageCanvas } from "./image.js";

/** One node of the tree, tied to its byte range. */
export interface TreeNode {
  readonly id: number;
  readonly record: number;
  readonly start: number;
  readonly end: number;
  readonly depth: number;
  readonly path: string;
  readonly kind: string;
  readonly element: HTMLElement;
}

function typeName(t: ContainerType | undefined): string {
  if (t === undefined) return "Variant";
  return t.kind === "builtin" ? t.type : t.kind === "class" ? t.className : `script ${t.path}`;
}

function cut(s: string, n = 80): string {
  const one = s.replace(/\n/g, " ");
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
}

function summary(v: Value, toText: (v: Value) => string): string {
  switch (v.kind) {
    case "array":
      return `${v.elementType ? `[${typeName(v.elementType)}] ` : ""}${v.items.length} item${v.items.length === 1 ? "" : "s"}`;
    case "dictionary":
      return `${v.keyType || v.valueType ? `[${typeName(v.keyType)}, ${typeName(v.valueType)}] ` : ""}${v.entries.length} entr${v.entries.length === 1 ? "y" : "ies"}`;
    case "object":
      return v.form === "id"
        ? `#${String(v.id)}`
        : v.form === "null"
          ? "null"
          : `${v.className}, ${v.properties.length} properties`;
    case "image":
      return `${v.width}×${v.height} ${IMAGE_FORMAT_NAMES[v.format] ?? v.format}, ${v.mipmaps} mipmaps, ${v.data.length} bytes`;
    default:
      return cut(toText(v));
  }
}

// A key that is a container of its own gets its own node; any other key shares its entry's row.
function inlineKey(k: Value): boolean {
  return !(k.kind === "array" || k.kind === "dictionary" || (k.kind === "object" && k.form === "full"));
}

type Child = [label: string, value: Value, role: "key" | "value", key?: Value];

function children(v: Value, toText: (v: Value) => string): Child[] {
  if (v.kind === "array") return v.items.map((c, i) => [`[${i}]`, c, "value"]);
  if (v.kind === "dictionary") {
    const out: Child[] = [];
    v.entries.forEach(([k, c], i) => {
      // One row per entry: key → value.
      if (inlineKey(k)) out.push(["", c, "value", k]);
      else {
        out.push([`key ${i}`, k, "key"]);
        out.push([cut(toText(k), 40), c, "value"]);
      }
    });
    return out;
  }
  if (v.kind === "object" && v.form === "full") return v.properties.map(([n, c]) => [`.${n}`, c, "value"]);
  return [];
}

/**
 * Builds the tree of one record into `host`. Nodes are numbered in the order the decoder reports
 * spans (contents before their container, keys before values), so node n has spans[n]'s bytes.
 */
export function buildTree(
  host: HTMLElement,
  rec: RecordInfo,
  record: number,
  toText: (v: Value) => string,
  nodes: TreeNode[],
): void {
  let n = 0;
  const spanOf = (i: number): Span | undefined => rec.spans[i];
  // A key shown inside its entry's row: a node of its own (its bytes), without a tree item.
  const keyPart = (k: Value, depth: number): HTMLElement => {
    const span = document.createElement("span");
    span.className = `key-part kind-${k.kind}`;
    span.textContent = cut(toText(k), 40);
    span.title = `key: ${k.kind}`;
    register(span, k, depth);
    return span;
  };
  const register = (element: HTMLElement, v: Value, depth: number) => {
    // Post-order numbering: a node's id comes after its children's.
    const id = n++;
    const found = spanOf(id);
    const span = found && found.kind === v.kind ? found : undefined;
    element.dataset.node = String(nodes.length);
    nodes.push({
      id,
      record,
      start: span?.start ?? 0,
      end: span?.end ?? 0,
      depth: span?.depth ?? depth,
      path: span?.path ?? "",
      kind: v.kind,
      element,
    });
  };
  const make = (label: string, v: Value, depth: number, isKey: boolean, key?: Value): HTMLLIElement => {
    const li = document.createElement("li");
    li.setAttribute("role", "treeitem");
    li.tabIndex = -1;
    const row = document.createElement("div");
    row.className = "node";
    const l = document.createElement("span");
    l.className = isKey ? "label key-label" : "label";
    l.textContent = label;
    const k = document.createElement("span");
    k.className = `kind kind-${v.kind}`;
    k.textContent = v.kind;
    const s = document.createElement("span");
    s.className = "summary";
    s.textContent = summary(v, toText);
    // The key's node is numbered before its value's (the decoder reads it first).
    if (key !== undefined) {
      const arrow = document.createElement("span");
      arrow.className = "arrow";
      arrow.textContent = "→";
      row.append(keyPart(key, depth), arrow, k, s);
    } else row.append(l, k, s);
    li.append(row);
    const kids = children(v, toText);
    let group: HTMLUListElement | undefined;
    if (kids.length > 0) {
      group = document.createElement("ul");
      group.setAttribute("role", "group");
      for (const [cl, cv, role, ck] of kids) group.append(make(cl, cv, depth + 1, role === "key", ck));
      li.setAttribute("aria-expanded", depth < 3 ? "true" : "false");
      li.append(group);
    }
    if (v.kind === "image") {
      const c = imageCanvas(v);
      if (c) li.append(c);
    }
    register(li, v, depth);
    return li;
  };
  const ul = document.createElement("ul");
  ul.setAttribute("role", "tree");
  ul.setAttribute("aria-label", `Record ${record}`);
  ul.append(
    make(record === 0 && rec.length === undefined ? "value" : `record ${record}`, rec.value, 0, false),
  );
  host.append(ul);
}

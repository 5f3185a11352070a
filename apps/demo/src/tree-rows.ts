import { type ContainerType, IMAGE_FORMAT_NAMES, type Value } from "@gdvariant/core";

// What a tree row says about a value (no DOM: the worker makes rows, the page draws them).

function typeName(t: ContainerType | undefined): string {
  if (t === undefined) return "Variant";
  return t.kind === "builtin" ? t.type : t.kind === "class" ? t.className : `script ${t.path}`;
}

function cut(s: string, n = 80): string {
  const one = s.replace(/\n/g, " ");
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
}

/** The one-line summary of a value: counts for containers, the engine's text for the rest. */
export function summary(v: Value, toText: (v: Value) => string): string {
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

/** How many children a value shows in the tree (0: a leaf). */
export function children(v: Value): number {
  if (v.kind === "array") return v.items.length;
  if (v.kind === "dictionary") return v.entries.length;
  if (v.kind === "object" && v.form === "full") return v.properties.length;
  return 0;
}

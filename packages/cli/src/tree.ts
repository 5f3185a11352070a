import { type ContainerType, IMAGE_FORMAT_NAMES, type Value } from "@gdvariant/core";

/** Options of {@link renderTree}. */
export interface TreeOptions {
  /** The engine's text form of a value, used for leaves and keys. */
  toText(value: Value): string;
  /** Children shown per container before `… N more`. Default 100. */
  maxItems?: number;
  /** Longest leaf text, in characters, before it is cut with `…`. Default 72. */
  maxText?: number;
}

/** Name of a 2.x image format number. */
export function imageFormatName(format: number): string {
  return IMAGE_FORMAT_NAMES[format] ?? `format ${format}`;
}

function cut(s: string, max: number): string {
  const one = s.replace(/\n/g, "⏎");
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

function typeName(t: ContainerType | undefined): string {
  if (t === undefined) return "Variant";
  if (t.kind === "builtin") return t.type;
  if (t.kind === "class") return t.className;
  return `script ${t.path}`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A one-line description of a value: its kind, then what it holds. */
export function describeValue(v: Value, o: TreeOptions): string {
  const max = o.maxText ?? 72;
  switch (v.kind) {
    case "array": {
      const typed = v.elementType ? `[${typeName(v.elementType)}]` : "";
      return `array${typed} (${plural(v.items.length, "item")})${v.shared ? " shared" : ""}`;
    }
    case "dictionary": {
      const typed = v.keyType || v.valueType ? `[${typeName(v.keyType)}, ${typeName(v.valueType)}]` : "";
      return `dictionary${typed} (${plural(v.entries.length, "entry", "entries")})${v.shared ? " shared" : ""}`;
    }
    case "object":
      if (v.form === "id") return `object (as id) #${String(v.id)}`;
      if (v.form === "null") return "object (null)";
      return `object ${v.className || "(null)"} (${plural(v.properties.length, "property", "properties")})`;
    case "image":
      return `image ${v.width}×${v.height} ${imageFormatName(v.format)}, ${plural(v.mipmaps, "mipmap")}, ${plural(v.data.length, "byte")}`;
    case "packedByteArray":
    case "packedInt32Array":
    case "packedInt64Array":
    case "packedFloat32Array":
    case "packedFloat64Array":
    case "packedStringArray":
      return `${v.kind} (${plural(v.data.length, "item")}) ${cut(o.toText(v), max)}`;
    case "packedVector2Array":
    case "packedVector3Array":
    case "packedVector4Array":
    case "packedColorArray": {
      const stride = v.kind === "packedVector2Array" ? 2 : v.kind === "packedVector3Array" ? 3 : 4;
      return `${v.kind} (${plural(v.data.length / stride, "item")}) ${cut(o.toText(v), max)}`;
    }
    default:
      return `${v.kind} ${cut(o.toText(v), max)}`;
  }
}

function children(v: Value, o: TreeOptions): Array<[label: string, child: Value]> | undefined {
  const max = o.maxText ?? 72;
  switch (v.kind) {
    case "array":
      return v.items.map((c, i) => [`[${i}]`, c]);
    case "dictionary":
      return v.entries.map(([k, c]) => [`${cut(o.toText(k), Math.min(max, 40))} →`, c]);
    case "object":
      return v.form === "full" ? v.properties.map(([n, c]) => [`.${n}`, c]) : undefined;
    default:
      return undefined;
  }
}

/**
 * The value as an indented tree, one node per line, each with its kind:
 *
 * ```text
 * dictionary (2 entries)
 * ├── "name" → string "Player"
 * └── "inv" → array (1 item)
 *     └── [0] int 3
 * ```
 */
export function renderTree(value: Value, o: TreeOptions): string[] {
  const lines = [describeValue(value, o)];
  const maxItems = o.maxItems ?? 100;
  const walk = (v: Value, prefix: string) => {
    const kids = children(v, o);
    if (kids === undefined) return;
    const shown = kids.slice(0, maxItems);
    const more = kids.length - shown.length;
    shown.forEach(([label, child], i) => {
      const last = i === shown.length - 1 && more === 0;
      lines.push(`${prefix}${last ? "└── " : "├── "}${label} ${describeValue(child, o)}`);
      walk(child, prefix + (last ? "    " : "│   "));
    });
    if (more > 0) lines.push(`${prefix}└── … ${plural(more, "more item")}`);
  };
  walk(value, "");
  return lines;
}

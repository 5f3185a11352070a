import type { Value } from "./value/types.js";

/**
 * One step from a container to a nested value.
 *
 * - a number: array element (`[3]`)
 * - `{ key }`: the dictionary value stored under that key (`["sword"]`, `[7]`, `[Vector2]`)
 * - `{ keyAt }`: the key of the n-th dictionary entry itself (`{key #2}`)
 * - `{ property }`: a full object's property (`.inventory`)
 * - `{ part }`: a named part of a value, such as a typed container's element type (`<elementType>`)
 */
export type PathSegment =
  | number
  | { readonly key: Value }
  | { readonly keyAt: number }
  | { readonly property: string }
  | { readonly part: string };

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

function formatKey(key: Value): string {
  // A dialect's own dictionary codec may be handed a plain Map's JS keys as they are.
  const k = key as unknown;
  if (typeof k !== "object" || k === null) return typeof k === "string" ? JSON.stringify(k) : String(k);
  switch (key.kind) {
    case "string":
      return JSON.stringify(key.value);
    case "stringName":
      return `&${JSON.stringify(key.value)}`;
    case "int":
      return String(key.value);
    case "float":
      return `${key.value}f`;
    case "bool":
      return String(key.value);
    case "nil":
      return "null";
    default:
      return typeof key.kind === "string" ? key.kind : "?";
  }
}

/** Formats a path as text, e.g. `[3].inventory["sword"]`. The root value is the empty string. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if ("key" in seg) out += `[${formatKey(seg.key)}]`;
    else if ("keyAt" in seg) out += `{key #${seg.keyAt}}`;
    else if ("property" in seg)
      out += IDENT.test(seg.property) ? `.${seg.property}` : `[${JSON.stringify(seg.property)}]`;
    else out += `<${seg.part}>`;
  }
  return out;
}

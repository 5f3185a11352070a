// What each byte of a dump is, for the coloured hex view: which value owns it (the decoder's
// `onSpan` spans) and which part of that value's wire layout it is. The spans give each value's
// range; the parts inside a range follow from its kind (the project's wire-format spec):
//
//   every value        u32 header (type in the low byte, flags above)
//   string-like        u32 byte length, UTF-8 bytes, zero padding to 4
//   packed arrays      u32 count, elements (PackedByteArray padded to 4; strings as above)
//   containers         u32 count (and 4.x type words), then the children's own spans
//   other values       the payload
//
// store_var records add a u32 length word before each value; bytes after a raw value are
// ignored by the engine.

/** Part codes, one per byte. */
export const PART = {
  none: 0,
  header: 1,
  length: 2,
  payload: 3,
  pad: 4,
  frame: 5,
  trailing: 6,
} as const;

/** Names of the parts, by code (for titles, the legend and the status line). */
export const PART_NAMES = [
  "",
  "header",
  "length / count",
  "payload",
  "padding",
  "record length word",
  "ignored",
];

/** Colour families of kinds: one colour per family keeps the legend short. */
export function familyOf(kind: string): string {
  if (kind === "nil") return "nil";
  if (kind === "bool") return "bool";
  if (kind === "int") return "int";
  if (kind === "float") return "float";
  if (kind === "string" || kind === "stringName") return "string";
  if (kind === "nodePath") return "path";
  if (kind === "color") return "color";
  if (kind === "array" || kind === "dictionary") return "container";
  if (kind.startsWith("packed")) return "packed";
  if (kind === "object") return "object";
  if (kind === "image" || kind === "inputEvent") return "resource";
  if (kind === "rid" || kind === "callable" || kind === "signal") return "ref";
  return "math";
}

const STRINGS = new Set(["string", "stringName"]);
const CONTAINERS = new Set(["array", "dictionary"]);

function u32(view: DataView, at: number, end: number): number | undefined {
  return at + 4 <= end ? view.getUint32(at, true) : undefined;
}

/**
 * Marks the parts of one value's bytes [start, end) in `parts`. Call outer values first: an inner
 * value's marks overwrite its container's.
 */
export function markValue(
  parts: Uint8Array,
  bytes: Uint8Array,
  start: number,
  end: number,
  kind: string,
): void {
  const stop = Math.min(end, parts.length);
  if (start >= stop) return;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = Math.min(start + 4, stop);
  parts.fill(PART.header, start, header);
  if (header >= stop) return;
  if (STRINGS.has(kind)) {
    const n = u32(view, header, stop);
    parts.fill(PART.length, header, Math.min(header + 4, stop));
    const data = Math.min(header + 4 + (n ?? 0), stop);
    parts.fill(PART.payload, header + 4, data);
    parts.fill(PART.pad, data, stop);
    return;
  }
  if (CONTAINERS.has(kind)) {
    // Count and type words; the children's spans overwrite their own bytes.
    parts.fill(PART.length, header, stop);
    return;
  }
  if (kind === "packedStringArray") {
    parts.fill(PART.length, header, Math.min(header + 4, stop));
    const count = u32(view, header, stop) ?? 0;
    let at = header + 4;
    for (let i = 0; i < count && at < stop; i++) {
      const n = u32(view, at, stop) ?? 0;
      parts.fill(PART.length, at, Math.min(at + 4, stop));
      const data = Math.min(at + 4 + n, stop);
      parts.fill(PART.payload, at + 4, data);
      const padded = Math.min(at + 4 + ((n + 3) & ~3), stop);
      parts.fill(PART.pad, data, padded);
      at = padded;
    }
    return;
  }
  if (kind === "packedByteArray") {
    const n = u32(view, header, stop) ?? 0;
    parts.fill(PART.length, header, Math.min(header + 4, stop));
    const data = Math.min(header + 4 + n, stop);
    parts.fill(PART.payload, header + 4, data);
    parts.fill(PART.pad, data, stop);
    return;
  }
  if (kind.startsWith("packed")) {
    parts.fill(PART.length, header, Math.min(header + 4, stop));
    parts.fill(PART.payload, header + 4, stop);
    return;
  }
  parts.fill(PART.payload, header, stop);
}

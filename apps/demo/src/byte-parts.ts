import type { Part } from "@gdvariant/core";

// What each byte of a dump is, for the coloured hex view: which value owns it (the decoder's
// `onSpan` spans) and which part of that value's wire layout it is: the parts the reader reports
// (`onPart`, from each codec's declared layout); nothing here parses a layout. store_var
// records add a u32 length word before each value; bytes after a raw value are ignored.

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

// The reader's part kinds, by the colour the hex view gives them.
const CODES: Readonly<Record<Part["kind"], number>> = {
  header: PART.header,
  count: PART.length,
  length: PART.length,
  type: PART.length,
  padding: PART.pad,
  int: PART.payload,
  float: PART.payload,
  text: PART.payload,
  bytes: PART.payload,
  word: PART.payload,
  record: PART.frame,
};

/** Marks the bytes of one part the reader reported in `parts` (one code per byte). */
export function markPart(parts: Uint8Array, part: Part): void {
  parts.fill(CODES[part.kind], part.start, Math.min(part.end, parts.length));
}

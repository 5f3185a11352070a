import type { Span, Value } from "@gdvariant/core";
import type { Framed } from "./records.js";
import { describeValue } from "./tree.js";

/** A byte range with what it holds, in offset order. */
export interface HexSegment {
  readonly start: number;
  readonly end: number;
  /** Nesting depth for indentation (root value = 0, framing = 0). */
  readonly depth: number;
  readonly label: string;
}

interface Node {
  span: Span;
  value: Value | undefined;
  children: Node[];
}

// Values in the order the decoder reports spans: innermost first, containers after their
// contents, dictionary keys before their values.
function postOrder(v: Value, out: Value[]): Value[] {
  if (v.kind === "array") for (const c of v.items) postOrder(c, out);
  else if (v.kind === "dictionary")
    for (const [k, c] of v.entries) {
      postOrder(k, out);
      postOrder(c, out);
    }
  else if (v.kind === "object" && v.form === "full") for (const [, c] of v.properties) postOrder(c, out);
  out.push(v);
  return out;
}

function buildTree(spans: readonly Span[], value: Value): Node | undefined {
  const values = postOrder(value, []);
  // Pair spans with values only when they line up; without values the labels still hold kinds.
  const paired = values.length === spans.length && values.every((v, i) => v.kind === spans[i]!.kind);
  const nodes: Node[] = spans.map((span, i) => ({
    span,
    value: paired ? values[i] : undefined,
    children: [],
  }));
  // Outer spans first (earlier start, then later end), then attach each to the innermost open one.
  const sorted = [...nodes].sort(
    (a, b) => a.span.start - b.span.start || b.span.end - a.span.end || a.span.depth - b.span.depth,
  );
  const stack: Node[] = [];
  let root: Node | undefined;
  for (const n of sorted) {
    while (stack.length > 0 && stack[stack.length - 1]!.span.end <= n.span.start) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(n);
    else root ??= n;
    stack.push(n);
  }
  return root;
}

// Deep values have long paths and deep indents; printed whole on every line, a 56 KB dump of
// deep-and-wide nesting made 65 MB of output. Labels keep the end of the path and the indent
// stops growing, so the output stays proportional to the input.
const MAX_PATH_SHOWN = 96;
const MAX_INDENT = 24;

function shownPath(path: string): string {
  if (path === "") return "(root)";
  return path.length > MAX_PATH_SHOWN ? `…${path.slice(path.length - MAX_PATH_SHOWN + 1)}` : path;
}

function segmentsOf(node: Node, toText: (v: Value) => string, out: HexSegment[]): void {
  const { span } = node;
  const where = shownPath(span.path);
  const what = node.value ? describeValue(node.value, { toText, maxText: 48 }) : span.kind;
  let cursor = span.start;
  let first = true;
  const own = (end: number) => {
    if (end <= cursor) return;
    out.push({
      start: cursor,
      end,
      depth: span.depth,
      label: first ? `${where}  ${what}  (type ${span.wireId})` : `${where}  … ${span.kind} continued`,
    });
    first = false;
    cursor = end;
  };
  for (const c of node.children) {
    own(c.span.start);
    segmentsOf(c, toText, out);
    cursor = c.span.end;
  }
  own(span.end);
}

/**
 * The segments of every record, record by record (made as they are read, so a dump of many
 * records never holds all of them): framing words, each value's own bytes (header, counts,
 * payload) labelled with its path and kind, and bytes the engine ignores.
 */
export function* hexSegments(
  framed: Framed,
  spans: ReadonlyMap<number, readonly Span[]>,
  toText: (v: Value) => string,
): Generator<HexSegment> {
  for (const [i, r] of framed.records.entries()) {
    const out: HexSegment[] = [];
    const many = framed.records.length > 1 ? `record ${i}: ` : "";
    if (framed.framing === "store-var") {
      out.push({
        start: r.offset,
        end: r.offset + 4,
        depth: 0,
        label: `${many}length word ${r.length} (${framed.bigEndian ? "big" : "little"}-endian)`,
      });
    }
    const root = buildTree(spans.get(i) ?? [], r.value);
    if (root) {
      const before = out.length;
      segmentsOf(root, toText, out);
      if (many && out[before]) out[before] = { ...out[before]!, label: `${many}${out[before]!.label}` };
    }
    const valueEnd = r.valueOffset + r.valueLength;
    const recordEnd = r.length !== undefined ? r.offset + 4 + r.length : valueEnd;
    if (recordEnd > valueEnd) {
      out.push({
        start: valueEnd,
        end: recordEnd,
        depth: 0,
        label: `${many}bytes after the Variant inside the record (get_var ignores them)`,
      });
    }
    yield* out;
  }
  const last = framed.records[framed.records.length - 1];
  if (framed.framing === "raw" && last && framed.trailing > 0) {
    const at = last.valueOffset + last.valueLength;
    yield {
      start: at,
      end: at + framed.trailing,
      depth: 0,
      label: "bytes after the Variant (the engine ignores them)",
    };
  }
}

const ESCAPES: Readonly<Record<string, string>> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/**
 * A label on one line with no terminal controls: tabs, line breaks and other control characters
 * (C0, DEL, C1) inside strings and keys are written as escapes.
 */
export function escapeLabel(label: string): string {
  let out = "";
  for (const c of label) {
    const n = c.charCodeAt(0);
    out += n < 0x20 || (n >= 0x7f && n <= 0x9f) ? (ESCAPES[c] ?? `\\x${n.toString(16).padStart(2, "0")}`) : c;
  }
  return out;
}

/** "00" to "ff", for one look-up per byte. */
const HEX = /* @__PURE__ */ Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

/**
 * Hex dump lines (each ending in a newline): offset, up to `width` bytes in hex, and the
 * segment's label on its first line. Made one at a time as they are taken, so a writer can
 * stop at any line (a closed pipe) and nothing holds the whole dump.
 */
export function* hexLines(bytes: Uint8Array, segments: Iterable<HexSegment>, width = 16): Generator<string> {
  const pad = " ".repeat(width * 3);
  for (const s of segments) {
    const indent =
      s.depth > MAX_INDENT ? `${"  ".repeat(MAX_INDENT)}(depth ${s.depth}) ` : "  ".repeat(s.depth);
    for (let at = s.start; at < s.end; at += width) {
      const end = Math.min(at + width, s.end);
      let hex = HEX[bytes[at]!]!;
      for (let i = at + 1; i < end; i++) hex += ` ${HEX[bytes[i]!]!}`;
      const offset = at.toString(16).padStart(8, "0");
      if (at !== s.start) {
        yield `${offset}  ${hex}\n`;
        continue;
      }
      // The label starts in the same column on every line: pad the hex of a short last row.
      const line = `${offset}  ${hex}${pad.slice(0, (width - (end - at)) * 3)}  ${indent}${escapeLabel(s.label)}`;
      yield `${line.trimEnd()}\n`;
    }
  }
}

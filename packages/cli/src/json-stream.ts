import { base64Encode, type JsonValue, toJSON, type Value } from "@gdvariant/core";

// The text of JSON.stringify(toJSON(value)), made in pieces of about CHUNK characters, so that
// `decode --format json` of a large dump never holds the whole JSON tree or text: containers
// are opened and closed around their children, packed arrays are written a slice at a time.
// Iterative, so any depth prints.

const CHUNK = 1 << 16;

// Packed kinds whose `data` toJSON writes as a JSON list of numbers.
const NUMBER_LISTS = new Set([
  "packedInt32Array",
  "packedInt64Array",
  "packedFloat32Array",
  "packedFloat64Array",
  "packedColorArray",
  "packedVector2Array",
  "packedVector3Array",
  "packedVector4Array",
]);

type Part = string | Value | { readonly slices: Value };

/**
 * The pieces of `JSON.stringify(toJSON(value))`, in order; joined they are exactly that text.
 * @throws {EncodeError} as {@link toJSON} for a value that contains itself or is malformed.
 */
export function* jsonPieces(value: Value): Generator<string> {
  const work: Part[] = [value];
  const active = new Set<Value>();
  while (work.length > 0) {
    const part = work.pop()!;
    if (typeof part === "string") {
      yield part;
      continue;
    }
    if ("slices" in part) {
      active.delete(part.slices);
      continue;
    }
    const v = part;
    if (v.kind === "array" || v.kind === "dictionary" || (v.kind === "object" && v.form === "full")) {
      if (active.has(v)) toJSON(v); // throws toJSON's cycle error
      active.add(v);
      // The container's JSON without its list, which is written in its place.
      const shell = toJSON(
        v.kind === "array"
          ? { ...v, items: [] }
          : v.kind === "dictionary"
            ? { ...v, entries: [] }
            : { ...v, properties: [] },
      ) as { [k: string]: JsonValue };
      const listKey = v.kind === "array" ? "items" : v.kind === "dictionary" ? "entries" : "properties";
      const text = JSON.stringify(shell);
      const marker = `"${listKey}":[]`;
      const at = text.indexOf(marker) + marker.length - 1;
      // What follows the opening text, in writing order: the children with their commas, the
      // closing text, and the marker that ends the container's cycle watch.
      const later: Part[] = [];
      if (v.kind === "array") {
        v.items.forEach((item, i) => {
          if (i > 0) later.push(",");
          later.push(item);
        });
      } else if (v.kind === "dictionary") {
        v.entries.forEach(([k, x], i) => {
          later.push(i > 0 ? ",[" : "[", k, ",", x, "]");
        });
      } else {
        v.properties.forEach(([n, x], i) => {
          later.push(`${i > 0 ? "," : ""}[${JSON.stringify(n)},`, x, "]");
        });
      }
      later.push(text.slice(at), { slices: v });
      yield text.slice(0, at);
      // The work list pops from its end.
      for (let i = later.length - 1; i >= 0; i--) work.push(later[i]!);
      continue;
    }
    yield* leafPieces(v);
  }
}

function* leafPieces(v: Value): Generator<string> {
  if (v.kind === "packedByteArray" && v.data.length > CHUNK) {
    // Base64 of slices of a multiple of 3 bytes joins to the base64 of the whole.
    yield '{"kind":"packedByteArray","base64":"';
    const step = CHUNK - (CHUNK % 3);
    for (let i = 0; i < v.data.length; i += step) yield base64Encode(v.data.subarray(i, i + step));
    yield '"}';
    return;
  }
  if (NUMBER_LISTS.has(v.kind)) {
    const data = (v as { data: Float32Array | Float64Array | Int32Array | BigInt64Array }).data;
    if (data.length > CHUNK) {
      const empty = JSON.stringify(toJSON({ ...v, data: data.subarray(0, 0) } as Value));
      const at = empty.indexOf('"data":[]') + '"data":['.length;
      yield empty.slice(0, at);
      for (let i = 0; i < data.length; i += CHUNK) {
        const slice = JSON.stringify(
          (toJSON({ ...v, data: data.subarray(i, i + CHUNK) } as Value) as { data: JsonValue }).data,
        );
        yield (i > 0 ? "," : "") + slice.slice(1, -1);
      }
      yield empty.slice(at);
      return;
    }
  }
  yield JSON.stringify(toJSON(v));
}

/** Writes the pieces through `write`, gathered into writes of about 64 KB. */
export async function writePieces(
  pieces: Iterable<string>,
  write: (s: string) => Promise<void>,
): Promise<void> {
  let buf = "";
  for (const p of pieces) {
    buf += p;
    if (buf.length >= CHUNK) {
      await write(buf);
      buf = "";
    }
  }
  if (buf !== "") await write(buf);
}

// Counts the bytes of typed arrays and ArrayBuffers allocated while each file given is opened:
// by @gdvariant/files and by every package it loads. Run as a child process (see
// allocations.ts) so that the counting constructors are in place before any module keeps a
// reference to the real ones. A deterministic measure of memory work: no timing, no GC.
//
//   node count-allocations.mjs CASES.json    (CASES: [{ file, call?, options? }])
//   → one JSON line: [{ bytes, result }], result "ok <plaintext length>" or the error code
import { readFileSync } from "node:fs";

let counting = false;
let bytes = 0;
for (const name of [
  "ArrayBuffer",
  "Uint8Array",
  "Int8Array",
  "Uint16Array",
  "Int16Array",
  "Uint32Array",
  "Int32Array",
]) {
  const Base = globalThis[name];
  const Counting = class extends Base {
    constructor(...args) {
      super(...args);
      if (counting && typeof args[0] === "number") bytes += this.byteLength;
    }
  };
  Object.defineProperty(Counting, "name", { value: name });
  globalThis[name] = Counting;
}

const lib = await import("@gdvariant/files");
const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = [];
for (const c of cases) {
  const input = new Uint8Array(readFileSync(c.file));
  bytes = 0;
  counting = true;
  let result;
  try {
    const r = await lib[c.call ?? "decompressFileAsync"](input, c.options ?? {});
    result = `ok ${r.plaintext.length}`;
  } catch (e) {
    result = lib.FileError.is(e) ? e.code : `escape: ${e}`;
  }
  counting = false;
  out.push({ bytes, result });
}
console.log(JSON.stringify(out));

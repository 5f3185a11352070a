// What gets timed: gdvariant (the dialect packages and auto-detect, imported by name as a user
// would), the npm peers, and memcpy. Each subject is checked on the workload before it is timed:
// a subject whose output is wrong is reported as failing, with the reason, and not timed.
import { createRequire } from "node:module";
import { toJS } from "@gdvariant/core";
import * as godot3 from "@gdvariant/godot-3";
import * as godot4 from "@gdvariant/godot-4";
import { difference, sameBytes } from "./compare.mjs";

const require = createRequire(import.meta.url);

export const dialects = { "godot-3": godot3, "godot-4": godot4 };

/** auto-detect, when its package is built; `undefined` otherwise (reported, not guessed). */
export async function loadAutoDetect() {
  for (const spec of [
    "@gdvariant/auto-detect",
    new URL("../../packages/auto-detect/dist/index.js", import.meta.url).href,
  ]) {
    try {
      const m = await import(spec);
      if (typeof m.decodeAny === "function") return m;
    } catch {
      // not installed or not built yet
    }
  }
  return undefined;
}

function quiet(fn) {
  // godot-binary-serialization reports unsupported types with console.warn and returns null.
  const warn = console.warn;
  console.warn = () => {};
  try {
    return fn();
  } finally {
    console.warn = warn;
  }
}

function attempt(fn) {
  try {
    return { ok: true, value: quiet(fn) };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** npm peers: 3.x libraries, so they are only run on the 3.x workloads. */
export const peers = [
  {
    name: "@gd-com/utils",
    version: require("@gd-com/utils/package.json").version,
    formats: ["godot-3"],
    decode: (() => {
      const { getVar } = require("@gd-com/utils");
      return (buf) => getVar(buf).value;
    })(),
    encode: (() => {
      const { putVar } = require("@gd-com/utils");
      return (v) => putVar(v);
    })(),
  },
  {
    name: "godot-binary-serialization",
    version: require("godot-binary-serialization/package.json").version,
    formats: ["godot-3"],
    decode: (() => {
      const { PacketPeer } = require("godot-binary-serialization");
      return (buf) => PacketPeer.get_var(buf);
    })(),
    encode: (() => {
      const { PacketPeer } = require("godot-binary-serialization");
      return (v) => PacketPeer.put_var(v);
    })(),
  },
];

/**
 * Checks a peer on one workload. `reference` is our toJS view of the engine's value.
 * @returns {{ decode: {ok, note?, run?}, encode: {ok, note?, run?} }}
 */
export function checkPeer(peer, workload, reference, g) {
  const bytes = workload.bytes;
  const dec = attempt(() => peer.decode(bytes));
  if (!dec.ok)
    return {
      decode: { ok: false, note: `throws: ${dec.error}` },
      encode: { ok: false, note: "cannot decode the workload" },
    };
  if (dec.value === null && reference !== null) {
    return {
      decode: { ok: false, note: "returns null (unsupported type)" },
      encode: { ok: false, note: "cannot decode the workload" },
    };
  }
  const diff = difference(reference, dec.value);
  const decode = diff
    ? { ok: false, note: `wrong value at ${diff}` }
    : { ok: true, run: () => peer.decode(bytes) };
  if (!decode.ok) return { decode, encode: { ok: false, note: "cannot decode the workload" } };

  const value = dec.value;
  const enc = attempt(() => peer.encode(value));
  if (!enc.ok) return { decode, encode: { ok: false, note: `throws: ${enc.error}` } };
  const out = enc.value;
  if (sameBytes(out, bytes))
    return { decode, encode: { ok: true, note: "byte-exact", run: () => peer.encode(value) } };
  const back = attempt(() => toJS(g.decode(out)));
  const d2 = back.ok ? difference(reference, back.value) : `unreadable output (${back.error})`;
  if (d2) return { decode, encode: { ok: false, note: `writes a different value (${d2})` } };
  return { decode, encode: { ok: true, note: "same value, other bytes", run: () => peer.encode(value) } };
}

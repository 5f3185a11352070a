import type { Builder } from "./builder.js";
import { setKey, type ToJSOptions, toJS } from "./js.js";

/**
 * The builder of `decodeJS`: plain JavaScript made in the reader's one pass, exactly what
 * `toJS(decode(bytes), options)` gives (the tests compare the two on every fixture).
 * A dictionary of plain keys only (String, StringName or int: as toJS decides) becomes an object,
 * else a Map. With `dictionaries: "map"` each is a Map, filled as its entries are read; otherwise
 * an object is filled as the entries are read when the reader promises plain keys (`entries`'
 * plainKeys), else key, value, key, value... are collected and become one or the other at the end.
 */
function makeJsBuilder(map: boolean): Builder {
  const options: ToJSOptions = { dictionaries: map ? "map" : "auto" };
  return {
    keyKinds: !map,
    nil: () => null,
    bool: (v) => v,
    int: (v) => v,
    float: (v) => v,
    string: (v) => v,
    stringName: (v) => v,
    vector2: (x, y) => ({ x, y }),
    vector3: (x, y, z) => ({ x, y, z }),
    color: (r, g, b, a) => ({ r, g, b, a }),
    value: (v) => toJS(v, options),
    array: (items) => items,
    entries: (count, plainKeys) =>
      map ? new Map<unknown, unknown>() : plainKeys ? {} : new Array<unknown>(count * 2),
    entry: (acc, i, key, value) => {
      if (!Array.isArray(acc)) {
        if (map) (acc as Map<unknown, unknown>).set(key, value);
        else setKey(acc as Record<string, unknown>, typeof key === "string" ? key : String(key), value);
        return;
      }
      acc[i * 2] = key;
      acc[i * 2 + 1] = value;
    },
    dictionary: (acc, plain) => {
      if (!Array.isArray(acc)) return acc;
      const kv = acc;
      const n = kv.length;
      if (plain) {
        const out: Record<string, unknown> = {};
        for (let i = 0; i < n; i += 2) {
          const k = kv[i];
          setKey(out, typeof k === "string" ? k : String(k), kv[i + 1]);
        }
        return out;
      }
      const out = new Map<unknown, unknown>();
      for (let i = 0; i < n; i += 2) out.set(kv[i], kv[i + 1]);
      return out;
    },
  };
}

const AUTO = /* @__PURE__ */ makeJsBuilder(false);
const MAP = /* @__PURE__ */ makeJsBuilder(true);

/**
 * The plain-JS builder for `options` (two stateless instances, one per `dictionaries` mode): what
 * `decodeJS` reads with, for `readWith(dialect, bytes, options, jsBuilder(options), observer)`.
 */
export function jsBuilder(options: ToJSOptions = {}): Builder {
  options ??= {}; // null from an untyped caller is no options
  return options.dictionaries === "map" ? MAP : AUTO;
}

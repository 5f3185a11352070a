// Hostile JS values for the campaign (issue 36): what callers hand encode, fromJS and the walks
// over values rather than bytes. Getters and Proxies that throw, revoked Proxies, Maps whose
// iterator throws, sparse arrays and arrays that claim 2^32 - 1 elements, subtrees held in many
// places (up to 2^60 leaves in 61 objects), cycles, and model values with one field broken, each
// put at a random place inside arrays, objects, Maps and model containers. Every target must give
// a value or the project's error, within the stage's time limit.
import { convertValue, equals, fromJS, GdVariantError, toJS, toJSON } from "@gdvariant/core";
import * as godot3 from "@gdvariant/godot-3";
import * as godot4 from "@gdvariant/godot-4";
import * as legacy2 from "@gdvariant/legacy-2";

const DIALECTS = { "godot-4": godot4, "godot-3": godot3, "legacy-2": legacy2 };
const NEXT = { "godot-4": "godot-3", "godot-3": "legacy-2", "legacy-2": "godot-4" };

const int = (value) => ({ kind: "int", value });

// Model values with one field broken (a wrong type, missing, out of the model's range).
const MALFORMED = [
  { kind: "string", value: 5 },
  { kind: "stringName", value: null },
  { kind: "int", value: 2n ** 64n },
  { kind: "int", value: 1.5 },
  { kind: "int", value: "7" },
  { kind: "float", value: "1" },
  { kind: "bool", value: "yes" },
  { kind: "object" },
  { kind: "object", form: "full", className: 5, properties: [] },
  { kind: "object", form: "full", className: "Node", properties: "ab" },
  { kind: "vector2", x: "1", y: 2 },
  { kind: "vector2i", x: 2 ** 31, y: 0 },
  { kind: "vector3" },
  { kind: "color", r: 1, g: 0, b: 0, a: {} },
  { kind: "transform2d", values: [1, 0, 0, 1, 0] },
  { kind: "basis", values: [1, 0, 0, 0, "1", 0, 0, 0, 1] },
  { kind: "nodePath", names: "ab", subnames: [], absolute: false },
  { kind: "nodePath", names: [5], subnames: [], absolute: false },
  { kind: "nodePath", names: [], subnames: [], absolute: "yes" },
  { kind: "rid", id: 1.5 },
  { kind: "signal", name: 5, objectId: 0 },
  { kind: "array", items: "ab" },
  { kind: "array", items: [], elementType: { kind: "builtin", type: "bogus" } },
  { kind: "array", items: [], shared: "yes" },
  { kind: "dictionary", entries: [[int(1)]] },
  { kind: "dictionary", entries: "ab" },
  { kind: "packedByteArray", data: [1, 2, 300] },
  { kind: "packedInt32Array", data: new Float32Array(2) },
  { kind: "packedStringArray", data: ["a", 5] },
  { kind: "packedVector2Array", data: new Float32Array(3) },
  { kind: "image", format: 99, mipmaps: 0, width: 1, height: 1, data: new Uint8Array(4) },
  { kind: "inputEvent", eventType: 1 },
];

function throwing(thrown) {
  return {
    a: 1,
    get b() {
      throw thrown();
    },
  };
}

// One hostile leaf, made fresh (a revoked Proxy or a used iterator is not reusable).
function leaf(r) {
  switch (r.int(12)) {
    case 0:
      return ["getter", throwing(() => new Error("getter"))];
    case 1: {
      // Picked now: the rng must not move while the targets run (a replay gives the same inputs).
      const thrown = r.pick([
        5,
        Symbol("s"),
        null,
        {
          toString() {
            throw new Error("again");
          },
        },
      ]);
      return ["getter-throws-value", throwing(() => thrown)];
    }
    case 2: {
      const a = [1, 2, 3];
      Object.defineProperty(a, r.int(3), {
        get() {
          throw new Error("index getter");
        },
      });
      return ["index-getter", a];
    }
    case 3: {
      const trap = r.pick(["getPrototypeOf", "ownKeys", "get", "has", "getOwnPropertyDescriptor"]);
      return [
        `proxy-${trap}`,
        new Proxy(r.chance(0.5) ? {} : [1, 2], {
          [trap]: () => {
            throw new Error(trap);
          },
        }),
      ];
    }
    case 4: {
      const p = Proxy.revocable(r.chance(0.5) ? {} : [], {});
      p.revoke();
      return ["revoked-proxy", p.proxy];
    }
    case 5: {
      const m = new Map([[1, 2]]);
      m[Symbol.iterator] = () => {
        throw new Error("iterator");
      };
      return ["map-iterator", m];
    }
    case 6: {
      const a = [];
      a.length = r.pick([2 ** 32 - 1, 2 ** 24 + 1, 2 ** 30]);
      return ["sparse-array", a];
    }
    case 7: {
      const length = r.pick([2 ** 32 - 1, 2 ** 25]);
      return [
        "proxy-length",
        new Proxy([], { get: (t, k) => (k === "length" ? length : Reflect.get(t, k)) }),
      ];
    }
    case 8:
      return ["malformed", structuredCloneish(r.pick(MALFORMED))];
    case 9:
      return ["shared-subtrees", shared(r)];
    case 10: {
      const c = r.chance(0.5) ? [1] : { kind: "array", items: [] };
      (Array.isArray(c) ? c : c.items).push(c);
      return ["cycle", c];
    }
    default:
      return [
        "plain",
        r.pick([1, 1.5, 1e300, -(2 ** 63), "s", null, true, 5n, [1, "a"], { a: 1 }, new Uint8Array(3)]),
      ];
  }
}

// A copy, so that one input's value is not another's (typed arrays and bigints kept).
function structuredCloneish(v) {
  const out = {};
  for (const [k, x] of Object.entries(v)) out[k] = Array.isArray(x) ? [...x] : x;
  return out;
}

// `levels` containers, each holding the one below twice: 2^levels leaves. Either few levels
// (written out in full, in a few milliseconds) or many (refused): a value that expands to just
// under maxValues is written out too, which takes seconds and is no finding.
function shared(r) {
  const levels = r.chance(0.3) ? 2 + r.int(9) : 30 + r.int(31);
  const shape = r.int(4);
  let v = r.chance(0.5) ? int(1) : { kind: "packedByteArray", data: new Uint8Array(r.int(64)) };
  for (let i = 0; i < levels; i++) {
    if (shape === 0) v = { kind: "array", items: [v, v] };
    else if (shape === 1)
      v = {
        kind: "dictionary",
        entries: [
          [int(i), v],
          [int(-i - 1), v],
        ],
      };
    else if (shape === 2)
      v = {
        kind: "object",
        form: "full",
        className: "Node",
        properties: [
          ["a", v],
          ["b", v],
        ],
      };
    else v = [v, v];
  }
  return v;
}

// The leaf at a random place inside 0-3 containers of either kind (model or plain JS).
function place(r, v) {
  for (let k = r.int(4); k > 0; k--) {
    switch (r.int(6)) {
      case 0:
        v = [int(0), v];
        break;
      case 1:
        v = { a: 1, b: v };
        break;
      case 2:
        v = new Map([[1, v]]);
        break;
      case 3:
        v = { kind: "array", items: [int(0), v] };
        break;
      case 4:
        v = { kind: "dictionary", entries: [[{ kind: "string", value: "k" }, v]] };
        break;
      default:
        v = { kind: "dictionary", entries: [[v, int(1)]] };
    }
  }
  return v;
}

/** One hostile JS input: `how` names its kind, `value` is made fresh. */
export function hostileJS(r) {
  const [how, v] = leaf(r);
  return { how: `hostile-js ${how}`, value: place(r, v) };
}

/**
 * The targets a hostile JS value goes to, as [name, fn]: every dialect's encode and toText,
 * fromJS, toJS, toJSON, equals and convertValue. Each returns true for a result, false for the
 * project's error; anything else thrown is an escape.
 */
export function jsTargets() {
  const own = (fn) => (v) => {
    try {
      fn(v);
      return true;
    } catch (e) {
      if (GdVariantError.is(e)) return false;
      throw e;
    }
  };
  const list = [
    ["js.fromJS", own((v) => fromJS(v))],
    ["js.toJS", own((v) => toJS(v))],
    ["js.toJSON", own((v) => toJSON(v))],
    ["js.equals", own((v) => equals(v, v) && equals(v, { kind: "array", items: [] }))],
  ];
  for (const [id, d] of Object.entries(DIALECTS)) {
    list.push([`js.${id}.encode`, own((v) => d.encode(v))]);
    list.push([`js.${id}.toText`, own((v) => d.toText(v))]);
    list.push([`js.${id}.convert`, own((v) => convertValue(v, DIALECTS[NEXT[id]].dialect))]);
  }
  return list;
}

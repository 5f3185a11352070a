import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  type DictionaryEntry,
  dictionary,
  EncodeError,
  fromJS,
  fullObject,
  int,
  string,
  stringName,
  toJS,
  type Value,
  VECTOR_FIELDS,
  vector3,
} from "@gdvariant/core";
import { ALL_LEAVES, valueArb } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

// toJS as it was first written: one generic path per kind, every key through defineProperty.
// Slow, but plainly what the documentation says; the fast toJS must give the same result.
function referenceToJS(v: Value, dicts: "auto" | "map" = "auto"): unknown {
  const define = (t: Record<string, unknown>, k: string, x: unknown) =>
    Object.defineProperty(t, k, { value: x, enumerable: true, writable: true, configurable: true });
  switch (v.kind) {
    case "nil":
      return null;
    case "bool":
    case "int":
    case "float":
    case "string":
    case "stringName":
      return v.value;
    case "nodePath": {
      const p = (v.absolute ? "/" : "") + v.names.join("/");
      const subs = v.property !== undefined ? [...v.subnames, v.property] : v.subnames;
      return subs.length > 0 ? `${p}:${subs.join(":")}` : p;
    }
    case "array":
      return v.items.map((x) => referenceToJS(x, dicts));
    case "dictionary": {
      const plain =
        dicts === "auto" &&
        v.entries.every(([k]) => k.kind === "string" || k.kind === "stringName" || k.kind === "int");
      if (plain) {
        const out: Record<string, unknown> = {};
        for (const [k, x] of v.entries)
          define(out, String((k as { value: unknown }).value), referenceToJS(x, dicts));
        return out;
      }
      return new Map(v.entries.map(([k, x]) => [referenceToJS(k, dicts), referenceToJS(x, dicts)]));
    }
    case "object":
      if (v.form === "id") return { objectId: v.id };
      if (v.form === "null" || v.className === "") return null;
      {
        const props: Record<string, unknown> = {};
        for (const [name, x] of v.properties) define(props, name, referenceToJS(x, dicts));
        return { className: v.className, properties: props };
      }
    case "packedByteArray":
    case "packedInt32Array":
    case "packedInt64Array":
    case "packedFloat32Array":
    case "packedFloat64Array":
    case "packedVector2Array":
    case "packedVector3Array":
    case "packedVector4Array":
    case "packedColorArray":
      return v.data;
    case "packedStringArray":
      return [...v.data];
    case "transform2d":
    case "matrix32":
    case "basis":
    case "matrix3":
    case "transform3d":
    case "projection":
      return [...v.values];
    case "rid":
      return { rid: v.id };
    default: {
      if (v.kind in VECTOR_FIELDS) {
        const out: Record<string, unknown> = {};
        for (const f of VECTOR_FIELDS[v.kind as keyof typeof VECTOR_FIELDS])
          out[f] = (v as unknown as Record<string, number>)[f];
        return out;
      }
      const { kind: _k, ...rest } = v as unknown as Record<string, unknown>;
      return rest;
    }
  }
}

/**
 * Where `a` and `b` differ (undefined when they do not): the same primitives (Object.is), the
 * same typed arrays (the very objects: toJS hands out the value's data), Maps with the same
 * entries in order, arrays, and objects with the same prototype and own keys in the same order,
 * each with the same descriptor flags.
 */
function difference(a: unknown, b: unknown, at = "$"): string | undefined {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null)
    return Object.is(a, b) ? undefined : `${at}: ${String(a)} vs ${String(b)}`;
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) return a === b ? undefined : `${at}: other data`;
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map)) return `${at}: Map vs not`;
    if (a.size !== b.size) return `${at}: size ${a.size} vs ${b.size}`;
    const x = [...a];
    const y = [...b];
    for (let i = 0; i < x.length; i++) {
      const d =
        difference(x[i]![0], y[i]![0], `${at}.key${i}`) ?? difference(x[i]![1], y[i]![1], `${at}.value${i}`);
      if (d !== undefined) return d;
    }
    return undefined;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array vs not`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: other prototype`;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i]))
    return `${at}: keys ${String(ka)} vs ${String(kb)}`;
  for (const k of ka) {
    const da = Object.getOwnPropertyDescriptor(a, k)!;
    const db = Object.getOwnPropertyDescriptor(b, k)!;
    if (da.enumerable !== db.enumerable || da.writable !== db.writable || da.configurable !== db.configurable)
      return `${at}.${String(k)}: other descriptor`;
    const d = difference(da.value, db.value, `${at}.${String(k)}`);
    if (d !== undefined) return d;
  }
  return undefined;
}

// Keys that name something on Object.prototype (or would set it), each name also with its last
// character changed (same length and first character, not a name), and keys that objects order
// as array indexes.
const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype);
const HOSTILE_KEYS = [
  ...PROTO_NAMES,
  ...PROTO_NAMES.map((k) => `${k.slice(0, -1)}X`),
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "__defineGetter__",
  "__lookupSetter__",
  "propertyIsEnumerable",
  "toLocaleString",
  "prototype",
  "0",
  "1",
  "01",
  "-1",
  "4294967295",
  "",
];

const hostileKey = fc.oneof(
  fc.constantFrom(...HOSTILE_KEYS).map((k) => string(k)),
  fc.constantFrom(...HOSTILE_KEYS).map((k) => stringName(k)),
  fc.integer({ min: -2, max: 3 }).map((n) => int(n)),
  fc.string({ maxLength: 3 }).map((k) => string(k)),
);

describe("toJS", () => {
  it("gives what the reference gives for any value, with either dictionary option", () => {
    fc.assert(
      fc.property(
        valueArb(ALL_LEAVES, { typed: true, shared: true, objects: true }),
        fc.constantFrom("auto" as const, "map" as const),
        (v, dicts) => {
          expect(difference(toJS(v, { dictionaries: dicts }), referenceToJS(v, dicts))).toBeUndefined();
        },
      ),
      { numRuns: 600 },
    );
  });

  it("keeps hostile keys as plain own data and leaves every prototype alone", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(hostileKey, fc.integer({ min: 0, max: 9 })), { maxLength: 12 }),
        (pairs) => {
          const entries: DictionaryEntry[] = pairs.map(([k, n]) => [k, dictionary([[string("n"), int(n)]])]);
          const out = toJS(dictionary(entries));
          expect(difference(out, referenceToJS(dictionary(entries)))).toBeUndefined();
          expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
          const props = (
            toJS(
              fullObject(
                "Node",
                pairs.map(([k, n]) => [String((k as { value: unknown }).value), int(n)]),
              ),
            ) as { properties: object }
          ).properties;
          expect(Object.getPrototypeOf(props)).toBe(Object.prototype);
          expect(({} as Record<string, unknown>).n).toBeUndefined();
          expect(Object.keys(Object.prototype)).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("works where Object.prototype is frozen (assigning toString there would throw)", () => {
    // A process of its own: freezing Object.prototype here would change every other test.
    const script = `
      Object.freeze(Object.prototype);
      const { toJS, dictionary, fullObject, string, stringName, int } = await import("@gdvariant/core");
      const keys = ["toString", "constructor", "valueOf", "hasOwnProperty", "__proto__", "a", "0"];
      const d = toJS(dictionary(keys.map((k, i) => [i % 2 ? stringName(k) : string(k), int(i)])));
      const o = toJS(fullObject("Node", keys.map((k, i) => [k, int(i)])));
      const own = (x) => Object.getOwnPropertyNames(x).map((k) => [k, x[k]]);
      console.log(JSON.stringify({ d: own(d), o: own(o.properties), proto: Object.getPrototypeOf(d) === Object.prototype }));
    `;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: fileURLToPath(new URL("..", import.meta.url)),
      encoding: "utf8",
    });
    const got = JSON.parse(out) as { d: [string, number][]; o: [string, number][]; proto: boolean };
    const want: [string, number][] = [
      ["0", 6],
      ["toString", 0],
      ["constructor", 1],
      ["valueOf", 2],
      ["hasOwnProperty", 3],
      ["__proto__", 4],
      ["a", 5],
    ];
    expect(got.d).toEqual(want);
    expect(got.o).toEqual(want);
    expect(got.proto).toBe(true);
  });

  it("makes the object's own __proto__ key, not its prototype, from the last entry of that name", () => {
    const out = toJS(
      dictionary([
        [string("__proto__"), int(1)],
        [string("a"), int(2)],
        [stringName("__proto__"), dictionary([[string("polluted"), int(3)]])],
      ]),
    ) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["__proto__", "a"]);
    expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toEqual({ polluted: 3 });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

// fromJS's inference written out plainly, for any change made to fromJS for speed: it must
// infer the same Value from any dense JS data (a hole in a sparse array is left out: map()
// keeps it as a hole).
const KINDS_SEEN = new Set([
  ...Object.keys(VECTOR_FIELDS),
  "nil",
  "bool",
  "int",
  "float",
  "string",
  "array",
  "dictionary",
]);
function referenceFromJS(input: unknown): Value {
  switch (typeof input) {
    case "undefined":
      return { kind: "nil" };
    case "boolean":
      return { kind: "bool", value: input };
    case "bigint":
      return int(input);
    case "number":
      // Whole numbers that an int64 holds are ints; the others (1e300) floats.
      return Number.isInteger(input) && input >= -(2 ** 63) && input < 2 ** 63
        ? int(input)
        : { kind: "float", value: input };
    case "string":
      return { kind: "string", value: input };
    case "object": {
      if (input === null) return { kind: "nil" };
      if (KINDS_SEEN.has((input as { kind?: string }).kind ?? "")) return input as Value;
      if (Array.isArray(input)) return { kind: "array", items: input.map((v) => referenceFromJS(v)) };
      if (input instanceof Uint8Array) return { kind: "packedByteArray", data: input };
      if (input instanceof Float64Array) return { kind: "packedFloat64Array", data: input };
      if (input instanceof Map) {
        const entries: DictionaryEntry[] = [];
        for (const [k, v] of input) entries.push([referenceFromJS(k), referenceFromJS(v)]);
        return { kind: "dictionary", entries };
      }
      const entries: DictionaryEntry[] = [];
      for (const k of Object.keys(input))
        entries.push([{ kind: "string", value: k }, referenceFromJS((input as Record<string, unknown>)[k])]);
      return { kind: "dictionary", entries };
    }
  }
  throw new Error("not generated");
}

const jsData = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.constant(null),
    fc.constant(undefined),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
    fc.string({ maxLength: 6 }),
    fc.uint8Array({ maxLength: 4 }),
    fc.float64Array({ maxLength: 3 }),
    fc.tuple(fc.double(), fc.double(), fc.double()).map(([x, y, z]) => vector3(x, y, z)),
  ),
  node: fc.oneof(
    { depthSize: "small" },
    tie("leaf"),
    fc.array(tie("node"), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 4 }), tie("node"), { maxKeys: 5 }),
    fc
      .dictionary(fc.string({ maxLength: 4 }), tie("node"), { maxKeys: 3 })
      .map((o) => Object.assign(Object.create(null) as object, o)),
    fc.array(fc.tuple(tie("leaf"), tie("node")), { maxLength: 3 }).map((pairs) => new Map(pairs)),
  ),
})).node;

describe("fromJS", () => {
  it("infers what the reference infers from any dense JS data", () => {
    fc.assert(
      fc.property(jsData, (input) => {
        // The same Value, or the same refusal (an integral double beyond int64, say).
        const outcome = (f: () => Value) => {
          try {
            return { value: f() };
          } catch (e) {
            return { error: EncodeError.is(e) ? e.code : String(e) };
          }
        };
        expect(outcome(() => fromJS(input))).toStrictEqual(outcome(() => referenceFromJS(input)));
      }),
      { numRuns: 800 },
    );
  });

  it("refuses what no Variant holds, at any depth", () => {
    for (const bad of [() => 1, Symbol("s"), new Date(0), new (class A {})()]) {
      expect(() => fromJS(bad)).toThrow(EncodeError);
      expect(() => fromJS({ a: [bad] })).toThrow(EncodeError);
    }
  });
});

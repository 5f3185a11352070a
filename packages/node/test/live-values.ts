// Values the Node server sends to the live Godot clients: hand-picked edge cases plus seeded
// random nested values, all exactly representable in the engine (math types in float32, no
// dictionary keys the engine would merge, no NUL in strings).
import type { Value } from "@gdvariant/core";

/** mulberry32: a small seeded PRNG, so a failing run can be replayed from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  "a",
  "Z",
  "0",
  " ",
  "é",
  "ß",
  "✓",
  "🎮",
  "日本",
  '"',
  "\\",
  "\n",
  "\t",
  "'",
  "{",
  ":",
  "𝄞",
  "ё",
];

class Gen {
  constructor(readonly rnd: () => number) {}
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rnd() * (hi - lo + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
  /** A float32-exact number (a multiple of 1/64 within ±2^17... or a plain f32 cast). */
  f32(): number {
    return this.rnd() < 0.5 ? this.int(-100000, 100000) / 64 : Math.fround((this.rnd() - 0.5) * 1e4);
  }
  f64(): number {
    return (this.rnd() - 0.5) * 10 ** this.int(-8, 12);
  }
  text(): string {
    let s = "";
    for (let i = this.int(0, 8); i > 0; i--) s += this.pick(PIECES);
    return s;
  }
  int64(): Value {
    const hi = BigInt(this.int(-(2 ** 31), 2 ** 31 - 1));
    const lo = BigInt(this.int(0, 2 ** 32 - 1));
    const v = (hi << 32n) | lo;
    const safe = v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER);
    return { kind: "int", value: safe ? Number(v) : v };
  }
  nums(n: number, f: () => number): number[] {
    return Array.from({ length: n }, f);
  }
}

type LeafMaker = (g: Gen) => Value;

/** Leaves both 3.x and 4.x have. */
const COMMON: LeafMaker[] = [
  () => ({ kind: "nil" }),
  (g) => ({ kind: "bool", value: g.rnd() < 0.5 }),
  (g) => ({ kind: "int", value: g.int(-(2 ** 31), 2 ** 31 - 1) }),
  (g) => g.int64(),
  (g) => ({ kind: "float", value: g.f64() }),
  (g) => ({ kind: "string", value: g.text() }),
  (g) => ({ kind: "vector2", x: g.f32(), y: g.f32() }),
  (g) => ({ kind: "rect2", x: g.f32(), y: g.f32(), width: g.f32(), height: g.f32() }),
  (g) => ({ kind: "vector3", x: g.f32(), y: g.f32(), z: g.f32() }),
  (g) => ({ kind: "transform2d", values: g.nums(6, () => g.f32()) }),
  (g) => ({ kind: "plane", x: g.f32(), y: g.f32(), z: g.f32(), d: g.f32() }),
  (g) => ({ kind: "quaternion", x: g.f32(), y: g.f32(), z: g.f32(), w: g.f32() }),
  (g) => ({
    kind: "aabb",
    x: g.f32(),
    y: g.f32(),
    z: g.f32(),
    width: g.f32(),
    height: g.f32(),
    depth: g.f32(),
  }),
  (g) => ({ kind: "basis", values: g.nums(9, () => g.f32()) }),
  (g) => ({ kind: "transform3d", values: g.nums(12, () => g.f32()) }),
  (g) => ({ kind: "color", r: g.f32(), g: g.f32(), b: g.f32(), a: g.f32() }),
  (g) =>
    g.pick<Value>([
      { kind: "nodePath", names: ["a", "b"], subnames: [], absolute: false },
      { kind: "nodePath", names: ["root", "Main"], subnames: ["position", "x"], absolute: true },
      { kind: "nodePath", names: ["..", "Sibling"], subnames: ["visible"], absolute: false },
    ]),
  (g) => ({ kind: "packedByteArray", data: Uint8Array.from(g.nums(g.int(0, 9), () => g.int(0, 255))) }),
  (g) => ({
    kind: "packedInt32Array",
    data: Int32Array.from(g.nums(g.int(0, 6), () => g.int(-(2 ** 31), 2 ** 31 - 1))),
  }),
  (g) => ({ kind: "packedFloat32Array", data: Float32Array.from(g.nums(g.int(0, 6), () => g.f32())) }),
  (g) => ({ kind: "packedStringArray", data: Array.from({ length: g.int(0, 4) }, () => g.text()) }),
  (g) => ({ kind: "packedVector2Array", data: Float32Array.from(g.nums(2 * g.int(0, 4), () => g.f32())) }),
  (g) => ({ kind: "packedVector3Array", data: Float32Array.from(g.nums(3 * g.int(0, 4), () => g.f32())) }),
  (g) => ({ kind: "packedColorArray", data: Float32Array.from(g.nums(4 * g.int(0, 4), () => g.f32())) }),
];

/** Leaves only 4.x has. */
const ONLY4: LeafMaker[] = [
  (g) => ({ kind: "stringName", value: g.text() }),
  (g) => ({ kind: "vector2i", x: g.int(-1e9, 1e9), y: g.int(-1e9, 1e9) }),
  (g) => ({
    kind: "rect2i",
    x: g.int(-1e6, 1e6),
    y: g.int(-1e6, 1e6),
    width: g.int(0, 1e6),
    height: g.int(0, 1e6),
  }),
  (g) => ({ kind: "vector3i", x: g.int(-1e9, 1e9), y: g.int(-1e9, 1e9), z: g.int(-1e9, 1e9) }),
  (g) => ({ kind: "vector4", x: g.f32(), y: g.f32(), z: g.f32(), w: g.f32() }),
  (g) => ({
    kind: "vector4i",
    x: g.int(-1e9, 1e9),
    y: g.int(-1e9, 1e9),
    z: g.int(-1e9, 1e9),
    w: g.int(-1e9, 1e9),
  }),
  (g) => ({ kind: "projection", values: g.nums(16, () => g.f32()) }),
  (g) => {
    const big = (g.int64() as { value: number | bigint }).value;
    return { kind: "packedInt64Array", data: BigInt64Array.from([BigInt(big), BigInt(g.int(-5, 5))]) };
  },
  (g) => ({ kind: "packedFloat64Array", data: Float64Array.from(g.nums(g.int(0, 5), () => g.f64())) }),
  (g) => ({ kind: "packedVector4Array", data: Float32Array.from(g.nums(4 * g.int(0, 3), () => g.f32())) }),
  (g) => ({
    kind: "array",
    elementType: { kind: "builtin", type: "int" },
    items: g.nums(g.int(0, 4), () => g.int(-100, 100)).map((value): Value => ({ kind: "int", value })),
  }),
];

function randomValue(g: Gen, leaves: readonly LeafMaker[], depth: number): Value {
  const pick = g.int(0, 5);
  if (depth >= 3 || pick > 1) return g.pick(leaves)(g);
  if (pick === 0) {
    return {
      kind: "array",
      items: Array.from({ length: g.int(0, 4) }, () => randomValue(g, leaves, depth + 1)),
    };
  }
  // String and int keys, unique: the engine merges keys that compare equal.
  const seen = new Set<string>();
  const entries: [Value, Value][] = [];
  for (let i = g.int(0, 4); i > 0; i--) {
    const key: Value =
      g.rnd() < 0.5 ? { kind: "string", value: g.text() } : { kind: "int", value: g.int(-1000, 1000) };
    const id = `${key.kind}:${(key as { value: unknown }).value}`;
    if (seen.has(id) || (key.kind === "int" && seen.has(`string:${key.value}`))) continue;
    seen.add(id);
    entries.push([key, randomValue(g, leaves, depth + 1)]);
  }
  return { kind: "dictionary", entries };
}

function handPicked(): Value[] {
  return [
    { kind: "nil" },
    { kind: "bool", value: true },
    { kind: "int", value: 0 },
    { kind: "int", value: -1 },
    { kind: "int", value: 2147483647 },
    { kind: "int", value: 2147483648 },
    { kind: "int", value: -2147483649 },
    { kind: "int", value: 9007199254740993n },
    { kind: "int", value: 9223372036854775807n },
    { kind: "int", value: -9223372036854775808n },
    { kind: "float", value: 0.1 },
    { kind: "float", value: 1.5 },
    { kind: "float", value: -1e300 },
    { kind: "float", value: 5e-324 },
    { kind: "string", value: "" },
    { kind: "string", value: 'héllo wörld ✓ 🎮 日本語 "quoted" back\\slash\nnew line' },
    {
      kind: "dictionary",
      entries: [
        [
          { kind: "string", value: "player" },
          {
            kind: "dictionary",
            entries: [
              [
                { kind: "string", value: "name" },
                { kind: "string", value: "Zoë 🎮" },
              ],
              [
                { kind: "string", value: "hp" },
                { kind: "int", value: 100 },
              ],
              [
                { kind: "string", value: "inventory" },
                {
                  kind: "array",
                  items: [
                    {
                      kind: "dictionary",
                      entries: [
                        [
                          { kind: "string", value: "sword" },
                          { kind: "int", value: 1 },
                        ],
                      ],
                    },
                    { kind: "packedStringArray", data: ["potion", "エリクサー"] },
                  ],
                },
              ],
            ],
          },
        ],
        [
          { kind: "int", value: 7 },
          { kind: "string", value: "seven" },
        ],
        [
          { kind: "vector2", x: 1, y: 2 },
          { kind: "string", value: "vector key" },
        ],
      ],
    },
    { kind: "packedByteArray", data: Uint8Array.from({ length: 100000 }, (_, i) => (i * 13) & 255) },
    { kind: "packedByteArray", data: new Uint8Array(0) },
    { kind: "packedInt32Array", data: Int32Array.from([-2147483648, 0, 2147483647]) },
    { kind: "packedFloat32Array", data: Float32Array.from([0.5, -0.25, 3.75]) },
    { kind: "packedStringArray", data: ["", "ü", "🎮", "日本"] },
    { kind: "packedVector2Array", data: Float32Array.from([1, 2, -3, 4.5]) },
    { kind: "packedVector3Array", data: Float32Array.from([1, 2, 3]) },
    { kind: "packedColorArray", data: Float32Array.from([1, 0, 0, 0.5]) },
    { kind: "rid", id: 0 },
  ];
}

/** What the server sends to the Godot 3 client. */
export function values3(seed: number, count: number): Value[] {
  const g = new Gen(prng(seed));
  const vs = handPicked();
  while (vs.length < count) vs.push(randomValue(g, COMMON, 0));
  return vs;
}

/** What the server sends to the Godot 4 client (4.x kinds too, typed arrays, StringNames). */
export function values4(seed: number, count: number): Value[] {
  const g = new Gen(prng(seed));
  const vs: Value[] = handPicked().filter((v) => v.kind !== "rid");
  vs.push(
    { kind: "stringName", value: "a_name" },
    { kind: "packedInt64Array", data: BigInt64Array.from([-(2n ** 63n), 0n, 2n ** 63n - 1n]) },
    { kind: "packedFloat64Array", data: Float64Array.from([0.1, -1e300]) },
    { kind: "packedVector4Array", data: Float32Array.from([1, 2, 3, 4]) },
    { kind: "vector2i", x: -2147483648, y: 2147483647 },
  );
  const leaves = [...COMMON, ...ONLY4];
  while (vs.length < count) vs.push(randomValue(g, leaves, 0));
  return vs;
}

// Ground truth: bytes and var2str text written by a real Godot 2.1.4 (test/fixtures, copied
// from the shared fixture set). `vectors.txt` holds var2bytes() of the values built in
// vectors.gd; `random-cases.tsv` holds random values with the engine's own text.
import {
  aabb,
  array,
  bool,
  color,
  dictionary,
  equals,
  float,
  image,
  inputEvent,
  int,
  matrix3,
  matrix32,
  nil,
  nullObject,
  packedByteArray,
  packedColorArray,
  packedFloat32Array,
  packedInt32Array,
  packedStringArray,
  packedVector2Array,
  packedVector3Array,
  plane,
  quaternion,
  readStoreVarFile,
  rect2,
  rid,
  string,
  transform3d,
  type Value,
  vector2,
  vector3,
  writeStoreVarFile,
} from "@gdvariant/core";
import {
  decode,
  decodeWithLength,
  dialect,
  EVENT_TYPES as E,
  encode,
  encodeInto,
  engineWrittenSubnames,
  KEY_MASK,
  nodePath2,
  toText,
} from "@gdvariant/legacy-2";
import { cEscape, parseText } from "@gdvariant/legacy-2/text";
import { describe, expect, it } from "vitest";
import {
  cUnescape,
  diffMasked,
  diffMaskedStream,
  randomCases,
  unhex,
  vectorLines,
} from "./support/fixtures.js";

const f = Math.fround;
const sh = { shared: true } as const;
const arr = (items: Value[]) => array(items, sh);
const dict = (entries: [Value, Value][]) => dictionary(entries, sh);
const s = string;
const i = int;

// The value each vectors.gd line was built from (reals as the engine holds them: f32).
// Dictionary entries are listed in the engine's hash order, the order it wrote them in.
const EXPECTED: Record<string, Value> = {
  nil: nil(),
  bool_false: bool(false),
  bool_true: bool(true),
  int_0: i(0),
  int_1: i(1),
  int_neg1: i(-1),
  int_255: i(255),
  int_2147483647: i(2147483647),
  int_neg2147483648: i(-2147483648),
  float_0: float(0),
  "float_1.5": float(1.5),
  "float_neg2.25": float(-2.25),
  "float_0.1": float(f(0.1)),
  float_1e300: float(Number.POSITIVE_INFINITY),
  float_100: float(100),
  float_pi: float(f(Math.PI)),
  float_neg0_runtime: float(-0),
  str_empty: s(""),
  str_a: s("a"),
  str_ab: s("ab"),
  str_abc: s("abc"),
  str_abcd: s("abcd"),
  str_abcde: s("abcde"),
  str_hello: s("Hello, World!"),
  str_unicode_e: s("héllo"),
  str_cjk: s("日本語"),
  str_newline: s("line1\nline2\ttab"),
  vec2: vector2(1.5, -2.25),
  "vec2_0.1": vector2(f(0.1), f(0.2)),
  vec2_zero: vector2(0, 0),
  rect2: rect2(1.5, 2.5, 3.5, 4.5),
  vec3: vector3(1.5, -2.25, 3),
  matrix32: matrix32([1, 2, 3, 4, 5, 6]),
  matrix32_identity: matrix32([1, 0, 0, 1, 0, 0]),
  plane: plane(1, 2, 3, 4),
  quat: quaternion(f(0.1), f(0.2), f(0.3), f(0.4)),
  quat_identity: quaternion(0, 0, 0, 1),
  aabb: aabb(1, 2, 3, 4, 5, 6),
  // Matrix3(x_axis, y_axis, z_axis): the axes are columns; the wire is row-major.
  matrix3: matrix3([1, 4, 7, 2, 5, 8, 3, 6, 9]),
  matrix3_identity: matrix3([1, 0, 0, 0, 1, 0, 0, 0, 1]),
  transform: transform3d([1, 4, 7, 2, 5, 8, 3, 6, 9, 10, 11, 12]),
  transform_identity: transform3d([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
  color: color(f(0.1), f(0.2), f(0.3), f(0.4)),
  color_red: color(1, 0, 0, 1),
  // put_pixel stores Color * 255 truncated: alpha 0.5 -> 127.
  image_rgba_2x2: image({
    format: 4,
    width: 2,
    height: 2,
    data: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 127],
  }),
  image_gray_3x1: image({ format: 0, width: 3, height: 1, data: [0, 0, 0] }),
  image_empty: image({ format: 0, width: 0, height: 0, data: [] }),
  nodepath_empty: nodePath2(""),
  nodepath_rel: nodePath2("A/B"),
  nodepath_abs: nodePath2("/root/Main"),
  nodepath_subnames: nodePath2("Node/Child:prop:sub"),
  nodepath_abs_subname: nodePath2("/root/X:position:x"),
  nodepath_only_subname: nodePath2(":prop"),
  nodepath_parent: nodePath2("../Sibling"),
  nodepath_dot: nodePath2("."),
  nodepath_unicode: nodePath2("Nöde/日本"),
  rid_empty: rid(0),
  object_node: nullObject(),
  reference: nullObject(),
  resource: nullObject(),
  inputevent_none: inputEvent({ eventType: E.NONE, device: 0 }),
  inputevent_key_a_shift_ctrl: inputEvent({
    eventType: E.KEY,
    device: 3,
    modifiers: KEY_MASK.SHIFT | KEY_MASK.CTRL,
    scancode: 65,
  }),
  inputevent_key_esc_alt_meta: inputEvent({
    eventType: E.KEY,
    device: 0,
    modifiers: KEY_MASK.ALT | KEY_MASK.META,
    scancode: 0x01000001,
  }),
  inputevent_mouse_button_right: inputEvent({ eventType: E.MOUSE_BUTTON, device: 0, buttonIndex: 2 }),
  inputevent_joy_button_5: inputEvent({ eventType: E.JOYSTICK_BUTTON, device: 1, buttonIndex: 5 }),
  inputevent_joy_motion: inputEvent({ eventType: E.JOYSTICK_MOTION, device: 0, axis: 2, axisValue: 0.5 }),
  inputevent_screen_touch: inputEvent({ eventType: E.SCREEN_TOUCH, device: 0, index: 4 }),
  inputevent_mouse_motion: inputEvent({ eventType: E.MOUSE_MOTION, device: 0 }),
  inputevent_action: inputEvent({ eventType: E.ACTION, device: 0 }),
  dict_empty: dict([]),
  dict_simple: dict([[s("a"), i(1)]]),
  dict_mixed: dict([
    [nil(), bool(true)],
    [vector2(1, 2), arr([i(1), i(2)])],
    [i(2), s("b")],
    [s("a"), i(1)],
    [float(1.5), s("x")],
  ]),
  dict_nested: dict([[s("outer"), dict([[s("inner"), arr([i(1), dict([[s("deep"), s("x")]])])]])]]),
  array_empty: arr([]),
  array_mixed: arr([i(1), s("a"), nil(), float(1.5), bool(true)]),
  array_nested: arr([arr([i(1)]), arr([i(2), arr([i(3)])]), dict([[s("k"), arr([])]])]),
  raw_empty: packedByteArray([]),
  raw_1: packedByteArray([1]),
  raw_3: packedByteArray([1, 2, 255]),
  raw_4: packedByteArray([1, 2, 3, 4]),
  raw_5: packedByteArray([1, 2, 3, 4, 5]),
  int_array_empty: packedInt32Array([]),
  int_array: packedInt32Array([1, -1, 2147483647]),
  real_array: packedFloat32Array([1.5, 0.1, -2]),
  string_array_empty: packedStringArray([]),
  string_array: packedStringArray(["a", "héllo", "", "abcd"]),
  vec2_array: packedVector2Array([1, 2, -0.5, 0.1]),
  vec3_array: packedVector3Array([1, 2, 3, -0.5, 0.1, 9]),
  color_array: packedColorArray([1, 0, 0, 1, 0.1, 0.2, 0.3, 0.4]),
  nested_big: dict([
    [s("path"), nodePath2("A/B:c")],
    [
      s("inv"),
      arr([
        dict([
          [s("id"), i(1)],
          [s("qty"), i(5)],
        ]),
        dict([
          [s("id"), i(2)],
          [s("qty"), packedInt32Array([1, 2])],
        ]),
      ]),
    ],
    [s("tags"), packedStringArray(["a", "b"])],
    [s("name"), s("Player")],
    [s("pos"), vector3(1, 2, 3)],
  ]),
};

// The 2.x encoder writes subname k with index N + k - S: what it put on the wire, and so what
// decoding gives back, differs from the path the script built when N != S.
const SUBNAME_BUG = new Set(["nodepath_subnames", "nodepath_abs_subname"]);

function withEngineSubnames(v: Value): Value {
  if (v.kind !== "nodePath") return v;
  return { ...v, subnames: engineWrittenSubnames(v.names, v.subnames) };
}

const lines = vectorLines();
const values = lines.filter((l) => !l.label.startsWith("filestore") && !l.label.startsWith("streampeer"));

describe("vectors.txt (Godot 2.1.4 var2bytes)", () => {
  it("covers every value line with an expected value", () => {
    expect(values.map((l) => l.label).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(values)("$label decodes to the value vectors.gd built", ({ label, hex: h }) => {
    const { value, length } = decodeWithLength(unhex(h));
    expect(length).toBe(h.length / 2);
    const want = SUBNAME_BUG.has(label) ? withEngineSubnames(EXPECTED[label]!) : EXPECTED[label]!;
    expect(equals(value, want), JSON.stringify(value)).toBe(true);
  });

  it.each(values)("$label encodes to the engine's bytes (padding and ?? masked)", ({ label, hex: h }) => {
    const options = SUBNAME_BUG.has(label) ? ({ nodePathSubnames: "engine" } as const) : {};
    expect(diffMasked(h, encode(EXPECTED[label]!, options))).toBeUndefined();
    // And the decoded value writes the same bytes back with default options.
    expect(diffMasked(h, encode(decode(unhex(h))))).toBeUndefined();
    // encodeInto: the same bytes into an exact-size buffer; one byte less is refused.
    const ours = encode(EXPECTED[label]!, options);
    const into = new Uint8Array(ours.length);
    expect(encodeInto(EXPECTED[label]!, into, 0, options)).toBe(ours.length);
    expect(into).toEqual(ours);
    expect(() => encodeInto(EXPECTED[label]!, into, 1, options)).toThrow(/\(target-too-small\)/);
  });

  it("the subname bug cases differ from a correct encoding", () => {
    for (const label of SUBNAME_BUG) {
      const h = values.find((l) => l.label === label)!.hex;
      expect(diffMasked(h, encode(EXPECTED[label]!))).toBeDefined();
    }
  });

  it("reads and writes File.store_var and StreamPeerBuffer.put_var streams (u32 length + value)", () => {
    const expected: Record<string, Value[]> = {
      filestore_42_abc_arr: [i(42), s("abc"), arr([i(1), s("x")])],
      streampeer_42_abc_dict: [i(42), s("abc"), dict([[s("a"), i(1)]])],
    };
    for (const l of lines.filter((x) => x.label in expected)) {
      const records = readStoreVarFile(dialect, unhex(l.hex));
      expect(records.map((r) => r.offset)).toEqual([0, 12, 28]);
      expect(records.length).toBe(expected[l.label]!.length);
      records.forEach((r, k) => {
        expect(equals(r.value, expected[l.label]![k]!)).toBe(true);
      });
      expect(diffMaskedStream(l.hex, writeStoreVarFile(dialect, expected[l.label]!)) ?? "same").toBe("same");
    }
  });
});

describe("random-cases.tsv (Godot 2.1.4 var2bytes + var2str, 1000 values)", () => {
  const cases = randomCases();

  it("has 1000 cases", () => expect(cases.length).toBe(1000));

  it("every case decodes, writes the engine's bytes back and prints the engine's text", () => {
    const failures: string[] = [];
    for (const c of cases) {
      const value = decode(unhex(c.hex), { exact: true });
      const d = diffMasked(c.hex, encode(value));
      if (d) failures.push(`line ${c.line}: bytes ${d}`);
      // The file holds c_escape(var2str(v)); compare in that form.
      const text = cEscape(toText(value));
      if (text !== c.text) failures.push(`line ${c.line}: text\n  got  ${text}\n  want ${c.text}`);
      const again = decode(encode(value));
      if (!equals(again, value)) failures.push(`line ${c.line}: round trip changed the value`);
    }
    expect(failures).toEqual([]);
  });

  it("reading the engine's text back and printing it gives the engine's text (parseText)", () => {
    const failures: string[] = [];
    for (const c of cases) {
      const text = cUnescape(c.text);
      const again = toText(parseText(text));
      if (again !== text) failures.push(`line ${c.line}:\n  got  ${again}\n  want ${text}`);
    }
    expect(failures).toEqual([]);
  });
});

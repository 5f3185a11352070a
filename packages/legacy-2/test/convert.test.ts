// 2.x values converted to 3.x/4.x (toModern), written with 3.x/4.x tables, and checked against
// the real engines: Godot 3.2.3 and 4.6.3 must read our bytes back and write the very same bytes
// (so the object, its property list and the Image data dictionary are exactly what the engine
// writes), and for the values vectors.gd built, our bytes must equal the bytes the engine
// writes for the same event or image built natively.
import { encodeWith, image, inputEvent, type Value } from "@gdvariant/core";
import {
  decode,
  EVENT_TYPES as E,
  IMAGE_FORMAT as F,
  KEY_MASK,
  modernRewrite,
  scancodeTo3,
  scancodeTo4,
  toModern,
} from "@gdvariant/legacy-2";
import { describe, expect, it } from "vitest";
import { engineAvailable, runEngineScript, taggedLines } from "./support/engines.js";
import { hex, randomCases, unhex, vectorLines } from "./support/fixtures.js";
import { godot3, godot4 } from "./support/modern-dialects.js";

function collect(v: Value, out: Value[]): void {
  if (v.kind === "image" || v.kind === "inputEvent") out.push(v);
  if (v.kind === "array") for (const x of v.items) collect(x, out);
  if (v.kind === "dictionary") {
    for (const [k, x] of v.entries) {
      collect(k, out);
      collect(x, out);
    }
  }
}

// Every Image and InputEvent of the 2.1.4 fixtures, plus images of the formats the fixtures lack.
function cases(): [string, Value][] {
  const out: [string, Value][] = [];
  for (const l of vectorLines()) {
    if (l.label.startsWith("image_") || l.label.startsWith("inputevent_"))
      out.push([l.label, decode(unhex(l.hex))]);
  }
  const seen = new Set<string>();
  for (const c of randomCases()) {
    const found: Value[] = [];
    collect(decode(unhex(c.hex)), found);
    found.forEach((v, k) => {
      const key = JSON.stringify(v, (_, x) => (x instanceof Uint8Array ? [...x] : x));
      if (!seen.has(key)) {
        seen.add(key);
        out.push([`random_${c.line}_${k}`, v]);
      }
    });
  }
  const palette = (pitch: number) => Array.from({ length: 256 * pitch }, (_, i) => (i * 7) & 255);
  const ramp = (n: number) => Array.from({ length: n }, (_, i) => (i * 37 + 11) & 255);
  out.push(
    ["intensity", image({ format: F.INTENSITY, width: 2, height: 2, data: [0, 64, 128, 255] })],
    ["indexed", image({ format: F.INDEXED, width: 2, height: 1, data: [3, 200, ...palette(3)] })],
    ["indexed_alpha", image({ format: F.INDEXED_ALPHA, width: 2, height: 1, data: [3, 200, ...palette(4)] })],
    ["yuv444", image({ format: F.YUV_444, width: 2, height: 1, data: [16, 128, 128, 235, 90, 240] })],
    ["yuv422", image({ format: F.YUV_422, width: 2, height: 1, data: [81, 90, 145, 240] })],
    ["rgba_full_mips", image({ format: F.RGBA, width: 4, height: 2, mipmaps: 2, data: ramp(32 + 8 + 4) })],
    ["rgb_partial_mips", image({ format: F.RGB, width: 4, height: 4, mipmaps: 1, data: ramp(48 + 12) })],
    [
      "gray_all_mips",
      image({ format: F.GRAYSCALE, width: 3, height: 2, mipmaps: 0xffffffff, data: ramp(6 + 1) }),
    ],
    ["bc1", image({ format: F.BC1, width: 4, height: 4, data: ramp(8) })],
    ["bc3_mips", image({ format: F.BC3, width: 8, height: 8, mipmaps: 1, data: ramp(64 + 16) })],
    ["bc1_odd", image({ format: F.BC1, width: 6, height: 4, data: ramp(12) })],
    ["pvrtc4", image({ format: F.PVRTC4, width: 8, height: 8, data: ramp(32) })],
    ["etc", image({ format: F.ETC, width: 4, height: 4, data: ramp(8) })],
    ["atc", image({ format: F.ATC, width: 8, height: 8, data: ramp(32) })],
    ["custom", image({ format: F.CUSTOM, width: 1, height: 1, data: [1, 2] })],
    ["rejected_size", image({ format: F.RGBA, width: 2, height: 2, data: [1, 2, 3] })],
    ["key_kp_enter", inputEvent({ eventType: E.KEY, device: 0, modifiers: 0, scancode: 0x01000080 })],
    ["joy_l2", inputEvent({ eventType: E.JOYSTICK_BUTTON, device: 0, buttonIndex: 6 })],
    ["joy_start", inputEvent({ eventType: E.JOYSTICK_BUTTON, device: 2, buttonIndex: 11 })],
    ["joy_axis_l2", inputEvent({ eventType: E.JOYSTICK_MOTION, device: 0, axis: 6, axisValue: -0.25 })],
    ["joy_motion_20", inputEvent({ eventType: E.JOYSTICK_MOTION, device: 0, axis: 1 })],
    ["screen_drag", inputEvent({ eventType: E.SCREEN_DRAG, device: 0 })],
  );
  return out;
}

function script(major: 3 | 4): string {
  // A hand-written hex decoder: 3.2 has no String.hex_decode().
  const common = `
func unhex(s):
	var digits = "0123456789abcdef"
	var out = ${major === 3 ? "PoolByteArray()" : "PackedByteArray()"}
	for i in range(0, s.length(), 2):
		out.append(digits.find(s[i]) * 16 + digits.find(s[i + 1]))
	return out
`;
  if (major === 3) {
    return `extends SceneTree
${common}
func put(label, v):
	print("## ", label, " ", var2bytes(v, true).hex_encode())

func _init():
	var f = File.new()
	f.open(OS.get_environment("L2_DIR") + "/in.txt", File.READ)
	while not f.eof_reached():
		var line = f.get_line()
		if line == "":
			continue
		var parts = line.split(" ")
		var v = bytes2var(unhex(parts[1]), true)
		print("@@ ", parts[0], " ", var2bytes(v, true).hex_encode())
	f.close()
	var k = InputEventKey.new(); k.device = 3; k.scancode = KEY_A; k.shift = true; k.control = true
	put("inputevent_key_a_shift_ctrl", k)
	var k2 = InputEventKey.new(); k2.scancode = KEY_ESCAPE; k2.alt = true; k2.meta = true
	put("inputevent_key_esc_alt_meta", k2)
	var mb = InputEventMouseButton.new(); mb.button_index = BUTTON_RIGHT
	put("inputevent_mouse_button_right", mb)
	var jb = InputEventJoypadButton.new(); jb.button_index = 5; jb.device = 1
	put("inputevent_joy_button_5", jb)
	var jm = InputEventJoypadMotion.new(); jm.axis = 2; jm.axis_value = 0.5
	put("inputevent_joy_motion", jm)
	var st = InputEventScreenTouch.new(); st.index = 4
	put("inputevent_screen_touch", st)
	put("inputevent_mouse_motion", InputEventMouseMotion.new())
	put("inputevent_action", InputEventAction.new())
	var img = Image.new()
	img.create_from_data(2, 2, false, Image.FORMAT_RGBA8, PoolByteArray([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 127]))
	put("image_rgba_2x2", img)
	var g = Image.new()
	g.create_from_data(3, 1, false, Image.FORMAT_L8, PoolByteArray([0, 0, 0]))
	put("image_gray_3x1", g)
	put("image_empty", Image.new())
	quit()
`;
  }
  return `extends SceneTree
${common}
func put(label, v):
	print("## ", label, " ", var_to_bytes_with_objects(v).hex_encode())

func _init():
	var f = FileAccess.open(OS.get_environment("L2_DIR") + "/in.txt", FileAccess.READ)
	while not f.eof_reached():
		var line = f.get_line()
		if line == "":
			continue
		var parts = line.split(" ")
		var v = bytes_to_var_with_objects(unhex(parts[1]))
		print("@@ ", parts[0], " ", var_to_bytes_with_objects(v).hex_encode())
	f.close()
	var k = InputEventKey.new(); k.device = 3; k.keycode = KEY_A; k.shift_pressed = true; k.ctrl_pressed = true
	put("inputevent_key_a_shift_ctrl", k)
	var k2 = InputEventKey.new(); k2.keycode = KEY_ESCAPE; k2.alt_pressed = true; k2.meta_pressed = true
	put("inputevent_key_esc_alt_meta", k2)
	var mb = InputEventMouseButton.new(); mb.button_index = MOUSE_BUTTON_RIGHT
	put("inputevent_mouse_button_right", mb)
	var jb = InputEventJoypadButton.new(); jb.button_index = JOY_BUTTON_RIGHT_SHOULDER; jb.device = 1
	put("inputevent_joy_button_5", jb)
	var jm = InputEventJoypadMotion.new(); jm.axis = JOY_AXIS_RIGHT_X; jm.axis_value = 0.5
	put("inputevent_joy_motion", jm)
	var st = InputEventScreenTouch.new(); st.index = 4
	put("inputevent_screen_touch", st)
	put("inputevent_mouse_motion", InputEventMouseMotion.new())
	put("inputevent_action", InputEventAction.new())
	put("image_rgba_2x2", Image.create_from_data(2, 2, false, Image.FORMAT_RGBA8, PackedByteArray([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 127])))
	put("image_gray_3x1", Image.create_from_data(3, 1, false, Image.FORMAT_L8, PackedByteArray([0, 0, 0])))
	put("image_empty", Image.new())
	quit()
`;
}

const NATIVE = [
  "inputevent_key_a_shift_ctrl",
  "inputevent_key_esc_alt_meta",
  "inputevent_mouse_button_right",
  "inputevent_joy_button_5",
  "inputevent_joy_motion",
  "inputevent_screen_touch",
  "inputevent_mouse_motion",
  "inputevent_action",
  "image_rgba_2x2",
  "image_gray_3x1",
  "image_empty",
];

for (const major of [3, 4] as const) {
  describe(`toModern(target "${major}") against Godot ${major === 3 ? "3.2.3" : "4.6.3"}`, () => {
    const all = cases();
    const dialect = major === 3 ? godot3 : godot4;
    const ours = new Map<string, string>();
    for (const [label, v] of all) {
      const { value } = toModern(v, { target: major === 3 ? "3" : "4" });
      if (value.kind === "nil") continue; // NONE events: no 3.x/4.x class
      ours.set(label, hex(encodeWith(dialect, value)));
    }

    it.runIf(engineAvailable(major))(
      "the engine reads every converted value and writes the same bytes",
      () => {
        const input = [...ours].map(([l, h]) => `${l} ${h}`).join("\n");
        const out = runEngineScript(major, script(major), { "in.txt": `${input}\n` });
        const back = taggedLines(out);
        const wrong: string[] = [];
        for (const [label, h] of ours) {
          const got = back.get(label)?.[0];
          if (got !== h) wrong.push(`${label}\n  ours   ${h}\n  engine ${got}`);
        }
        expect(wrong).toEqual([]);
        expect(ours.size).toBeGreaterThan(60);

        // Natively built counterparts of the vectors.gd values: byte-identical.
        const native = taggedLines(out, "##");
        for (const label of NATIVE) {
          expect(native.get(label)?.[0], label).toBe(ours.get(label));
        }
      },
    );
  });
}

describe("toModern without an engine", () => {
  it("maps the 2.x kinds and reports losses with paths", () => {
    const v = decode(unhex(vectorLines().find((l) => l.label === "nested_big")!.hex));
    const r = toModern(v, { target: "4" });
    expect(r.losses).toEqual([]);
    const path = (r.value as unknown as { entries: [Value, Value][] }).entries[0]![1];
    expect(path).toEqual({ kind: "nodePath", names: ["A", "B"], subnames: ["c"], absolute: false });
    expect((r.value as { shared?: boolean }).shared).toBeUndefined();

    const list = toModern(
      {
        kind: "array",
        items: [
          inputEvent({ eventType: E.NONE, device: 0 }),
          { kind: "matrix32", values: [1, 0, 0, 1, 2, 3] },
        ],
      },
      { target: "3" },
    );
    expect(list.value).toEqual({
      kind: "array",
      items: [{ kind: "nil" }, { kind: "transform2d", values: [1, 0, 0, 1, 2, 3] }],
    });
    expect(list.losses.map((l) => [l.path, l.from, l.to])).toEqual([["[0]", "inputEvent", "nil"]]);
  });

  it("maps key codes as 3.2.3 and 4.6.3 number them", () => {
    // Engine values: KEY_ESCAPE, KEY_KP_ENTER, KEY_F1, KEY_KP_MULTIPLY, KEY_UNKNOWN, KEY_A.
    expect([0x01000001, 0x01000080, 0x0100001c, 0x01000081, 0x01ffffff, 65].map(scancodeTo3)).toEqual([
      16777217, 16777222, 16777244, 16777345, 33554431, 65,
    ]);
    expect([0x01000001, 0x01000080, 0x0100001c, 0x01000081, 0x01ffffff, 65].map(scancodeTo4)).toEqual([
      4194305, 4194310, 4194332, 4194433, 8388607, 65,
    ]);
    expect(KEY_MASK.SHIFT).toBe(33554432);
  });

  it("offers the same conversion as a rewrite hook for generic converters", () => {
    const reported: string[] = [];
    const hook = modernRewrite("3");
    const ev = inputEvent({ eventType: E.ACTION, device: 0 });
    expect(hook(ev, { report: (m) => reported.push(m) })).toEqual(toModern(ev, { target: "3" }).value);
    expect(reported.length).toBe(1);
    expect(hook({ kind: "int", value: 1 }, { report: () => {} })).toBeUndefined();
  });

  it("refuses a bad target and runaway depth", () => {
    expect(() => toModern({ kind: "nil" }, { target: "5" as "4" })).toThrow(/target/);
    let deep: Value = { kind: "nil" };
    for (let k = 0; k < 50; k++) deep = { kind: "array", items: [deep] };
    expect(() => toModern(deep, { target: "4", maxDepth: 10 })).toThrow(/deeper/);
  });
});

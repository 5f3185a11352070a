// Key codes. 2.x and 3.x both mark special keys with bit 24 (SPKEY) and share every code but
// one: 2.x has RETURN = SPKEY|0x05, ENTER (keypad) = SPKEY|0x06 *and* KP_ENTER = SPKEY|0x80;
// 3.x keeps 0x05 (ENTER) and 0x06 (KP_ENTER) and has no 0x80. 4.x marks special keys with
// bit 22 (Key::SPECIAL) and keeps the low bits: ESCAPE = SPECIAL|0x01 = 4194305.
// Checked against the engines: 3.2.3 KEY_KP_MULTIPLY = 16777345, 4.6.3 KEY_KP_MULTIPLY = 4194433.
// Literals: a bundle drops them unused (`SPKEY | 0x80` stays in one that never converts keys).
const SPKEY_2 = 0x1000000; // SPKEY
const SPECIAL_4 = 0x400000; // 1 << 22
const KP_ENTER_2 = 0x1000080; // SPKEY_2 | 0x80
const UNKNOWN_2 = 0x1ffffff; // SPKEY_2 | 0xffffff
const UNKNOWN_4 = 0x7fffff; // SPECIAL_4 | 0x3fffff

/** A 2.x scancode as a 3.x scancode (identical except 2.x KP_ENTER 0x80 -> 3.x KP_ENTER 0x06). */
export function scancodeTo3(code: number): number {
  return code === KP_ENTER_2 ? SPKEY_2 | 0x06 : code;
}

/** A 2.x scancode as a 4.x keycode (special keys move from bit 24 to bit 22). */
export function scancodeTo4(code: number): number {
  if (code === UNKNOWN_2) return UNKNOWN_4;
  if (code === KP_ENTER_2) return SPECIAL_4 | 0x06;
  if (code & SPKEY_2) return ((code & 0xffffff) | SPECIAL_4) >>> 0;
  return code;
}

// Joypad buttons: 2.x and 3.x use the same 16 indices (0-3 face buttons, 4 L, 5 R, 6 L2, 7 R2,
// 8 L3, 9 R3, 10 SELECT, 11 START, 12-15 D-pad). 4.x uses the SDL layout; L2/R2 became the
// trigger axes (JOY_AXIS_TRIGGER_LEFT = 4, _RIGHT = 5).
const JOY_BUTTON_4: Readonly<Record<number, number>> = {
  4: 9, // L -> LEFT_SHOULDER
  5: 10, // R -> RIGHT_SHOULDER
  8: 7, // L3 -> LEFT_STICK
  9: 8, // R3 -> RIGHT_STICK
  10: 4, // SELECT -> BACK
  11: 6, // START -> START
  12: 11, // DPAD_UP
  13: 12, // DPAD_DOWN
  14: 13, // DPAD_LEFT
  15: 14, // DPAD_RIGHT
};

/** 2.x joypad buttons L2 (6) and R2 (7): 4.x trigger axes 4 and 5. */
export const TRIGGER_BUTTONS: Readonly<Record<number, number>> = { 6: 4, 7: 5 };

/** A 2.x joypad button index as a 4.x JoyButton (L2/R2 are axes in 4.x: see TRIGGER_BUTTONS). */
export function joyButtonTo4(index: number): number {
  return JOY_BUTTON_4[index] ?? index;
}

/** A 2.x joypad axis as a 4.x JoyAxis: the analog triggers L2 (6) and R2 (7) are 4 and 5. */
export function joyAxisTo4(axis: number): number {
  return axis === 6 ? 4 : axis === 7 ? 5 : axis;
}

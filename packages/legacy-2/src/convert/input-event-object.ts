import {
  bool,
  float,
  fullObject,
  type InputEventValue,
  int,
  nil,
  type ObjectProperty,
  string,
  stringName,
  type Value,
  vector2,
} from "@gdvariant/core";
import { EVENT_TYPES as E, KEY_MASK } from "../input-event/constants.js";
import type { ModernTarget } from "./image-object.js";
import { joyAxisTo4, joyButtonTo4, scancodeTo3, scancodeTo4, TRIGGER_BUTTONS } from "./keys.js";

// The 3.x/4.x InputEvent resources as the engines write them with objects allowed: every
// stored property, in the engine's order, with the class defaults for what 2.x never sent.
// Property lists read from Godot 3.2.3 (var2bytes(event, true)) and 4.6.3
// (var_to_bytes_with_objects(event)) for a default-constructed event of each class.

type Props = [string, Value][];

const V0 = () => vector2(0, 0);

function resource(): Props {
  return [
    ["resource_local_to_scene", bool(false)],
    ["resource_name", string("")],
  ];
}

function modifiers3(m: number): Props {
  const ctrl = (m & KEY_MASK.CTRL) !== 0;
  return [
    ["alt", bool((m & KEY_MASK.ALT) !== 0)],
    ["shift", bool((m & KEY_MASK.SHIFT) !== 0)],
    ["control", bool(ctrl)],
    ["meta", bool((m & KEY_MASK.META) !== 0)],
    // 3.x keeps `command` in step with control on Windows/Linux (meta on macOS); the Linux
    // engine wrote command = control.
    ["command", bool(ctrl)],
  ];
}

function modifiers4(m: number): Props {
  return [
    ["alt_pressed", bool((m & KEY_MASK.ALT) !== 0)],
    ["shift_pressed", bool((m & KEY_MASK.SHIFT) !== 0)],
    ["ctrl_pressed", bool((m & KEY_MASK.CTRL) !== 0)],
    ["meta_pressed", bool((m & KEY_MASK.META) !== 0)],
  ];
}

function object(className: string, props: Props): Value {
  return fullObject(className, [...resource(), ...props, ["script", nil()]] as ObjectProperty[]);
}

/**
 * A 2.x InputEvent as the matching 3.x/4.x InputEvent* resource (a full Object). 2.x sent only
 * the type, device and a few fields per type; every other property takes the class default
 * (released, at 0,0, no unicode...), which the README lists once instead of reporting it for
 * every event. Reported: NONE and unknown event types (null), ACTION (its name never travelled),
 * 2.0-era joystick motion (no value), and the 4.x joypad remaps without a counterpart.
 */
export function inputEventToObject(
  ev: InputEventValue,
  target: ModernTarget,
  report: (message: string) => void,
): Value {
  const device = int(ev.device | 0);
  const four = target === "4";
  const win: Props = four ? [["window_id", int(0)]] : [];
  switch (ev.eventType) {
    case E.KEY: {
      const m = ev.modifiers ?? 0;
      const code = (ev.scancode ?? 0) >>> 0;
      if (four) {
        return object("InputEventKey", [
          ["device", device],
          ...win,
          ...modifiers4(m),
          ["pressed", bool(false)],
          ["keycode", int(scancodeTo4(code))],
          ["physical_keycode", int(0)],
          ["key_label", int(0)],
          ["unicode", int(0)],
          ["location", int(0)],
          ["echo", bool(false)],
        ]);
      }
      return object("InputEventKey", [
        ["device", device],
        ...modifiers3(m),
        ["pressed", bool(false)],
        ["scancode", int(scancodeTo3(code))],
        ["unicode", int(0)],
        ["echo", bool(false)],
      ]);
    }
    case E.MOUSE_BUTTON: {
      const idx = int(ev.buttonIndex ?? 0);
      if (four) {
        return object("InputEventMouseButton", [
          ["device", device],
          ...win,
          ...modifiers4(0),
          ["button_mask", int(0)],
          ["position", V0()],
          ["global_position", V0()],
          ["factor", float(1)],
          ["button_index", idx],
          ["canceled", bool(false)],
          ["pressed", bool(false)],
          ["double_click", bool(false)],
        ]);
      }
      return object("InputEventMouseButton", [
        ["device", device],
        ...modifiers3(0),
        ["button_mask", int(0)],
        ["position", V0()],
        ["global_position", V0()],
        ["factor", float(1)],
        ["button_index", idx],
        ["pressed", bool(false)],
        ["doubleclick", bool(false)],
      ]);
    }
    case E.MOUSE_MOTION:
      if (four) {
        return object("InputEventMouseMotion", [
          ["device", device],
          ...win,
          ...modifiers4(0),
          ["button_mask", int(0)],
          ["position", V0()],
          ["global_position", V0()],
          ["tilt", V0()],
          ["pressure", float(0)],
          ["pen_inverted", bool(false)],
          ["relative", V0()],
          ["screen_relative", V0()],
          ["velocity", V0()],
          ["screen_velocity", V0()],
        ]);
      }
      return object("InputEventMouseMotion", [
        ["device", device],
        ...modifiers3(0),
        ["button_mask", int(0)],
        ["position", V0()],
        ["global_position", V0()],
        ["tilt", V0()],
        ["pressure", float(0)],
        ["relative", V0()],
        ["speed", V0()],
      ]);
    case E.JOYSTICK_MOTION: {
      let axis = ev.axis ?? 0;
      if (ev.axisValue === undefined) report("2.0-era joystick motion carries no axis value: written as 0");
      if (four) {
        const mapped = joyAxisTo4(axis);
        if (axis === 4 || axis === 5)
          report(`2.x axis ${axis} (JOY_ANALOG_2) has no 4.x counterpart: kept as axis ${axis}`);
        axis = mapped;
      }
      return object("InputEventJoypadMotion", [
        ["device", device],
        ["axis", int(axis)],
        ["axis_value", float(Math.fround(ev.axisValue ?? 0))],
      ]);
    }
    case E.JOYSTICK_BUTTON: {
      const b = ev.buttonIndex ?? 0;
      if (four && b in TRIGGER_BUTTONS) {
        report(
          `2.x button ${b} (L2/R2) is a trigger axis in 4.x: written as InputEventJoypadMotion axis ${TRIGGER_BUTTONS[b]} at 1.0`,
        );
        return object("InputEventJoypadMotion", [
          ["device", device],
          ["axis", int(TRIGGER_BUTTONS[b]!)],
          ["axis_value", float(1)],
        ]);
      }
      return object("InputEventJoypadButton", [
        ["device", device],
        ["button_index", int(four ? joyButtonTo4(b) : b)],
        ["pressure", float(0)],
        ["pressed", bool(false)],
      ]);
    }
    case E.SCREEN_TOUCH:
      if (four) {
        return object("InputEventScreenTouch", [
          ["device", device],
          ...win,
          ["index", int(ev.index ?? 0)],
          ["position", V0()],
          ["canceled", bool(false)],
          ["pressed", bool(false)],
          ["double_tap", bool(false)],
        ]);
      }
      return object("InputEventScreenTouch", [
        ["device", device],
        ["index", int(ev.index ?? 0)],
        ["position", V0()],
        ["pressed", bool(false)],
      ]);
    case E.SCREEN_DRAG:
      if (four) {
        return object("InputEventScreenDrag", [
          ["device", device],
          ...win,
          ["index", int(0)],
          ["tilt", V0()],
          ["pressure", float(0)],
          ["pen_inverted", bool(false)],
          ["position", V0()],
          ["relative", V0()],
          ["screen_relative", V0()],
          ["velocity", V0()],
          ["screen_velocity", V0()],
        ]);
      }
      return object("InputEventScreenDrag", [
        ["device", device],
        ["index", int(0)],
        ["position", V0()],
        ["relative", V0()],
        ["speed", V0()],
      ]);
    case E.ACTION:
      report(
        "2.x sends no action name or pressed state: written as an InputEventAction with an empty action",
      );
      if (four) {
        return object("InputEventAction", [
          ["device", device],
          ["action", stringName("")],
          ["pressed", bool(false)],
          ["strength", float(1)],
          ["event_index", int(-1)],
        ]);
      }
      return object("InputEventAction", [
        ["device", device],
        ["action", string("")],
        ["pressed", bool(false)],
        ["strength", float(1)],
      ]);
    default:
      report(
        ev.eventType === E.NONE
          ? "a 2.x NONE event has no 3.x/4.x class: written as null"
          : `unknown 2.x event type ${ev.eventType}: written as null`,
      );
      return nil();
  }
}

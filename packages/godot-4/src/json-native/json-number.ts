import { numScientific } from "../text/grisu2.js";
import { cInt32, cNum, wrapSub32 } from "./c-number.js";
import type { Godot4JsonRules } from "./rules.js";

/**
 * A float as `JSON.stringify` writes it in that release (`full` is `full_precision` as it reaches
 * this value: see {@link Godot4JsonRules.floatFormat}).
 */
export function jsonFloat(x: number, rules: Godot4JsonRules, full: boolean): string {
  switch (rules.floatFormat) {
    case "4.0":
      return cNum(x, wrapSub32(full ? 17 : 14, cInt32(Math.floor(Math.log10(x)))));
    case "4.4":
    case "4.5": {
      if (x === 0) return "0.0";
      const precision = Math.max(1, wrapSub32(full ? 17 : 14, cInt32(Math.floor(Math.log10(Math.abs(x))))));
      return cNum(x, precision);
    }
    default: {
      if (x === 0) return "0.0";
      if (Number.isNaN(x)) return "null";
      if (!Number.isFinite(x)) return x < 0 ? "-1e99999" : "1e99999";
      if (full) {
        const s = numScientific(x, false);
        return s.includes(".") || s.includes("e") ? s : `${s}.0`;
      }
      return cNum(x, Math.max(1, 14 - cInt32(Math.floor(Math.log10(Math.abs(x))))));
    }
  }
}

/**
 * `String::json_escape`: backslash, `\b`, `\f`, `\n`, `\r`, `\t`, `\v` (which the engine's own
 * reader refuses) and `"`; every other character, control characters included, as it is.
 */
export function jsonEscape(s: string): string {
  // Fast path: most strings need nothing.
  if (!/[\\"\b\f\n\r\t\v]/.test(s)) return s;
  let out = "";
  for (let k = 0; k < s.length; k++) {
    const c = s[k]!;
    switch (c) {
      case "\\":
        out += "\\\\";
        break;
      case "\b":
        out += "\\b";
        break;
      case "\f":
        out += "\\f";
        break;
      case "\n":
        out += "\\n";
        break;
      case "\r":
        out += "\\r";
        break;
      case "\t":
        out += "\\t";
        break;
      case "\v":
        out += "\\v";
        break;
      case '"':
        out += '\\"';
        break;
      default:
        out += c;
    }
  }
  return out;
}

import { jsonEscape } from "./json-number.js";

// Past this many nested JSON containers `JSON.stringify` writes "..." and fails
// (Variant::MAX_RECURSION_DEPTH).
export const MAX_STRINGIFY_DEPTH = 1024;

/**
 * The whitespace of `JSON.stringify(…, indent, …)`: with an indent, a newline after `[`, `{` and
 * each `,`, the indent repeated per level, `": "` between key and value; an empty Array is `[]`
 * and an empty Dictionary `{`, two newlines, the indent, `}`.
 */
export class JsonLayout {
  readonly colon: string;
  readonly nl: string;
  private readonly pads: string[] = [""];

  constructor(
    readonly indent: string,
    readonly sortKeys: boolean,
  ) {
    this.colon = indent === "" ? ":" : ": ";
    this.nl = indent === "" ? "" : "\n";
  }

  pad(level: number): string {
    if (this.indent === "") return "";
    while (this.pads.length <= level) this.pads.push(this.pads[this.pads.length - 1]! + this.indent);
    return this.pads[level]!;
  }

  /** An array of `n` items at `level`; `item(i)` writes item i (one level deeper). */
  array(n: number, level: number, item: (i: number) => string): string {
    if (n === 0) return "[]";
    const inner = this.pad(level + 1);
    let s = `[${this.nl}`;
    for (let i = 0; i < n; i++) {
      if (i > 0) s += `,${this.nl}`;
      s += inner + item(i);
    }
    return `${s}${this.nl}${this.pad(level)}]`;
  }

  /** A dictionary whose keys are Strings, in the order given (sorted by the caller if asked). */
  object(keys: readonly string[], level: number, value: (i: number) => string): string {
    const inner = this.pad(level + 1);
    let s = `{${this.nl}`;
    for (let i = 0; i < keys.length; i++) {
      if (i > 0) s += `,${this.nl}`;
      s += `${inner}"${jsonEscape(keys[i]!)}"${this.colon}${value(i)}`;
    }
    return `${s}${this.nl}${this.pad(level)}}`;
  }
}

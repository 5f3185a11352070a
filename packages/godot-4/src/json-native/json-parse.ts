import { builtInStrtod, TextParseError } from "@gdvariant/core";
import { type NumberOut, shortDecimal } from "./c-number.js";
import { JsonArray, type JsonNode, JsonNumber, type JsonNumbers, JsonObject } from "./json-tree.js";

// An array of numbers keeps every number's span up to this many numbers; a longer one keeps only
// those of numbers read through next() (see JsonNumbers).
const SPANS_KEPT = 16;
// `wide` of an array whose numbers were all read in place (shared: never written).
const NO_WIDE: readonly number[] = Object.freeze([]);

// Variant::MAX_RECURSION_DEPTH: `_parse_value` refuses a value nested deeper than this.
const MAX_JSON_DEPTH = 1024;

const TK = {
  curlyOpen: 0,
  curlyClose: 1,
  bracketOpen: 2,
  bracketClose: 3,
  identifier: 4,
  string: 5,
  number: 6,
  colon: 7,
  comma: 8,
  eof: 9,
} as const;
type TokenType = (typeof TK)[keyof typeof TK];

const TOKEN_NAMES = ["'{'", "'}'", "'['", "']'", "identifier", "string", "number", "':'", "','", "EOF"];

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * The engine's JSON reader (`JSON.parse_string`), character for character: whitespace is any
 * character up to U+0020, a NUL character ends the text, numbers are read by `built_in_strtod`
 * (leading zeros and a bare trailing point accepted), strings may hold raw control characters,
 * `\v` and other unknown escapes are refused, a key met twice keeps its first place and last
 * value, nesting deeper than 1024 is refused.
 */
export class EngineJsonParser implements NumberOut {
  private i = 0;
  private type: TokenType = TK.eof;
  private value: JsonNode = null;
  private tokenStart = 0;
  // The last number token: its double and where its text ends (it starts at tokenStart).
  num = 0;
  numEnd = 0;
  // Open objects' entries (key, value, ...), the innermost's on top, and the top.
  private readonly kv: (string | JsonNode)[] = [];
  private kvTop = 0;
  // An array of numbers' doubles and spans while it is read (only the innermost array is).
  private numScratch: number[] = [];
  private spanScratch: number[] = [];
  private wideScratch: number[] = [];
  // The next backslash and NUL at or after the last string's start (the length when none).
  private backslashAt = -1;
  private nulAt = -1;
  private readonly len: number;

  /**
   * @param numberArrays hand an array of numbers only over as {@link JsonNumbers} (no node per
   *   number) and find a string without escapes by indexOf; `false` builds a node per number
   *   and reads every string character by character (the plain way, for comparison).
   */
  constructor(
    private readonly s: string,
    private readonly numberArrays = true,
  ) {
    this.len = s.length;
  }

  /** @throws {TextParseError} where the engine's parser fails. */
  parse(): JsonNode {
    if (this.len === 0) this.fail("syntax", "empty text", 0);
    this.next();
    const v = this.parseValue(0);
    if (this.i < this.len) {
      this.next();
      if (this.type !== TK.eof) this.fail("trailing-text", "expected the end of the text", this.tokenStart);
    }
    return v;
  }

  private fail(code: "syntax" | "depth-exceeded" | "trailing-text", detail: string, at: number): never {
    let line = 1;
    let lineStart = 0;
    for (let k = 0; k < at && k < this.len; k++) {
      if (this.s.charCodeAt(k) === 10) {
        line++;
        lineStart = k + 1;
      }
    }
    throw new TextParseError(`JSON: ${detail}`, { code, offset: at, line, column: at - lineStart + 1 });
  }

  private at(k: number): number {
    return k < this.len ? this.s.charCodeAt(k) : 0;
  }

  private next(): void {
    const s = this.s;
    for (;;) {
      const c = this.at(this.i);
      this.tokenStart = this.i;
      switch (c) {
        case 0:
          this.type = TK.eof;
          return;
        case 123:
          this.i++;
          this.type = TK.curlyOpen;
          return;
        case 125:
          this.i++;
          this.type = TK.curlyClose;
          return;
        case 91:
          this.i++;
          this.type = TK.bracketOpen;
          return;
        case 93:
          this.i++;
          this.type = TK.bracketClose;
          return;
        case 58:
          this.i++;
          this.type = TK.colon;
          return;
        case 44:
          this.i++;
          this.type = TK.comma;
          return;
        case 34:
          this.value = this.readString();
          this.type = TK.string;
          return;
        default: {
          if (c <= 32) {
            this.i++;
            continue;
          }
          if (c === 45 || (c >= 48 && c <= 57)) {
            const start = this.i;
            if (shortDecimal(s, start, this.len, this)) {
              this.i = this.numEnd;
              this.type = TK.number;
              return;
            }
            const r = builtInStrtod(s, start, this.len);
            // Nothing read ("-" alone, "-x"): the engine would read the same empty number again
            // and fail on it whatever the context; fail here.
            if (r.end === start) this.fail("syntax", "a number with no digits", start);
            this.i = r.end;
            this.num = r.value;
            this.numEnd = r.end;
            this.type = TK.number;
            return;
          }
          if (isAsciiLetter(c)) {
            const start = this.i;
            while (isAsciiLetter(this.at(this.i))) this.i++;
            this.value = s.slice(start, this.i);
            this.type = TK.identifier;
            return;
          }
          this.fail("syntax", "unexpected character", this.i);
        }
      }
    }
  }

  private readHex4(from: number): number {
    let v = 0;
    for (let j = 0; j < 4; j++) {
      const c = this.at(from + j);
      if (c === 0) this.fail("syntax", "unterminated string", from + j);
      const h = hexValue(c);
      if (h < 0) this.fail("syntax", "malformed hex constant in string", from + j);
      v = (v << 4) | h;
    }
    return v;
  }

  private readString(): string {
    const s = this.s;
    const open = this.i;
    if (this.numberArrays) {
      // A string without a backslash or a NUL before its closing quote is the text up to that
      // quote: found by indexOf (the next backslash and NUL kept, as strings come in order).
      const q = s.indexOf('"', open + 1);
      if (this.backslashAt <= open) {
        const b = s.indexOf("\\", open + 1);
        this.backslashAt = b < 0 ? this.len : b;
      }
      if (this.nulAt <= open) {
        const z = s.indexOf("\0", open + 1);
        this.nulAt = z < 0 ? this.len : z;
      }
      if (q >= 0 && this.backslashAt > q && this.nulAt > q) {
        this.i = q + 1;
        // The keys of every typed dictionary as the constants they are (no copy to make, their
        // hash known).
        if (q - open === 5) {
          if (s.startsWith("args", open + 1)) return "args";
          if (s.startsWith("type", open + 1)) return "type";
        }
        return s.slice(open + 1, q);
      }
    }
    let k = this.i + 1;
    let out = "";
    let runStart = k;
    for (;;) {
      const c = this.at(k);
      if (c === 0) this.fail("syntax", "unterminated string", open);
      if (c === 34) {
        out += s.slice(runStart, k);
        this.i = k + 1;
        return out;
      }
      if (c !== 92) {
        k++;
        continue;
      }
      out += s.slice(runStart, k);
      const e = this.at(k + 1);
      let res: number;
      switch (e) {
        case 0:
          this.fail("syntax", "unterminated string", open);
          break;
        case 98:
          res = 8;
          break;
        case 116:
          res = 9;
          break;
        case 110:
          res = 10;
          break;
        case 102:
          res = 12;
          break;
        case 114:
          res = 13;
          break;
        case 34:
        case 92:
        case 47:
          res = e;
          break;
        case 117: {
          res = this.readHex4(k + 2);
          k += 4;
          if ((res & 0xfffffc00) === 0xd800) {
            if (this.at(k + 2) !== 92 || this.at(k + 3) !== 117)
              this.fail("syntax", "unpaired lead surrogate in string", k);
            const trail = this.readHex4(k + 4);
            if ((trail & 0xfffffc00) !== 0xdc00) this.fail("syntax", "unpaired lead surrogate in string", k);
            res = ((res - 0xd800) << 10) + (trail - 0xdc00) + 0x10000;
            k += 6;
          } else if ((res & 0xfffffc00) === 0xdc00)
            this.fail("syntax", "unpaired trail surrogate in string", k);
          break;
        }
        default:
          this.fail("syntax", "invalid escape sequence", k);
      }
      // The engine's String cannot hold U+0000: it stores the replacement character.
      out += res! === 0 ? "\ufffd" : String.fromCodePoint(res!);
      k += 2;
      runStart = k;
    }
  }

  private parseValue(depth: number): JsonNode {
    if (depth > MAX_JSON_DEPTH) this.fail("depth-exceeded", "JSON structure is too deep", this.tokenStart);
    switch (this.type) {
      case TK.curlyOpen:
        return this.parseObject(depth + 1);
      case TK.bracketOpen:
        return this.parseArray(depth + 1);
      case TK.identifier: {
        const id = this.value as string;
        if (id === "true") return true;
        if (id === "false") return false;
        if (id === "null") return null;
        return this.fail(
          "syntax",
          `expected 'true', 'false', or 'null', got '${id.slice(0, 40)}'`,
          this.tokenStart,
        );
      }
      case TK.number:
        return new JsonNumber(this.num, this.tokenStart, this.numEnd);
      case TK.string:
        return this.value;
      default:
        return this.fail("syntax", `expected a value, got ${TOKEN_NAMES[this.type]}`, this.tokenStart);
    }
  }

  private parseArray(depth: number): JsonArray {
    const at = this.tokenStart;
    // While every item is a number: their doubles and spans on the parser's scratch arrays
    // (only the innermost array reads numbers), kept at the end in arrays of their size; no
    // node per number.
    const values = this.numScratch;
    const spans = this.spanScratch;
    const wide = this.wideScratch;
    let wideCount = 0;
    let count = 0;
    let needComma = false;
    let pending = false;
    if (this.numberArrays) {
      const s = this.s;
      const shallow = depth <= MAX_JSON_DEPTH;
      while (this.i < this.len) {
        // A comma, or a number shortDecimal reads, right where the last token ended: taken here
        // as next() would take it (no token dispatch); anything else (blanks first, the end, an
        // error) through next().
        const c = s.charCodeAt(this.i);
        if (needComma) {
          if (c === 44) {
            this.i++;
            needComma = false;
            continue;
          }
        } else if (shallow && (c === 45 || (c >= 48 && c <= 57)) && shortDecimal(s, this.i, this.len, this)) {
          values[count] = this.num;
          if (count < SPANS_KEPT) {
            spans[2 * count] = this.i;
            spans[2 * count + 1] = this.numEnd;
          }
          this.i = this.numEnd;
          count++;
          needComma = true;
          continue;
        }
        this.next();
        if (this.type === TK.bracketClose)
          return count === 0
            ? new JsonArray([], at)
            : new JsonArray(undefined, at, this.takeNumbers(count, wideCount, at));
        if (needComma) {
          if (this.type !== TK.comma) this.fail("syntax", "expected ','", this.tokenStart);
          needComma = false;
          continue;
        }
        // Anything else (a deeper number fails in parseValue): on as the plain tree.
        if (this.type !== TK.number || depth > MAX_JSON_DEPTH) {
          pending = true;
          break;
        }
        values[count] = this.num;
        if (count < SPANS_KEPT) {
          spans[2 * count] = this.tokenStart;
          spans[2 * count + 1] = this.numEnd;
        }
        wide[3 * wideCount] = count;
        wide[3 * wideCount + 1] = this.tokenStart;
        wide[3 * wideCount + 2] = this.numEnd;
        wideCount++;
        count++;
        needComma = true;
      }
      // More numbers than spans kept, then something else: the array read again from its start
      // as the plain tree (the same tokens, so the same outcome).
      if (pending && count > SPANS_KEPT) {
        this.i = at + 1;
        count = 0;
        pending = false;
        needComma = false;
      }
    }
    const items: JsonNode[] = [];
    for (let k = 0; k < count; k++) items.push(new JsonNumber(values[k]!, spans[2 * k]!, spans[2 * k + 1]!));
    const node = new JsonArray(items, at);
    if (pending) {
      items.push(this.parseValue(depth));
      needComma = true;
    }
    while (this.i < this.len) {
      this.next();
      if (this.type === TK.bracketClose) return node;
      if (needComma) {
        if (this.type !== TK.comma) this.fail("syntax", "expected ','", this.tokenStart);
        needComma = false;
        continue;
      }
      items.push(this.parseValue(depth));
      needComma = true;
    }
    return this.fail("syntax", "expected ']'", this.len);
  }

  // The scratch's first `count` numbers with the spans of those read through next() (`wide`):
  // copied with every span when few, else the scratch array itself (cut to size, the parser
  // taking a new one: no copy of a large array), its nodes made by reading the array again.
  private takeNumbers(count: number, wideCount: number, at: number): JsonNumbers {
    const wide = wideCount === 0 ? NO_WIDE : this.wideScratch.slice(0, 3 * wideCount);
    if (count <= SPANS_KEPT)
      return { values: this.numScratch.slice(0, count), wide, spans: this.spanScratch.slice(0, 2 * count) };
    const values = this.numScratch;
    values.length = count;
    this.numScratch = [];
    const text = this.s;
    return { values, wide, items: () => new EngineJsonParser(text, false).arrayAt(at).items };
  }

  // The array whose '[' is at `at`, read as the plain tree (the text already read once).
  private arrayAt(at: number): JsonArray {
    this.i = at;
    this.next();
    return this.parseArray(1);
  }

  private parseObject(depth: number): JsonObject {
    const at = this.tokenStart;
    // The entries on the parser's stack (key, value, ...) from `base`, nested objects' above
    // them while they are read; a key met again found in order, through a Map past 8 keys.
    const kv = this.kv;
    const base = this.kvTop;
    let index: Map<string, number> | undefined;
    let needComma = false;
    while (this.i < this.len) {
      this.next();
      if (this.type === TK.curlyClose) {
        const node = new JsonObject(kv.slice(base, this.kvTop), at, index);
        this.kvTop = base;
        return node;
      }
      if (needComma) {
        if (this.type !== TK.comma) this.fail("syntax", "expected '}' or ','", this.tokenStart);
        needComma = false;
        continue;
      }
      if (this.type !== TK.string) this.fail("syntax", "expected a key", this.tokenStart);
      const key = this.value as string;
      this.next();
      if ((this.type as TokenType) !== TK.colon) this.fail("syntax", "expected ':'", this.tokenStart);
      if (this.i >= this.len) break;
      this.next();
      const value = this.parseValue(depth);
      const top = this.kvTop;
      let k = -1;
      if (index !== undefined) k = index.get(key) ?? -1;
      else for (let j = base; j < top; j += 2) if (kv[j] === key) k = j - base;
      if (k >= 0) kv[base + k + 1] = value;
      else {
        kv[top] = key;
        kv[top + 1] = value;
        this.kvTop = top + 2;
        if (index !== undefined) index.set(key, top - base);
        else if (top - base === 16) {
          index = new Map();
          for (let j = base; j <= top; j += 2) index.set(kv[j] as string, j - base);
        }
      }
      needComma = true;
    }
    return this.fail("syntax", "expected '}'", this.len);
  }
}

import { TextParseError, type TextParseErrorCode } from "./parse-error.js";

/** Token kinds of Godot's text syntax (core/variant/variant_parser.cpp `get_token`). */
export type TokenType =
  | "{"
  | "}"
  | "["
  | "]"
  | "("
  | ")"
  | ":"
  | ","
  | "identifier"
  | "string"
  | "stringName"
  | "nodePath"
  | "number"
  | "color"
  | "eof";

export interface Token {
  readonly type: TokenType;
  /** Offset of the token's first character. */
  readonly start: number;
  /** identifier / string / stringName / nodePath: the text; number: the literal; color: `#hex`. */
  readonly text: string;
  /** Numbers: a `.` or an exponent makes it a float, as in the engine's tokenizer. */
  readonly isFloat: boolean;
}

const SINGLE: Readonly<Record<string, TokenType>> = {
  "{": "{",
  "}": "}",
  "[": "[",
  "]": "]",
  "(": "(",
  ")": ")",
  ":": ":",
  ",": ",",
};

// The engine's tokenizer reads `\b \t \n \f \r` and `\uXXXX`/`\UXXXXXX`, and any other escaped
// character as itself. `\a` and `\v` are added here because the engine's own writer
// (String::c_escape) prints BEL and VT that way; reading them as letters, as the engine does,
// would change the string on a round trip.
const ESCAPES: Readonly<Record<string, string>> = {
  a: "\x07",
  b: "\b",
  t: "\t",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
};

const NON_FINITE: ReadonlySet<string> = new Set(["inf", "-inf", "nan", "-nan", "inf_neg"]);

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

function isIdentStart(c: string | undefined): boolean {
  return c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_");
}

function isHex(c: string | undefined): boolean {
  return c !== undefined && /^[0-9a-fA-F]$/.test(c);
}

/** Splits Godot text into tokens, one at a time, keeping positions for errors. */
export class Lexer {
  private pos: number;
  private peeked: Token | undefined;

  /** Reads `src` from `start` (default 0); offsets stay offsets into the whole of `src`. */
  constructor(
    private readonly src: string,
    start = 0,
  ) {
    this.pos = start;
  }

  /** A {@link TextParseError} at `offset`, with line and column computed from the text. */
  error(code: TextParseErrorCode, message: string, offset: number): TextParseError {
    let line = 1;
    let lineStart = 0;
    const end = Math.min(offset, this.src.length);
    for (let i = 0; i < end; i++) {
      if (this.src.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
    return new TextParseError(message, { code, offset, line, column: offset - lineStart + 1 });
  }

  /** How far the lexer has read (for errors raised outside it). */
  get position(): number {
    return this.pos;
  }

  /** Where the text after the last token taken begins: before a token only peeked at. */
  get resume(): number {
    return this.peeked === undefined ? this.pos : this.peeked.start;
  }

  peek(): Token {
    if (this.peeked === undefined) this.peeked = this.read();
    return this.peeked;
  }

  next(): Token {
    const t = this.peek();
    this.peeked = undefined;
    return t;
  }

  private read(): Token {
    const s = this.src;
    for (;;) {
      const start = this.pos;
      const c = s[start];
      if (c === undefined) return { type: "eof", start, text: "", isFloat: false };
      if (c === ";") {
        // A comment up to the end of the line, as in engine config files.
        const nl = s.indexOf("\n", start);
        this.pos = nl < 0 ? s.length : nl + 1;
        continue;
      }
      if (c.charCodeAt(0) <= 32) {
        this.pos++;
        continue;
      }
      const single = SINGLE[c];
      if (single !== undefined) {
        this.pos++;
        return { type: single, start, text: c, isFloat: false };
      }
      if (c === '"') return this.string(start, start + 1, "string");
      if (c === "&" || c === "^" || c === "@") {
        // `&"name"` StringName (4.x; `@"name"` is the engine's 3.x-compatible spelling),
        // `^"node/path"` NodePath (4.x).
        if (s[start + 1] !== '"') throw this.error("syntax", `expected '"' after '${c}'`, start);
        return this.string(start, start + 2, c === "^" ? "nodePath" : "stringName");
      }
      if (c === "#") {
        let end = start + 1;
        while (isHex(s[end])) end++;
        this.pos = end;
        return { type: "color", start, text: s.slice(start, end), isFloat: false };
      }
      if (c === "-" || isDigit(c)) {
        const digitAt = c === "-" ? start + 1 : start;
        if (isDigit(s[digitAt])) return this.number(start, digitAt);
        if (c === "-" && isIdentStart(s[digitAt])) return this.identifier(start, digitAt);
        throw this.error("syntax", "expected a digit or a name after '-'", start);
      }
      if (isIdentStart(c)) return this.identifier(start, start);
      throw this.error("syntax", `unexpected character ${JSON.stringify(c)}`, start);
    }
  }

  private identifier(start: number, from: number): Token {
    const s = this.src;
    let end = from + 1;
    while (isIdentStart(s[end]) || isDigit(s[end])) end++;
    const text = s.slice(start, end);
    // 2.x and 3.x var2str append ".0" to a standalone real printed without a '.', infinities
    // and NaN included ("-inf.0", "inf.0", "nan.0"): read that suffix as part of the constant.
    if (NON_FINITE.has(text) && s[end] === "." && isDigit(s[end + 1])) {
      end += 2;
      while (isDigit(s[end])) end++;
    }
    this.pos = end;
    return { type: "identifier", start, text, isFloat: false };
  }

  // The engine's number grammar: -? digits ( . digits* )? ( [eE] [+-]? digits* )?
  private number(start: number, from: number): Token {
    const s = this.src;
    let end = from;
    let isFloat = false;
    while (isDigit(s[end])) end++;
    if (s[end] === ".") {
      isFloat = true;
      end++;
      while (isDigit(s[end])) end++;
    }
    if (s[end] === "e" || s[end] === "E") {
      isFloat = true;
      end++;
      if (s[end] === "+" || s[end] === "-") end++;
      const digits = end;
      while (isDigit(s[end])) end++;
      if (end === digits) throw this.error("syntax", "exponent without digits", start);
    }
    this.pos = end;
    return { type: "number", start, text: s.slice(start, end), isFloat };
  }

  private string(start: number, from: number, type: "string" | "stringName" | "nodePath"): Token {
    const s = this.src;
    let i = from;
    let out = "";
    let chunk = i;
    for (;;) {
      const c = s[i];
      if (c === undefined) throw this.error("syntax", "unterminated string", start);
      if (c === '"') {
        out += s.slice(chunk, i);
        this.pos = i + 1;
        return { type, start, text: out, isFloat: false };
      }
      if (c !== "\\") {
        i++;
        continue;
      }
      out += s.slice(chunk, i);
      const e = s[i + 1];
      if (e === undefined) throw this.error("syntax", "unterminated string", start);
      if (e === "u" || e === "U") {
        const len = e === "U" ? 6 : 4;
        const hex = s.slice(i + 2, i + 2 + len);
        if (hex.length < len || !/^[0-9a-fA-F]+$/.test(hex)) {
          throw this.error("syntax", `\\${e} needs ${len} hex digits`, i);
        }
        let code = Number.parseInt(hex, 16);
        i += 2 + len;
        if (code >= 0xd800 && code <= 0xdbff) {
          // A UTF-16 lead surrogate must be followed by an escaped trail surrogate.
          const m = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(s.slice(i, i + 6));
          if (!m) throw this.error("syntax", "unpaired UTF-16 lead surrogate in string", i - 2 - len);
          code = 0x10000 + ((code - 0xd800) << 10) + (Number.parseInt(m[1]!, 16) - 0xdc00);
          i += 6;
        } else if (code >= 0xdc00 && code <= 0xdfff) {
          throw this.error("syntax", "unpaired UTF-16 trail surrogate in string", i - 2 - len);
        }
        if (code > 0x10ffff) throw this.error("syntax", "code point beyond U+10FFFF in string", i - 2 - len);
        out += String.fromCodePoint(code);
      } else {
        out += ESCAPES[e] ?? e;
        i += 2;
      }
      chunk = i;
    }
  }
}

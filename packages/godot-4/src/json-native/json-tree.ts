// What the engine's JSON parser (core/io/json.cpp `JSON::parse`) builds: null, bool, double,
// String, Array, Dictionary with String keys. Numbers keep where their text is, so a reader that
// wants the exact integer the text spells (PackedInt64Array arguments) can read it again.

/** A JSON number: the double the engine reads, and where its text is in the source. */
export class JsonNumber {
  constructor(
    readonly value: number,
    readonly start: number,
    readonly end: number,
  ) {}
}

/**
 * The numbers of an array that holds nothing else, without a node per number: `values[i]` is
 * the double the engine reads; `wide` holds (index, start, end) of each number not read in place
 * as a short decimal (every other is an integer literal only when below 2^53, spelling its double
 * exactly). For its nodes, a short array (up to 16) has every number's text, `spans[2i]` to
 * `spans[2i + 1]`; a long one has `items` (the array read again).
 */
export interface JsonNumbers {
  readonly values: readonly number[];
  readonly wide: readonly number[];
  readonly spans?: readonly number[];
  readonly items?: () => JsonNode[];
}

/**
 * A JSON array and where it starts in the source. An array of numbers only may come as
 * {@link JsonNumbers} (`numbers`), its `items` then made on first use.
 */
export class JsonArray {
  private list: JsonNode[] | undefined;

  constructor(
    items: JsonNode[] | undefined,
    readonly at: number,
    readonly numbers?: JsonNumbers,
  ) {
    this.list = items;
  }

  get items(): JsonNode[] {
    if (this.list === undefined) {
      const { values, spans, items } = this.numbers!;
      this.list =
        spans === undefined
          ? items!()
          : values.map((v, i) => new JsonNumber(v, spans[2 * i]!, spans[2 * i + 1]!));
    }
    return this.list;
  }
}

/**
 * A JSON object as the engine's Dictionary holds it: a key met twice keeps its first place and
 * its last value. Its entries in one flat array, key then value (`get` looks a key up in order,
 * through `index` when the parser made one for a large object); no key (`__proto__` included)
 * touches any prototype.
 */
export class JsonObject {
  constructor(
    private readonly flat: readonly (string | JsonNode)[],
    readonly at: number,
    private readonly index?: ReadonlyMap<string, number>,
  ) {}

  /** How many keys. */
  get size(): number {
    return this.flat.length >> 1;
  }

  has(key: string): boolean {
    return this.find(key) >= 0;
  }

  get(key: string): JsonNode | undefined {
    const k = this.find(key);
    return k < 0 ? undefined : (this.flat[k + 1] as JsonNode);
  }

  /** The entries in order, as a Map. */
  get entries(): Map<string, JsonNode> {
    const m = new Map<string, JsonNode>();
    for (let k = 0; k < this.flat.length; k += 2) m.set(this.flat[k] as string, this.flat[k + 1] as JsonNode);
    return m;
  }

  private find(key: string): number {
    if (this.index !== undefined) return this.index.get(key) ?? -1;
    const flat = this.flat;
    for (let k = 0; k < flat.length; k += 2) if (flat[k] === key) return k;
    return -1;
  }
}

/** One parsed JSON value. */
export type JsonNode = null | boolean | string | JsonNumber | JsonArray | JsonObject;

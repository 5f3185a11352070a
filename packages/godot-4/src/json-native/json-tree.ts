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
 * the double the engine reads, its text `spans[2i]` to `spans[2i + 1]`.
 */
export interface JsonNumbers {
  readonly values: readonly number[];
  readonly spans: readonly number[];
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
      const { values, spans } = this.numbers!;
      this.list = values.map((v, i) => new JsonNumber(v, spans[2 * i]!, spans[2 * i + 1]!));
    }
    return this.list;
  }
}

/**
 * A JSON object as the engine's Dictionary holds it: a key met twice keeps its first place and
 * its last value. A `Map`, so no key (`__proto__` included) touches any prototype.
 */
export class JsonObject {
  constructor(
    readonly entries: Map<string, JsonNode>,
    readonly at: number,
  ) {}
}

/** One parsed JSON value. */
export type JsonNode = null | boolean | string | JsonNumber | JsonArray | JsonObject;

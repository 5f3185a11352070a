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

/** A JSON array and where it starts in the source. */
export class JsonArray {
  constructor(
    readonly items: JsonNode[],
    readonly at: number,
  ) {}
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

import type { DecodeOptions, EncodeOptions } from "@gdvariant/core";
import type { SubnameEncoding } from "./codecs/node-path.js";

/**
 * Options that select a 2.x dialect variant. Every combination is built once and cached.
 */
export interface Legacy2DialectOptions {
  /**
   * Header flag bits. Official 2.x engines write the bare type id and treat any other header bit
   * as invalid data; `"reject"` (default) does the same (`bad-flags`). `"accept"` reads the
   * 3.x-style FLAG_64 (bit 16) on INT and REAL as an i64 / f64 payload, as a back-ported 2.1 fork
   * writes it; other flag bits are still refused. Encoding never sets flags either way.
   */
  flag64?: "reject" | "accept";
  /**
   * Reals that a 32-bit float cannot hold exactly (0.1, 1e300...). The 2.x engine stores every
   * real as f32. `"exact"` (default) refuses them with `out-of-range` instead of changing the
   * value silently; `"round"` rounds them to f32 as the engine does (1e300 becomes inf). Applies
   * to REAL and to every real field of the math types, InputEvent axis values and Float64Array
   * data of vector arrays.
   */
  reals?: "exact" | "round";
  /**
   * NodePath subnames on encode: `"correct"` (default) writes the value's subnames;
   * `"engine"` reproduces the 2.x engine's subname index bug byte for byte (see README).
   */
  nodePathSubnames?: SubnameEncoding;
}

/**
 * Options of `decode`: core's decode options and limits, plus the 2.x header policy.
 */
export interface Legacy2DecodeOptions extends DecodeOptions {
  /**
   * `"reject"` (default): any header bit beyond the type id is `bad-flags`, as in the official
   * 2.x engines. `"accept"`: INT and REAL may carry FLAG_64 (bit 16) with an i64/f64 payload, as
   * written by back-ported 2.1 forks.
   */
  flag64?: "reject" | "accept";
}

/** Options of `encode`. */
export interface Legacy2EncodeOptions extends EncodeOptions {
  /**
   * `"exact"` (default): a real that a 32-bit float cannot hold exactly is refused with
   * `out-of-range` (the engine would change it). `"round"`: round it to f32 as the engine does.
   */
  reals?: "exact" | "round";
  /**
   * `"correct"` (default): NodePath subnames are written as given. `"engine"`: reproduce the
   * 2.x encoder's subname index bug, for byte-identical output with a real 2.x engine.
   */
  nodePathSubnames?: SubnameEncoding;
}

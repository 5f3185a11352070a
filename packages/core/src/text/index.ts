/**
 * `@gdvariant/core/text`: Godot's text form of Variants: the parser of `var_to_str` /
 * `var2str` text of every generation ({@link parseVariantText}) and the helpers the dialects'
 * text writers share.
 *
 * The same exports are on the main entry, and this entry re-exports them from it (one copy of
 * the code, so `TextParseError` and `GdVariantError` are the same classes whichever entry they
 * come from). A bundle that only decodes and encodes leaves all of it out: bench's size test
 * checks that decode + encode of each dialect carries no text code.
 * @packageDocumentation
 */
export {
  builtInStrtod,
  type CEscapeOptions,
  cEscape,
  cEscapeMultiline,
  formatPrintfG,
  IMAGE_FORMAT_NAMES,
  joinEach,
  type ParseVariantTextOptions,
  parseVariantText,
  parseVariantTextAt,
  parseVariantTextSequence,
  poolEqualityKeys,
  poolKeyOf,
  type SortArrayGodot3Options,
  type SortRank,
  type StrtodResult,
  sortArrayGodot3,
  stringToFloat,
  stringToInt,
  type TextDialectId,
  TextParseError,
  type TextParseErrorCode,
  TYPE_NAME_KINDS,
} from "../index.js";

/**
 * @gdvariant/core: byte primitives, the value model, the dialect contract and the generic
 * decode/encode engine for Godot's binary Variant format. Dialects (`@gdvariant/godot-4`,
 * `@gdvariant/godot-3`, `@gdvariant/legacy-2`) build on it.
 * @packageDocumentation
 */

export { base64Decode, base64Encode } from "./bytes/base64.js";
export { ByteReader, canonicalInt64, HOST_LITTLE_ENDIAN } from "./bytes/reader.js";
export { decodeUtf8, encodeUtf8 } from "./bytes/utf8.js";
export { ByteWriter } from "./bytes/writer.js";
export {
  arrayCodec,
  type ContainerOptions as ContainerCodecOptions,
  dictionaryCodec,
  type TypedContainers,
  typedContainers,
} from "./codecs/containers.js";
export { type CodecSpec, checkSign, defineCodec, FLAG_64 } from "./codecs/define.js";
export { BYTES_LAYOUT, NODE_PATH_LAYOUT } from "./codecs/layouts.js";
export { type MathPrecision, matrixCodec, vectorCodec } from "./codecs/math.js";
export { nodePathCodec } from "./codecs/node-path.js";
export { bareObjectCodec, callableCodec, objectCodec, ridCodec, signalCodec } from "./codecs/object.js";
export {
  packedByteArrayCodec,
  packedNumberCodec,
  packedStringArrayCodec,
  packedVectorCodec,
} from "./codecs/packed.js";
export {
  boolCodec,
  floatCodec,
  type IntWidth,
  intCodec,
  nilCodec,
  stringCodec,
  stringNameCodec,
} from "./codecs/scalars.js";
export { convertValue } from "./convert/convert-value.js";
export type { ConversionLoss, ConvertOptions, ConvertResult, RewriteContext } from "./convert/options.js";
export { type Builder, MODEL, type Observer } from "./dialect/builder.js";
export {
  type CodecOptions,
  createCodecWith,
  DEFAULT_CODEC_CHUNK,
  type VariantCodec,
} from "./dialect/codec.js";
export type {
  AnyCodec,
  Codec,
  DecodeContext,
  Dialect,
  EncodeContext,
  Inline,
  TypedContainersReader,
} from "./dialect/contract.js";
export { createDialect, type DialectSpec } from "./dialect/create.js";
export { decodeJSWith } from "./dialect/decode-js.js";
export {
  type DecodeResult,
  decodeWith,
  decodeWithLength,
  type KeptReading,
  newKeptReading,
  probeWith,
  readKeeping,
  readWith,
} from "./dialect/decoder.js";
export { encodeIntoWith, encodeWith } from "./dialect/encoder.js";
export { choiceOption, type DialectFactorySpec, dialectFactory, forDecode } from "./dialect/factory.js";
export {
  FACT_NAMES,
  type FactName,
  Facts,
  FactsObserver,
  FULL_CHECKS,
  SAMPLE_STEP,
} from "./dialect/facts.js";
export {
  type Layout,
  type LayoutStep,
  LayoutWalker,
  PART,
  PART_NAMES,
  type PartCode,
  type PartName,
  type PartSink,
  typeIdAt,
} from "./dialect/layout.js";
export {
  checkOptions,
  DEFAULT_MAX_COLLECTION_LENGTH,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_TOTAL_BYTES,
  type DecodeLimits,
  type DecodeOptions,
  type EncodeOptions,
  type Span,
} from "./dialect/options.js";
export type { Part } from "./dialect/parts.js";
export { type OnRecord, readRecordsWith } from "./dialect/read-records.js";
export {
  DecodeError,
  type DecodeErrorCode,
  type DecodeErrorOptions,
  EncodeError,
  type EncodeErrorCode,
  type EncodeErrorOptions,
  GdVariantError,
} from "./errors.js";
export {
  type ChunkSource,
  decodeStream,
  decodeStreamRecords,
  encodeStream,
} from "./framing/async-iterable.js";
export { base64ToVariant, variantToBase64 } from "./framing/base64.js";
export { base64Lines } from "./framing/base64-lines.js";
export {
  type FileInfo,
  type FileKind,
  fileKindOf,
  fileKindOfText,
  type VersionRange,
} from "./framing/file-kinds.js";
// Framing: store_var files, StreamPeer/PacketPeerStream streams, PacketPeer packets, base64.
export {
  DEFAULT_MAX_PACKET_SIZE,
  type FrameDecodeOptions,
  type FrameEncodeOptions,
  type FrameRecord,
} from "./framing/options.js";
export {
  decodePacket,
  encodePacket,
  type PacketDecodeOptions,
  type PacketEncodeOptions,
} from "./framing/packet.js";
export {
  type RecordChain,
  type RecordChainOptions,
  type RecordStop,
  recordOffset,
  walkRecords,
} from "./framing/record-chain.js";
export {
  type ReadRecordsOptions,
  type RecordsRead,
  readRecords,
  readStoreVarFile,
  writeStoreVarFile,
} from "./framing/store-var-file.js";
export { StreamDecoder, type StreamDecoderOptions } from "./framing/stream-decoder.js";
export { encodeStreamFrame } from "./framing/stream-frame.js";
export { createDecodeStream, createEncodeStream } from "./framing/web-streams.js";
export { formatPath, type PathSegment } from "./path.js";
export { type CEscapeOptions, cEscape, cEscapeMultiline } from "./text/c-escape.js";
export { builtInStrtod, type StrtodResult, stringToFloat, stringToInt } from "./text/engine-strtod.js";
export { joinEach } from "./text/join-each.js";
export {
  MAX_TEXT_DEPTH,
  type ParseVariantTextOptions,
  parseVariantText,
  parseVariantTextAt,
  parseVariantTextSequence,
  type TextDialectId,
} from "./text/parse.js";
export { TextParseError, type TextParseErrorCode } from "./text/parse-error.js";
export { IMAGE_FORMAT_NAMES, TYPE_NAME_KINDS } from "./text/parse-names.js";
export { formatPrintfG } from "./text/printf-g.js";
export {
  poolEqualityKeys,
  poolKeyOf,
  type SortArrayGodot3Options,
  type SortRank,
  sortArrayGodot3,
} from "./text/sort-array.js";
export { checkExpansion } from "./value/check-value.js";
export {
  aabb,
  array,
  basis,
  bool,
  builtinType,
  type ContainerOptions,
  callable,
  classType,
  color,
  dictionary,
  float,
  fullObject,
  image,
  inputEvent,
  int,
  matrix3,
  matrix32,
  nil,
  nodePath,
  nullObject,
  objectId,
  packedByteArray,
  packedColorArray,
  packedFloat32Array,
  packedFloat64Array,
  packedInt32Array,
  packedInt64Array,
  packedStringArray,
  packedVector2Array,
  packedVector3Array,
  packedVector4Array,
  plane,
  projection,
  quaternion,
  rect2,
  rect2i,
  rid,
  scriptType,
  signal,
  string,
  stringName,
  toInt64,
  transform2d,
  transform3d,
  vector2,
  vector2i,
  vector3,
  vector3i,
  vector4,
  vector4i,
} from "./value/construct.js";
export { equals } from "./value/equals.js";
export { DEFAULT_MAX_VALUES, type WalkOptions } from "./value/expansion.js";
export { type FromJSOptions, fromJS, type ToJSOptions, toJS } from "./value/js.js";
export { jsBuilder } from "./value/js-builder.js";
export { fromJSON, type JsonValue, toJSON } from "./value/json.js";
export type * from "./value/types.js";
export { isKind, KINDS, MATRIX_SIZES, PACKED_KINDS, VECTOR_FIELDS } from "./value/types.js";
export { ValueIds } from "./value/value-ids.js";
export { asProjectError, assertAcyclic } from "./value/walk.js";

/**
 * @gdvariant/core: byte primitives, the value model, the dialect contract and the generic
 * decode/encode engine for Godot's binary Variant format. Dialects (`@gdvariant/godot-4`,
 * `@gdvariant/godot-3`, `@gdvariant/legacy-2`) build on it.
 * @packageDocumentation
 */
export { ByteReader, HOST_LITTLE_ENDIAN, canonicalInt64 } from "./bytes/reader.js";
export { ByteWriter } from "./bytes/writer.js";
export { decodeUtf8, encodeUtf8 } from "./bytes/utf8.js";
export { base64Decode, base64Encode } from "./bytes/base64.js";

export {
  GdVariantError,
  DecodeError,
  EncodeError,
  type DecodeErrorCode,
  type EncodeErrorCode,
  type DecodeErrorOptions,
  type EncodeErrorOptions,
} from "./errors.js";
export { type PathSegment, formatPath } from "./path.js";

export type * from "./value/types.js";
export { KINDS, isKind, VECTOR_FIELDS, MATRIX_SIZES, PACKED_KINDS } from "./value/types.js";
export {
  toInt64,
  nil,
  bool,
  int,
  float,
  string,
  stringName,
  vector2,
  vector2i,
  rect2,
  rect2i,
  vector3,
  vector3i,
  vector4,
  vector4i,
  plane,
  quaternion,
  aabb,
  color,
  transform2d,
  matrix32,
  basis,
  matrix3,
  transform3d,
  projection,
  nodePath,
  rid,
  objectId,
  fullObject,
  nullObject,
  callable,
  signal,
  array,
  dictionary,
  builtinType,
  classType,
  scriptType,
  packedByteArray,
  packedInt32Array,
  packedInt64Array,
  packedFloat32Array,
  packedFloat64Array,
  packedStringArray,
  packedVector2Array,
  packedVector3Array,
  packedColorArray,
  packedVector4Array,
  image,
  inputEvent,
  type ContainerOptions,
} from "./value/construct.js";
export { equals } from "./value/equals.js";
export { fromJS, toJS, type ToJSOptions } from "./value/js.js";
export { toJSON, fromJSON, type JsonValue } from "./value/json.js";

export type { Codec, AnyCodec, Dialect, DecodeContext, EncodeContext } from "./dialect/contract.js";
export { createDialect, type DialectSpec } from "./dialect/create.js";
export {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_COLLECTION_LENGTH,
  DEFAULT_MAX_TOTAL_BYTES,
  type DecodeOptions,
  type EncodeOptions,
  type DecodeLimits,
  type Span,
} from "./dialect/options.js";
export { decodeWith, decodeWithLength, encodeWith, type DecodeResult } from "./dialect/engine.js";

export { FLAG_64, defineCodec, checkSign, type CodecSpec } from "./codecs/define.js";
export {
  nilCodec,
  boolCodec,
  intCodec,
  floatCodec,
  stringCodec,
  stringNameCodec,
  type IntWidth,
} from "./codecs/scalars.js";
export { vectorCodec, matrixCodec, type MathPrecision } from "./codecs/math.js";
export { nodePathCodec } from "./codecs/node-path.js";
export { ridCodec, objectCodec, bareObjectCodec, callableCodec, signalCodec } from "./codecs/object.js";
export { arrayCodec, dictionaryCodec, type ContainerOptions as ContainerCodecOptions } from "./codecs/containers.js";
export {
  packedByteArrayCodec,
  packedNumberCodec,
  packedVectorCodec,
  packedStringArrayCodec,
} from "./codecs/packed.js";

export { formatPrintfG } from "./text/printf-g.js";
export {
  parseVariantText,
  parseVariantTextSequence,
  type ParseVariantTextOptions,
  type TextDialectId,
} from "./text/parse.js";
export { TextParseError, type TextParseErrorCode } from "./text/parse-error.js";

export { convertValue } from "./convert/convert-value.js";
export type { ConversionLoss, ConvertOptions, ConvertResult, RewriteContext } from "./convert/options.js";

// Framing: store_var files, StreamPeer/PacketPeerStream streams, PacketPeer packets, base64.
export {
  DEFAULT_MAX_PACKET_SIZE,
  type FrameDecodeOptions,
  type FrameEncodeOptions,
  type FrameRecord,
} from "./framing/options.js";
export { readStoreVarFile, writeStoreVarFile } from "./framing/store-var-file.js";
export { encodeStreamFrame } from "./framing/stream-frame.js";
export { StreamDecoder, type StreamDecoderOptions } from "./framing/stream-decoder.js";
export { createDecodeStream, createEncodeStream } from "./framing/web-streams.js";
export {
  decodeStream,
  decodeStreamRecords,
  encodeStream,
  type ChunkSource,
} from "./framing/async-iterable.js";
export {
  encodePacket,
  decodePacket,
  type PacketEncodeOptions,
  type PacketDecodeOptions,
} from "./framing/packet.js";
export { variantToBase64, base64ToVariant } from "./framing/base64.js";

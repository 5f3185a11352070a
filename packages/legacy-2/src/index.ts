/**
 * `@gdvariant/legacy-2`: Godot 2.x (2.0-2.1) binary Variant format: `decode`, `encode`, the
 * dialect for core's engine, 2.1's `var2str` text form, Image and InputEvent helpers, and the
 * conversion of 2.x values to their 3.x/4.x equivalents.
 * @packageDocumentation
 */

export { createCodec, type Legacy2CodecOptions } from "./codec.js";
export { engineWrittenSubnames, type SubnameEncoding } from "./codecs/node-path.js";
export { emptyImageObject, imageToObject, type ModernTarget } from "./convert/image-object.js";
export { inputEventToObject } from "./convert/input-event-object.js";
export { joyAxisTo4, joyButtonTo4, scancodeTo3, scancodeTo4 } from "./convert/keys.js";
export {
  type ModernLoss,
  modernRewrite,
  type RewriteReporter,
  type ToModernOptions,
  type ToModernResult,
  toModern,
} from "./convert/to-modern.js";
export { decode, decodeJS, decodeWithLength } from "./decode.js";
export { dialect, legacy2Dialect } from "./dialect.js";
export { encode, encodeInto } from "./encode.js";
export {
  IMAGE_FORMAT,
  IMAGE_FORMAT_MAX,
  IMAGE_FORMATS,
  IMAGE_MAX_SIZE,
  type ImageFormatInfo,
  imageDataSize,
  imageRejection,
  type MipLevel,
  mipLevels,
} from "./image/formats.js";
export { type ImageToRgba8Options, imageToRGBA8, type Rgba8Image } from "./image/to-rgba8.js";
export {
  EVENT_PAYLOAD_BYTES,
  EVENT_TYPES,
  type EventTypeName,
  KEY_MASK,
  SPKEY,
} from "./input-event/constants.js";
export { nodePath2 } from "./node-path.js";
export type { Legacy2DecodeOptions, Legacy2DialectOptions, Legacy2EncodeOptions } from "./options.js";
export { type FromTextOptions, fromText, type ParseTextOptions, parseText } from "./text/parse.js";
export { toText } from "./text/to-text.js";
export { TYPE_COUNT, TYPE_ID, type TypeName } from "./type-ids.js";

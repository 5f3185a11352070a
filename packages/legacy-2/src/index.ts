/**
 * `@gdvariant/legacy-2`: Godot 2.x (2.0-2.1) binary Variant format: `decode`, `encode`, the
 * dialect for core's engine, 2.1's `var2str` text form, Image and InputEvent helpers, and the
 * conversion of 2.x values to their 3.x/4.x equivalents.
 * @packageDocumentation
 */
export { TYPE_IDS, VARIANT_MAX, type TypeName } from "./type-ids.js";
export { dialect, legacy2Dialect, type Legacy2DialectOptions } from "./dialect.js";
export { decode, decodeWithLength, type Legacy2DecodeOptions } from "./decode.js";
export { encode, type Legacy2EncodeOptions } from "./encode.js";
export { engineWrittenSubnames, type SubnameEncoding } from "./codecs/node-path.js";
export { toText } from "./text/to-text.js";
export { fromText, type FromTextOptions } from "./text/from-text.js";
export { nodePath2 } from "./node-path.js";
export {
  IMAGE_FORMATS,
  IMAGE_FORMAT,
  IMAGE_FORMAT_MAX,
  IMAGE_MAX_SIZE,
  imageDataSize,
  imageRejection,
  mipLevels,
  type ImageFormatInfo,
  type MipLevel,
} from "./image/formats.js";
export { imageToRGBA8, type Rgba8Image, type ImageToRgba8Options } from "./image/to-rgba8.js";
export { EVENT_TYPES, KEY_MASK, SPKEY, EVENT_PAYLOAD_BYTES, type EventTypeName } from "./input-event/constants.js";
export { toModern, type ToModernOptions, type ToModernResult, type ModernLoss } from "./convert/to-modern.js";
export { imageToObject, emptyImageObject, type ModernTarget } from "./convert/image-object.js";
export { inputEventToObject } from "./convert/input-event-object.js";
export { scancodeTo3, scancodeTo4, joyButtonTo4, joyAxisTo4 } from "./convert/keys.js";

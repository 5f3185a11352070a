export { type BrotliDecoder, loadBrotli } from "./brotli.js";
export {
  COMPRESSION_MODES,
  type CompressedInfo,
  type CompressionMode,
  type CompressOptions,
  compressFile,
  DEFAULT_BLOCK_SIZE,
  DEFAULT_MAX_BYTES,
  type DecompressOptions,
  type DecompressResult,
  decompressFile,
  decompressFileAsync,
  GCPF_MAGIC,
  isCompressed,
  readCompressedInfo,
} from "./compressed.js";
export { type ConfigDialect, type ConfigSections, parseConfigFile, writeConfigFile } from "./config-file.js";
export {
  type DecryptOptions,
  type DecryptResult,
  decryptFile,
  type EncryptedInfo,
  type EncryptedLayout,
  type EncryptOptions,
  encryptFile,
  GDEC_MAGIC,
  isEncrypted,
  passwordKey,
  readEncryptedInfo,
  type Secret,
} from "./encrypted.js";
export { type EnvelopeMode, envelopeMagic, openEnvelope, sealEnvelope } from "./envelope.js";
export { FileError, type FileErrorCode } from "./errors.js";
export {
  detectLayer,
  type FileLayer,
  type OpenOptions,
  type OpenResult,
  openFile,
  openFileAsync,
  type SealOptions,
  sealFile,
} from "./layers.js";
export {
  type Content,
  type ContentDetector,
  type ContentLayer,
  type DetectContext,
  type OpenContentOptions,
  type OpenedContent,
  openContent,
  openContentAsync,
  type ProjectSetting,
  sealContent,
} from "./open-content.js";
export {
  ECFG_MAGIC,
  isProjectBinary,
  type ProjectBinaryEntry,
  parseProjectBinary,
  settingKey,
  settingSection,
  writeProjectBinary,
} from "./project-binary.js";

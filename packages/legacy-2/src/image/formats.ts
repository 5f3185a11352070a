/**
 * The 2.x `Image::Format` enum (core/image.h of Godot 2.1) and the facts needed to size and read
 * image data, as `Image::_get_dst_image_size` computes them.
 *
 * Data layout of a 2.x Image: every mip level one after the other, level 0 first; each level
 * holds `(w * h * bytesPerPixel) >> rshift` bytes, the next level being
 * `max(minWidth, w >> 1) x max(minHeight, h >> 1)`. INDEXED and INDEXED_ALPHA keep a palette of
 * 256 RGB (768 bytes) or RGBA (1024 bytes) entries after the last level.
 */

/** One row of {@link IMAGE_FORMATS}. */
export interface ImageFormatInfo {
  /** The enum value on the wire. */
  readonly id: number;
  /**
   * The name `var2str` prints (`Image( w, h, mipmaps, RGBA, ... )`). The 2.1 text writer has no
   * case for YUV_422 and YUV_444 and prints an empty name for them; this field still names them.
   */
  readonly name: string;
  /** Bytes per pixel before `rshift` (1 for block-compressed formats). */
  readonly bytesPerPixel: number;
  /** Right shift applied to `w * h * bytesPerPixel` (4-bit formats: 1, 2-bit formats: 2). */
  readonly rshift: number;
  /** Smallest mip level width (block formats stop halving there). */
  readonly minWidth: number;
  /** Smallest mip level height. */
  readonly minHeight: number;
  /** Palette bytes after the last level (INDEXED 768, INDEXED_ALPHA 1024, else 0). */
  readonly paletteBytes: number;
  /** Block-compressed (or custom) data: no per-pixel access. */
  readonly compressed: boolean;
}

function row(
  id: number,
  name: string,
  bytesPerPixel: number,
  rshift = 0,
  minWidth = 1,
  minHeight = 1,
  paletteBytes = 0,
  compressed = false,
): ImageFormatInfo {
  return Object.freeze({ id, name, bytesPerPixel, rshift, minWidth, minHeight, paletteBytes, compressed });
}

/**
 * Every 2.x image format, indexed by its id (0 GRAYSCALE ... 22 CUSTOM; 23 = FORMAT_MAX is
 * invalid on the wire).
 *
 * | id | name | bytes/pixel | notes |
 * |---|---|---|---|
 * | 0 | GRAYSCALE | 1 | |
 * | 1 | INTENSITY | 1 | the byte is alpha; color is white |
 * | 2 | GRAYSCALE_ALPHA | 2 | |
 * | 3 | RGB | 3 | |
 * | 4 | RGBA | 4 | |
 * | 5 | INDEXED | 1 | + 768-byte RGB palette at the end |
 * | 6 | INDEXED_ALPHA | 1 | + 1024-byte RGBA palette at the end |
 * | 7 | YUV_422 | 2 | |
 * | 8 | YUV_444 | 3 | |
 * | 9-13 | BC1..BC5 | 4 or 8 bits | 4x4 minimum |
 * | 14-17 | PVRTC2, PVRTC2_ALPHA, PVRTC4, PVRTC4_ALPHA | 2 or 4 bits | 16x8 / 8x8 minimum |
 * | 18 | ETC | 4 bits | 4x4 minimum |
 * | 19-21 | ATC, ATC_ALPHA_EXPLICIT, ATC_ALPHA_INTERPOLATED | 4 or 8 bits | 8x8 minimum |
 * | 22 | CUSTOM | - | size never checked by the engine |
 */
export const IMAGE_FORMATS: readonly ImageFormatInfo[] = /* @__PURE__ */ formatTable();

// Built by a call marked pure, so that a bundle that never reads the table (decode + encode
// only) leaves it out.
function formatTable(): readonly ImageFormatInfo[] {
  return Object.freeze([
    row(0, "GRAYSCALE", 1),
    row(1, "INTENSITY", 1),
    row(2, "GRAYSCALE_ALPHA", 2),
    row(3, "RGB", 3),
    row(4, "RGBA", 4),
    row(5, "INDEXED", 1, 0, 1, 1, 768),
    row(6, "INDEXED_ALPHA", 1, 0, 1, 1, 1024),
    row(7, "YUV_422", 2),
    row(8, "YUV_444", 3),
    row(9, "BC1", 1, 1, 4, 4, 0, true),
    row(10, "BC2", 1, 0, 4, 4, 0, true),
    row(11, "BC3", 1, 0, 4, 4, 0, true),
    row(12, "BC4", 1, 1, 4, 4, 0, true),
    row(13, "BC5", 1, 0, 4, 4, 0, true),
    row(14, "PVRTC2", 1, 2, 16, 8, 0, true),
    row(15, "PVRTC2_ALPHA", 1, 2, 16, 8, 0, true),
    row(16, "PVRTC4", 1, 1, 8, 8, 0, true),
    row(17, "PVRTC4_ALPHA", 1, 1, 8, 8, 0, true),
    row(18, "ETC", 1, 1, 4, 4, 0, true),
    row(19, "ATC", 1, 1, 8, 8, 0, true),
    row(20, "ATC_ALPHA_EXPLICIT", 1, 0, 8, 8, 0, true),
    row(21, "ATC_ALPHA_INTERPOLATED", 1, 0, 8, 8, 0, true),
    row(22, "CUSTOM", 1, 0, 1, 1, 0, true),
  ]);
}

/** Image format ids by name (`IMAGE_FORMAT.RGBA === 4`). */
export const IMAGE_FORMAT = {
  GRAYSCALE: 0,
  INTENSITY: 1,
  GRAYSCALE_ALPHA: 2,
  RGB: 3,
  RGBA: 4,
  INDEXED: 5,
  INDEXED_ALPHA: 6,
  YUV_422: 7,
  YUV_444: 8,
  BC1: 9,
  BC2: 10,
  BC3: 11,
  BC4: 12,
  BC5: 13,
  PVRTC2: 14,
  PVRTC2_ALPHA: 15,
  PVRTC4: 16,
  PVRTC4_ALPHA: 17,
  ETC: 18,
  ATC: 19,
  ATC_ALPHA_EXPLICIT: 20,
  ATC_ALPHA_INTERPOLATED: 21,
  CUSTOM: 22,
} as const;

/** The 2.x engine's `Image::FORMAT_MAX`: format ids at or above it are invalid on the wire. */
export const IMAGE_FORMAT_MAX = 23;

/** Largest width and height `Image::create` accepts in 2.x (`MAX_WIDTH`, `MAX_HEIGHT`). */
export const IMAGE_MAX_SIZE = 16384;

/** One mip level: where it starts in `data`, how many bytes, and its size in pixels. */
export interface MipLevel {
  readonly offset: number;
  readonly length: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The mip levels an image of this size, format and mipmap count holds, level 0 first, as
 * `Image::_get_dst_image_size` walks them. `mipmaps` is the wire value: N means N levels after
 * level 0; a value with bit 31 set is negative for the engine, which then walks the whole chain
 * down to the format's minimum size. At most `maxLevels` entries are returned (default 64; the
 * chain reaches the minimum size within 15 halvings, levels after that repeat the minimum size).
 * An empty list for a format id that is not a 2.x format.
 */
export function mipLevels(
  width: number,
  height: number,
  format: number,
  mipmaps: number,
  maxLevels = 64,
): MipLevel[] {
  const f = IMAGE_FORMATS[format];
  if (f === undefined) return [];
  const out: MipLevel[] = [];
  const wanted = mipmaps | 0;
  let w = width;
  let h = height;
  let offset = 0;
  for (let mm = 0; out.length < maxLevels; mm++) {
    const length = Math.floor((w * h * f.bytesPerPixel) / 2 ** f.rshift);
    out.push({ offset, length, width: w, height: h });
    offset += length;
    if (wanted >= 0 ? mm === wanted : w === f.minWidth && h === f.minHeight) break;
    w = Math.max(f.minWidth, w >> 1);
    h = Math.max(f.minHeight, h >> 1);
  }
  return out;
}

/**
 * Bytes of image data the 2.x engine expects for this size, format and mipmap count (all levels
 * plus the palette), the check `Image::create` makes before it accepts decoded data. Computed in
 * closed form, so a hostile mipmap count costs nothing. `undefined` for CUSTOM, whose size the
 * engine never checks, and for a format id that is not a 2.x format.
 */
export function imageDataSize(
  width: number,
  height: number,
  format: number,
  mipmaps: number,
): number | undefined {
  const f = IMAGE_FORMATS[format];
  if (f === undefined || format === IMAGE_FORMAT.CUSTOM) return undefined;
  const wanted = mipmaps | 0;
  let size = f.paletteBytes;
  let w = width;
  let h = height;
  let mm = 0;
  for (;;) {
    const s = Math.floor((w * h * f.bytesPerPixel) / 2 ** f.rshift);
    size += s;
    if (wanted >= 0 && mm === wanted) return size;
    if (w === f.minWidth && h === f.minHeight) {
      // Every further level has the minimum size: add the rest at once.
      return wanted >= 0 ? size + (wanted - mm) * s : size;
    }
    w = Math.max(f.minWidth, w >> 1);
    h = Math.max(f.minHeight, h >> 1);
    mm++;
  }
}

/**
 * Why the 2.x engine would turn decoded image fields into an empty `Image()`, or `undefined`
 * when it accepts them. The decoder (`decode_variant`) builds `Image(w, h, mipmaps, format,
 * data)` only when the data length is nonzero, and `Image::create` refuses (leaving the image
 * empty) a width or height outside 1..16384 or a data length other than {@link imageDataSize}.
 */
export function imageRejection(image: {
  readonly format: number;
  readonly mipmaps: number;
  readonly width: number;
  readonly height: number;
  readonly data: { readonly length: number };
}): string | undefined {
  if (image.data.length === 0) return "no data (the engine reads an empty Image)";
  if (IMAGE_FORMATS[image.format] === undefined) return `format ${image.format} is not a 2.x format`;
  const w = image.width;
  const h = image.height;
  if (!(w >= 1 && w <= IMAGE_MAX_SIZE) || !(h >= 1 && h <= IMAGE_MAX_SIZE)) {
    return `size ${w}x${h} is outside 1..${IMAGE_MAX_SIZE}`;
  }
  const expected = imageDataSize(w, h, image.format, image.mipmaps);
  if (expected !== undefined && expected !== image.data.length) {
    return `${image.data.length} data bytes where ${IMAGE_FORMATS[image.format]!.name} ${w}x${h} with ${image.mipmaps | 0} mipmaps needs ${expected}`;
  }
  return undefined;
}

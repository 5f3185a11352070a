import type { ImageValue } from "@gdvariant/core";
import { IMAGE_FORMAT as F, IMAGE_FORMATS, imageRejection, mipLevels } from "./formats.js";

/** Pixels ready for a canvas (`new ImageData(data, width, height)`): 4 bytes per pixel, RGBA. */
export interface Rgba8Image {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/** Options of {@link imageToRGBA8}. */
export interface ImageToRgba8Options {
  /** Mip level to convert (0 = full size). Default 0. */
  level?: number;
}

// 2.x Image::_get_pixelw, YUV branch: BT.601 with int32 truncation, then CLAMP(0, 255).
function yuv(y: number, u: number, v: number, out: Uint8ClampedArray, o: number): void {
  const c = (x: number) => Math.min(255, Math.max(0, Math.trunc(x)));
  out[o] = c(1.164 * (y - 16) + 1.596 * (v - 128));
  out[o + 1] = c(1.164 * (y - 16) - 0.813 * (v - 128) - 0.391 * (u - 128));
  out[o + 2] = c(1.164 * (y - 16) + 2.018 * (u - 128));
  out[o + 3] = 255;
}

/**
 * Converts one mip level of an uncompressed 2.x Image to RGBA8, pixel for pixel as the 2.x
 * engine's `Image::get_pixel` reads it: GRAYSCALE `(v, v, v, 255)`, INTENSITY
 * `(255, 255, 255, v)`, GRAYSCALE_ALPHA `(l, l, l, a)`, RGB `(r, g, b, 255)`, RGBA as is,
 * INDEXED / INDEXED_ALPHA through the palette stored after the last level, YUV_422 / YUV_444
 * through the engine's BT.601 formula.
 *
 * Returns `undefined` when there are no pixels to show: block-compressed formats (BC1-5, PVRTC,
 * ETC, ATC) and CUSTOM, which the engine cannot read per pixel either; an image the engine would
 * hold as empty (no data, a size outside 1..16384, or a data length that does not match the
 * format, see `imageRejection`); or a level the image does not have.
 */
export function imageToRGBA8(image: ImageValue, options: ImageToRgba8Options = {}): Rgba8Image | undefined {
  const info = IMAGE_FORMATS[image.format];
  if (info === undefined || info.compressed || imageRejection(image) !== undefined) return undefined;
  const levelIndex = options.level ?? 0;
  const levels = mipLevels(image.width, image.height, image.format, image.mipmaps, levelIndex + 1);
  const level = levels[levelIndex];
  if (level === undefined || levels.length <= levelIndex) return undefined;
  const { width, height, offset } = level;
  const src = image.data;
  const out = new Uint8ClampedArray(width * height * 4);
  const n = width * height;
  switch (image.format) {
    case F.GRAYSCALE:
      for (let i = 0; i < n; i++) {
        const v = src[offset + i]!;
        out.set([v, v, v, 255], i * 4);
      }
      break;
    case F.INTENSITY:
      for (let i = 0; i < n; i++) out.set([255, 255, 255, src[offset + i]!], i * 4);
      break;
    case F.GRAYSCALE_ALPHA:
      for (let i = 0; i < n; i++) {
        const l = src[offset + i * 2]!;
        out.set([l, l, l, src[offset + i * 2 + 1]!], i * 4);
      }
      break;
    case F.RGB:
      for (let i = 0; i < n; i++) {
        const o = offset + i * 3;
        out.set([src[o]!, src[o + 1]!, src[o + 2]!, 255], i * 4);
      }
      break;
    case F.RGBA:
      out.set(src.subarray(offset, offset + n * 4));
      break;
    case F.INDEXED:
    case F.INDEXED_ALPHA: {
      const pitch = image.format === F.INDEXED ? 3 : 4;
      const pal = src.length - pitch * 256;
      for (let i = 0; i < n; i++) {
        const p = pal + src[offset + i]! * pitch;
        out.set([src[p]!, src[p + 1]!, src[p + 2]!, pitch === 4 ? src[p + 3]! : 255], i * 4);
      }
      break;
    }
    case F.YUV_422:
      // Pairs of pixels share U and V: Y0 U Y1 V. Reads past the level read as 0.
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const p = offset + width * 2 * y + x * 2;
          const at = (k: number) => src[k] ?? 0;
          if (x % 2) yuv(at(p), at(p - 1), at(p + 1), out, (y * width + x) * 4);
          else yuv(at(p), at(p + 1), at(p + 3), out, (y * width + x) * 4);
        }
      }
      break;
    case F.YUV_444:
      for (let i = 0; i < n; i++) {
        const p = offset + i * 3;
        yuv(src[p]!, src[p + 1]!, src[p + 2]!, out, i * 4);
      }
      break;
    default:
      return undefined;
  }
  return { width, height, data: out };
}

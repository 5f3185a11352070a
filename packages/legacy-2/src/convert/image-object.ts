import {
  bool,
  dictionary,
  fullObject,
  type ImageValue,
  int,
  nil,
  packedByteArray,
  string,
  type Value,
} from "@gdvariant/core";
import { IMAGE_FORMAT as F, IMAGE_FORMATS, imageRejection, mipLevels } from "../image/formats.js";
import { imageToRGBA8 } from "../image/to-rgba8.js";

/** The engine generation a value is converted for. */
export type ModernTarget = "3" | "4";

// 3.x/4.x format names as Image::_get_data writes them ("format" of the data dictionary), and
// their size rules (bytes per pixel, right shift, block size) from Image::_get_dst_image_size.
// Names checked against Godot 3.2.3 and 4.6.3 (var2str of an Image of each format).
interface ModernFormat {
  readonly name: string;
  readonly pixel: number;
  readonly rshift: number;
  readonly block: number;
}
// Plain literals (no factory calls at module level) so bundlers drop this module when unused.
const L8: ModernFormat = { name: "Lum8", pixel: 1, rshift: 0, block: 1 };
const LA8: ModernFormat = { name: "LumAlpha8", pixel: 2, rshift: 0, block: 1 };
const RGB8: ModernFormat = { name: "RGB8", pixel: 3, rshift: 0, block: 1 };
const RGBA8: ModernFormat = { name: "RGBA8", pixel: 4, rshift: 0, block: 1 };

// Block-compressed 2.x formats (by 2.x id) with the same block data in 3.x/4.x. PVRTC exists
// only in 3.x. Literal keys, so the table is not kept alive by bundlers when unused.
const COMPRESSED: Readonly<Record<number, { readonly "3"?: ModernFormat; readonly "4"?: ModernFormat }>> = {
  9: {
    // BC1
    "3": { name: "DXT1 RGB8", pixel: 1, rshift: 1, block: 4 },
    "4": { name: "DXT1 RGB8", pixel: 1, rshift: 1, block: 4 },
  },
  10: {
    // BC2
    "3": { name: "DXT3 RGBA8", pixel: 1, rshift: 0, block: 4 },
    "4": { name: "DXT3 RGBA8", pixel: 1, rshift: 0, block: 4 },
  },
  11: {
    // BC3
    "3": { name: "DXT5 RGBA8", pixel: 1, rshift: 0, block: 4 },
    "4": { name: "DXT5 RGBA8", pixel: 1, rshift: 0, block: 4 },
  },
  12: {
    // BC4
    "3": { name: "RGTC Red8", pixel: 1, rshift: 1, block: 4 },
    "4": { name: "RGTC Red8", pixel: 1, rshift: 1, block: 4 },
  },
  13: {
    // BC5
    "3": { name: "RGTC RedGreen8", pixel: 1, rshift: 0, block: 4 },
    "4": { name: "RGTC RedGreen8", pixel: 1, rshift: 0, block: 4 },
  },
  14: {
    // PVRTC2
    "3": { name: "PVRTC2", pixel: 1, rshift: 2, block: 4 },
  },
  15: {
    // PVRTC2_ALPHA
    "3": { name: "PVRTC2A", pixel: 1, rshift: 2, block: 4 },
  },
  16: {
    // PVRTC4
    "3": { name: "PVRTC4", pixel: 1, rshift: 1, block: 4 },
  },
  17: {
    // PVRTC4_ALPHA
    "3": { name: "PVRTC4A", pixel: 1, rshift: 1, block: 4 },
  },
  18: {
    // ETC
    "3": { name: "ETC", pixel: 1, rshift: 1, block: 4 },
    "4": { name: "ETC", pixel: 1, rshift: 1, block: 4 },
  },
};

/** 3.x/4.x `Image::_get_dst_image_size`: level sizes of a full chain (to 1x1) or of level 0. */
function modernLevels(w: number, h: number, f: ModernFormat, mipmaps: boolean): number[] {
  const out: number[] = [];
  for (;;) {
    const bw = Math.ceil(w / f.block) * f.block;
    const bh = Math.ceil(h / f.block) * f.block;
    out.push(Math.floor((bw * bh * f.pixel) / 2 ** f.rshift));
    if (!mipmaps || (w === 1 && h === 1)) return out;
    w = Math.max(1, w >> 1);
    h = Math.max(1, h >> 1);
  }
}

function imageObject(
  width: number,
  height: number,
  format: string,
  mipmaps: boolean,
  data: Uint8Array,
): Value {
  // Property list and data keys in the order Godot 3.2.3 and 4.6.3 write them
  // (var2bytes(img, true) / var_to_bytes_with_objects(img)).
  return fullObject("Image", [
    ["resource_local_to_scene", bool(false)],
    ["resource_name", string("")],
    [
      "data",
      dictionary([
        [string("width"), int(width)],
        [string("height"), int(height)],
        [string("format"), string(format)],
        [string("mipmaps"), bool(mipmaps)],
        [string("data"), packedByteArray(data)],
      ]),
    ],
    ["script", nil()],
  ]);
}

/** The empty 3.x/4.x Image (`Image.new()`), as both engines write it. */
export function emptyImageObject(): Value {
  return imageObject(0, 0, "Lum8", false, new Uint8Array(0));
}

function pack(rgba: Uint8ClampedArray, channels: "LA" | "RGB" | "RGBA"): Uint8Array {
  const n = rgba.length / 4;
  if (channels === "RGBA") return new Uint8Array(rgba);
  const size = channels === "LA" ? 2 : 3;
  const out = new Uint8Array(n * size);
  for (let i = 0; i < n; i++) {
    if (channels === "LA") {
      out[i * 2] = rgba[i * 4]!;
      out[i * 2 + 1] = rgba[i * 4 + 3]!;
    } else {
      out[i * 3] = rgba[i * 4]!;
      out[i * 3 + 1] = rgba[i * 4 + 1]!;
      out[i * 3 + 2] = rgba[i * 4 + 2]!;
    }
  }
  return out;
}

/**
 * A 2.x Image as the 3.x/4.x `Image` resource (a full Object whose `data` property holds
 * width, height, format name, mipmaps flag and the bytes), reporting what does not carry over.
 */
export function imageToObject(
  image: ImageValue,
  target: ModernTarget,
  report: (message: string) => void,
): Value {
  const info = IMAGE_FORMATS[image.format]!;
  const rejected = imageRejection(image);
  if (rejected !== undefined) {
    if (image.data.length > 0)
      report(`the 2.x engine would hold an empty Image (${rejected}); written as an empty Image`);
    return emptyImageObject();
  }
  const levels = mipLevels(image.width, image.height, image.format, image.mipmaps);
  const last = levels.at(-1)!;
  let mipmaps = levels.length > 1;
  if (mipmaps && !info.compressed && !(last.width === 1 && last.height === 1)) {
    report(
      `mip chain stops at ${last.width}x${last.height} (${levels.length} levels); 3.x/4.x images have every level down to 1x1 or none: only level 0 is kept`,
    );
    mipmaps = false;
  }
  const used = mipmaps ? levels : levels.slice(0, 1);
  const { width, height } = image;

  // Same bytes, new name.
  const direct: Readonly<Record<number, ModernFormat>> = {
    [F.GRAYSCALE]: L8,
    [F.GRAYSCALE_ALPHA]: LA8,
    [F.RGB]: RGB8,
    [F.RGBA]: RGBA8,
  };
  const same = direct[image.format];
  if (same !== undefined) {
    const end = used.at(-1)!.offset + used.at(-1)!.length;
    return imageObject(width, height, same.name, mipmaps, image.data.slice(0, end));
  }

  // Pixel formats 3.x/4.x lack: expand each level through RGBA8.
  const expand: Readonly<Record<number, [ModernFormat, "LA" | "RGB" | "RGBA", string]>> = {
    [F.INTENSITY]: [LA8, "LA", "INTENSITY written as LumAlpha8 (white, alpha = intensity)"],
    [F.INDEXED]: [RGB8, "RGB", "INDEXED expanded to RGB8 through its palette (the palette is not kept)"],
    [F.INDEXED_ALPHA]: [
      RGBA8,
      "RGBA",
      "INDEXED_ALPHA expanded to RGBA8 through its palette (the palette is not kept)",
    ],
    [F.YUV_422]: [RGB8, "RGB", "YUV_422 converted to RGB8 with the 2.x engine's formula (rounded)"],
    [F.YUV_444]: [RGB8, "RGB", "YUV_444 converted to RGB8 with the 2.x engine's formula (rounded)"],
  };
  const ex = expand[image.format];
  if (ex !== undefined) {
    const [fmt, channels, note] = ex;
    if (image.format !== F.INTENSITY) report(note);
    const parts = used.map((_, level) => pack(imageToRGBA8(image, { level })!.data, channels));
    const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      data.set(p, at);
      at += p.length;
    }
    return imageObject(width, height, fmt.name, mipmaps, data);
  }

  // Block-compressed: the same blocks, if 3.x/4.x size them the same way.
  const fmt = COMPRESSED[image.format]?.[target];
  if (fmt === undefined) {
    report(`${info.name} has no ${target}.x image format; written as an empty Image`);
    return emptyImageObject();
  }
  const top = modernLevels(width, height, fmt, false)[0]!;
  if (top === levels[0]!.length) {
    if (mipmaps) {
      // 2.x block formats stop their chain at the format's minimum size (4x4 and up); 3.x/4.x
      // continue to 1x1, so the chain never matches.
      report(
        `${info.name} mip levels stop at ${last.width}x${last.height} in 2.x; ${target}.x needs them down to 1x1: only level 0 is kept`,
      );
    }
    return imageObject(width, height, fmt.name, false, image.data.slice(0, top));
  }
  report(
    `${info.name} ${width}x${height} is not a whole number of blocks for ${target}.x; written as an empty Image`,
  );
  return emptyImageObject();
}

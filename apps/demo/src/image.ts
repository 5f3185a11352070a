import type { ImageValue } from "@gdvariant/core";

// 2.x Image formats with plain pixels (GRAYSCALE, INTENSITY, GRAYSCALE_ALPHA, RGB, RGBA):
// bytes per pixel and how to read one pixel as RGBA.
const PIXEL: Readonly<
  Record<number, { bpp: number; rgba: (d: Uint8Array, i: number) => [number, number, number, number] }>
> = {
  0: { bpp: 1, rgba: (d, i) => [d[i]!, d[i]!, d[i]!, 255] },
  1: { bpp: 1, rgba: (d, i) => [d[i]!, d[i]!, d[i]!, d[i]!] },
  2: { bpp: 2, rgba: (d, i) => [d[i]!, d[i]!, d[i]!, d[i + 1]!] },
  3: { bpp: 3, rgba: (d, i) => [d[i]!, d[i + 1]!, d[i + 2]!, 255] },
  4: { bpp: 4, rgba: (d, i) => [d[i]!, d[i + 1]!, d[i + 2]!, d[i + 3]!] },
};

/** True when the page can draw the image (an uncompressed 8-bit format with its pixels present). */
export function drawable(img: ImageValue): boolean {
  const f = PIXEL[img.format];
  return (
    f !== undefined && img.width > 0 && img.height > 0 && img.data.length >= img.width * img.height * f.bpp
  );
}

/** The first mip level as RGBA pixels (no DOM: the worker makes them), or undefined. */
export function imagePixels(
  img: ImageValue,
): { width: number; height: number; rgba: Uint8ClampedArray } | undefined {
  const f = PIXEL[img.format];
  if (f === undefined || !drawable(img)) return undefined;
  const rgba = new Uint8ClampedArray(img.width * img.height * 4);
  for (let p = 0; p < img.width * img.height; p++) rgba.set(f.rgba(img.data, p * f.bpp), p * 4);
  return { width: img.width, height: img.height, rgba };
}

/** A canvas showing an image's pixels, scaled up with crisp pixels. */
export function imageCanvas(img: {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = img.width;
  canvas.height = img.height;
  canvas.className = "image";
  const scale = Math.max(1, Math.floor(96 / Math.max(img.width, img.height)));
  canvas.style.width = `${img.width * scale}px`;
  canvas.style.height = `${img.height * scale}px`;
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", `Image ${img.width}×${img.height}`);
  const ctx = canvas.getContext("2d");
  if (!ctx) return canvas;
  const out = ctx.createImageData(img.width, img.height);
  out.data.set(img.rgba);
  ctx.putImageData(out, 0, 0);
  return canvas;
}

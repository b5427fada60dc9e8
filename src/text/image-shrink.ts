// Shrinks decoded images early: a terminal shows at most a few hundred pixels across, so a
// big debug image is kept (and cached) at about that size instead of its full RGBA.
import { fitPixels, resampleArea } from './image-blocks.js';
import type { RgbaImage } from './image-decode.js';

/** Images are kept at most this many pixels wide and tall (≈ a 320-column terminal). */
export const KEPT_IMAGE_PIXELS = 320;

/** `img` resampled (area average, alpha kept opaque-blended on black) to fit `max` x `max`; small ones are returned as they are. */
export function shrinkImage(img: RgbaImage, max = KEPT_IMAGE_PIXELS): RgbaImage {
  if (img.width <= max && img.height <= max) return img;
  const size = fitPixels(img.width, img.height, max, max / 2);
  const rgb = resampleArea(img, size.width, size.height);
  const data = new Uint8Array(size.width * size.height * 4);
  for (let i = 0, o = 0; i < rgb.length; i += 3, o += 4) {
    data[o] = Math.round(rgb[i] as number);
    data[o + 1] = Math.round(rgb[i + 1] as number);
    data[o + 2] = Math.round(rgb[i + 2] as number);
    data[o + 3] = 255;
  }
  return { width: size.width, height: size.height, data };
}

// PNG and JPEG bytes → RGBA pixels, in JavaScript (pngjs, jpeg-js: no native build). The size
// is read from the header first, so a huge image is refused before any pixel memory is taken.
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import { ImageDecodeError } from './image-decode-error.js';

export { ImageDecodeError };

export interface RgbaImage {
  width: number;
  height: number;
  /** width * height * 4 bytes: R, G, B, A per pixel, rows top to bottom. */
  data: Uint8Array;
}

type ImageFormat = 'png' | 'jpeg';

/** 16.7 megapixels (4096 x 4096, 64 MiB of RGBA): far above what a terminal can show. */
const DEFAULT_MAX_PIXELS = 4096 * 4096;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function detectFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return undefined;
}

function u16(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function u32(bytes: Uint8Array, at: number): number {
  return u16(bytes, at) * 65536 + u16(bytes, at + 2);
}

/** Width and height from the PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const isIhdr = bytes[12] === 0x49 && bytes[13] === 0x48 && bytes[14] === 0x44 && bytes[15] === 0x52;
  if (bytes.length < 24 || !isIhdr) throw new ImageDecodeError('the PNG is damaged: it has no IHDR header');
  return { width: u32(bytes, 16), height: u32(bytes, 20) };
}

/** Width and height from the JPEG's first start-of-frame marker (SOF0..SOF15 except DHT, JPG, DAC). */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new ImageDecodeError('the JPEG is damaged: a segment does not start with a marker');
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = u16(bytes, at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) break;
      return { height: u16(bytes, at + 5), width: u16(bytes, at + 7) };
    }
    if (length < 2) throw new ImageDecodeError('the JPEG is damaged: a segment has an impossible length');
    at += 2 + length;
  }
  throw new ImageDecodeError('the JPEG is damaged or truncated: no frame header found');
}

/** Format and size from the header alone. */
export function readImageHeader(bytes: Uint8Array): { format: ImageFormat; width: number; height: number } {
  const format = detectFormat(bytes);
  if (format === undefined) throw new ImageDecodeError('not a PNG or JPEG image');
  const size = format === 'png' ? pngSize(bytes) : jpegSize(bytes);
  return { format, ...size };
}

function describeFailure(format: ImageFormat, err: unknown): ImageDecodeError {
  const why = err instanceof Error ? err.message : String(err);
  return new ImageDecodeError(`the ${format === 'png' ? 'PNG' : 'JPEG'} is damaged or truncated (${why})`);
}

interface DecodeOptions {
  /** Larger images are refused before decoding (default DEFAULT_MAX_PIXELS). */
  maxPixels?: number;
}

/** Decodes a PNG or JPEG into RGBA; throws ImageDecodeError (never anything else) when it cannot. */
export function decodeImage(bytes: Uint8Array, opts: DecodeOptions = {}): RgbaImage {
  const { format, width, height } = readImageHeader(bytes);
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (width === 0 || height === 0) throw new ImageDecodeError(`the image has no pixels (${width}x${height})`);
  if (width * height > maxPixels) {
    throw new ImageDecodeError(
      `the image is ${width}x${height} pixels, more than the ${(maxPixels / 1e6).toFixed(1)} megapixels tracktop decodes`,
    );
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    decoded =
      format === 'png'
        ? pngjs.PNG.sync.read(buffer)
        : jpeg.decode(buffer, {
            useTArray: true,
            formatAsRGBA: true,
            maxResolutionInMP: maxPixels / 1e6,
            maxMemoryUsageInMB: Math.ceil((maxPixels * 4 * 2) / 1048576),
          });
  } catch (err) {
    throw describeFailure(format, err);
  }
  if (decoded.data.length < decoded.width * decoded.height * 4) {
    throw new ImageDecodeError(`the ${format === 'png' ? 'PNG' : 'JPEG'} is truncated`);
  }
  return {
    width: decoded.width,
    height: decoded.height,
    data: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.width * decoded.height * 4),
  };
}

// Images made in the test: real PNG/JPEG files encoded with pngjs/jpeg-js, and a PNG written by
// hand for sizes too big to hold as pixels.
import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import pngjs from 'pngjs';
import type { Rgb } from '../../src/text/image-blocks.js';

export const RED: Rgb = [255, 0, 0];
export const GREEN: Rgb = [0, 255, 0];
export const BLUE: Rgb = [0, 0, 255];
export const WHITE: Rgb = [255, 255, 255];

/** width x height pixels: red top-left, green top-right, blue bottom-left, white bottom-right. */
export function quadrantPixels(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const left = x < width / 2;
      const top = y < height / 2;
      const c = top ? (left ? RED : GREEN) : left ? BLUE : WHITE;
      data.set([...c, 255], (y * width + x) * 4);
    }
  return data;
}

export function quadrantPng(width: number, height: number): Buffer {
  const png = new pngjs.PNG({ width, height });
  quadrantPixels(width, height).copy(png.data);
  return pngjs.PNG.sync.write(png);
}

export function quadrantJpeg(width: number, height: number): Buffer {
  return jpeg.encode({ width, height, data: quadrantPixels(width, height) }, 95).data;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, crc]);
}

/**
 * A valid black 1-bit greyscale PNG of any size: small on disk (rows of zeros compress well),
 * but width x height x 4 bytes once decoded to RGBA.
 */
export function blackPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, filter 0, no interlace
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

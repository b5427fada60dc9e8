import { describe, expect, it } from 'vitest';
import { decodeImage, ImageDecodeError, readImageHeader } from '../../src/text/image-decode.js';
import { blackPng, quadrantJpeg, quadrantPng } from './image-fixtures.js';

function rgbaAt(img: { width: number; data: Uint8Array }, x: number, y: number): number[] {
  const i = (y * img.width + x) * 4;
  return [...img.data.subarray(i, i + 4)];
}

describe('decodeImage', () => {
  it('decodes a PNG into RGBA rows', () => {
    const img = decodeImage(quadrantPng(6, 4));
    expect([img.width, img.height, img.data.length]).toEqual([6, 4, 96]);
    expect(rgbaAt(img, 0, 0)).toEqual([255, 0, 0, 255]);
    expect(rgbaAt(img, 5, 0)).toEqual([0, 255, 0, 255]);
    expect(rgbaAt(img, 0, 3)).toEqual([0, 0, 255, 255]);
    expect(rgbaAt(img, 5, 3)).toEqual([255, 255, 255, 255]);
  });

  it('decodes a JPEG into RGBA (colours within JPEG loss)', () => {
    const img = decodeImage(quadrantJpeg(32, 32));
    expect([img.width, img.height]).toEqual([32, 32]);
    const near = (got: number[], want: number[]): void =>
      want.forEach((v, i) => expect(Math.abs((got[i] as number) - v)).toBeLessThan(40));
    near(rgbaAt(img, 4, 4), [255, 0, 0, 255]);
    near(rgbaAt(img, 28, 4), [0, 255, 0, 255]);
    near(rgbaAt(img, 4, 28), [0, 0, 255, 255]);
    near(rgbaAt(img, 28, 28), [255, 255, 255, 255]);
  });

  it('reads the size from the header of both formats', () => {
    expect(readImageHeader(quadrantPng(7, 3))).toEqual({ format: 'png', width: 7, height: 3 });
    expect(readImageHeader(quadrantJpeg(9, 5))).toEqual({ format: 'jpeg', width: 9, height: 5 });
  });

  it('gives a clear error for truncated, corrupt or foreign bytes', () => {
    const png = quadrantPng(16, 16);
    const jpg = quadrantJpeg(16, 16);
    const corrupt = Buffer.from(png);
    corrupt[corrupt.length - 20] = (corrupt[corrupt.length - 20] as number) ^ 0xff;
    const cases: [Uint8Array, RegExp][] = [
      [png.subarray(0, png.length - 30), /the PNG is damaged or truncated/],
      [png.subarray(0, 20), /the PNG is damaged: it has no IHDR header/],
      [corrupt, /the PNG is damaged or truncated/],
      [jpg.subarray(0, 40), /the JPEG is damaged or truncated/],
      [Buffer.from('GIF89a....'), /not a PNG or JPEG image/],
      [new Uint8Array(0), /not a PNG or JPEG image/],
    ];
    for (const [bytes, message] of cases) {
      expect(() => decodeImage(bytes)).toThrow(ImageDecodeError);
      expect(() => decodeImage(bytes)).toThrow(message);
    }
  });

  it('refuses an 8000x8000 image from its header without decoding it', () => {
    const huge = blackPng(8000, 8000);
    expect(huge.length).toBeLessThan(1_000_000);
    const before = process.memoryUsage().arrayBuffers;
    // CPU time, not wall time: other processes on a loaded machine do not count against it.
    const started = process.cpuUsage();
    expect(() => decodeImage(huge)).toThrow('the image is 8000x8000 pixels, more than the 16.8 megapixels');
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(50);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * 1024 * 1024);
  });

  it('decodes a big image within the limit, and a smaller limit refuses it', () => {
    const img = decodeImage(blackPng(2000, 1000));
    expect([img.width, img.height]).toEqual([2000, 1000]);
    expect(rgbaAt(img, 1999, 999)).toEqual([0, 0, 0, 255]);
    expect(() => decodeImage(blackPng(2000, 1000), { maxPixels: 1_000_000 })).toThrow(/more than the 1\.0 megapixels/);
  });
});

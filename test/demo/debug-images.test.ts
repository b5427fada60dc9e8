// The demo's debug images: real PNGs of the stated size, a scene, its predicted mask and a
// game frame, that change with the iteration (so stepping with [ ] shows another picture).
import pngjs from 'pngjs';
import { describe, expect, it } from 'vitest';
import { debugImagePng, IMAGE_HEIGHT, IMAGE_WIDTH } from '../../src/demo/debug-images.js';

const decode = (png: Buffer) => pngjs.PNG.sync.read(png);

describe('debugImagePng', () => {
  it('encodes PNGs of the stated size that pngjs reads back', () => {
    for (const [metric, variant] of [
      ['samples', 'input'],
      ['samples', 'prediction'],
      ['rollout', 'frame'],
    ] as const) {
      const image = decode(debugImagePng(7, metric, variant, 40, 0.5));
      expect([image.width, image.height], `${metric}/${variant}`).toEqual([IMAGE_WIDTH, IMAGE_HEIGHT]);
    }
  });

  it('draws the same scene for input and prediction, the mask only over the prediction', () => {
    const input = decode(debugImagePng(7, 'samples', 'input', 40, 0.5)).data;
    const prediction = decode(debugImagePng(7, 'samples', 'prediction', 40, 0.5)).data;
    // The sky's top-left corner is outside any mask; the two differ where the mask is.
    expect([...input.subarray(0, 4)]).toEqual([...prediction.subarray(0, 4)]);
    expect(input.equals(prediction)).toBe(false);
  });

  it('changes with the iteration and is the same for the same inputs', () => {
    expect(debugImagePng(7, 'samples', 'input', 40, 0.5).equals(debugImagePng(7, 'samples', 'input', 40, 0.5))).toBe(
      true,
    );
    expect(debugImagePng(7, 'samples', 'input', 40, 0.5).equals(debugImagePng(7, 'samples', 'input', 50, 0.5))).toBe(
      false,
    );
  });
});

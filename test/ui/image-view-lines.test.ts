import { describe, expect, it } from 'vitest';
import { cachedBlocks, iterationText, RENDER_CACHE_SIZE } from '../../src/ui/panes/image-view-lines.js';

const img = { width: 2, height: 2, data: new Uint8Array(16).fill(200) };

describe('image view lines', () => {
  it('names the iteration and the range the server knows', () => {
    expect(iterationText({ iteration: 4, minIteration: 0, maxIteration: 9 })).toBe('iter 4 of 0–9');
    expect(iterationText({ iteration: 4, minIteration: null, maxIteration: null })).toBe('iter 4');
    expect(iterationText({ iteration: null, minIteration: 0, maxIteration: 9 })).toBe('iter ?');
  });

  it('reuses rendered blocks per URL, size and mode, and forgets the least recently used beyond the bound', () => {
    const first = cachedBlocks('u0', img, 10, 5, 'truecolor');
    expect(cachedBlocks('u0', img, 10, 5, 'truecolor')).toBe(first);
    expect(cachedBlocks('u0', img, 10, 5, 'ansi256')).not.toBe(first);
    expect(cachedBlocks('u0', img, 12, 5, 'truecolor')).not.toBe(cachedBlocks('u0', img, 10, 5, 'truecolor'));
    for (let i = 1; i <= RENDER_CACHE_SIZE; i += 1) cachedBlocks(`u${i}`, img, 10, 5, 'truecolor');
    const again = cachedBlocks('u0', img, 10, 5, 'truecolor');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    // Other pixels under the same URL (the file changed) are rendered anew.
    const other = { ...img, data: new Uint8Array(16).fill(10) };
    expect(cachedBlocks('u0', other, 10, 5, 'truecolor')).not.toEqual(first);
  });
});

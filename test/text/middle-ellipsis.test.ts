import { describe, expect, it } from 'vitest';
import { middleEllipsis } from '../../src/text/middle-ellipsis.js';
import { displayWidth } from '../../src/text/width.js';

describe('middleEllipsis', () => {
  it('leaves text that fits unchanged', () => {
    expect(middleEllipsis('resnet50', 8)).toBe('resnet50');
    expect(middleEllipsis('', 0)).toBe('');
  });

  it('keeps both ends of a long run name so the seed stays visible', () => {
    const out = middleEllipsis('resnet50-imagenet-baseline-lr0.1-seed42', 20);
    expect(out).toBe('resnet50-i….1-seed42');
    expect(displayWidth(out)).toBe(20);
    expect(out.endsWith('seed42')).toBe(true);
  });

  it('gives the start the odd column', () => {
    expect(middleEllipsis('abcdefghij', 6)).toBe('abc…ij');
    expect(middleEllipsis('abcdefghij', 7)).toBe('abc…hij');
  });

  it('never splits a wide character and never exceeds the width', () => {
    const name = '実験名前長いテスト-seed7';
    for (let w = 0; w <= 24; w++) expect(displayWidth(middleEllipsis(name, w))).toBeLessThanOrEqual(w);
    expect(middleEllipsis(name, 10)).toBe('実験…seed7');
  });

  it('drops the ellipsis when not even it fits', () => {
    expect(middleEllipsis('abcdef', 0)).toBe('');
    expect(middleEllipsis('abcdef', 1, '...')).toBe('a');
  });

  it('keeps combining marks with their letter', () => {
    const name = 'cafe\u0301-run-final-e\u0301';
    const out = middleEllipsis(name, 8);
    expect(displayWidth(out)).toBeLessThanOrEqual(8);
    expect(out.startsWith('cafe\u0301')).toBe(true);
    expect(out.endsWith('e\u0301')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { SPARK_ASCII, SPARK_BLOCKS, sparkline } from '../../src/text/sparkline.js';
import { displayWidth } from '../../src/text/width.js';

const LOW = SPARK_BLOCKS[0] as string;
const HIGH = SPARK_BLOCKS[SPARK_BLOCKS.length - 1] as string;
const MID = SPARK_BLOCKS[3] as string;

describe('sparkline', () => {
  it('always returns exactly the width, one column per character', () => {
    for (const values of [[], [1], [1, 2], [Number.NaN], Array.from({ length: 1000 }, (_, i) => i)]) {
      for (const width of [1, 5, 40]) {
        const line = sparkline(values, width);
        expect([...line].length).toBe(width);
        expect(displayWidth(line)).toBe(width);
      }
    }
  });

  it('returns an empty string for a width of zero or less, or a non-finite width', () => {
    expect(sparkline([1, 2, 3], 0)).toBe('');
    expect(sparkline([1, 2, 3], -4)).toBe('');
    expect(sparkline([1, 2, 3], Number.NaN)).toBe('');
  });

  it('draws blanks for empty and all-NaN input', () => {
    expect(sparkline([], 4)).toBe('    ');
    expect(sparkline([Number.NaN, Infinity, -Infinity], 3)).toBe('   ');
  });

  it('goes from the lowest to the highest block for a rising line', () => {
    const line = sparkline([1, 2, 3, 4, 5, 6, 7, 8], 8);
    expect(line).toBe(SPARK_BLOCKS.join(''));
  });

  it('draws a constant series at mid-height', () => {
    expect(sparkline([5, 5, 5], 3)).toBe(MID.repeat(3));
    expect(sparkline([7], 1)).toBe(MID);
  });

  it('shows non-finite points as blanks without disturbing the scale', () => {
    expect(sparkline([0, Number.NaN, 10, Infinity], 4)).toBe(`${LOW} ${HIGH} `);
  });

  it('gives each point one column from the left when there are fewer points than columns', () => {
    expect(sparkline([0, 10], 5)).toBe(`${LOW}${HIGH}   `);
  });

  it('keeps a one-point spike visible when many points share a column', () => {
    const values = new Array<number>(10_000).fill(1);
    values[5003] = 100;
    const line = sparkline(values, 20);
    expect(line).toContain(HIGH);
    expect([...line].filter((c) => c === HIGH)).toHaveLength(1);
  });

  it('shows the last value of a column whose values barely differ', () => {
    // 2 columns of 50 points; the first wiggles between 10 and 11 (a tenth of the range) and
    // ends on 10: it shows 10 (lowest block), where its max, 11, would be one block higher.
    const values = [
      ...Array.from({ length: 50 }, (_, i) => 10 + ((i + 1) % 2)),
      ...Array.from({ length: 50 }, () => 20),
    ];
    expect(sparkline(values, 2)).toBe(`${LOW}${HIGH}`);
  });

  it('places points by x value when x is given', () => {
    const x = [0, 1, 2, 3, 100];
    const values = Array.from({ length: 5 }, () => 1).map((v, i) => (i === 4 ? 9 : v));
    const line = sparkline(values, 4, { x });
    // Four early points share the first column; the late one lands in the last column.
    expect(line).toBe(`${LOW}  ${HIGH}`);
  });

  it('uses the ASCII set with ascii: true', () => {
    const line = sparkline([1, 2, 3, 4, 5], 5, { ascii: true });
    expect(line).toBe(SPARK_ASCII.join(''));
    expect(/^[\x20-\x7e]*$/.test(sparkline([3, 3, Number.NaN], 6, { ascii: true }))).toBe(true);
  });

  it('uses a fixed range when given and clamps values outside it', () => {
    expect(sparkline([5], 1, { range: { min: 0, max: 10 } })).toBe(SPARK_BLOCKS[4]);
    expect(sparkline([-50, 50], 2, { range: { min: 0, max: 10 } })).toBe(`${LOW}${HIGH}`);
  });

  it('does not overflow on values near the largest double', () => {
    expect(sparkline([-Number.MAX_VALUE, Number.MAX_VALUE], 2)).toBe(`${LOW}${HIGH}`);
  });
});

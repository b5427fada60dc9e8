import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/demo/random.js';
import { writtenText } from '../../../src/server/events/storage/stored-event.js';

describe('writtenText (@timestamp of an event)', () => {
  it('is what Date#toISOString gives, across seconds, signs and the ends of the range', () => {
    const random = mulberry32(7);
    const times = [0, -1, -999, -1000, -1001, 999, 1000, 1001, 8.64e15, -8.64e15, 8.64e15 - 1, 253402300799999];
    for (let i = 0; i < 5000; i++) times.push(Math.floor((random() - 0.5) * 2 * 8.64e15));
    // Runs of one second, as a page of logs read in order gives them.
    for (let ms = 1_700_000_000_990; ms < 1_700_000_002_010; ms++) times.push(ms);
    for (const ms of times) expect(writtenText(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('keeps toISOString for fractional times and throws as it does outside the range', () => {
    expect(writtenText(1.5)).toBe(new Date(1.5).toISOString());
    expect(writtenText(-0.5)).toBe(new Date(-0.5).toISOString());
    expect(() => writtenText(8.64e15 + 1000)).toThrow(RangeError);
    expect(() => writtenText(8.64e15 + 1000)).toThrow(RangeError);
  });
});

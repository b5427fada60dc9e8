import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  axisLabelFormatter,
  formatBytes,
  formatDuration,
  formatLogTime,
  formatMonthDayTime,
  formatNumber,
  formatRelativeTime,
  formatTimeOfDay,
  toEpochMs,
} from '../../src/text/format.js';

/** Parses what formatNumber prints back into a number (grouping, SI suffix, exponent). */
function parseFormatted(text: string): number {
  const si: Record<string, number> = { k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };
  const plain = text.replaceAll(',', '');
  const suffix = plain.at(-1) ?? '';
  if (suffix in si) return Number(plain.slice(0, -1)) * (si[suffix] as number);
  return Number(plain);
}

describe('formatNumber', () => {
  it('shows NaN and infinities by name and -0 as 0', () => {
    expect(formatNumber(Number.NaN)).toBe('NaN');
    expect(formatNumber(Infinity)).toBe('inf');
    expect(formatNumber(-Infinity)).toBe('-inf');
    expect(formatNumber(-0)).toBe('0');
  });

  it('groups thousands of integers when they fit', () => {
    expect(formatNumber(1234567, 10)).toBe('1,234,567');
    expect(formatNumber(-1234, 10)).toBe('-1,234');
    expect(formatNumber(999, 10)).toBe('999');
  });

  it('drops separators, then uses SI suffixes, as the width shrinks', () => {
    expect(formatNumber(1234567, 7)).toBe('1234567');
    expect(formatNumber(1234567, 6)).toBe('1.23M');
    expect(formatNumber(1234567, 4)).toBe('1.2M');
    expect(formatNumber(-1234567, 5)).toBe('-1.2M');
  });

  it('carries an SI mantissa that rounds to 1000 into the next unit', () => {
    expect(formatNumber(999_999, 5)).toBe('1M');
  });

  it('keeps up to six significant digits of fractions that fit', () => {
    expect(formatNumber(0.123456789, 10)).toBe('0.123457');
    expect(formatNumber(0.5, 10)).toBe('0.5');
    expect(formatNumber(-2.25, 10)).toBe('-2.25');
    expect(formatNumber(0.00012345, 10)).toBe('0.00012345');
  });

  it('uses an exponent for very small and very large magnitudes', () => {
    expect(formatNumber(1.5e-7, 10)).toBe('1.5e-7');
    expect(formatNumber(1e25, 10)).toBe('1e25');
    expect(formatNumber(-Number.MAX_VALUE, 10)).toBe('-1.798e308');
  });

  it('fills the width with # when nothing fits', () => {
    expect(formatNumber(123456, 2)).toBe('##');
    expect(formatNumber(-Infinity, 3)).toBe('###');
  });

  it('always fits widths of 7 or more and stays close to the value', () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let k = 0; k < 3000; k++) {
      const magnitude = 10 ** Math.floor(random() * 60 - 30);
      const value = (random() - 0.5) * 2 * magnitude;
      for (const width of [7, 8, 10, 12]) {
        const text = formatNumber(value, width);
        expect(text.length, `${value} @${width}`).toBeLessThanOrEqual(width);
        const back = parseFormatted(text);
        // One significant digit at worst (at width 7 for a negative tiny number).
        expect(Math.abs(back - value), `${value} -> ${text}`).toBeLessThanOrEqual(Math.abs(value) * 0.5 + 1e-300);
      }
    }
  });
});

describe('axisLabelFormatter', () => {
  const labels = (min: number, max: number, steps: number, width = 10): string[] => {
    const format = axisLabelFormatter(min, max, steps, width);
    return Array.from({ length: steps + 1 }, (_, i) => format(max - (i * (max - min)) / steps));
  };

  it('gives every label of an axis the same number of decimals', () => {
    const out = labels(0, 1, 4);
    expect(out).toEqual(['1.00', '0.75', '0.50', '0.25', '0.00']);
  });

  it('uses enough decimals to tell neighbouring labels apart', () => {
    for (const [min, max, steps] of [
      [0.1, 0.2, 10],
      [1, 1.001, 5],
      [-3, 7, 9],
      [1000, 1000.5, 4],
    ] as const) {
      const out = labels(min, max, steps);
      expect(new Set(out).size, out.join(' ')).toBe(out.length);
      const decimals = out.map((l) => (l.includes('.') ? (l.split('.')[1] as string).length : 0));
      expect(new Set(decimals).size).toBe(1);
    }
  });

  it('shows the ends as formatNumber does when asked, if a few more decimals do it', () => {
    const format = axisLabelFormatter(-567.5, 1234.5, 17, 10, true);
    expect([format(1234.5), format(-567.5), format(1128.5)]).toEqual(['1,234.5', '-567.5', '1,128.5']);
    expect(axisLabelFormatter(-567.5, 1234.5, 17)(1234.5)).toBe('1,235');
    // Noise needing many decimals keeps the step's labels.
    expect(axisLabelFormatter(-0.998579, 1.498823, 11, 10, true)(1.498823)).toBe('1.50');
  });

  it('never shows a negative zero', () => {
    expect(labels(-1, 1, 2)).toEqual(['1', '0', '-1']);
    expect(axisLabelFormatter(-1, 1, 4)(-0.0001)).toBe('0.0');
  });

  it('groups thousands for moderate integers and switches to a shared SI unit for large ones', () => {
    expect(labels(0, 50000, 2)).toEqual(['50,000', '25,000', '0']);
    expect(labels(2e9, 3.5e9, 3)).toEqual(['3.5G', '3.0G', '2.5G', '2.0G']);
  });

  it('falls back to exponents when fixed decimals would not fit', () => {
    const out = labels(1e-9, 5e-9, 4, 8);
    for (const l of out) expect(l.length).toBeLessThanOrEqual(8);
    expect(out[0]).toMatch(/e-9$/);
    expect(new Set(out).size).toBe(out.length);
  });

  it('formats each value on its own for a zero-width or non-finite range', () => {
    expect(axisLabelFormatter(5, 5, 4)(5)).toBe('5');
    expect(axisLabelFormatter(Number.NaN, 1, 4)(0.5)).toBe('0.5');
  });
});

describe('times', () => {
  const originalTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Kolkata'; // UTC+05:30, no daylight saving
  });
  afterAll(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  const instant = Date.UTC(2025, 0, 31, 20, 4, 5); // 2025-01-31T20:04:05Z

  it('reads epoch ms, Date and ISO strings, treating an ISO time without offset as UTC', () => {
    expect(toEpochMs(instant)).toBe(instant);
    expect(toEpochMs(new Date(instant))).toBe(instant);
    expect(toEpochMs('2025-01-31T20:04:05Z')).toBe(instant);
    expect(toEpochMs('2025-01-31T20:04:05.000000')).toBe(instant);
    expect(toEpochMs('2025-01-31T21:04:05+01:00')).toBe(instant);
    expect(toEpochMs('not a date')).toBeNaN();
    expect(toEpochMs(null)).toBeNaN();
  });

  it('shows local HH:MM:SS and MM-DD HH:MM', () => {
    expect(formatTimeOfDay(instant)).toBe('01:34:05');
    expect(formatMonthDayTime(instant)).toBe('02-01 01:34');
    expect(formatTimeOfDay('2025-01-31T20:04:05Z')).toBe('01:34:05');
    expect(formatTimeOfDay('garbage')).toBe('-');
  });

  it('dates a log time only when it is not from the reference day (local calendar days)', () => {
    // instant is 01:34:05 on 02-01 in Kolkata (20:04:05 UTC on 01-31).
    const sameLocalDay = Date.UTC(2025, 1, 1, 15, 58, 0); // 21:28 local on 02-01
    expect(formatLogTime(instant, sameLocalDay)).toBe('01:34:05');
    // Same UTC day as instant, but the evening before in local time: the line gets its date.
    const localEveningBefore = Date.UTC(2025, 0, 31, 18, 0, 0); // 23:30 local on 01-31
    expect(formatLogTime(instant, localEveningBefore)).toBe('02-01 01:34:05');
    // A finished run's log ending at 01:34 seen the next evening.
    expect(formatLogTime(instant, sameLocalDay + 86_400_000)).toBe('02-01 01:34:05');
    expect(formatLogTime(instant, Date.UTC(2026, 1, 1, 15, 58, 0))).toBe('02-01 01:34:05');
    expect(formatLogTime('garbage', sameLocalDay)).toBe('-');
  });

  it('shows relative times in the largest whole unit', () => {
    const now = instant;
    expect(formatRelativeTime(now - 3_000, now)).toBe('3s ago');
    expect(formatRelativeTime(now - 59_999, now)).toBe('59s ago');
    expect(formatRelativeTime(now - 5 * 60_000 - 10_000, now)).toBe('5m ago');
    expect(formatRelativeTime(now - 2 * 3_600_000, now)).toBe('2h ago');
    expect(formatRelativeTime(now - 3 * 86_400_000, now)).toBe('3d ago');
    expect(formatRelativeTime(now - 800 * 86_400_000, now)).toBe('2y ago');
    expect(formatRelativeTime(new Date(now - 3_000).toISOString(), now)).toBe('3s ago');
  });

  it('says now within a second and "in" for the future', () => {
    expect(formatRelativeTime(instant - 400, instant)).toBe('now');
    expect(formatRelativeTime(instant + 400, instant)).toBe('now');
    expect(formatRelativeTime(instant + 5 * 60_000, instant)).toBe('in 5m');
    expect(formatRelativeTime(undefined, instant)).toBe('-');
  });

  it('formats durations with two units', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(45_400)).toBe('45s');
    expect(formatDuration(185_000)).toBe('3m 05s');
    expect(formatDuration(3_720_000)).toBe('1h 02m');
    expect(formatDuration(2 * 86_400_000 + 3 * 3_600_000)).toBe('2d 03h');
    expect(formatDuration(-5000)).toBe('0s');
    expect(formatDuration(Number.NaN)).toBe('-');
  });
});

describe('formatBytes', () => {
  it('uses binary units with three significant digits', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(23.4 * 1024 * 1024)).toBe('23.4 MiB');
    expect(formatBytes(512 * 1024 ** 3)).toBe('512 GiB');
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MiB');
  });

  it('shows - for negative or non-finite sizes', () => {
    expect(formatBytes(-1)).toBe('-');
    expect(formatBytes(Number.NaN)).toBe('-');
  });
});

import { describe, expect, it } from 'vitest';
import { isoTime, parseQueryDate } from '../../../src/server/db/time.js';

describe('isoTime', () => {
  it('writes UTC with an explicit offset and a 6-digit fraction left out when zero', () => {
    expect(isoTime(Date.UTC(2025, 0, 1, 10, 20, 30, 123))).toBe('2025-01-01T10:20:30.123000+00:00');
    expect(isoTime(Date.UTC(2025, 0, 1, 10, 20, 30))).toBe('2025-01-01T10:20:30+00:00');
    expect(isoTime(Date.UTC(2025, 0, 1, 10, 20, 30, 5))).toBe('2025-01-01T10:20:30.005000+00:00');
  });
});

describe('parseQueryDate', () => {
  it('reads ISO dates with or without offset or microseconds, and epoch seconds or milliseconds', () => {
    const ms = Date.UTC(2025, 0, 1, 10, 20, 30, 123);
    expect(parseQueryDate('2025-01-01T10:20:30.123456')).toBe(ms);
    expect(parseQueryDate('2025-01-01T12:20:30.123+02:00')).toBe(ms);
    expect(parseQueryDate('2025-01-01T10:20:30.123Z')).toBe(ms);
    expect(parseQueryDate('2025-01-01')).toBe(Date.UTC(2025, 0, 1));
    expect(parseQueryDate(String(ms / 1000))).toBe(ms);
    expect(parseQueryDate(String(ms))).toBe(ms);
    expect(parseQueryDate('yesterday')).toBeUndefined();
    expect(parseQueryDate('2025-13-45')).toBeUndefined();
  });
});

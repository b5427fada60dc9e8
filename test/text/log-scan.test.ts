import { describe, expect, it } from 'vitest';
import { entryMatches, firstMatchingEntry, messageMatches, nextScanBatch, scanRate } from '../../src/text/log-scan.js';
import { compileLogQuery, type LogMatcher } from '../../src/text/log-query.js';

function matcher(query: string): LogMatcher {
  const compiled = compileLogQuery(query);
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.test;
}

const entry = (msg: string, timestamp = 1) => ({ timestamp, level: 'info', msg });

describe('log scan matching', () => {
  it('matches the text the window shows: colours and control sequences do not split a word', () => {
    const test = matcher('loss');
    expect(entryMatches(entry('\u001b[31mlo\u001b[0mss=1'), test, true)).toBe(true);
    expect(entryMatches(entry('\u001b[31mlo\u001b[0mss=1'), test, false)).toBe(true);
    expect(entryMatches(entry('l\u001b]0;title\u0007oss'), test, false)).toBe(true);
    expect(entryMatches(entry('accuracy'), test, false)).toBe(false);
  });

  it('tests each display line of a multi-line message, so ^ anchors at every line', () => {
    const test = matcher('/^Traceback/');
    expect(entryMatches(entry('error below\nTraceback (most recent call last):'), test, false)).toBe(true);
  });

  it('the raw-text test of plain ASCII lines agrees with the exact test, for substrings and regexes', () => {
    const lines = ['step 1: loss=0.25 lr=0.001', 'Epoch 3 [a+b] (x|y) $HOME ^top', 'C:/path/a.b-c*d?', ''];
    const queries = ['LOSS', 'lr=0.001', '[a+b]', '(x|y)', '$home', '^top', 'a.b-c*d?', '/^step \\d+/', '/LOSS/', 'x'];
    for (const query of queries) {
      const compiled = compileLogQuery(query);
      if (!compiled.ok) throw new Error(compiled.error);
      for (const line of lines) {
        expect([query, line, compiled.asciiTest(line)]).toEqual([query, line, compiled.test(line)]);
        expect(messageMatches(line, compiled.test, compiled.asciiTest, true)).toBe(compiled.test(line));
      }
    }
  });

  it('lines with escapes, carriage returns, tabs or non-ASCII still get the exact test', () => {
    const check = (query: string, msg: string) => {
      const compiled = compileLogQuery(query);
      if (!compiled.ok) throw new Error(compiled.error);
      return messageMatches(msg, compiled.test, compiled.asciiTest, true);
    };
    expect(check('needle', 'a \u001b[1mNEE\u001b[0mDLE b')).toBe(true);
    expect(check('needle', 'nee\u001b]0;title\u0007dle')).toBe(true);
    expect(check('progress 100%', 'progress 10%\rprogress 100%')).toBe(true);
    expect(check('a b', 'a\tb')).toBe(false);
    // Non-ASCII needles, and non-ASCII text that lowercases to ASCII (the Kelvin sign is a k).
    expect(check('ÄRGER', 'kein ärger hier')).toBe(true);
    expect(check('kelvin', '\u212aelvin')).toBe(true);
    expect(check('ärger', 'kein arger')).toBe(false);
  });

  it('finds the first match in the page order (the direction of travel)', () => {
    const page = [entry('a', 3), entry('needle 2', 2), entry('needle 1', 1)];
    expect(firstMatchingEntry(page, matcher('needle'), false)).toBe(1);
    expect(firstMatchingEntry(page, matcher('none'), false)).toBe(-1);
  });

  it('page sizes double from the first up to the maximum', () => {
    const sizes: number[] = [];
    let batch = 0;
    for (let i = 0; i < 6; i++) sizes.push((batch = nextScanBatch(batch, 1000, 10_000)));
    expect(sizes).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(nextScanBatch(0, 20_000, 10_000)).toBe(10_000);
  });

  it('a page of long lines makes the next page shorter in lines, never below the first size', () => {
    const maxChars = 4_000_000;
    // 300-character lines: 2,000 of them are 600 kB, far below the bound, so pages keep doubling.
    expect(nextScanBatch(2000, 1000, 5000, { chars: 600_000, maxChars })).toBe(4000);
    // 10,000-character lines: 4,000 make 40 MB; 400 lines stay near 4 MB.
    expect(nextScanBatch(4000, 100, 5000, { chars: 40_000_000, maxChars })).toBe(400);
    // Lines longer than the bound: the first size still, so the scan moves on.
    expect(nextScanBatch(200, 100, 5000, { chars: 200 * 100_000, maxChars })).toBe(100);
    // The first page, and a page whose length is unknown, only follow the doubling.
    expect(nextScanBatch(0, 100, 5000, { chars: 0, maxChars })).toBe(100);
    expect(nextScanBatch(400, 100, 5000, { chars: 0, maxChars })).toBe(800);
  });

  it('rate is lines per second, 0 before any time passed', () => {
    expect(scanRate(300_000, 1000)).toBe(300_000);
    expect(scanRate(5, 0)).toBe(0);
  });
});

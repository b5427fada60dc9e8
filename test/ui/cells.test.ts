import { describe, expect, it } from 'vitest';
import { cell, followSelection, formatUpdated } from '../../src/ui/cells.js';
import { nextStatusFilter } from '../../src/ui/keys/router.js';

describe('formatUpdated', () => {
  const reference = new Date(2025, 4, 6, 15, 30, 0).getTime();
  it('shows the time of day for the same day and the date otherwise', () => {
    expect(formatUpdated(new Date(2025, 4, 6, 9, 5, 7).getTime(), reference)).toBe('09:05:07');
    expect(formatUpdated(new Date(2025, 4, 6, 9, 5, 7).getTime(), reference, true)).toBe('09:05');
    expect(formatUpdated(new Date(2025, 3, 30, 23, 1, 0).getTime(), reference)).toBe('04-30 23:01');
    expect(formatUpdated(new Date(2025, 3, 30, 23, 1, 0).getTime(), reference, true)).toBe('04-30');
  });

  it('does not depend on the clock, only on the reference time', () => {
    const t = new Date(2025, 4, 6, 9, 5, 7).getTime();
    expect(formatUpdated(t, reference)).toBe(formatUpdated(t, reference + 3_600_000));
  });

  it('shows a dash when there is no time', () => {
    expect(formatUpdated(null, reference)).toBe('-');
  });
});

describe('cell', () => {
  it('sanitises server text and fits it to the width', () => {
    expect(cell('a\u001b[2Jb', 5)).toBe('ab   ');
    expect(cell('abcdefgh', 5)).toBe('abcd…');
    expect(cell('7', 3, 'right')).toBe('  7');
  });
});

describe('followSelection', () => {
  it('scrolls only when the selection leaves the visible rows', () => {
    expect(followSelection(0, 3, 5, 20)).toBe(0);
    expect(followSelection(0, 5, 5, 20)).toBe(1);
    expect(followSelection(10, 4, 5, 20)).toBe(4);
    expect(followSelection(10, 12, 5, 20)).toBe(10);
  });

  it('keeps the window within the list when it shrinks', () => {
    expect(followSelection(15, 2, 5, 3)).toBe(0);
  });
});

describe('nextStatusFilter', () => {
  it('cycles all, then one status at a time, then all again', () => {
    expect(nextStatusFilter('reports', [])).toEqual(['created']);
    expect(nextStatusFilter('reports', ['created'])).toEqual(['published']);
    expect(nextStatusFilter('reports', ['published'])).toEqual([]);
    expect(nextStatusFilter('tasks', ['something-else'])).toEqual([]);
  });

  it('tasks: the common statuses one at a time, then the rare ones together as one step', () => {
    const seen: string[][] = [];
    let filter: string[] = [];
    do {
      filter = nextStatusFilter('tasks', filter);
      seen.push(filter);
    } while (filter.length > 0 && seen.length < 20);
    expect(seen).toEqual([
      ['in_progress'],
      ['queued'],
      ['completed'],
      ['failed'],
      ['stopped'],
      ['created'],
      ['published', 'publishing', 'closed', 'unknown'],
      [],
    ]);
  });
});

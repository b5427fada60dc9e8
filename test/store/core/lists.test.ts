import { describe, expect, it } from 'vitest';
import { appendRows, filterPattern, keepSelection, normalise } from '../../../src/store/core/lists.js';

describe('keepSelection', () => {
  it('follows the selected id to its new row', () => {
    expect(keepSelection(['c', 'a', 'b'], { selectedId: 'a', selectedIndex: 0 })).toEqual({
      selectedId: 'a',
      selectedIndex: 1,
    });
  });

  it('selects the first row on the first load', () => {
    expect(keepSelection(['x', 'y'], { selectedId: null, selectedIndex: 0 })).toEqual({
      selectedId: 'x',
      selectedIndex: 0,
    });
  });

  it('falls back to the row at the same index when the selected item is gone', () => {
    expect(keepSelection(['x', 'y'], { selectedId: 'gone', selectedIndex: 5 })).toEqual({
      selectedId: 'y',
      selectedIndex: 1,
    });
    expect(keepSelection([], { selectedId: 'gone', selectedIndex: 1 })).toEqual({ selectedId: null, selectedIndex: 0 });
  });
});

describe('normalise', () => {
  it('returns the previous containers when nothing changed', () => {
    const previous = normalise([{ id: 'a', v: 1, tags: ['x'] }], { ids: [], byId: {} });
    const again = normalise([{ id: 'a', v: 1, tags: ['x'] }], previous);
    expect(again).toBe(previous);
  });

  it('reuses unchanged rows and replaces changed ones', () => {
    const previous = normalise(
      [
        { id: 'a', v: 1 },
        { id: 'b', v: 1 },
      ],
      { ids: [], byId: {} },
    );
    const next = normalise(
      [
        { id: 'b', v: 2 },
        { id: 'a', v: 1 },
      ],
      previous,
    );
    expect(next.ids).toEqual(['b', 'a']);
    expect(next.byId.a).toBe(previous.byId.a);
    expect(next.byId.b).toEqual({ id: 'b', v: 2 });
  });

  it('appends only rows not yet listed', () => {
    const previous = normalise([{ id: 'a' }], { ids: [], byId: {} });
    expect(appendRows([{ id: 'a' }, { id: 'b' }], previous).ids).toEqual(['a', 'b']);
  });
});

describe('filterPattern', () => {
  it('keeps a valid regex and escapes an invalid one', () => {
    expect(filterPattern('^res.*50$')).toBe('^res.*50$');
    expect(filterPattern('run[')).toBe('run\\[');
    expect(new RegExp(filterPattern('a(b')).test('xa(b')).toBe(true);
  });
});

// What the header and footer keep when the terminal is narrow: both view tabs and `? help`
// stay; pane tabs, pane keys and other hints give way first.
import { describe, expect, it } from 'vitest';
import { headerTabs } from '../../src/ui/components/Header.js';
import { hintsText } from '../../src/ui/components/StatusBar.js';
import { keyHints } from '../../src/ui/keys/keymap.js';
import { createTheme } from '../../src/ui/theme.js';

const theme = createTheme({ color: false, ascii: false });

describe('hintsText', () => {
  const hints = keyHints({ view: 'tasks', pane: 'tasks', readOnly: false });

  it('keeps "? help" at every width it fits in, dropping the other hints first', () => {
    const full = hintsText(hints, 500, theme);
    expect(full).toContain('/ filter');
    expect(full).toContain('? help');
    for (let width = 6; width <= 120; width++) {
      const text = hintsText(hints, width, theme);
      expect(text, `width ${width}`).toContain('? help');
      expect([...text].length).toBeLessThanOrEqual(width);
    }
    expect(hintsText(hints, 20, theme)).toBe('Enter open  ? help');
  });

  it('keeps the hints in the keymap order', () => {
    const text = hintsText(hints, 500, theme);
    const labels = hints.map((h) => `${h.keys} ${h.label}`);
    expect(text).toBe(labels.join('  '));
  });
});

describe('headerTabs', () => {
  it('keeps the three view tabs with their keys at every compaction level', () => {
    for (const level of [0, 1, 2, 3] as const) {
      for (const view of ['tasks', 'reports', 'cluster'] as const) {
        const { views } = headerTabs(view, view === 'cluster' ? 'workers' : view, level);
        expect(views.map((v) => v.text)).toEqual(
          level === 3 ? ['1 Task', '2 Rep', '3 Clu'] : ['1 Tasks', '2 Reports', '3 Cluster'],
        );
      }
    }
    expect(headerTabs('tasks', 'tasks', 2).panes.map((p) => p.text)).toEqual([
      'list',
      'scalars',
      'chart',
      'logs',
      'plots',
      'summary',
      'info',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { helpLines } from '../../src/ui/components/HelpOverlay.js';
import { createTheme, taskStatusLegend } from '../../src/ui/theme.js';

describe('help legend', () => {
  it('lists every status glyph of the theme, ASCII ones with --ascii', () => {
    for (const ascii of [false, true]) {
      const theme = createTheme({ color: false, ascii });
      const text = helpLines(false, 80, theme).map((l) => l.text);
      expect(text).toContain('task status glyphs');
      const legend = taskStatusLegend(theme);
      expect(legend.map((l) => l.status)).toEqual(
        expect.arrayContaining(['in_progress', 'failed', 'stopped', 'published', 'queued', 'completed', 'created']),
      );
      for (const look of legend) expect(text.some((t) => t.startsWith(`  ${look.glyph}  ${look.label}`))).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { helpLines } from '../../src/ui/components/HelpOverlay.js';
import { createTheme, taskStatusLegend } from '../../src/ui/theme.js';

describe('help legend', () => {
  it('lists every status glyph of the theme at the top, ASCII ones with --ascii', () => {
    for (const ascii of [false, true]) {
      const theme = createTheme({ color: false, ascii });
      const text = helpLines(false, 80, theme).map((l) => l.text);
      expect(text).toContain('task status glyphs');
      const legend = taskStatusLegend(theme);
      expect(legend.map((l) => l.status)).toEqual(
        expect.arrayContaining(['in_progress', 'failed', 'stopped', 'published', 'queued', 'completed', 'created']),
      );
      // On the help's first page (80x24: 20 rows inside the frame), not after every key.
      const firstPage = text.slice(0, 20).join('\n');
      for (const look of legend) expect(firstPage).toContain(`${look.glyph} ${look.label}`);
      for (const line of text) expect(line.length).toBeLessThanOrEqual(80);
    }
  });
});

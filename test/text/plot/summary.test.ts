// plotSummary: one line per plot.
import { describe, expect, it } from 'vitest';
import { plotSummary } from '../../../src/text/plot/index.js';
import { histogram3, confusion, scatterWithNaN, table5, imagePlot } from '../../helpers/plot-samples.js';

describe('plotSummary', () => {
  it('names the kind, the title and the number of series', () => {
    expect(plotSummary(histogram3)).toMatch(/^bar · weight histogram · 3 series$/);
    expect(plotSummary(scatterWithNaN)).toMatch(/^scatter · loss · 2 series$/);
    expect(plotSummary(confusion(true))).toBe('heatmap 10x10 · Confusion matrix');
    expect(plotSummary(table5)).toBe('table 5x4 · Per-epoch metrics');
    expect(plotSummary(imagePlot)).toMatch(/^image · https:\/\/files\.example\.com\//);
    expect(plotSummary('{oops')).toBe('unreadable plot');
  });

  it('stays on one line without control characters', () => {
    const plot = JSON.stringify({ data: [{ type: 'bar', y: [1] }], layout: { title: 'line one\nline two\u001b[31m' } });
    const summary = plotSummary(plot);
    expect(summary).not.toMatch(/[\n\u001b]/);
    expect(summary).toContain('line one line two');
  });
});

// Inline tokens: links and images, and embedded ClearML widgets.
import { describe, expect, it } from 'vitest';
import { texts, plainTexts, render, REPORT } from '../../helpers/markdown-render.js';

describe('renderMarkdown: links and images', () => {
  it('writes links as text followed by the URL without hyperlinks', () => {
    const line = texts(render('See [the docs](https://clear.ml/docs) now.', { width: 80 }))[0];
    expect(line).toBe('See the docs (https://clear.ml/docs) now.');
  });

  it('writes links as OSC 8 hyperlinks when asked', () => {
    const line = texts(render('See [the docs](https://clear.ml/docs) now.', { width: 80, hyperlinks: true }))[0] ?? '';
    expect(line).toBe('See \u001b]8;;https://clear.ml/docs\u001b\\the docs\u001b]8;;\u001b\\ now.');
  });

  it('does not repeat the URL of an autolink', () => {
    expect(texts(render('Go to https://example.com/a now', { width: 80 }))[0]).toBe('Go to https://example.com/a now');
  });

  it('keeps relative links as text even with hyperlinks on', () => {
    const line = texts(render('[report](/reports/abc)', { width: 80, hyperlinks: true }))[0] ?? '';
    expect(line).toBe('report (/reports/abc)');
  });

  it('shows images as their alt text and URL', () => {
    expect(texts(render('![confusion matrix](https://files.example.com/cm.png)', { width: 80 }))[0]).toBe(
      '[image: confusion matrix] https://files.example.com/cm.png',
    );
  });
});

describe('renderMarkdown: embedded widgets', () => {
  it('turns a widget iframe into a widget line carrying the request', () => {
    const lines = render(REPORT);
    const widgets = lines.filter((l) => l.kind === 'widget');
    expect(widgets).toHaveLength(1);
    const line = widgets[0];
    if (line?.kind !== 'widget') throw new Error('expected a widget line');
    expect(line.widget.kind).toBe('scalar');
    expect(line.widget.url).toContain('&type=scalar&');
    expect(line.widget.url).not.toContain('&amp;');
    if (line.widget.kind !== 'unknown') {
      expect(line.widget.request.id).toEqual(['79bc628903a3423a83d13013e2c4b9ab']);
      expect(line.widget.request.scalar_metrics_iter_histogram?.metrics).toEqual([
        { metric: 'loss', variants: ['train'] },
      ]);
    }
    expect(line.source).toMatch(/^<iframe /);
  });

  it('splits a paragraph around a widget link and titles the widget with the link text', () => {
    const md = 'Before [Loss curve](https://app.clear.ml/widgets/?type=plot&objects=abc&metrics=loss) after';
    const lines = render(md);
    expect(lines.map((l) => l.kind)).toEqual(['text', 'widget', 'text']);
    const widget = lines[1];
    if (widget?.kind !== 'widget') throw new Error('expected a widget line');
    expect(widget.widget.title).toBe('Loss curve');
    expect(widget.widget.kind).toBe('plot');
  });

  it('turns a widget image into a widget line', () => {
    const lines = render('![samples](https://app.clear.ml/widgets/?type=sample&objects=abc&metrics=images)');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.kind).toBe('widget');
  });

  it('keeps a widget of a type it cannot draw as an unknown widget', () => {
    const lines = render('<iframe src="https://app.clear.ml/widgets/?type=parcoords&objects=abc"></iframe>');
    expect(lines).toHaveLength(1);
    const line = lines[0];
    expect(line?.kind === 'widget' && line.widget.kind).toBe('unknown');
  });

  it('shows other iframes as a placeholder with their URL', () => {
    expect(texts(render('<iframe src="https://www.youtube.com/embed/xyz"></iframe>', { width: 80 }))).toEqual([
      '[embedded: https://www.youtube.com/embed/xyz]',
    ]);
  });

  it('keeps the words of other HTML and drops comments', () => {
    expect(plainTexts(render('<div>hello <b>world</b></div>\n\n<!-- hidden note -->\n\nend'))).toEqual([
      'hello world',
      '',
      'end',
    ]);
  });
});

import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/text/markdown/index.js';
import type { MarkdownOptions, RenderedLine } from '../../../src/text/markdown/index.js';

const SGR = /\u001b\[[0-9;]*m/g;
const OSC8 = /\u001b\]8;;[^\u001b]*\u001b\\/g;

function visible(text: string): string {
  return text.replace(OSC8, '').replace(SGR, '');
}

function texts(lines: RenderedLine[]): string[] {
  return lines.flatMap((l) => (l.kind === 'text' ? [l.text] : []));
}

function plainTexts(lines: RenderedLine[]): string[] {
  return texts(lines).map(visible);
}

function expectFits(lines: RenderedLine[], width: number): void {
  for (const text of texts(lines)) expect(stringWidth(visible(text)), JSON.stringify(text)).toBeLessThanOrEqual(width);
}

function render(md: string, extra: Partial<MarkdownOptions> = {}): RenderedLine[] {
  return renderMarkdown(md, { width: 40, color: false, hyperlinks: false, ...extra });
}

const WIDGET_SRC =
  'https://app.clear.ml/widgets/?objectType=task&amp;xaxis=iter&amp;type=scalar&amp;metrics=loss&amp;variants=train&amp;objects=79bc628903a3423a83d13013e2c4b9ab';

const REPORT = `# Training report

This week we trained **three** models with *cosine* decay and \`lr=0.001\`,
then compared them against the baseline that used a much larger batch size.

## Results

- ResNet variants
  - resnet50 with the default augmentation pipeline and label smoothing
    1. first seed
    2. second seed
- ViT baseline
- [x] reviewed

> Validation loss stopped improving after epoch 40.
> > Nested remark about early stopping.

\`\`\`python
for epoch in range(100):  # the loop that trains every model for one hundred epochs
    train(epoch)
\`\`\`

    indented block

| model | top-1 accuracy | top-5 accuracy | notes about the run |
|:------|---------------:|:--------------:|---------------------|
| resnet50 | 0.912 | 0.987 | baseline with default augmentation |
| vit-b16 | 0.934 | 0.991 | pretrained on imagenet-21k |

---

See [the dashboard](https://app.clear.ml/projects) and ![confusion](https://files.example.com/cm.png).

<iframe src="${WIDGET_SRC}" width="100%" height="400"></iframe>
`;

describe('renderMarkdown: layout', () => {
  it('keeps every line of a report with every construct within the width', () => {
    for (const width of [80, 40, 24, 12, 5, 1]) {
      for (const color of [false, true]) {
        for (const hyperlinks of [false, true]) {
          expectFits(renderMarkdown(REPORT, { width, color, hyperlinks }), width);
        }
      }
    }
  });

  it('prefixes headings with their level without colour and styles them with colour', () => {
    const plain = plainTexts(render('# Top\n\n### Third level'));
    expect(plain).toContain('# Top');
    expect(plain).toContain('### Third level');
    const colored = texts(render('# Top\n\n### Third level', { color: true }));
    expect(colored[0]).toBe('\u001b[1;4mTop\u001b[0m');
    expect(colored[2]).toBe('\u001b[1mThird level\u001b[0m');
  });

  it('re-wraps paragraphs to the width, keeping every word in order', () => {
    const words = 'the quick brown fox jumps over the lazy dog and keeps running through the field until dusk'.split(
      ' ',
    );
    const md = `${words.slice(0, 8).join(' ')}\n${words.slice(8).join(' ')}`;
    const lines = plainTexts(render(md, { width: 20 }));
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join(' ').split(' ')).toEqual(words);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(20);
  });

  it('breaks a word longer than the line', () => {
    const word = 'x'.repeat(50);
    const lines = plainTexts(render(`a ${word} b`, { width: 20 }));
    expect(lines.join('')).toContain('x'.repeat(10));
    expect(lines.join('').replace(/[^x]/g, '')).toHaveLength(50);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(20);
  });

  it('measures wide characters as two columns when wrapping', () => {
    const lines = plainTexts(render('训练损失 在第四十个周期后 停止下降 验证集 准确率 达到 九十三', { width: 12 }));
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(12);
  });

  it('styles emphasis with SGR in colour and marks code spans without it', () => {
    const colored =
      texts(render('a **bold** and *italic* and `code` and ~~gone~~', { width: 80, color: true }))[0] ?? '';
    expect(colored).toContain('\u001b[1mbold\u001b[0m');
    expect(colored).toContain('\u001b[3mitalic\u001b[0m');
    expect(colored).toMatch(/\u001b\[36mcode\u001b\[0m/);
    expect(colored).toMatch(/\u001b\[9mgone\u001b\[0m/);
    const plain = texts(render('a **bold** and *italic* and `code` and ~~gone~~', { width: 80 }))[0];
    expect(plain).toBe('a bold and italic and `code` and ~~gone~~');
  });

  it('indents nested list items under their parent and numbers ordered ones', () => {
    const lines = plainTexts(render('- parent\n  - child\n    1. first\n    2. second\n- [x] done\n- [ ] open'));
    expect(lines[0]).toBe('• parent');
    expect(lines[1]).toBe('  ◦ child');
    expect(lines[2]).toBe('    1. first');
    expect(lines[3]).toBe('    2. second');
    expect(lines[4]).toBe('• [x] done');
    expect(lines[5]).toBe('• [ ] open');
  });

  it('aligns continuation lines of a wrapped item with its text', () => {
    const lines = plainTexts(render('1. a long list item that has to wrap onto another line', { width: 20 }));
    expect(lines[0]?.startsWith('1. ')).toBe(true);
    for (const line of lines.slice(1)) expect(line.startsWith('   ')).toBe(true);
  });

  it('draws block quotes with a bar per nesting level', () => {
    const lines = plainTexts(render('> outer words\n> > inner words'));
    expect(lines[0]).toBe('│ outer words');
    expect(lines[lines.length - 1]).toBe('│ │ inner words');
  });

  it('keeps code blocks unwrapped: long lines are cut with a marker and the language is shown', () => {
    const lines = plainTexts(render(REPORT, { width: 40 }));
    const label = lines.findIndex((l) => l.includes('[python]'));
    expect(label).toBeGreaterThanOrEqual(0);
    expect(lines[label + 1]).toMatch(/^ {2}for epoch in range\(100\):.*…$/);
    expect(stringWidth(lines[label + 1] ?? '')).toBe(40);
    expect(lines[label + 2]).toBe('      train(epoch)');
    expect(lines).toContain('  indented block');
  });

  it('aligns a table wider than the width, cutting cells with a marker', () => {
    const lines = plainTexts(render(REPORT, { width: 40 }));
    const header = lines.findIndex((l) => l.startsWith('model'));
    expect(header).toBeGreaterThanOrEqual(0);
    const tableLines = lines.slice(header, header + 4);
    expect(tableLines[1]).toMatch(/^─+┼/);
    expect(tableLines.join('\n')).toContain('…');
    const separators = tableLines
      .filter((_, i) => i !== 1)
      .map((l) =>
        [...l]
          .map((c, i) => (c === '│' ? i : -1))
          .filter((i) => i >= 0)
          .join(),
      );
    expect(new Set(separators).size).toBe(1);
    // right-aligned numeric column
    const cells = (tableLines[2] ?? '').split('│');
    expect(cells[1]?.endsWith('0.912 ')).toBe(true);
  });

  it('draws a horizontal rule across the width', () => {
    expect(plainTexts(render('above\n\n---\n\nbelow', { width: 30 }))).toContain('─'.repeat(30));
  });

  it('uses ASCII decoration in ascii mode', () => {
    const lines = plainTexts(render('- a\n  - b\n\n> q\n\n---\n\n| x | y |\n|---|---|\n| 1 | 2 |', { ascii: true }));
    expect(lines.join('\n')).toMatch(/^[\u0020-\u007e\n]*$/);
    expect(lines).toContain('- a');
    expect(lines).toContain('> q');
  });

  it('renders nothing for an empty body', () => {
    expect(render('')).toEqual([]);
    expect(render('   \n\n  ')).toEqual([]);
  });
});

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

describe('renderMarkdown: escape sequences in the body', () => {
  const INJECTION = [
    '# Title \u001b]0;pwned\u0007 here',
    '',
    'Text \u001b[2J\u001b[31mred\u001b[0m, C1 \u009b2J, bell \u0007, entity &#27;[31m and &#x1b;]52;c;AAAA&#7; end.',
    '',
    '[click](https://example.com/\u001b]8;;https://evil.example\u001b\\)',
    '',
    '```',
    'code \u001b[1m bold \u001b]8;;x\u001b\\',
    '```',
    '',
    '| a\u001b[5m | b |',
    '|---|---|',
    '| \u009d0;x\u009c | 2 |',
  ].join('\n');

  it('lets no control character from the body through when colour is off', () => {
    for (const hyperlinks of [false, true]) {
      const lines = render(INJECTION, { width: 60, hyperlinks });
      const all = texts(lines)
        .map((t) => t.replace(OSC8, ''))
        .join('\n');
      expect(all).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    }
  });

  it('emits only its own SGR and OSC 8 sequences when colour and hyperlinks are on', () => {
    const lines = texts(render(INJECTION, { width: 60, color: true, hyperlinks: true }));
    for (const line of lines) {
      const rest = line.replace(OSC8, '').replace(SGR, '');
      expect(rest, JSON.stringify(line)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      for (const m of line.matchAll(OSC8)) expect(m[0]).not.toMatch(/evil|[\u0007]/);
    }
    expect(lines.join('\n')).toContain('red');
  });

  it('keeps the visible words around removed sequences', () => {
    const lines = plainTexts(render(INJECTION, { width: 80 }));
    expect(lines[0]).toBe('# Title here');
    expect(lines[2]).toMatch(/^Text red, C1 , bell , entity .*end\.$/);
    // Character references that spell out escape sequences are removed as whole sequences.
    expect(lines[2]).not.toMatch(/\[31m|52;c/);
  });
});

// Block layout: headings, paragraphs, lists, quotes, code, tables, rules.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src/text/markdown/index.js';
import { texts, plainTexts, expectFits, render, REPORT } from '../../helpers/markdown-render.js';

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

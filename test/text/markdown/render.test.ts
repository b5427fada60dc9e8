// renderMarkdown as a whole: escape sequences and controls in the body never reach the output.
import { describe, expect, it } from 'vitest';
import { SGR, OSC8, texts, plainTexts, render } from '../../helpers/markdown-render.js';

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

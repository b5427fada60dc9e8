// The README's first lines are the two commands a newcomer runs, and its keys table is the
// keymap's (regenerate with `node scripts/update-readme.mjs` after a build).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keysMarkdown } from '../src/ui/keys/keymap.js';

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');

describe('README', () => {
  it('starts with the demo command and the test command', () => {
    const block = readme.split('```')[1] ?? '';
    expect(block).toContain('npm install && npm run demo');
    expect(block).toContain('npm install && npm test');
  });

  it('lists the keys exactly as the keymap defines them', () => {
    const section = readme.split('<!-- keys:start -->')[1]?.split('<!-- keys:end -->')[0] ?? '';
    expect(section.trim()).toBe(keysMarkdown().trim());
  });

  it('shows a 100x30 text screenshot of the monitor', () => {
    const section = readme.split('<!-- once:start -->')[1]?.split('<!-- once:end -->')[0] ?? '';
    const lines = section.split('\n').filter((l) => !l.startsWith('```') && l !== '');
    expect(lines.length).toBe(29);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(100);
  });
});

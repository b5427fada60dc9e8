#!/usr/bin/env node
// Regenerates the README's generated sections from the built code:
//   <!-- keys:start --> … <!-- keys:end -->   the keys table, from src/ui/keys/keymap.ts
//   <!-- once:start --> … <!-- once:end -->   a text screenshot: `tracktop demo --once` at 100x30
// Usage: npm run build && node scripts/update-readme.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readmePath = join(root, 'README.md');
const { keysMarkdown } = await import(join(root, 'dist/ui/keys/keymap.js'));

function replaceSection(text, name, body) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`README has no ${start} … ${end} section`);
  return `${text.slice(0, a + start.length)}\n${body}${text.slice(b)}`;
}

let readme = readFileSync(readmePath, 'utf8');
readme = replaceSection(readme, 'keys', keysMarkdown());
// Not a TTY: --once draws 100x30 without colour.
const frame = execFileSync(process.execPath, [join(root, 'bin/tracktop.js'), 'demo', '--once'], {
  encoding: 'utf8',
  // A UTF-8 locale: the README shows the Unicode frame whatever the locale running this is.
  env: { ...process.env, CI: 'false', LC_ALL: 'C.UTF-8' },
});
readme = replaceSection(readme, 'once', `\`\`\`text\n${frame.replace(/\n$/, '')}\n\`\`\`\n`);
writeFileSync(readmePath, readme);
console.log('README.md: keys table and screenshot regenerated');

// Ink 6.8's incremental writer moves the cursor up one line too few (stale first line, frame
// shifted down a row); patches/ink+6.8.0.patch, applied by `postinstall` (patch-package),
// carries the one-line fix that shipped in Ink 7. The build refuses to bundle an unpatched Ink.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const INK_FIXED_LINE = 'buffer.push(ansiEscapes.cursorUp(previousLines.length - 1));';

export function assertInkPatched(root) {
  const file = join(root, 'node_modules', 'ink', 'build', 'log-update.js');
  if (!readFileSync(file, 'utf8').includes(INK_FIXED_LINE)) {
    throw new Error(`${file} lacks the incremental-rendering fix: run \`npx patch-package\` (npm install runs it)`);
  }
}

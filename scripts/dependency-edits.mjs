// Every change tracktop makes to a dependency's published code, in one table, applied in place
// under node_modules by `postinstall` (scripts/patch-dependencies.mjs). The published file is
// kept beside the edited one as `<file>.published`, so applying again starts from it, and the
// tests compare the edited modules with it. Because the edits live in node_modules, vitest,
// tsc, the tmux end-to-end tests and the bundle all run the same dependency code. The build
// refuses to bundle when a file is not exactly its edit of the published source (a package
// changed under us, or `npm install` did not run the postinstall step).
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOKENIZE_MODULE_EDITS } from './ansi-tokenize-fast.mjs';
import { INK_EDITS } from './ink-output-cache.mjs';
import { applyEdits } from './source-edits.mjs';
import { transformStringWidth7, transformStringWidth8 } from './string-width-fast.mjs';
import { yogaWithoutFetch } from './yoga-no-fetch.mjs';

/** Ink 6.8's incremental writer moves the cursor up one line too few after a frame that shrank. */
function fixInkIncrementalCursor(source) {
  return applyEdits(
    source,
    [
      [
        'buffer.push(ansiEscapes.cursorUp(previousVisible - 1));',
        'buffer.push(ansiEscapes.cursorUp(previousLines.length - 1));',
      ],
    ],
    '',
    { what: 'ink/build/log-update.js', review: 'scripts/dependency-edits.mjs' },
  );
}

/**
 * file: under node_modules; edit: published source -> ours (throws when the published source is
 * not the one the edit was written for); why; until: what upstream change would retire it.
 */
export const DEPENDENCY_EDITS = [
  {
    file: 'ink/build/log-update.js',
    edit: fixInkIncrementalCursor,
    why: 'incremental rendering left a stale first line and shifted the frame down a row',
    until: 'Ink 7.0 carries the fix (ink commit c32da0b) but needs Node 22; drop with the move to Ink 7',
  },
  ...['output.js', 'render-node-to-output.js', 'measure-text.js', 'wrap-text.js'].map((name) => ({
    file: `ink/build/${name}`,
    edit: INK_EDITS[name],
    why: 'caches that outlive one frame, with bounds: most of the CPU of a key press (scripts/ink-output-cache.mjs)',
    until: 'an Ink release that diffs frames by row; none is planned for 6.x',
  })),
  ...['tokenize.js', 'styledChars.js'].map((name) => ({
    file: `@alcalzone/ansi-tokenize/build/${name}`,
    edit: TOKENIZE_MODULE_EDITS[name],
    why: 'one-unit clusters without Intl.Segmenter, no codes between same-styled cells (scripts/ansi-tokenize-fast.mjs)',
    until: 'an ansi-tokenize release with an ASCII fast path',
  })),
  {
    file: 'string-width/index.js',
    edit: transformStringWidth8,
    why: 'the fast path covers the box drawing and marks the monitor draws; constants built on first use (scripts/string-width-fast.mjs)',
    until: 'a string-width release whose fast path covers narrow non-ASCII ranges',
  },
  {
    file: 'wrap-ansi/node_modules/string-width/index.js',
    edit: transformStringWidth7,
    why: 'constants built on first use, off the start-up path (scripts/string-width-fast.mjs)',
    until: 'a wrap-ansi release on string-width 8',
  },
  {
    file: 'yoga-layout/dist/binaries/yoga-wasm-base64-esm.js',
    edit: yogaWithoutFetch,
    why: "Yoga's loader fetch()es its own data: URL, which loads Node's undici at start (scripts/yoga-no-fetch.mjs)",
    until: 'a yoga-layout release that decodes its inline WebAssembly without fetch',
  },
];

/** The published source of a dependency file (its kept copy once the edits were applied). */
export function readPublished(path) {
  const kept = `${path}.published`;
  return readFileSync(existsSync(kept) ? kept : path, 'utf8');
}

/** Applies every edit in place; idempotent. Returns the files written. */
export function applyDependencyEdits(root) {
  const written = [];
  for (const { file, edit } of DEPENDENCY_EDITS) {
    const path = join(root, 'node_modules', file);
    const kept = `${path}.published`;
    if (!existsSync(kept)) copyFileSync(path, kept);
    const edited = edit(readFileSync(kept, 'utf8'));
    if (readFileSync(path, 'utf8') !== edited) {
      writeFileSync(path, edited);
      written.push(file);
    }
  }
  return written;
}

/** Throws unless every dependency file is exactly its edit of the published source. */
export function assertDependencyEdits(root) {
  for (const { file, edit } of DEPENDENCY_EDITS) {
    const path = join(root, 'node_modules', file);
    if (!existsSync(`${path}.published`) || readFileSync(path, 'utf8') !== edit(readPublished(path)))
      throw new Error(`node_modules/${file} lacks tracktop's edit: run \`npm install\` (its postinstall applies them)`);
  }
}

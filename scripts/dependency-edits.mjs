// Every change tracktop makes to a dependency's published code, in one table. Most are applied
// in place under node_modules by `npm install` in this tree (`prepare` runs
// scripts/patch-dependencies.mjs); the published file is kept beside the edited one as
// `<file>.published`, so applying again starts from it, and the tests compare the edited
// modules with it. Because those edits live in node_modules, vitest, tsc, the tmux end-to-end
// tests and the bundle all run the same dependency code. One edit is the bundle's alone (an
// esbuild plugin). The package installed from its tarball runs the bundle, which carries every
// edit: installing it runs none of this. Each edit names the package version it was written
// for and refuses any other; the build refuses to bundle when a file is not exactly its edit of
// the published source (a package changed under us, or `npm install` did not apply the edits).
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOKENIZE_MODULE_EDITS } from './ansi-tokenize-fast.mjs';
import { INK_EDITS } from './ink-output-cache.mjs';
import { applyEdits } from './source-edits.mjs';
import { transformStringWidth7, transformStringWidth8 } from './string-width-fast.mjs';
import { undiciPoolOnly } from './undici-pool-only.mjs';
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
 * package and version: the package the edit was written for, exactly; file: under node_modules;
 * edit: published source -> ours (throws when the published source is not the one the edit was
 * written for), or bundle: root -> an esbuild plugin, for an edit made while bundling; why;
 * until: what upstream change would retire it.
 */
export const DEPENDENCY_EDITS = [
  {
    package: 'ink',
    version: '6.8.0',
    file: 'ink/build/log-update.js',
    edit: fixInkIncrementalCursor,
    why: 'incremental rendering left a stale first line and shifted the frame down a row',
    until: 'Ink 7.0 carries the fix (ink commit c32da0b) but needs Node 22; drop with the move to Ink 7',
  },
  ...['output.js', 'render-node-to-output.js', 'measure-text.js', 'wrap-text.js'].map((name) => ({
    package: 'ink',
    version: '6.8.0',
    file: `ink/build/${name}`,
    edit: INK_EDITS[name],
    why: 'caches that outlive one frame, with bounds: most of the CPU of a key press (scripts/ink-output-cache.mjs)',
    until: 'an Ink release that diffs frames by row; none is planned for 6.x',
  })),
  ...['tokenize.js', 'styledChars.js'].map((name) => ({
    package: '@alcalzone/ansi-tokenize',
    version: '0.2.5',
    file: `@alcalzone/ansi-tokenize/build/${name}`,
    edit: TOKENIZE_MODULE_EDITS[name],
    why: 'one-unit clusters without Intl.Segmenter, no codes between same-styled cells, compact cells (scripts/ansi-tokenize-fast.mjs)',
    until: 'an ansi-tokenize release with an ASCII fast path',
  })),
  {
    package: 'string-width',
    version: '8.3.0',
    file: 'string-width/index.js',
    edit: transformStringWidth8,
    why: 'the fast path covers the box drawing and marks the monitor draws; constants built on first use (scripts/string-width-fast.mjs)',
    until: 'a string-width release whose fast path covers narrow non-ASCII ranges',
  },
  {
    package: 'string-width',
    version: '7.2.0',
    file: 'wrap-ansi/node_modules/string-width/index.js',
    edit: transformStringWidth7,
    why: 'constants built on first use, off the start-up path (scripts/string-width-fast.mjs)',
    until: 'a wrap-ansi release on string-width 8',
  },
  {
    package: 'yoga-layout',
    version: '3.2.1',
    file: 'yoga-layout/dist/binaries/yoga-wasm-base64-esm.js',
    edit: yogaWithoutFetch,
    why: "Yoga's loader fetch()es its own data: URL, which loads Node's undici at start (scripts/yoga-no-fetch.mjs)",
    until: 'a yoga-layout release that decodes its inline WebAssembly without fetch',
  },
  {
    package: 'undici',
    version: '7.30.2',
    file: 'undici/index.js',
    bundle: undiciPoolOnly,
    why: "the bundle takes Pool and buildConnector from undici's own files, not its index: half of undici left unloaded (scripts/undici-pool-only.mjs)",
    until: 'an undici release whose index loads fetch, WebSocket and HTTP/2 lazily',
  },
];

/** The directory under node_modules of the package an edit was written for. */
function packageDir({ file, package: name }) {
  return file.slice(0, file.lastIndexOf(`${name}/`) + name.length);
}

/** Throws, naming the version the edit was written for, unless that version is installed. */
function checkVersion(root, entry) {
  const dir = packageDir(entry);
  let found;
  try {
    found = JSON.parse(readFileSync(join(root, 'node_modules', dir, 'package.json'), 'utf8')).version;
  } catch {
    found = undefined;
  }
  if (found !== entry.version)
    throw new Error(
      `tracktop's edit of ${entry.file} was written for ${entry.package} ${entry.version}, but node_modules/${dir} ` +
        `${found === undefined ? 'has no package.json' : `is ${found}`}: review scripts/dependency-edits.mjs`,
    );
}

/** The edited source of an in-place edit, from the published one; throws naming the version. */
function edited(root, entry, published) {
  checkVersion(root, entry);
  try {
    return entry.edit(published);
  } catch (err) {
    throw new Error(`${err.message} (the edit was written for ${entry.package} ${entry.version})`, { cause: err });
  }
}

const IN_PLACE = DEPENDENCY_EDITS.filter((entry) => entry.edit !== undefined);

/** The esbuild plugins of the bundle-only edits, each checked against its package's version. */
export function bundleEdits(root) {
  return DEPENDENCY_EDITS.filter((entry) => entry.bundle !== undefined).map((entry) => {
    checkVersion(root, entry);
    return entry.bundle(root);
  });
}

/** The published source of a dependency file (its kept copy once the edits were applied). */
export function readPublished(path) {
  const kept = `${path}.published`;
  return readFileSync(existsSync(kept) ? kept : path, 'utf8');
}

/** Applies every in-place edit; idempotent. Returns the files written. */
export function applyDependencyEdits(root) {
  const written = [];
  for (const entry of IN_PLACE) {
    const path = join(root, 'node_modules', entry.file);
    const kept = `${path}.published`;
    if (!existsSync(kept)) copyFileSync(path, kept);
    const source = edited(root, entry, readFileSync(kept, 'utf8'));
    if (readFileSync(path, 'utf8') !== source) {
      writeFileSync(path, source);
      written.push(entry.file);
    }
  }
  return written;
}

/** Throws unless every in-place edited file is exactly its edit of the published source. */
export function assertDependencyEdits(root) {
  for (const entry of IN_PLACE) {
    const path = join(root, 'node_modules', entry.file);
    if (!existsSync(`${path}.published`) || readFileSync(path, 'utf8') !== edited(root, entry, readPublished(path)))
      throw new Error(`node_modules/${entry.file} lacks tracktop's edit: run \`npm install\` (it applies them)`);
  }
}

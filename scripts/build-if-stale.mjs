#!/usr/bin/env node
// `npm run demo` runs this before the demo: it rebuilds (scripts/build.mjs, about 40 s) only
// when an input of the build is newer than the bundle bin/tracktop.js loads, so a second
// `npm run demo` on an unchanged tree starts at once.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the build reads: sources, build scripts (dependency edits among them) and the dependency set. */
const INPUTS = ['src', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];

/** The newest modification time (ms) of a file or of any file under a directory; 0 when absent. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return newest;
}

/** Why the bundle under `root` must be rebuilt, or null when it is newer than every input. */
export function staleReason(root) {
  const bundle = join(root, 'dist', 'bundle', 'tracktop.js');
  if (!existsSync(bundle)) return 'no build yet';
  const built = statSync(bundle).mtimeMs;
  for (const input of INPUTS) {
    if (newestMtime(join(root, input)) > built) return `${input} changed since the last build`;
  }
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const reason = staleReason(root);
  if (reason !== null) {
    process.stdout.write(`building (${reason})\n`);
    execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  }
}

#!/usr/bin/env node
// Checks the store's shape (docs/architecture.md, "The store"): inside src/store, a module
// reaches another folder's files only through that folder's index.ts (core/ too: shared
// infrastructure, which imports no slice); no two folders import each other; outside
// src/store, code imports the store through src/store/index.ts, types.ts or panes.ts, except
// the log scan's worker thread, loaded lazily by its file. Type-only imports count too.
// Prints each breach and exits 1 when there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const store = join(src, 'store');
/** Files outside the store that may be imported by path (a worker entry, loaded on demand). */
const OUTSIDE_ALLOWED = new Set(['logs/log-scan-thread.ts']);
const STORE_FACES = new Set(['index.ts', 'types.ts', 'panes.ts']);

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Relative module specifiers of a file's imports and re-exports, static and dynamic. */
function importsOf(text) {
  const found = [];
  const patterns = [/\bfrom\s+'(\.[^']+)'/g, /\bimport\s*\(\s*'(\.[^']+)'\s*\)/g, /^import\s+'(\.[^']+)'/gm];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1]);
  return found;
}

function resolveImport(from, spec) {
  return resolve(dirname(from), spec).replace(/\.js$/, '.ts');
}

/** The store folder a path is in ('' for the store's own root files), or null outside the store. */
function folderOf(path) {
  const rel = relative(store, path);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(sep);
  return parts.length > 1 ? parts[0] : '';
}

const problems = [];
const edges = new Map();
for (const file of sourceFiles(src)) {
  const fromFolder = folderOf(file);
  for (const spec of importsOf(readFileSync(file, 'utf8'))) {
    let target = resolveImport(file, spec);
    if (!target.endsWith('.ts') && !target.endsWith('.tsx')) target += '.ts';
    const toFolder = folderOf(target);
    if (toFolder === null) continue;
    const where = relative(root, file);
    const what = relative(store, target).split(sep).join('/');
    if (fromFolder === null) {
      const face = toFolder === '' && STORE_FACES.has(what);
      if (!face && !OUTSIDE_ALLOWED.has(what))
        problems.push(`${where}: imports src/store/${what}; outside the store, import src/store/index.ts`);
      continue;
    }
    if (toFolder === '' || toFolder === fromFolder) continue;
    if (fromFolder === 'core') {
      problems.push(`${where}: core imports the ${toFolder} slice (src/store/${what}); core imports no slice`);
      continue;
    }
    if (fromFolder !== '') {
      const key = `${fromFolder}->${toFolder}`;
      if (!edges.has(key)) edges.set(key, where);
    }
    if (!what.endsWith('/index.ts'))
      problems.push(`${where}: imports src/store/${what}; reach ${toFolder}/ through its index.ts`);
  }
}
for (const [key, where] of edges) {
  const [a, b] = key.split('->');
  if (a < b && edges.has(`${b}->${a}`))
    problems.push(`the ${a} and ${b} slices import each other (${where}, ${edges.get(`${b}->${a}`)})`);
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`${problems.length} import(s) break the store's shape (docs/architecture.md, "The store")`);
  process.exit(1);
}
console.log('store slices: every import goes through a public face; no two slices import each other');

// The dependency edits (scripts/dependency-edits.mjs) are applied in place under node_modules by
// `npm install` here (`prepare`), so the tests, tsc and the bundle run the same code; the build
// refuses a dependency file that is not exactly its edit of the published source. Each edit
// names the package version it was written for; the bundle-only one (undici) is in the table.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/demo-process.js';

interface DependencyEdit {
  package: string;
  version: string;
  file: string;
  edit?(source: string): string;
  bundle?(root: string): { name: string };
  why: string;
  until: string;
}
const edits = (await import(pathToFileURL(join(ROOT, 'scripts', 'dependency-edits.mjs')).href)) as {
  DEPENDENCY_EDITS: DependencyEdit[];
  applyDependencyEdits(root: string): string[];
  assertDependencyEdits(root: string): void;
  bundleEdits(root: string): { name: string }[];
  readPublished(path: string): string;
};
const IN_PLACE = edits.DEPENDENCY_EDITS.filter((e) => e.edit !== undefined);
/** node_modules/<dir> of the package an edit names (a nested copy for wrap-ansi's string-width). */
const packageDir = (e: DependencyEdit): string =>
  e.file.slice(0, e.file.lastIndexOf(`${e.package}/`) + e.package.length);

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A project root whose node_modules holds fresh copies of the published files the edits touch. */
function publishedTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'tracktop-dep-edits-'));
  for (const entry of edits.DEPENDENCY_EDITS) {
    const manifest = join('node_modules', packageDir(entry), 'package.json');
    cpSync(join(ROOT, manifest), join(root, manifest));
    if (entry.edit === undefined) continue;
    const target = join(root, 'node_modules', entry.file);
    cpSync(join(ROOT, 'node_modules', `${entry.file}.published`), target, { recursive: true });
    expect(dirname(target)).toContain('node_modules');
  }
  return root;
}

describe('dependency edits', () => {
  it('are in place in this checkout, each with its reason and what would retire it', () => {
    expect(() => edits.assertDependencyEdits(ROOT)).not.toThrow();
    for (const edit of edits.DEPENDENCY_EDITS) {
      expect(edit.why.length).toBeGreaterThan(20);
      expect(edit.until.length).toBeGreaterThan(10);
      expect(edit.version).toMatch(/^\d+\.\d+\.\d+$/);
      if (edit.edit === undefined) continue;
      const path = join(ROOT, 'node_modules', edit.file);
      expect(readFileSync(path, 'utf8')).not.toBe(edits.readPublished(path));
    }
  });

  it('apply to published files, keep the published copy, and apply again without change', () => {
    dir = publishedTree();
    expect(() => edits.assertDependencyEdits(dir!)).toThrow(/lacks tracktop's edit/);
    expect(edits.applyDependencyEdits(dir).length).toBe(IN_PLACE.length);
    expect(() => edits.assertDependencyEdits(dir!)).not.toThrow();
    expect(edits.applyDependencyEdits(dir)).toEqual([]);
    const first = edits.DEPENDENCY_EDITS[0]!.file;
    expect(readFileSync(join(dir, 'node_modules', `${first}.published`), 'utf8')).toBe(
      readFileSync(join(ROOT, 'node_modules', `${first}.published`), 'utf8'),
    );
  });

  it('refuse a dependency whose published code changed under them', () => {
    dir = publishedTree();
    const file = join(dir, 'node_modules', 'ink', 'build', 'log-update.js');
    writeFileSync(file, readFileSync(file, 'utf8').replace('previousVisible - 1', 'previousVisible - 2'));
    expect(() => edits.applyDependencyEdits(dir!)).toThrow(/ink\/build\/log-update\.js changed/);
  });
});

describe('the version each edit was written for', () => {
  it('is the installed one, and another version is refused naming both', () => {
    for (const entry of edits.DEPENDENCY_EDITS) {
      const manifest = join(ROOT, 'node_modules', packageDir(entry), 'package.json');
      expect([entry.file, (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version]).toEqual([
        entry.file,
        entry.version,
      ]);
    }
    dir = publishedTree();
    const manifest = join(dir, 'node_modules', 'ink', 'package.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"version": "6.8.0"', '"version": "6.8.1"'));
    expect(() => edits.applyDependencyEdits(dir!)).toThrow(
      "tracktop's edit of ink/build/log-update.js was written for ink 6.8.0, but node_modules/ink is 6.8.1",
    );
  });

  it("names it when the published code changed (wrap-ansi's own string-width)", () => {
    dir = publishedTree();
    const file = join(dir, 'node_modules', 'wrap-ansi', 'node_modules', 'string-width', 'index.js');
    writeFileSync(file, readFileSync(file, 'utf8').replace('const segmenter = ', 'let segmenter = '));
    expect(() => edits.applyDependencyEdits(dir!)).toThrow(/written for string-width 7\.2\.0/);
  });

  it("covers the bundle's undici rewrite, which refuses another undici", () => {
    const undici = edits.DEPENDENCY_EDITS.find((e) => e.package === 'undici');
    expect(undici?.bundle).toBeDefined();
    expect(edits.bundleEdits(ROOT).map((p) => p.name)).toEqual(['undici-pool-only']);
    dir = publishedTree();
    const manifest = join(dir, 'node_modules', 'undici', 'package.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/"version": "[^"]+"/, '"version": "8.0.0"'));
    expect(() => edits.bundleEdits(dir!)).toThrow('written for undici 7.30.2, but node_modules/undici is 8.0.0');
  });
});

// The dependency edits (scripts/dependency-edits.mjs) are applied in place under node_modules by
// `postinstall`, so the tests, tsc and the bundle run the same code; the build refuses a
// dependency file that is not exactly its edit of the published source.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/demo-process.js';

interface DependencyEdit {
  file: string;
  edit(source: string): string;
  why: string;
  until: string;
}
const edits = (await import(pathToFileURL(join(ROOT, 'scripts', 'dependency-edits.mjs')).href)) as {
  DEPENDENCY_EDITS: DependencyEdit[];
  applyDependencyEdits(root: string): string[];
  assertDependencyEdits(root: string): void;
  readPublished(path: string): string;
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A project root whose node_modules holds fresh copies of the published files the edits touch. */
function publishedTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'tracktop-dep-edits-'));
  for (const { file } of edits.DEPENDENCY_EDITS) {
    const target = join(root, 'node_modules', file);
    cpSync(join(ROOT, 'node_modules', `${file}.published`), target, { recursive: true });
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
      const path = join(ROOT, 'node_modules', edit.file);
      expect(readFileSync(path, 'utf8')).not.toBe(edits.readPublished(path));
    }
  });

  it('apply to published files, keep the published copy, and apply again without change', () => {
    dir = publishedTree();
    expect(() => edits.assertDependencyEdits(dir!)).toThrow(/lacks tracktop's edit/);
    expect(edits.applyDependencyEdits(dir).length).toBe(edits.DEPENDENCY_EDITS.length);
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

// `npm run demo` rebuilds only when an input of the build is newer than the bundle.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/demo-process.js';

interface Script {
  staleReason(root: string): string | null;
}
const script = (await import(pathToFileURL(join(ROOT, 'scripts', 'build-if-stale.mjs')).href)) as Script;

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A tree with one source file and a lock file at `sourceTime`, and a bundle at `bundleTime` (seconds). */
function tree(sourceTime: number, bundleTime: number | null): string {
  dir = mkdtempSync(join(tmpdir(), 'tracktop-stale-'));
  mkdirSync(join(dir, 'src', 'ui'), { recursive: true });
  const source = join(dir, 'src', 'ui', 'app.ts');
  writeFileSync(source, 'x');
  utimesSync(source, sourceTime, sourceTime);
  writeFileSync(join(dir, 'package-lock.json'), '{}');
  utimesSync(join(dir, 'package-lock.json'), 1000, 1000);
  if (bundleTime !== null) {
    mkdirSync(join(dir, 'dist', 'bundle'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'bundle', 'tracktop.js'), 'x');
    utimesSync(join(dir, 'dist', 'bundle', 'tracktop.js'), bundleTime, bundleTime);
  }
  return dir;
}

describe('build-if-stale', () => {
  it('builds when there is no bundle yet', () => {
    expect(script.staleReason(tree(1000, null))).toBe('no build yet');
  });

  it('skips the build when the bundle is newer than every input', () => {
    expect(script.staleReason(tree(1000, 2000))).toBeNull();
  });

  it('builds when a file deep under src/ is newer than the bundle', () => {
    expect(script.staleReason(tree(3000, 2000))).toBe('src changed since the last build');
  });

  it('builds when package-lock.json is newer than the bundle', () => {
    const root = tree(1000, 2000);
    utimesSync(join(root, 'package-lock.json'), 3000, 3000);
    expect(script.staleReason(root)).toBe('package-lock.json changed since the last build');
  });
});

// A clean `npm install` (npm 11) leaves the tree as committed and warns about nothing we can
// avoid: every dependency with an install script has an allowScripts entry (npm skips and
// warns about the others), and the lock records the root's own install scripts as npm writes it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/demo-process.js';

interface LockEntry {
  hasInstallScript?: boolean;
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  files: string[];
  bin: Record<string, string>;
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

describe('install scripts', () => {
  it('every dependency with an install script is approved or denied in allowScripts', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript === true)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of withScripts) expect(Object.keys(pkg.allowScripts ?? {}), name).toContain(name);
  });

  it("the lock's root entry says it has install scripts, as npm install writes it", () => {
    const own = ['preinstall', 'install', 'postinstall'].some((s) => pkg.scripts[s] !== undefined);
    expect(lock.packages['']?.hasInstallScript === true).toBe(own);
  });

  it('the package installed from its tarball has no install step (scripts/ is not in it)', () => {
    // `npm install -g ./tracktop-0.1.0.tgz` runs these; `prepare` runs only in a clone.
    expect(['preinstall', 'install', 'postinstall'].filter((s) => pkg.scripts[s] !== undefined)).toEqual([]);
    expect(pkg.files).not.toContain('scripts');
    expect(pkg.scripts.prepare).toContain('scripts/patch-dependencies.mjs');
  });

  it('ships the bin and what it loads: the bundle', () => {
    const bin = readFileSync(join(ROOT, pkg.bin.tracktop!), 'utf8');
    expect(bin).toContain("import('../dist/bundle/tracktop.js')");
    expect(pkg.files.sort()).toEqual(['bin', 'dist/bundle']);
  });
});

// The installed Yoga loader (scripts/yoga-no-fetch.mjs) must instantiate Yoga's WebAssembly
// without touching the global fetch (whose first call loads Node's built-in undici).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/demo-process.js';

interface Plugin {
  yogaWithoutFetch(source: string): string;
}
const plugin = (await import(pathToFileURL(join(ROOT, 'scripts', 'yoga-no-fetch.mjs')).href)) as Plugin;
const { readPublished } = (await import(pathToFileURL(join(ROOT, 'scripts', 'dependency-edits.mjs')).href)) as {
  readPublished(path: string): string;
};
const YOGA = join(ROOT, 'node_modules', 'yoga-layout', 'dist', 'binaries', 'yoga-wasm-base64-esm.js');

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('Yoga without fetch', () => {
  it('loads Yoga from its data URL without calling fetch', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tracktop-yoga-'));
    try {
      writeFileSync(join(dir, 'yoga.mjs'), plugin.yogaWithoutFetch(readPublished(YOGA)));
      let fetches = 0;
      globalThis.fetch = ((...args: Parameters<typeof fetch>) => {
        fetches += 1;
        return realFetch(...args);
      }) as typeof fetch;
      const loadYoga = (
        (await import(pathToFileURL(join(dir, 'yoga.mjs')).href)) as { default: () => Promise<unknown> }
      ).default;
      const yoga = await loadYoga();
      expect(yoga).toBeTruthy();
      expect(fetches).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a Yoga loader whose fetch tests are not the ones expected', () => {
    expect(() => plugin.yogaWithoutFetch('fetch(url)')).toThrow(/yoga-layout's loader changed/);
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../fixtures/clearml', import.meta.url));

export function fixtureText(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** A fresh temporary directory used as a home directory; `cleanup` removes it. */
export interface TempHome {
  dir: string;
  /** Write `text` to `name` inside the directory and return the full path. */
  write(name: string, text: string): string;
  /** Copy a fixture from test/fixtures/clearml under `name`. */
  writeFixture(fixture: string, name?: string): string;
  cleanup(): void;
}

export function makeTempHome(): TempHome {
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-config-'));
  const write = (name: string, text: string): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  return {
    dir,
    write,
    writeFixture: (fixture, name = 'clearml.conf') => write(name, fixtureText(fixture)),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

// `tracktop serve --demo` prints a generated secret once, when it is created, never on later starts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCommand } from '../../src/cli/run-commands.js';

const dir = mkdtempSync(join(tmpdir(), 'tracktop-demo-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `serve --demo` until it has printed where it listens, stops it, and returns what it printed. */
async function serveDemoOnce(dbPath: string): Promise<string> {
  let printed = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed += String(chunk);
    return true;
  });
  try {
    const done = runCommand({ command: 'serve', values: { demo: true, port: '0', db: dbPath } });
    for (let i = 0; i < 600 && !printed.includes('credentials:'); i++) await new Promise((r) => setTimeout(r, 50));
    // Signals are delivered with process.emit: a real kill would also reach the test runner.
    process.emit('SIGTERM', 'SIGTERM');
    expect(await done).toBe(0);
    return printed;
  } finally {
    spy.mockRestore();
  }
}

describe('serve --demo', () => {
  it('prints the generated secret on the first start only', async () => {
    const dbPath = join(dir, 'demo.db');
    const first = await serveDemoOnce(dbPath);
    const secret = /secret_key: "([^"]+)"/.exec(first)?.[1];
    expect(secret, first).toBeDefined();
    const second = await serveDemoOnce(dbPath);
    expect(second).toContain(`the key pair in ${dbPath}.credentials.json`);
    expect(second).not.toContain(secret as string);
    expect(second).not.toContain('secret_key');
  }, 60_000);
});

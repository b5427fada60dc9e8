import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runServe } from '../../src/server/serve.js';
import { basicAuth, send } from '../helpers/http.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tracktop-serve-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function waitFor(pred: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !pred(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(pred()).toBe(true);
}

// Signals are delivered with process.emit: a real kill would also reach the test runner.
describe('runServe', () => {
  it('prints the URL and, the first time only, the credentials file and a clearml.conf snippet; stops on SIGTERM', async () => {
    const dbPath = join(dir, 'srv.db');
    const lines: string[] = [];
    const done = runServe({ host: '127.0.0.1', port: 0, dbPath, log: (l) => lines.push(l) });
    await waitFor(() => lines.some((l) => l.includes('listening on')));
    const url = /listening on (http:\/\/\S+)/.exec(lines.join('\n'))![1]!;
    expect((await fetch(`${url}/reports.get_tags`)).status).toBe(401);
    const text = lines.join('\n');
    expect(text).toContain(`${dbPath}.credentials.json`);
    expect(text).toContain(`api_server: ${url}`);
    expect(text).toMatch(/secret_key: "[A-Za-z0-9]{50,}"/);
    process.emit('SIGTERM', 'SIGTERM');
    await done;
    await expect(fetch(`${url}/reports.get_tags`)).rejects.toThrow();

    const again: string[] = [];
    const second = runServe({ host: '127.0.0.1', port: 0, dbPath, log: (l) => again.push(l) });
    await waitFor(() => again.some((l) => l.includes('listening on')));
    expect(again.join('\n')).not.toMatch(/secret_key/);
    expect(again.join('\n')).toContain('Using the key pair in');
    process.emit('SIGINT', 'SIGINT');
    await second;
  });

  it('takes the keys from TRACKTOP_ACCESS_KEY / TRACKTOP_SECRET_KEY and writes no credentials file', async () => {
    process.env.TRACKTOP_ACCESS_KEY = 'ENVKEY12345678901234';
    process.env.TRACKTOP_SECRET_KEY = 'env-secret';
    const lines: string[] = [];
    try {
      const done = runServe({ host: '127.0.0.1', port: 0, dbPath: join(dir, 'env.db'), log: (l) => lines.push(l) });
      await waitFor(() => lines.some((l) => l.includes('listening on')));
      const url = /listening on (http:\/\/\S+)/.exec(lines.join('\n'))![1]!;
      expect(
        (await send(url, '/auth.login', {}, { auth: basicAuth('ENVKEY12345678901234', 'env-secret') })).status,
      ).toBe(200);
      expect(lines.join('\n')).not.toContain('credentials.json');
      process.emit('SIGTERM', 'SIGTERM');
      await done;
    } finally {
      delete process.env.TRACKTOP_ACCESS_KEY;
      delete process.env.TRACKTOP_SECRET_KEY;
    }
  });
});

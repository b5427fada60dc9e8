// One server per database file, and writes that wait for another writer instead of failing:
// a second server on the same file is refused at once with a clear message (and runs after the
// first stops); an add_batch arriving while another process holds the write lock waits for it
// (the busy timeout) and is stored, where a deferred transaction answered "database is locked".
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/server.js';
import { basicAuth, send } from '../../helpers/http.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tracktop-one-server-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('one server per database', () => {
  it('refuses a second server on the same file, and lets one start after the first stops', async () => {
    const dbPath = join(dir, 'shared.db');
    const first = await startTestServer({ dbPath });
    await expect(startTestServer({ dbPath })).rejects.toThrow(`another tracktop server is already using ${dbPath}`);
    // The first is untouched by the attempt.
    const auth = basicAuth(first.accessKey, first.secretKey);
    expect((await send(first.url, '/tasks.get_all', {}, { auth })).status).toBe(200);
    await first.close();
    const again = await startTestServer({ dbPath });
    await again.close();
  });

  it('makes a write wait for another process holding the write lock, then stores it', async () => {
    const dbPath = join(dir, 'busy.db');
    const server = await startTestServer({ dbPath });
    try {
      const auth = basicAuth(server.accessKey, server.secretKey);
      const { id } = (await send(server.url, '/tasks.create', { name: 'busy', type: 'training' }, { auth })).data;
      // Another process takes the write lock, writes, and commits 700 ms later.
      const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
      const child = spawn(
        process.execPath,
        [
          '-e',
          `const D = require(${JSON.stringify(sqlite)}); const db = new D(${JSON.stringify(dbPath)});
           db.exec('BEGIN IMMEDIATE'); db.prepare("INSERT INTO server_meta (key, value) VALUES ('other', 'x')").run();
           process.stdout.write('holding\\n'); setTimeout(() => { db.exec('COMMIT'); db.close(); }, 700);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      const event = { type: 'log', task: id, msg: 'while locked', level: 'info', timestamp: 1 };
      const r = await send(server.url, '/events.add_batch', undefined, {
        auth,
        raw: JSON.stringify(event),
        headers: { 'content-type': 'application/json-lines' },
      });
      await new Promise((resolve) => child.once('exit', resolve));
      expect([r.status, r.msg, r.data]).toEqual([200, 'OK', { added: 1, errors: 0, errors_info: {} }]);
      const log = await send(server.url, '/events.get_task_log', { task: id }, { auth });
      expect(log.data.events.map((e: { msg: string }) => e.msg)).toEqual(['while locked']);
    } finally {
      await server.close();
    }
  });
});

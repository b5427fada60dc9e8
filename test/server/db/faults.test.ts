// Storage faults answer clearly: a full database is a 507 "disk full" that keeps everything
// acknowledged before and recovers when space returns; a database that cannot be written is
// refused at start with one line; `tracktop serve --check` finds a damaged file.
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDatabase } from '../../../src/server/db/check.js';
import { startTestServer } from '../../helpers/server.js';
import { basicAuth, send } from '../../helpers/http.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tracktop-faults-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lines = (task: string, n: number, from: number) =>
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      type: 'log',
      task,
      level: 'info',
      msg: `line ${from + i} ${'x'.repeat(400)}`,
      timestamp: from + i,
    }),
  ).join('\n');

describe('storage faults', () => {
  it('answers 507 "disk full" when the database cannot grow, keeps what it stored, and recovers', async () => {
    const server = await startTestServer({ dbPath: join(dir, 'full.db') });
    try {
      const auth = basicAuth(server.accessKey, server.secretKey);
      const add = (raw: string) =>
        send(server.url, '/events.add_batch', undefined, {
          auth,
          raw,
          headers: { 'content-type': 'application/json-lines' },
        });
      const { id } = (await send(server.url, '/tasks.create', { name: 'full', type: 'training' }, { auth })).data;
      expect((await add(lines(id, 100, 0))).status).toBe(200);
      // The database may not grow past its size now: SQLite's own "database or disk is full".
      const db = server.server.db;
      const pages = db.pragma('page_count', { simple: true }) as number;
      db.pragma(`max_page_count = ${pages + 2}`);
      const full = await add(lines(id, 5000, 100));
      expect([full.status, full.code]).toEqual([507, 507]);
      expect(full.msg).toContain('disk full: the server could not store this request and kept nothing of it');
      const log = await send(server.url, '/events.get_task_log', { task: id, batch_size: 10_000 }, { auth });
      expect(log.data.returned).toBe(100);
      db.pragma('max_page_count = 1073741823');
      expect((await add(lines(id, 5000, 100))).status).toBe(200);
      expect(server.logs.every((l) => !l.includes('    at '))).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('refuses at start, in one line, a database it cannot write', async () => {
    const dbPath = join(dir, 'unwritable.db');
    await (await startTestServer({ dbPath })).close();
    rmSync(`${dbPath}-wal`, { force: true });
    mkdirSync(`${dbPath}-wal`); // where SQLite must write, something it cannot write to
    const err = await startTestServer({ dbPath }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(new RegExp(`^cannot write the database ${dbPath}: .*check that the file`));
    expect(err?.message).not.toContain('\n');
  });

  it('--check says ok for a sound file and lists what it found in a damaged one', async () => {
    const dbPath = join(dir, 'damaged.db');
    const server = await startTestServer({ dbPath });
    const auth = basicAuth(server.accessKey, server.secretKey);
    const { id } = (await send(server.url, '/tasks.create', { name: 'big', type: 'training' }, { auth })).data;
    for (let i = 0; i < 6; i++)
      await send(server.url, '/events.add_batch', undefined, {
        auth,
        raw: lines(id, 2000, i * 2000),
        headers: { 'content-type': 'application/json-lines' },
      });
    await server.close();
    expect(checkDatabase(dbPath)).toEqual({ ok: true, lines: [`${dbPath}: integrity check ok`] });
    const size = statSync(dbPath).size;
    expect(size).toBeGreaterThan(3 * 1024 * 1024);
    const fd = openSync(dbPath, 'r+');
    writeSync(fd, Buffer.alloc(1024 * 1024), 0, 1024 * 1024, Math.floor(size / 2 / 4096) * 4096);
    closeSync(fd);
    const damaged = checkDatabase(dbPath);
    expect(damaged.ok).toBe(false);
    expect(damaged.lines[0]).toBe(`${dbPath}: integrity check found problems:`);
    expect(damaged.lines.length).toBeGreaterThan(2);
  });
});

// Migration 3 upgrades a database written before it: tasks keep their rows and gain the SDK's
// fields, readable through the API at once.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../src/server/db/schema.js';
import { send } from '../../helpers/http.js';
import { startTestServer } from '../../helpers/server.js';

const dir = mkdtempSync(join(tmpdir(), 'tracktop-v3-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 3', () => {
  it('keeps MIGRATIONS sorted by version and adds the SDK task fields to an existing database', async () => {
    const versions = MIGRATIONS.map((m) => m.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(versions).toContain(3);

    const dbPath = join(dir, 'old.db');
    const old = new Database(dbPath);
    for (const m of MIGRATIONS.filter((x) => x.version < 3)) {
      old.exec(m.sql);
      old.pragma(`user_version = ${m.version}`);
    }
    old
      .prepare(
        `INSERT INTO tasks (id, company, user, name, type, created, last_update, last_change)
         VALUES ('t-old', 'c0', 'u', 'before v3', 'training', 1, 1, 1)`,
      )
      .run();
    old.close();

    const server = await startTestServer({ dbPath });
    try {
      expect(server.server.db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(3);
      const login = await send(
        server.url,
        '/auth.login',
        {},
        {
          auth: `Basic ${Buffer.from(`${server.accessKey}:${server.secretKey}`).toString('base64')}`,
        },
      );
      const bearer = `Bearer ${login.data.token as string}`;
      // The company is created on first start; the old row joins it.
      const company = server.server.db.prepare(`SELECT company FROM users LIMIT 1`).pluck().get() as string;
      server.server.db.prepare('UPDATE tasks SET company = ? WHERE id = ?').run(company, 't-old');
      await send(
        server.url,
        '/tasks.edit',
        { task: 't-old', hyperparams: { S: { n: { value: '1' } } } },
        { auth: bearer },
      );
      const r = await send(server.url, '/tasks.get_by_id', { task: 't-old' }, { auth: bearer });
      expect(r.status).toBe(200);
      expect(r.data.task.name).toBe('before v3');
      expect(r.data.task.hyperparams).toEqual({ S: { n: { section: 'S', name: 'n', value: '1' } } });
    } finally {
      await server.close();
    }
  });
});

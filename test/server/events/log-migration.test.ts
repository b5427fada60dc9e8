// Events migration v4 (compact log layout): logs stored by the v2 layout read back the same
// after the upgrade, in the same order (ties at one timestamp included), and new logs at an
// existing timestamp come after the migrated ones.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../src/server/db/schema.js';
import { companyId } from '../../../src/server/db/server-meta.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

const TASK = 'f'.repeat(32);
const NO_ITER = -(2n ** 63n);
const WRITTEN = Date.UTC(2025, 0, 1, 10, 0, 0);

let dir: string | undefined;
let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  server = dir = undefined;
});

/** A database at the version before v4, with logs written in the v2 layout. */
function v2Database(path: string): void {
  const db = new Database(path);
  for (const m of MIGRATIONS.filter((x) => x.version < 4)) {
    db.exec(m.sql);
    db.pragma(`user_version = ${m.version}`);
  }
  const series = (metric: string) =>
    (
      db
        .prepare(
          `INSERT INTO event_series (owner, model_event, type, metric, variant) VALUES (?, 0, 4, ?, '') RETURNING id`,
        )
        .get(TASK, metric) as { id: number }
    ).id;
  const main = series('');
  const other = series('stderr');
  const log = db.prepare(
    `INSERT INTO log_events (seq, owner, series, iter, timestamp, written, worker, level, msg, extra)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  // seq order differs from timestamp order; three logs share timestamp 2000.
  log.run(10, TASK, main, 0, 2000, WRITTEN, 'w1', 'info', 'tie b', null);
  log.run(11, TASK, other, 1, 1000, WRITTEN, 'w2', 'error', 'first', null);
  log.run(12, TASK, main, NO_ITER, 2000, WRITTEN + 5, 'w1', null, 'tie c, no iter, no level', null);
  log.run(5, TASK, main, 2, 2000, WRITTEN, 'w1', 'info', 'tie a', '{"model":"m1","n":[1,2]}');
  log.run(13, TASK, main, 3, 3000, WRITTEN, 'w1', 'info', null, null);
  db.close();
}

async function login(s: TestServer): Promise<string> {
  const basic = `Basic ${Buffer.from(`${s.accessKey}:${s.secretKey}`).toString('base64')}`;
  const res = await fetch(`${s.url}/auth.login`, { method: 'POST', headers: { authorization: basic } });
  return `Bearer ${((await res.json()) as { data: { token: string } }).data.token}`;
}

describe('events migration v4 (compact logs)', () => {
  it('keeps every v2 log, its fields and its order', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tracktop-logmig-'));
    const path = join(dir, 'server.db');
    v2Database(path);
    server = await startTestServer({ dbPath: path, now: () => WRITTEN + 1000 });
    const db = server.server.db;
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(4);
    const user = (db.prepare('SELECT id FROM users LIMIT 1').get() as { id: string }).id;
    db.prepare(
      `INSERT INTO tasks (id, company, user, name, type, status, created, last_update, last_change)
       VALUES (?, ?, ?, 'migrated', 'training', 'in_progress', 0, 0, 0)`,
    ).run(TASK, companyId(db), user);
    const bearer = await login(server);
    const call = async (endpoint: string, body: unknown, contentType = 'application/json') => {
      const res = await fetch(`${server?.url}/${endpoint}`, {
        method: 'POST',
        headers: { authorization: bearer, 'content-type': contentType },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return (await res.json()) as { meta: { result_code: number }; data: { events: Record<string, unknown>[] } };
    };

    const page = await call('events.get_task_log', { task: TASK, order: 'asc' });
    expect(page.meta.result_code).toBe(200);
    const stamp = new Date(WRITTEN).toISOString();
    const common = { task: TASK, type: 'log', variant: '', model_event: false };
    expect(page.data).toEqual({
      events: [
        {
          ...common,
          iter: 1,
          metric: 'stderr',
          timestamp: 1000,
          worker: 'w2',
          '@timestamp': stamp,
          level: 'error',
          msg: 'first',
          seq: 0,
        },
        {
          ...common,
          iter: 2,
          metric: '',
          timestamp: 2000,
          worker: 'w1',
          '@timestamp': stamp,
          level: 'info',
          msg: 'tie a',
          model: 'm1',
          n: [1, 2],
          seq: 0,
        },
        {
          ...common,
          iter: 0,
          metric: '',
          timestamp: 2000,
          worker: 'w1',
          '@timestamp': stamp,
          level: 'info',
          msg: 'tie b',
          seq: 1,
        },
        {
          ...common,
          metric: '',
          timestamp: 2000,
          worker: 'w1',
          '@timestamp': new Date(WRITTEN + 5).toISOString(),
          msg: 'tie c, no iter, no level',
          seq: 2,
        },
        { ...common, iter: 3, metric: '', timestamp: 3000, worker: 'w1', '@timestamp': stamp, level: 'info', seq: 0 },
      ],
      returned: 5,
      total: 5,
    });

    // A new log at a migrated timestamp sorts after the logs already there.
    const added = await call(
      'events.add_batch',
      `${JSON.stringify({ task: TASK, type: 'log', timestamp: 2000, iter: 9, level: 'info', msg: 'tie d' })}\n`,
      'application/json-lines',
    );
    expect(added.meta.result_code).toBe(200);
    const after = await call('events.get_task_log', { task: TASK, order: 'asc' });
    expect(after.data.events.map((e) => e.msg)).toEqual([
      'first',
      'tie a',
      'tie b',
      'tie c, no iter, no level',
      'tie d',
      undefined,
    ]);
    // Paging through the tie by (timestamp, seq): migrated and new logs alike, each once.
    const newest = await call('events.get_task_log', { task: TASK, batch_size: 2, navigate_earlier: true });
    expect(newest.data.events.map((e) => e.msg)).toEqual([undefined, 'tie d']);
    const last = newest.data.events[1] as { timestamp: number; seq: number };
    const older = await call('events.get_task_log', {
      task: TASK,
      batch_size: 3,
      from_timestamp: last.timestamp,
      from_seq: last.seq,
    });
    expect(older.data.events.map((e) => e.msg)).toEqual(['tie c, no iter, no level', 'tie b', 'tie a']);
  });
});

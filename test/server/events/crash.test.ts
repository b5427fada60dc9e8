// An acknowledged add_batch survives a SIGKILL of the server process: a child process runs
// the server on a temp database and ingests batches through HTTP, printing each batch id once
// its add_batch answered 200; the test kills it mid-stream and reopens the database.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/db.js';
import { transpileForChild } from '../../helpers/transpile-for-child.js';

const BATCH = 500;
const TASK = 'c'.repeat(32);

const CHILD = `
import {startServer} from './src/server/index.js';
import {companyId} from './src/server/db/server-meta.js';
const [dbPath] = process.argv.slice(2);
const server = await startServer({ dbPath, accessKey: 'CRASHTESTKEY00000000', secretKey: 'crash-test-secret-0123456789012345678901234567890' });
const now = Date.now();
server.db.prepare("INSERT INTO tasks (id, company, user, name, type, status, created, last_update, last_change) VALUES (?, ?, 'u', 'crash', 'training', 'in_progress', ?, ?, ?)")
  .run('${TASK}', companyId(server.db), now, now, now);
const auth = 'Basic ' + Buffer.from('CRASHTESTKEY00000000:crash-test-secret-0123456789012345678901234567890').toString('base64');
for (let batch = 0; ; batch++) {
  const lines = [];
  for (let i = 0; i < ${BATCH}; i++) {
    lines.push(JSON.stringify({ task: '${TASK}', type: 'training_stats_scalar', metric: 'm', variant: 'v' + (i % 5), iter: batch * ${BATCH} + i, value: i }));
    if (i % 100 === 0) lines.push(JSON.stringify({ task: '${TASK}', type: 'log', iter: batch, msg: 'batch ' + batch }));
  }
  const res = await fetch(server.url + '/events.add_batch', {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json-lines' },
    body: lines.join('\\n'),
  });
  const body = await res.json();
  if (res.status !== 200 || body.data.added !== lines.length) { console.error('unexpected', res.status, JSON.stringify(body)); process.exit(2); }
  process.stdout.write('ACK ' + batch + '\\n');
}
`;

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('crash safety', () => {
  it('keeps every acknowledged batch, complete, after the server process is SIGKILLed', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tracktop-crash-'));
    transpileForChild('server/index', dir);
    writeFileSync(join(dir, 'child.mjs'), CHILD);
    const dbPath = join(dir, 'server.db');
    const child = spawn(process.execPath, [join(dir, 'child.mjs'), dbPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acked: number[] = [];
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      let buffer = '';
      child.stdout.on('data', (d: Buffer) => {
        buffer += d.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) if (line.startsWith('ACK ')) acked.push(Number(line.slice(4)));
        // Kill mid-stream, while the next batch is being sent or written.
        if (acked.length >= 25) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => (acked.length >= 25 ? resolve() : reject(new Error(`child exited early: ${stderr}`))));
    });
    expect(await exited).toBe('SIGKILL');

    const db = openDatabase(dbPath);
    try {
      const perBatch = new Map<number, number>();
      const rows = db.prepare('SELECT iter FROM scalar_events').pluck().all() as number[];
      for (const iter of rows) {
        const b = Math.floor(iter / BATCH);
        perBatch.set(b, (perBatch.get(b) ?? 0) + 1);
      }
      const logs = new Map(
        (
          db.prepare('SELECT iter, count(*) AS n FROM log_events GROUP BY iter').all() as { iter: number; n: number }[]
        ).map((r) => [r.iter, r.n]),
      );
      for (const b of acked) {
        expect(perBatch.get(b), `batch ${b}`).toBe(BATCH);
        expect(logs.get(b), `logs of batch ${b}`).toBe(BATCH / 100);
      }
      // A batch is all or nothing, acknowledged or not.
      for (const [b, n] of perBatch) expect(n, `batch ${b}`).toBe(BATCH);
      const task = db.prepare('SELECT last_iteration FROM tasks WHERE id = ?').get(TASK) as { last_iteration: number };
      expect(task.last_iteration).toBeGreaterThanOrEqual(Math.max(...acked) * BATCH + BATCH - 1);
    } finally {
      db.close();
    }
  }, 60_000);
});

// Full disks, for real: `tracktop serve` (the built binary) with its database on a 4 MiB tmpfs
// and its files directory on a 1 MiB one, mounted in a private mount namespace (`unshare -rm`)
// so the test needs no privileges on the machine. An upload or a batch that does not fit is a
// 507 "disk full"; what was acknowledged before stays, nothing of the refused request is left,
// the server stays up, takes requests again once there is room, and stops cleanly on SIGTERM.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/demo-process.js';
import { basicAuth, send } from '../helpers/http.js';
import { multipart } from '../helpers/multipart-body.js';
import { waitFor } from '../helpers/timers.js';

const ACCESS_KEY = 'DISKFULLKEY000000001';
const SECRET_KEY = 'disk-full-secret-0123456789';

/** Whether this machine lets the test mount a tmpfs in a private namespace. */
const canMount = spawnSync('unshare', ['-rm', 'true']).status === 0;
const BIN_BUILT = join(ROOT, 'dist', 'cli.js');

let dir: string;
let server: ChildProcess;
let url: string;
let bearer: string;
let stderr = '';

async function upload(name: string, data: Buffer): Promise<Response> {
  const { body, contentType } = multipart([{ name, data }]);
  return fetch(`${url}/files/`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: bearer },
    body,
  });
}

describe.runIf(canMount)('files host on a full disk', () => {
  beforeAll(async () => {
    if (!existsSync(BIN_BUILT)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    dir = mkdtempSync(join(tmpdir(), 'tracktop-disk-full-'));
    const dbDir = join(dir, 'db');
    mkdirSync(dbDir);
    const db = join(dbDir, 'full.db');
    // The database on a 4 MiB disk, its files directory on a 1 MiB disk of its own.
    const script =
      'mount -t tmpfs -o size=4m tmpfs "$1" && mkdir "$2" && mount -t tmpfs -o size=1m tmpfs "$2" && shift 2 && exec "$@"';
    server = spawn(
      'unshare',
      [
        '-rm',
        'sh',
        '-c',
        script,
        'sh',
        dbDir,
        `${db}.files`,
        process.execPath,
        BIN,
        'serve',
        '--db',
        db,
        '--port',
        '0',
      ],
      { env: { ...process.env, TRACKTOP_ACCESS_KEY: ACCESS_KEY, TRACKTOP_SECRET_KEY: SECRET_KEY } },
    );
    // serve prints what it says (the URL included) on stderr.
    server.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    await waitFor(() => /listening on http:\/\/\S+/.test(stderr) || server.exitCode !== null, 15_000, 'the server');
    url = /listening on (http:\/\/\S+)/.exec(stderr)?.[1] ?? '';
    if (url === '') throw new Error(`serve did not start: ${stderr}`);
    const login = await send(url, '/auth.login', {}, { auth: basicAuth(ACCESS_KEY, SECRET_KEY) });
    bearer = `Bearer ${login.data.token as string}`;
  }, 30_000);

  afterAll(async () => {
    if (server !== undefined && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 507 "disk full", keeps what it stored, leaves nothing of the failed upload, and recovers', async () => {
    const kept = Buffer.alloc(300 * 1024, 1);
    expect((await upload('run/kept.bin', kept)).status).toBe(200);

    const tooBig = await upload('run/big.bin', Buffer.alloc(2 * 1024 * 1024, 2));
    expect(tooBig.status).toBe(507);
    expect(await tooBig.text()).toBe(
      'disk full: the files host could not store run/big.bin; nothing of this upload was kept',
    );

    const back = await fetch(`${url}/files/run/kept.bin`, { headers: { authorization: bearer } });
    expect(back.status).toBe(200);
    expect(Buffer.from(await back.arrayBuffer()).equals(kept)).toBe(true);
    expect((await fetch(`${url}/files/run/big.bin`, { headers: { authorization: bearer } })).status).toBe(404);
    // The failed upload's partial file is gone and its space came back: 300 KiB more fits on the
    // 1 MiB disk only if the ~700 KiB it had written were removed.
    expect((await upload('run/after.bin', Buffer.alloc(300 * 1024, 3))).status).toBe(200);
    expect((await send(url, '/projects.get_all_ex', {}, { auth: bearer })).status).toBe(200);
    expect(server.exitCode).toBeNull();
    expect(stderr).not.toContain('    at ');
  });
  it('answers 507 "disk full" when the database disk fills, keeps every acknowledged event, and stops cleanly on SIGTERM', async () => {
    const auth = { auth: bearer };
    const { id } = (await send(url, '/tasks.create', { name: 'fills the disk', type: 'training' }, auth)).data;
    const lines = (from: number) =>
      Array.from({ length: 500 }, (_, i) =>
        JSON.stringify({
          type: 'log',
          task: id,
          level: 'info',
          msg: `line ${from + i} ${'x'.repeat(900)}`,
          timestamp: from + i,
        }),
      ).join('\n');
    let acknowledged = 0;
    let full: Awaited<ReturnType<typeof send>> | undefined;
    // 500 lines of ~1 KB a batch: the 4 MiB disk is full within a few batches.
    for (let batch = 0; batch < 40 && full === undefined; batch++) {
      const r = await send(url, '/events.add_batch', undefined, {
        ...auth,
        raw: lines(acknowledged),
        headers: { 'content-type': 'application/json-lines' },
      });
      if (r.status === 200) acknowledged += r.data.added as number;
      else full = r;
    }
    expect([full?.status, full?.code]).toEqual([507, 507]);
    expect(full?.msg).toContain('disk full: the server could not store this request and kept nothing of it');
    expect(acknowledged).toBeGreaterThan(0);
    const log = await send(url, '/events.get_task_log', { task: id, batch_size: 1 }, auth);
    expect(log.data.total).toBe(Math.min(acknowledged, 10_000));

    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).not.toContain('    at ');
    expect(stderr).not.toContain('SqliteError');
  });
});

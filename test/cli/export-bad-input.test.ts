// `tracktop export` when something is wrong: unknown or ambiguous task, an output path that
// cannot be written, a server failing in the middle. Each is one clear line, a non-zero exit,
// and no file that looks complete.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/index.js';
import type { ScalarEventInput } from '../../src/wire/events.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { clientFor, runExport } from './export-helpers.js';

let server: TestServer;
let client: ApiClient;
let home: string;
let taskId: string;
const twins: string[] = [];

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'tracktop-export-bad-'));
  server = await startTestServer();
  client = clientFor(server);
  taskId = (await client.tasks.create({ name: 'many points', type: 'training' })).id;
  const events: ScalarEventInput[] = [];
  for (const metric of ['a', 'b', 'c'])
    for (let iter = 0; iter < 12_000; iter += 1)
      events.push({ type: 'training_stats_scalar', task: taskId, iter, metric, variant: 'v', value: iter / 7 });
  for (let i = 0; i < events.length; i += 6000) await client.events.addBatch(events.slice(i, i + 6000));
  for (let i = 0; i < 2; i += 1) twins.push((await client.tasks.create({ name: 'twin', type: 'training' })).id);
}, 60_000);

afterAll(async () => {
  await client.close();
  await server.close();
  rmSync(home, { recursive: true, force: true });
});

describe('tracktop export with bad input', () => {
  it('says no task has that id or name', async () => {
    const r = await runExport(['scalars', 'no-such-task'], { server, home });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("tracktop: no task has the id or name 'no-such-task'\n");
    expect(r.stdout).toBe('');
  });

  it('lists the candidates of an ambiguous name', async () => {
    const r = await runExport(['log', 'twin'], { server, home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("2 tasks are named 'twin'; give one of their ids:");
    for (const id of twins) expect(r.stderr).toContain(id);
    expect(r.stdout).toBe('');
  });

  it('refuses an output path it cannot write, before reading anything', async () => {
    const aFile = join(home, 'a-file');
    writeFileSync(aFile, 'x');
    const missingDir = await runExport(['scalars', taskId, '-o', join(home, 'missing', 'out.csv')], { server, home });
    expect(missingDir.code).toBe(1);
    expect(missingDir.stderr).toContain('its directory does not exist');
    const underFile = await runExport(['log', taskId, '-o', join(aFile, 'out.log')], { server, home });
    expect(underFile.code).toBe(1);
    expect(underFile.stderr).toMatch(/cannot write .*out\.log: a part of the path is not a directory/);
    const images = await runExport(['images', taskId, '-o', aFile], { server, home });
    expect(images.code).toBe(1);
    expect(images.stderr).toContain('it is not a directory');
    expect(readdirSync(home).sort()).toEqual(['a-file']);
  });

  it('answers usage errors with exit code 2', async () => {
    for (const args of [
      [],
      ['frames', taskId],
      ['scalars'],
      ['images', taskId],
      ['plots', taskId, '--format', 'csv'],
    ]) {
      const r = await runExport(args, { server, home });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^tracktop: /);
    }
  });

  it('removes the partial file and fails clearly when the server fails in the middle', async () => {
    // A real server cannot be made to fail on demand; this proxy passes requests through to
    // it and answers the third page of events with a server error.
    let pages = 0;
    const proxy: Server = createServer((req, res) => {
      const isPage = (req.url ?? '').includes('events.get_task_events');
      if (isPage && ++pages >= 3) {
        req.resume();
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            meta: {
              result_code: 500,
              result_subcode: 100,
              result_msg: 'storage is on fire',
              endpoint: { name: 'events.get_task_events' },
            },
            data: {},
          }),
        );
        return;
      }
      const target = new URL(req.url ?? '/', server.url);
      const upstream = request(target, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const out = join(home, 'broken.csv');
      const r = await runExport(['scalars', taskId, '-o', out], { server: { ...server, url }, home });
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^tracktop: export scalars failed: .*storage is on fire.*\(nothing was saved as .*broken\.csv\)\n$/,
      );
      expect(existsSync(out)).toBe(false);
      expect(existsSync(`${out}.partial`)).toBe(false);
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  }, 60_000);
});

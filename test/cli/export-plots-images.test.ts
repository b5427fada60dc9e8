// `tracktop export plots` and `export images` through the built binary: every plot event as a
// JSON line (big plots, which the server keeps compressed, come back whole), and every debug
// image downloaded under a sanitised metric/variant/iteration name, with the API token sent
// only to the configured files server.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { clientFor, runExport } from './export-helpers.js';

let server: TestServer;
let client: ApiClient;
let home: string;
let taskId: string;
let filesHost: Server;
let otherHost: Server;
const seen: { host: string; path: string; headers: IncomingHttpHeaders }[] = [];
const bigPlot = JSON.stringify({
  data: [{ x: Array.from({ length: 30_000 }, (_, i) => i) }],
  layout: { title: 'big' },
});

function fileServer(name: string): Server {
  return createServer((req, res) => {
    seen.push({ host: name, path: req.url ?? '', headers: req.headers });
    if ((req.url ?? '').includes('missing')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(`${name}:${req.url}`);
  });
}

async function listen(s: Server): Promise<string> {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

let filesUrl: string;
let otherUrl: string;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'tracktop-export-img-'));
  server = await startTestServer();
  client = clientFor(server);
  filesHost = fileServer('files');
  otherHost = fileServer('other');
  filesUrl = await listen(filesHost);
  otherUrl = await listen(otherHost);
  taskId = (await client.tasks.create({ name: 'pictures', type: 'training' })).id;
  await client.events.addBatch([
    { type: 'plot', task: taskId, iter: 0, metric: 'roc', variant: 'val', plot_str: '{"data":[]}' },
    { type: 'plot', task: taskId, iter: 1, metric: 'roc', variant: 'val', plot_str: '{"data":[1]}' },
    { type: 'plot', task: taskId, iter: 2, metric: 'huge', variant: 'x', plot_str: bigPlot },
    {
      type: 'training_debug_image',
      task: taskId,
      iter: 3,
      metric: 'samples',
      variant: 'cat',
      url: `${filesUrl}/t/a.png`,
    },
    {
      type: 'training_debug_image',
      task: taskId,
      iter: 4,
      metric: 'samples',
      variant: 'cat',
      url: `${filesUrl}/t/b.png`,
    },
    {
      type: 'training_debug_image',
      task: taskId,
      iter: 4,
      metric: '../evil/name',
      variant: 'a b',
      url: `${otherUrl}/c.JPG?x=1`,
    },
  ]);
}, 60_000);

afterAll(async () => {
  await client.close();
  await server.close();
  filesHost.close();
  otherHost.close();
  rmSync(home, { recursive: true, force: true });
});

describe('tracktop export plots', () => {
  it('writes every plot event of every iteration as one JSON line, big ones uncompressed', async () => {
    const r = await runExport(['plots', taskId], { server, home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const plots = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { iter: number; metric: string; plot_str: string; plot_data?: string });
    expect(plots.map((p) => [p.iter, p.metric, p.plot_str])).toEqual([
      [0, 'roc', '{"data":[]}'],
      [1, 'roc', '{"data":[1]}'],
      [2, 'huge', bigPlot],
    ]);
    expect(plots.every((p) => p.plot_data === undefined)).toBe(true);
  }, 60_000);
});

describe('tracktop export images', () => {
  it('downloads every image under a safe name, with the token only for the files server', async () => {
    const dir = join(home, 'images');
    seen.length = 0;
    const r = await runExport(['images', taskId, '-o', dir], { server, home, env: { CLEARML_FILES_HOST: filesUrl } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      'evil_name__a_b__iter000004.jpg',
      'samples__cat__iter000003.png',
      'samples__cat__iter000004.png',
    ]);
    expect(readFileSync(join(dir, 'samples__cat__iter000003.png'), 'utf8')).toBe('files:/t/a.png');
    expect(readFileSync(join(dir, 'evil_name__a_b__iter000004.jpg'), 'utf8')).toBe('other:/c.JPG?x=1');
    const files = seen.filter((s) => s.host === 'files');
    expect(files).toHaveLength(2);
    for (const s of files) expect(s.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(seen.find((s) => s.host === 'other')?.headers.authorization).toBeUndefined();
  }, 60_000);

  it('skips and counts the images it cannot download, writes the others, and leaves no partial file', async () => {
    const broken = (await client.tasks.create({ name: 'broken pictures', type: 'training' })).id;
    const image = (iter: number, url: string) => ({
      type: 'training_debug_image' as const,
      task: broken,
      iter,
      metric: 'm',
      variant: 'v',
      url,
    });
    await client.events.addBatch([
      image(0, `${filesUrl}/missing.png`),
      image(1, `${filesUrl}/t/a.png`),
      image(2, `${filesUrl}/missing-2.png`),
    ]);
    const dir = join(home, 'broken');
    const r = await runExport(['images', broken, '-o', dir], { server, home, env: { CLEARML_FILES_HOST: filesUrl } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      [
        `tracktop: export images: wrote 1 of 3 images to ${dir}; skipped 2 that could not be downloaded:`,
        `  m__v__iter000000.png: cannot download ${filesUrl}/missing.png: HTTP 404`,
        `  m__v__iter000002.png: cannot download ${filesUrl}/missing-2.png: HTTP 404`,
        '',
      ].join('\n'),
    );
    expect(readdirSync(dir)).toEqual(['m__v__iter000001.png']);
  }, 60_000);
});

// The files host on the API port, over real HTTP: the ClearML SDK's multipart uploads, GETs
// with the token, and every way a path could leave the files directory.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../../helpers/http.js';
import { multipart } from '../../helpers/multipart-body.js';

let api: Api;
let outside: string;

beforeAll(async () => {
  api = await startApi({ maxUploadBytes: 1024 });
  outside = mkdtempSync(join(tmpdir(), 'tracktop-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'not for you');
});
afterAll(async () => {
  await api.close();
  rmSync(outside, { recursive: true, force: true });
});

async function upload(
  fields: { name: string; data: Buffer | string; filename?: string }[],
  opts: { auth?: string | null; path?: string } = {},
): Promise<Response> {
  const { body, contentType } = multipart(fields);
  const headers: Record<string, string> = { 'content-type': contentType };
  const auth = opts.auth === undefined ? api.bearer : opts.auth;
  if (auth) headers.authorization = auth;
  return fetch(`${api.server.url}${opts.path ?? '/'}`, { method: 'POST', headers, body });
}

function get(path: string, auth: string | null = api.bearer): Promise<Response> {
  return fetch(`${api.server.url}${path}`, { headers: auth ? { authorization: auth } : {} });
}

function rawGetStatus(path: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const url = new URL(api.server.url);
    request({ host: url.hostname, port: url.port, path, headers: { authorization: api.bearer } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    })
      .on('error', reject)
      .end();
  });
}

const storedFiles = () =>
  existsSync(api.server.server.filesDir) ? readdirSync(api.server.server.filesDir, { recursive: true }) : [];

describe('files host', () => {
  it('stores an upload under its field name and serves it back with a Content-Type from the extension', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const up = await upload([{ name: '/proj/run.abc/metrics/img/x 1.png', data: png }]);
    expect(up.status).toBe(200);
    const r = await get('/proj/run.abc/metrics/img/x%201.png');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await r.arrayBuffer())).toEqual(png);
    const json = await upload([{ name: 'a.json', data: '{"x":1}' }]);
    expect(json.status).toBe(200);
    const jr = await get('/a.json');
    expect(jr.headers.get('content-type')).toBe('application/json');
    expect(await jr.text()).toBe('{"x":1}');
  });

  it('an upload posted to a path stores below it; a second upload replaces the first', async () => {
    expect((await upload([{ name: 'f.txt', data: 'one' }], { path: '/base/dir' })).status).toBe(200);
    expect((await upload([{ name: 'f.txt', data: 'two' }], { path: '/base/dir' })).status).toBe(200);
    expect(await (await get('/base/dir/f.txt')).text()).toBe('two');
  });

  it('needs the API token for uploads and downloads (the SDK sends it to its files host)', async () => {
    expect((await upload([{ name: 'noauth.txt', data: 'x' }], { auth: null })).status).toBe(401);
    expect((await upload([{ name: 'badauth.txt', data: 'x' }], { auth: 'Bearer nope' })).status).toBe(401);
    expect((await get('/a.json', null)).status).toBe(401);
    expect(storedFiles().some((f) => String(f).includes('noauth'))).toBe(false);
  });

  it('refuses .. segments, NUL and backslashes with 400 and writes nothing outside', async () => {
    for (const name of ['../escape.txt', 'a/../../escape.txt', 'a/./b.txt', 'nul\u0000.txt', '..\\escape.txt']) {
      const r = await upload([{ name, data: 'x' }]);
      expect(r.status, name).toBe(400);
      expect(await r.text(), name).toMatch(/invalid file path/);
    }
    expect(existsSync(join(api.server.server.filesDir, '..', 'escape.txt'))).toBe(false);
    // fetch() would normalise these; node:http sends the path as written.
    for (const path of ['/a/%2e%2e/%2e%2e/server.db', '/a/../../server.db', '/x/%00.png'])
      expect(await rawGetStatus(path), path).toBe(400);
  });

  it('keeps an absolute path inside the files directory', async () => {
    expect((await upload([{ name: '/etc/tracktop-test.txt', data: 'inside' }])).status).toBe(200);
    expect(existsSync('/etc/tracktop-test.txt')).toBe(false);
    expect(existsSync(join(api.server.server.filesDir, 'etc', 'tracktop-test.txt'))).toBe(true);
  });

  it('never writes or reads through a symlink that leads outside', async () => {
    mkdirSync(api.server.server.filesDir, { recursive: true });
    symlinkSync(outside, join(api.server.server.filesDir, 'link'));
    const r = await upload([{ name: 'link/planted.txt', data: 'x' }]);
    expect(r.status).toBe(400);
    expect(existsSync(join(outside, 'planted.txt'))).toBe(false);
    expect((await get('/link/secret.txt')).status).toBe(404);
    symlinkSync(join(outside, 'secret.txt'), join(api.server.server.filesDir, 'file-link.txt'));
    expect((await upload([{ name: 'file-link.txt', data: 'overwrite' }])).status).toBe(400);
    expect((await get('/file-link.txt')).status).toBe(404);
  });

  it('answers 413 with the limit for an upload over it, storing nothing', async () => {
    const r = await upload([{ name: 'big.bin', data: Buffer.alloc(70 * 1024) }]);
    expect(r.status).toBe(413);
    expect(await r.text()).toMatch(/at most 1024 bytes/);
    expect(existsSync(join(api.server.server.filesDir, 'big.bin'))).toBe(false);
  });

  it('deletes a stored file with DELETE (as the SDK does for a deleted task) and the folders it empties', async () => {
    expect((await upload([{ name: 'del/task.1/artifacts/a/a.json', data: '{}' }], { path: '/files' })).status).toBe(
      200,
    );
    expect((await upload([{ name: 'del/task.2/keep.txt', data: 'k' }], { path: '/files' })).status).toBe(200);
    const remove = (path: string, auth: string | null = api.bearer) =>
      fetch(`${api.server.url}${path}`, { method: 'DELETE', headers: auth ? { authorization: auth } : {} });
    expect((await remove('/files/del/task.1/artifacts/a/a.json', null)).status).toBe(401);
    const r = await remove('/files/del/task.1/artifacts/a/a.json');
    expect(r.status).toBe(200);
    expect((await get('/files/del/task.1/artifacts/a/a.json')).status).toBe(404);
    const dir = api.server.server.filesDir;
    expect(existsSync(join(dir, 'del', 'task.1'))).toBe(false);
    expect(existsSync(join(dir, 'del', 'task.2', 'keep.txt'))).toBe(true);
    expect((await remove('/files/del/task.1/artifacts/a/a.json')).status).toBe(404);
    expect((await remove('/files/del/task.2')).status).toBe(404);
    expect(existsSync(join(dir, 'del', 'task.2', 'keep.txt'))).toBe(true);
  });

  it('answers 404 for a file never stored, and the API keeps its own 404 for unknown endpoints', async () => {
    expect((await get('/nothing/here.png')).status).toBe(404);
    const r = await api.call('tasks.nothing_here', {});
    expect(r.status).toBe(404);
    expect(r.msg).toMatch(/Unable to find endpoint/);
  });
});

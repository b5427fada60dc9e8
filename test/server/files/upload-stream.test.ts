// Uploads stream to disk as they arrive: a part's bytes are in a temp file before the request
// ends, nothing is stored unless the whole upload arrives, and an upload of too many parts or
// with a name the file system cannot hold is refused with a 4xx, not a 500.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '../../helpers/http.js';

let api: Api;
beforeAll(async () => {
  api = await startApi({ maxUploadBytes: 4 * 1024 * 1024 });
});
afterAll(() => api.close());

const BOUNDARY = 'b0undary8e1f';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const partHead = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="f"\r\n` +
  'Content-Type: application/octet-stream\r\n\r\n';
const closing = `--${BOUNDARY}--\r\n`;

const filesDir = () => api.server.server.filesDir;
/** Every file under the files directory with its size (temp files included). */
function filesOnDisk(): { name: string; size: number }[] {
  if (!existsSync(filesDir())) return [];
  return readdirSync(filesDir(), { recursive: true })
    .map(String)
    .map((name) => ({ name, size: statSync(join(filesDir(), name)).size }))
    .filter((f) => !statSync(join(filesDir(), f.name)).isDirectory());
}

/** A chunked POST (no Content-Length) that the test writes piece by piece. */
function chunkedUpload(path = '/') {
  const url = new URL(path, api.server.url);
  let answered: (r: { status: number; text: string }) => void = () => undefined;
  const answer = new Promise<{ status: number; text: string }>((resolve) => (answered = resolve));
  const req = request(url, {
    method: 'POST',
    headers: { 'content-type': CONTENT_TYPE, authorization: api.bearer, 'transfer-encoding': 'chunked' },
  });
  req.on('response', (res) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c: string) => (text += c));
    res.on('end', () => answered({ status: res.statusCode ?? 0, text }));
  });
  req.on('error', () => undefined); // the server may close after answering a refused upload
  return { req, answer };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 20));
}

describe('streamed uploads', () => {
  it("writes a part's bytes to disk while the upload is still arriving, and stores it when it ends", async () => {
    const { req, answer } = chunkedUpload();
    req.write(partHead('streamed.bin'));
    req.write(Buffer.alloc(1024 * 1024, 7));
    // The megabyte is on disk (in a temp file) before the body ends.
    await until(() => filesOnDisk().some((f) => f.name.includes('.upload-') && f.size >= 1024 * 1024 - 64));
    req.end(`\r\n${closing}`);
    const r = await answer;
    expect([r.status, JSON.parse(r.text)]).toEqual([200, { stored: ['streamed.bin'] }]);
    expect(filesOnDisk()).toEqual([{ name: 'streamed.bin', size: 1024 * 1024 }]);
  });

  it('answers 413 for a chunked upload past the limit and keeps none of it', async () => {
    const { req, answer } = chunkedUpload();
    req.write(partHead('first.bin'));
    req.write(Buffer.alloc(1024, 1));
    req.write(`\r\n${partHead('too-big.bin')}`);
    for (let i = 0; i < 5; i++) req.write(Buffer.alloc(1024 * 1024, 2));
    req.end(`\r\n${closing}`);
    const r = await answer;
    expect(r.status).toBe(413);
    expect(r.text).toContain('at most 4 MiB');
    await until(() => !filesOnDisk().some((f) => f.name.includes('.upload-')));
    expect(filesOnDisk().map((f) => f.name)).toEqual(['streamed.bin']);
  });

  it('refuses an upload of more than 1000 files with 400, storing none', async () => {
    const body = Array.from({ length: 1001 }, (_, i) => `${partHead(`many/${i}.txt`)}x\r\n`).join('') + closing;
    const r = await fetch(`${api.server.url}/`, {
      method: 'POST',
      headers: { 'content-type': CONTENT_TYPE, authorization: api.bearer },
      body,
    });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('more than 1000 files in one upload');
    expect(filesOnDisk().map((f) => f.name)).toEqual(['streamed.bin']);
  });

  it('refuses a name segment over 255 bytes with 400 and logs nothing', async () => {
    const body = `${partHead(`dir/${'n'.repeat(256)}.png`)}x\r\n${closing}`;
    const r = await fetch(`${api.server.url}/`, {
      method: 'POST',
      headers: { 'content-type': CONTENT_TYPE, authorization: api.bearer },
      body,
    });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('longer than 255 bytes');
    expect(api.server.logs).toEqual([]);
  });
});

describe('the files prefix', () => {
  it('serves files under /files, never in place of an API endpoint, and old root URLs still', async () => {
    const name = 'projects.get_all_ex';
    const body = `${partHead(`/${name}`)}file bytes\r\n${closing}`;
    const up = await fetch(`${api.server.url}/files`, {
      method: 'POST',
      headers: { 'content-type': CONTENT_TYPE, authorization: api.bearer },
      body,
    });
    expect([up.status, await up.json()]).toEqual([200, { stored: [name] }]);
    const file = await fetch(`${api.server.url}/files/${name}`, { headers: { authorization: api.bearer } });
    expect([file.status, await file.text()]).toEqual([200, 'file bytes']);
    const endpoint = await api.call(name, {});
    expect(endpoint.status).toBe(200);
    expect(endpoint.data).toHaveProperty('projects');
    // A URL stored before the prefix (the root) still finds a file that is not an endpoint's name.
    const old = await fetch(`${api.server.url}/streamed.bin`, { headers: { authorization: api.bearer } });
    expect([old.status, (await old.arrayBuffer()).byteLength]).toEqual([200, 1024 * 1024]);
  });
});

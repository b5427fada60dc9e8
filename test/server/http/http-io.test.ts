// The body reader both fronts of the embedded server use (API and files host), over real HTTP.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyAborted, BodyTooLarge, formatBytes, readBody, sendText } from '../../../src/server/http/http-io.js';

const LIMIT = 1000;
let server: Server;
let port: number;
/** What readBody gave for each request, by its path. */
const outcomes = new Map<string, Promise<string>>();

function outcome(req: IncomingMessage): Promise<string> {
  return readBody(req, LIMIT).then(
    (body) => `body ${body.length} ${body.subarray(0, 3).toString()}`,
    (err: unknown) =>
      err instanceof BodyTooLarge ? 'too large' : err instanceof BodyAborted ? 'aborted' : `error ${String(err)}`,
  );
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const result = outcome(req);
    outcomes.set(req.url ?? '', result);
    void result.then((text) => {
      if (!res.destroyed) sendText(res, 200, text, { connection: 'close' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `chunks` one by one, chunked (no declared length), and returns the answer text. */
function send(path: string, chunks: Buffer[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('readBody', () => {
  it('gives the whole body when it stays within the limit, however it is split', async () => {
    const chunks = [Buffer.from('abc'), Buffer.alloc(500, 'x'), Buffer.alloc(497, 'y')];
    expect(await send('/within', chunks)).toBe('body 1000 abc');
  });

  it('refuses a declared length over the limit before reading any of it', async () => {
    // Only the headers are sent: the answer can come only from the declared length.
    const answer = await new Promise<string>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/declared', method: 'POST', headers: { 'content-length': LIMIT + 1 } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => {
            req.destroy();
            resolve(text);
          });
        },
      );
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer).toBe('too large');
  });

  it('refuses a chunked body once it passes the limit', async () => {
    expect(await send('/chunked', [Buffer.alloc(600), Buffer.alloc(600)])).toBe('too large');
  });

  it('reports a client that goes away mid-body as aborted', async () => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/gone',
      method: 'POST',
      headers: { 'content-length': 500 },
    });
    req.on('error', () => undefined);
    req.write(Buffer.alloc(100));
    await expect.poll(() => outcomes.has('/gone')).toBe(true);
    req.destroy();
    expect(await outcomes.get('/gone')).toBe('aborted');
  });
});

describe('formatBytes', () => {
  it('names whole mebibytes as such, anything else in bytes', () => {
    expect(formatBytes(8 * 1024 * 1024)).toBe('8 MiB');
    expect(formatBytes(1000)).toBe('1000 bytes');
  });
});

// client.downloadBytes: files (debug images) fetched with the client's TLS settings, the token
// sent only to the API host and the files server, and the bytes read bounded.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, FetchFileError, type ApiClient, type ClientOptions } from '../../src/api/index.js';

const certPath = fileURLToPath(new URL('./fixtures/localhost-cert.pem', import.meta.url));
const tls = {
  cert: readFileSync(certPath, 'utf8'),
  key: readFileSync(new URL('./fixtures/localhost-key.pem', import.meta.url), 'utf8'),
};
const BODY = Buffer.from('pretend this is a PNG: 0123456789abcdef');

interface FileServer {
  url: string;
  /** Authorization headers received, one per request. */
  auth: (string | undefined)[];
  server: Server;
}

const servers: Server[] = [];
const clients: ApiClient[] = [];

async function fileServer(secure: boolean): Promise<FileServer> {
  const auth: (string | undefined)[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    auth.push(req.headers.authorization);
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(BODY);
  };
  const server = secure ? createHttpsServer(tls, handler) : createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { url: `${secure ? 'https' : 'http'}://127.0.0.1:${port}`, auth, server };
}

function client(opts: Partial<ClientOptions> & { apiHost: string }): ApiClient {
  // A given token: no login round trip, so these servers need only answer file GETs.
  const c = createClient({ token: 'tok-123', retry: { maxRetries: 0 }, ...opts });
  clients.push(c);
  return c;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('client.downloadBytes', () => {
  it('refuses an untrusted certificate by default and accepts it with verifyCertificate false or its CA bundle', async () => {
    const files = await fileServer(true);
    const url = `${files.url}/img.png`;
    const err = await client({ apiHost: files.url })
      .downloadBytes(url)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchFileError);
    expect((err as Error).message).toMatch(/certificate/i);
    expect(Buffer.from(await client({ apiHost: files.url, verifyCertificate: false }).downloadBytes(url))).toEqual(
      BODY,
    );
    expect(Buffer.from(await client({ apiHost: files.url, verifyCertificate: certPath }).downloadBytes(url))).toEqual(
      BODY,
    );
  });

  it('sends the token to the API host and the files server, never to another host', async () => {
    const api = await fileServer(false);
    const filesHost = await fileServer(false);
    const other = await fileServer(false);
    const c = client({ apiHost: api.url, filesHost: filesHost.url });
    await c.downloadBytes(`${api.url}/a.png`);
    await c.downloadBytes(`${filesHost.url}/b.png`);
    await c.downloadBytes(`${other.url}/c.png`);
    expect(api.auth).toEqual(['Bearer tok-123']);
    expect(filesHost.auth).toEqual(['Bearer tok-123']);
    expect(other.auth).toEqual([undefined]);
  });

  it('stops reading at maxBytes and says the file is too large', async () => {
    const files = await fileServer(false);
    const err = await client({ apiHost: files.url })
      .downloadBytes(`${files.url}/big.png`, { maxBytes: 10 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchFileError);
    expect((err as Error).message).toMatch(/larger than 10 bytes/);
  });
});

// Hostile connections on loopback: idle sockets that never send a request, and a client that
// never reads its answer. The server closes what it must so new clients always get in, and
// produces a streamed answer no faster than its client takes it.
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_UNAUTHENTICATED_CONNECTIONS } from '../../../src/server/http/limits.js';
import { JsonStream } from '../../../src/server/handlers/handler-types.js';
import { HANDLERS } from '../../../src/server/handlers/routes.js';
import { startTestServer, withTestServer } from '../../helpers/server.js';
import { basicAuth, send } from '../../helpers/http.js';

const server = withTestServer();

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((r) => setTimeout(r, 20));
}

function idleSocket(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const s = connect({ host: hostname, port: Number(port) }, () => resolve(s));
    s.on('error', reject);
  });
}

describe('connection limits', () => {
  it('closes the oldest idle unauthenticated sockets past the cap, and a new client gets in', async () => {
    const n = MAX_UNAUTHENTICATED_CONNECTIONS + 100;
    const sockets: Socket[] = [];
    let closed = 0;
    for (let i = 0; i < n; i++) {
      const s = await idleSocket(server.url);
      s.on('error', () => undefined);
      s.on('close', () => closed++);
      sockets.push(s);
    }
    await until(() => closed >= 100);
    const r = await send(server.url, '/tasks.get_all', {}, { auth: basicAuth(server.accessKey, server.secretKey) });
    expect(r.status).toBe(200);
    // The first ones opened went first.
    expect(sockets.slice(0, 100).every((s) => s.destroyed)).toBe(true);
    for (const s of sockets) s.destroy();
  });

  it('drops a client that stops reading its answer', async () => {
    const own = await startTestServer({ connectionLimits: { writeTimeoutMs: 300 } });
    try {
      const auth = basicAuth(own.accessKey, own.secretKey);
      const { id } = (await send(own.url, '/tasks.create', { name: 'big log', type: 'training' }, { auth })).data;
      const line = { type: 'log', task: id, level: 'info', msg: 'x'.repeat(2000), timestamp: 1 };
      const batch = Array.from({ length: 5000 }, (_, i) => JSON.stringify({ ...line, timestamp: i })).join('\n');
      await send(own.url, '/events.add_batch', undefined, {
        auth,
        raw: batch,
        headers: { 'content-type': 'application/json-lines' },
      });
      const before = await own.server.connectionCount();
      const socket = await idleSocket(own.url);
      socket.on('error', () => undefined);
      socket.pause();
      const body = JSON.stringify({ task: id, batch_size: 5000 });
      socket.write(
        `POST /events.get_task_log HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      await until(async () => (await own.server.connectionCount()) > before);
      // About 10 MB that this client never reads: the server gives the socket up.
      await until(async () => (await own.server.connectionCount()) === before);
      // The server still answers others.
      expect((await send(own.url, '/tasks.get_all', {}, { auth })).status).toBe(200);
      socket.destroy();
    } finally {
      await own.close();
    }
  });

  it('produces a streamed answer only as fast as the client takes it, and drops a client that stops', async () => {
    // A handler of our own (the route table is injectable for tests): a 1 GB answer in 1 MB
    // pieces, counting the pieces the server asked for.
    let pulled = 0;
    const piece = `"${'x'.repeat(1024 * 1024 - 3)}",`;
    function* gigabyte(pieces: number): Generator<string> {
      yield '[';
      for (let i = 0; i < pieces; i++) {
        pulled++;
        yield piece;
      }
      yield '0]';
    }
    const own = await startTestServer({
      connectionLimits: { writeTimeoutMs: 300 },
      handlers: {
        ...HANDLERS,
        'test.big': (body) => new JsonStream(gigabyte(Number((body as { pieces?: number }).pieces ?? 1024))),
      },
    });
    try {
      const auth = basicAuth(own.accessKey, own.secretKey);
      const small = await send(own.url, '/test.big', { pieces: 3 }, { auth });
      expect(small.status).toBe(200);
      expect(small.data).toHaveLength(4);
      expect(small.envelope.meta.result_code).toBe(200);
      pulled = 0;
      const socket = await idleSocket(own.url);
      socket.on('error', () => undefined);
      socket.pause();
      const body = '{}';
      socket.write(
        `POST /test.big HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      await until(async () => (await own.server.connectionCount()) === 1);
      await until(async () => (await own.server.connectionCount()) === 0);
      // What the kernel's buffers took, and a piece or two: not the gigabyte.
      expect(pulled).toBeLessThan(64);
      socket.destroy();
    } finally {
      await own.close();
    }
  });
});

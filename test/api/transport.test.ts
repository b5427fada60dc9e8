import { getEventListeners } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type ApiClient, type ClientOptions } from '../../src/api/index.js';
import { ApiError } from '../../src/api/errors.js';
import type { EventInput } from '../../src/wire/events.js';
import { ERRORS } from '../../src/wire/errors.js';
import { FakeServer, envelopeFor, fail, ok } from '../helpers/fake-server.js';
import { errorOf } from '../helpers/api-error.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const fast: Partial<ClientOptions> = {
  accessKey: 'key',
  secretKey: 'secret',
  timeouts: { totalMs: 2_000, connectMs: 1_000, firstConnectMs: 1_000 },
  retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 1_500 },
};

let server: FakeServer;
let client: ApiClient;
const clients: ApiClient[] = [];

function makeClient(extra: Partial<ClientOptions> = {}): ApiClient {
  const c = createClient({ apiHost: server.url, ...fast, ...extra });
  clients.push(c);
  return c;
}

beforeEach(async () => {
  server = await FakeServer.start();
  client = makeClient();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
});

describe('requests', () => {
  it('POSTs JSON to {apiHost}/{service}.{action} with bearer and client headers (worker only on writes)', async () => {
    server.reply('reports.get_tags', ok({ tags: ['a'] }));
    await client.reports.getTags({});
    const [login] = server.requestsTo('auth.login');
    const [req] = server.requestsTo('reports.get_tags');
    expect(login?.headers.authorization).toBe(`Basic ${Buffer.from('key:secret').toString('base64')}`);
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/reports.get_tags');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(req?.headers['x-clearml-client']).toBe(`tracktop-${pkg.version}`);
    expect(req?.headers['x-clearml-worker']).toBeUndefined();
    expect(req?.headers['content-encoding']).toBeUndefined();
    expect(req?.body).toBe('{}');
    server.reply('events.add_batch', ok({ added: 1, errors: 0 }));
    await client.events.addBatch([{ type: 'log', task: 't1', msg: 'm', timestamp: 1 }]);
    expect(server.requestsTo('events.add_batch')[0]?.headers['x-clearml-worker']).toBe(hostname());
  });

  it('adds the /vX.Y prefix when an API version is given and keeps a base path of the host', async () => {
    const versioned = createClient({ ...fast, apiHost: `${server.url}/api/`, apiVersion: '2.23' });
    clients.push(versioned);
    server.reply('reports.get_tags', ok({ tags: [] }));
    await versioned.reports.getTags({});
    expect(server.requestsTo('auth.login')[0]?.path).toBe('/api/v2.23/auth.login');
    expect(server.requestsTo('reports.get_tags')[0]?.path).toBe('/api/v2.23/reports.get_tags');
  });

  it('sends add_batch as JSON lines with a trailing newline and the exact json-lines content type', async () => {
    const events: EventInput[] = [
      { type: 'training_stats_scalar', task: 't1', iter: 1, metric: 'loss', variant: 'train', value: 0.5 },
      { type: 'log', task: 't1', msg: 'line one\nline two', level: 'info' },
    ];
    server.reply('events.add_batch', ok({ added: 2, errors: 0, errors_info: {} }));
    const res = await client.events.addBatch(events);
    const [req] = server.requestsTo('events.add_batch');
    expect(req?.headers['content-type']).toBe('application/json-lines');
    expect(req?.body).toBe(`${JSON.stringify(events[0])}\n${JSON.stringify(events[1])}\n`);
    expect(res).toEqual({ added: 2, errors: 0, errors_info: {} });
  });

  it('drains every answer, errors included, so a few keep-alive connections serve many calls', async () => {
    // Bodies larger than a socket's buffers: an undrained one would pin its connection.
    server.always('reports.get_tags', {
      status: 400,
      raw: `<html>${'x'.repeat(512 * 1024)}</html>`,
      contentType: 'text/html',
    });
    for (let i = 0; i < 12; i++) await errorOf(client.reports.getTags({}));
    expect(server.requestsTo('reports.get_tags')).toHaveLength(12);
    expect(new Set(server.requests.map((r) => r.remotePort)).size).toBeLessThanOrEqual(2);
  });

  it('reads a body of many packets, and one starting with a UTF-8 byte order mark, as the same text', async () => {
    const tags = ['ü'.repeat(300_000), 'last'];
    server.always('reports.get_tags', ok({ tags }));
    expect(await client.reports.getTags({})).toEqual({ tags });
    server.always('reports.get_tags', {
      raw: `\uFEFF${envelopeFor('reports.get_tags', ok({ tags }))}`,
      contentType: 'application/json',
    });
    expect(await client.reports.getTags({})).toEqual({ tags });
  });
});

describe('answers that are not envelopes', () => {
  it('turns an HTML 502 page into an ApiError quoting the status and the start of the body', async () => {
    const html = `<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center>${'x'.repeat(400)}</body></html>`;
    server.always('tasks.create', { status: 502, raw: html, contentType: 'text/html' });
    const err = await errorOf(client.tasks.create({ name: 'n', type: 'training' }));
    expect(err.kind).toBe('http');
    expect(err.httpStatus).toBe(502);
    expect(err.endpoint).toBe('tasks.create');
    expect(err.message).toContain('HTTP 502');
    expect(err.message).toContain('<title>502 Bad Gateway</title>');
    expect(err.message).not.toContain('x'.repeat(300));
  });

  it('turns the plain-text 415 answer into an ApiError with that text', async () => {
    server.always('reports.get_tags', {
      status: 415,
      raw: 'Content encoding is not supported',
      contentType: 'text/plain',
    });
    const err = await errorOf(client.reports.getTags({}));
    expect(err.httpStatus).toBe(415);
    expect(err.message).toContain('Content encoding is not supported');
  });

  it('reports a 200 answer that is not an envelope as a protocol error', async () => {
    server.always('reports.get_tags', { status: 200, raw: '{"tags": []}', contentType: 'application/json' });
    const err = await errorOf(client.reports.getTags({}));
    expect(err.kind).toBe('protocol');
    expect(err.message).toContain('{"tags": []}');
  });

  it('returns the raw log attachment of download_task_log, and decodes its error envelopes', async () => {
    const text = '{"asctime":1,"msg":"a"}\n{"asctime":2,"msg":"b"}\n';
    server.reply(
      'events.download_task_log',
      { status: 200, raw: text, contentType: 'text/plain' },
      fail(ERRORS.invalidTaskId, ': ids=(nope)'),
    );
    await expect(client.events.downloadTaskLog({ task: 't' })).resolves.toBe(text);
    const err = await errorOf(client.events.downloadTaskLog({ task: 'nope' }));
    expect([err.httpStatus, err.resultCode, err.resultSubcode]).toEqual([400, 400, 101]);
    expect(err.message).toBe('invalid task id: ids=(nope)');
  });
});

describe('deadlines and network failures', () => {
  it('fails with kind timeout when the server never answers, within the deadline', async () => {
    server.always('reports.get_tags', { hang: true });
    const started = Date.now();
    const err = await errorOf(client.reports.getTags({}, { timeoutMs: 300 }));
    const elapsed = Date.now() - started;
    expect(err.kind).toBe('timeout');
    expect(err.message).toContain('127.0.0.1');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1_500);
  });

  it('uses the client-wide total deadline by default', async () => {
    const c = makeClient({ timeouts: { totalMs: 250 } });
    server.always('reports.get_tags', { hang: true });
    const started = Date.now();
    const err = await errorOf(c.reports.getTags({}));
    expect(err.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('rejects with kind aborted (name AbortError) when the caller aborts', async () => {
    server.always('reports.get_tags', { hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await errorOf(client.reports.getTags({}, { signal: controller.signal }));
    expect(err.kind).toBe('aborted');
    expect(err.name).toBe('AbortError');
  });

  it('rejects at once when the signal is already aborted, sending nothing', async () => {
    await client.serverInfo();
    const before = server.requests.length;
    const err = await errorOf(client.reports.getTags({}, { signal: AbortSignal.abort() }));
    expect(err.kind).toBe('aborted');
    expect(server.requests.length).toBe(before);
  });

  it('reports a closed port as kind refused quickly, naming the host', async () => {
    const port = await closedPort();
    const c = createClient({ ...fast, apiHost: `http://127.0.0.1:${port}`, retry: { maxRetries: 0 } });
    clients.push(c);
    const started = Date.now();
    const err = await errorOf(c.reports.getTags({}));
    expect(err.kind).toBe('refused');
    expect(err.message).toContain(`127.0.0.1:${port}`);
    expect(err.describe()).toBe(`auth.login: connection refused by 127.0.0.1:${port} (is the server running?)`);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('gives up connecting after the first-connect deadline when the TLS handshake never completes', async () => {
    // A TCP listener that accepts and then stays silent: the TLS handshake cannot finish.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const c = createClient({
      ...fast,
      apiHost: `https://127.0.0.1:${port}`,
      timeouts: { firstConnectMs: 200, connectMs: 1_000, totalMs: 2_000 },
      retry: { maxRetries: 0 },
    });
    clients.push(c);
    const started = Date.now();
    const err = await errorOf(c.reports.getTags({}));
    silent.close();
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe(`could not connect to 127.0.0.1:${port} within 0.2 s`);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('reports an unresolvable host as kind dns', async () => {
    const c = createClient({ ...fast, apiHost: 'http://tracktop-test.invalid:8008', retry: { maxRetries: 0 } });
    clients.push(c);
    const err = await errorOf(c.reports.getTags({}));
    expect(err.kind).toBe('dns');
    expect(err.message).toContain('tracktop-test.invalid');
  });

  it('reports a dropped connection as a network error', async () => {
    server.always('tasks.create', { destroy: true });
    const err = await errorOf(client.tasks.create({ name: 'n', type: 'training' }));
    expect(err.kind).toBe('network');
    expect(err.message).toContain('127.0.0.1');
  });

  it('reports a connection dropped in the middle of a body as a network error', async () => {
    server.always('tasks.create', { ...ok({ id: 'x'.repeat(100_000) }), partial: { bytes: 50_000, then: 'destroy' } });
    const err = await errorOf(client.tasks.create({ name: 'n', type: 'training' }));
    expect(err.kind).toBe('network');
  });

  it('stops reading a body that stalls halfway when the caller aborts, or at the deadline', async () => {
    server.always('reports.get_tags', {
      ...ok({ tags: ['x'.repeat(100_000)] }),
      partial: { bytes: 50_000, then: 'hang' },
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect((await errorOf(client.reports.getTags({}, { signal: controller.signal }))).kind).toBe('aborted');
    const started = Date.now();
    expect((await errorOf(client.reports.getTags({}, { timeoutMs: 300 }))).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('leaves no listener on a caller signal that outlives its calls', async () => {
    server.always('reports.get_tags', ok({ tags: ['a'] }));
    const controller = new AbortController();
    for (let i = 0; i < 20; i++) await client.reports.getTags({}, { signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('refuses an unusable API address with a config error', () => {
    expect(() => createClient({ apiHost: 'localhost:8008' })).toThrow(ApiError);
    expect(() => createClient({ apiHost: 'ftp://x' })).toThrow(/http:\/\/ or https:\/\//);
  });
});

describe('retries', () => {
  it('retries an idempotent read after a 503 and succeeds', async () => {
    server.reply('reports.get_all_ex', { status: 503, resultMsg: 'maintenance', data: {} }, ok({ tasks: [] }));
    await expect(client.reports.getAllEx({})).resolves.toEqual({ tasks: [] });
    expect(server.requestsTo('reports.get_all_ex')).toHaveLength(2);
  });

  it('retries on network trouble (connection dropped) for reads', async () => {
    server.reply('events.get_task_metrics', { destroy: true }, ok({ metrics: [] }));
    await expect(client.events.getTaskMetrics({ tasks: ['t'], event_type: '*' })).resolves.toEqual({ metrics: [] });
    expect(server.requestsTo('events.get_task_metrics')).toHaveLength(2);
  });

  it('gives up after two retries', async () => {
    server.always('reports.get_tags', { status: 502, raw: 'bad gateway' });
    const err = await errorOf(client.reports.getTags({}));
    expect(err.httpStatus).toBe(502);
    expect(server.requestsTo('reports.get_tags')).toHaveLength(3);
  });

  it('never retries a write that got a 503', async () => {
    server.reply('reports.archive', { status: 503, resultMsg: 'maintenance', data: {} }, ok({ archived: 1 }));
    const err = await errorOf(client.reports.archive({ task: 'r' }));
    expect(err.httpStatus).toBe(503);
    expect(server.requestsTo('reports.archive')).toHaveLength(1);
  });

  it('never retries a read that moves server-side scroll state', async () => {
    server.reply(
      'events.next_debug_image_sample',
      { status: 503, data: {} },
      ok({ scroll_id: 's', event: null, min_iteration: null, max_iteration: null }),
    );
    const err = await errorOf(client.events.nextDebugImageSample({ task: 't', scroll_id: 's' }));
    expect(err.httpStatus).toBe(503);
    expect(server.requestsTo('events.next_debug_image_sample')).toHaveLength(1);
  });

  it('does not retry client errors such as 400', async () => {
    server.reply('reports.get_tags', fail(ERRORS.validationError), ok({ tags: [] }));
    await errorOf(client.reports.getTags({}));
    expect(server.requestsTo('reports.get_tags')).toHaveLength(1);
  });

  it('waits as long as Retry-After asks before retrying a 429', async () => {
    server.reply(
      'reports.get_tags',
      { status: 429, raw: 'slow down', headers: { 'retry-after': '1' } },
      ok({ tags: ['x'] }),
    );
    const started = Date.now();
    await expect(client.reports.getTags({})).resolves.toEqual({ tags: ['x'] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('does not retry when the wait would pass the total deadline', async () => {
    server.reply(
      'reports.get_tags',
      { status: 429, raw: 'slow down', headers: { 'retry-after': '1' } },
      ok({ tags: [] }),
    );
    const err = await errorOf(client.reports.getTags({}, { timeoutMs: 400 }));
    expect(err.httpStatus).toBe(429);
    expect(server.requestsTo('reports.get_tags')).toHaveLength(1);
  });
});

/** A port that was just free: nothing listens there. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

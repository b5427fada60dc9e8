// Plain-fetch access to a test server: every call returns status, envelope and headers, so
// tests can check exactly what goes over the wire.
import type { Envelope } from '../../src/wire/envelope.js';
import { hooked } from './hooked.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

/** What a test reads from an answer it did not type: each test asserts the fields it uses. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of every endpoint and shape pass through here
export type Answer = any;

export interface Reply<D = Answer> {
  status: number;
  headers: Headers;
  envelope: Envelope<D>;
  data: D;
  code: number;
  subcode: number;
  msg: string;
}

export interface CallOptions {
  auth?: string | null;
  method?: string;
  headers?: Record<string, string>;
  /** Sent as is instead of JSON.stringify(body). */
  raw?: string;
  /** Path prefix such as "/v2.31". */
  prefix?: string;
  query?: string;
}

export interface Api {
  server: TestServer;
  basic: string;
  bearer: string;
  call<D = Answer>(endpoint: string, body?: unknown, opts?: CallOptions): Promise<Reply<D>>;
  /** call() that fails the test unless the answer is 200. */
  ok<D = Answer>(endpoint: string, body?: unknown, opts?: CallOptions): Promise<D>;
  close(): Promise<void>;
}

export function basicAuth(accessKey: string, secretKey: string): string {
  return `Basic ${Buffer.from(`${accessKey}:${secretKey}`).toString('base64')}`;
}

export async function send(url: string, path: string, body: unknown, opts: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
  if (opts.auth) headers.authorization = opts.auth;
  const method = opts.method ?? 'POST';
  const init: RequestInit = { method, headers };
  if (method !== 'GET' && method !== 'HEAD') init.body = opts.raw ?? (body === undefined ? '' : JSON.stringify(body));
  const res = await fetch(`${url}${path}${opts.query ? `?${opts.query}` : ''}`, init);
  const text = await res.text();
  let envelope: Envelope;
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    envelope = { meta: undefined as never, data: text };
  }
  return {
    status: res.status,
    headers: res.headers,
    envelope,
    data: envelope.data,
    code: envelope.meta?.result_code,
    subcode: envelope.meta?.result_subcode,
    msg: envelope.meta?.result_msg,
  };
}

export async function startApi(opts: TestServerOptions = {}): Promise<Api> {
  const server = await startTestServer(opts);
  const basic = basicAuth(server.accessKey, server.secretKey);
  const login = await send(server.url, '/auth.login', {}, { auth: basic });
  const bearer = `Bearer ${login.data.token as string}`;
  const api: Api = {
    server,
    basic,
    bearer,
    call: (endpoint, body, opts = {}) =>
      send(server.url, `${opts.prefix ?? ''}/${endpoint}`, body, { auth: bearer, ...opts }) as Promise<Reply<Answer>>,
    async ok(endpoint, body, opts) {
      const r = await api.call(endpoint, body, opts);
      if (r.status !== 200)
        throw new Error(`${endpoint} answered ${r.status} ${r.subcode}: ${r.msg}\n${server.logs.join('\n')}`);
      return r.data;
    },
    close: () => server.close(),
  };
  return api;
}

/** Starts a server for the test file (beforeAll) and closes it after (afterAll). */
export function withApi(opts: TestServerOptions = {}): Api {
  return hooked('the test server', () => startApi(opts));
}

/** Every row of the core tables, to compare before and after rejected requests. */
export function dumpCore(api: Api): Record<string, unknown[]> {
  const { db } = api.server.server;
  const out: Record<string, unknown[]> = {};
  for (const table of ['users', 'credentials', 'projects', 'tasks', 'models', 'server_meta'])
    out[table] = db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all();
  return out;
}

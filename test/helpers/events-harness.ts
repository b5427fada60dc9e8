// Runs the embedded server in-process on 127.0.0.1:0 with a temp SQLite file and calls the
// events endpoints over HTTP, returning what went over the wire. Tasks and models are seeded
// straight into the server's database (statuses and companies no endpoint would let us set).
import { newId } from '../../src/server/db/ids.js';
import type { Db } from '../../src/server/db/db.js';
import { companyId } from '../../src/server/db/server-meta.js';
import { hooked } from './hooked.js';
import type { Answer } from './http.js';
import { startTestServer, type TestServer } from './server.js';

export interface CallResult {
  status: number;
  subcode: number;
  msg: string;
  data: Answer;
  /** Answers that are not an envelope (download_task_log). */
  text?: string;
  headers: Headers;
}

export interface CallOptions {
  /** Sent as the body instead of JSON.stringify(body). */
  raw?: string;
  contentType?: string;
  worker?: string;
  /** Calls `/v<version>/<endpoint>` (old handlers). */
  version?: string;
}

export interface Harness {
  server: TestServer;
  db: Db;
  company: string;
  user: string;
  /** Epoch ms the server sees as "now". */
  now: number;
  call(endpoint: string, body?: unknown, opts?: CallOptions): Promise<CallResult>;
  task(opts?: { status?: string; company?: string; name?: string }): string;
  model(opts?: { ready?: boolean; company?: string; name?: string }): string;
  close(): Promise<void>;
}

export async function createHarness(): Promise<Harness> {
  const clock = { now: Date.UTC(2025, 0, 1, 10, 0, 0) };
  const server = await startTestServer({ now: () => clock.now });
  const db = server.server.db;
  const basic = `Basic ${Buffer.from(`${server.accessKey}:${server.secretKey}`).toString('base64')}`;
  const login = (await (
    await fetch(`${server.url}/auth.login`, { method: 'POST', headers: { authorization: basic } })
  ).json()) as {
    data: { token: string };
  };
  const bearer = `Bearer ${login.data.token}`;
  const company = companyId(db);
  const user = (db.prepare('SELECT id FROM users LIMIT 1').get() as { id: string }).id;
  const h: Harness = {
    server,
    db,
    company,
    user,
    get now() {
      return clock.now;
    },
    set now(v: number) {
      clock.now = v;
    },
    async call(endpoint, body = {}, opts = {}) {
      const headers: Record<string, string> = {
        authorization: bearer,
        'content-type': opts.contentType ?? 'application/json',
      };
      if (opts.worker !== undefined) headers['x-clearml-worker'] = opts.worker;
      const res = await fetch(`${server.url}/${opts.version ? `v${opts.version}/` : ''}${endpoint}`, {
        method: 'POST',
        headers,
        body: opts.raw ?? JSON.stringify(body),
      });
      const text = await res.text();
      if (!(res.headers.get('content-type') ?? '').startsWith('application/json'))
        return { status: res.status, subcode: 0, msg: '', data: undefined, text, headers: res.headers };
      const envelope = JSON.parse(text) as {
        meta: { result_code: number; result_subcode: number; result_msg: string };
        data: unknown;
      };
      if (envelope.meta.result_code !== res.status)
        throw new Error(`envelope code ${envelope.meta.result_code} != HTTP ${res.status}`);
      return {
        status: res.status,
        subcode: envelope.meta.result_subcode,
        msg: envelope.meta.result_msg,
        data: envelope.data,
        headers: res.headers,
      };
    },
    task(opts = {}) {
      const id = newId();
      db.prepare(
        `INSERT INTO tasks (id, company, user, name, type, status, created, last_update, last_change)
         VALUES (?, ?, ?, ?, 'training', ?, ?, ?, ?)`,
      ).run(
        id,
        opts.company ?? company,
        user,
        opts.name ?? `task ${id.slice(0, 6)}`,
        opts.status ?? 'in_progress',
        clock.now,
        clock.now,
        clock.now,
      );
      return id;
    },
    model(opts = {}) {
      const id = newId();
      db.prepare(
        `INSERT INTO models (id, company, user, name, ready, created, last_update) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        opts.company ?? company,
        user,
        opts.name ?? `model ${id.slice(0, 6)}`,
        opts.ready ? 1 : 0,
        clock.now,
        clock.now,
      );
      return id;
    },
    async close() {
      const logs = server.logs.join('\n');
      await server.close();
      // An unexpected error (a 500) leaves a line in the server log.
      if (logs !== '') throw new Error(`the server logged unexpected errors:\n${logs}`);
    },
  };
  return h;
}

/**
 * A harness for the test file: a fresh one for every test (beforeEach/afterEach), or with
 * `perFile` one for all of them (beforeAll/afterAll). Closing it fails the test when the
 * server logged an unexpected error.
 */
export function withEventsHarness(opts: { perFile?: boolean } = {}): Harness {
  return hooked('the events harness', createHarness, { perTest: !opts.perFile });
}

/** A JSON-lines body. */
export function jsonLines(events: readonly unknown[]): string {
  return events.map((e) => JSON.stringify(e)).join('\n') + '\n';
}

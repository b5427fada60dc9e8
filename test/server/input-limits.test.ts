// The generic input limits every endpoint gets (body parsing, v.str / v.list defaults, query
// caps): each malformed request answers 4xx with what was wrong, never a 5xx or a reset.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADD_BATCH_BODY_LIMIT_BYTES,
  DEFAULT_BODY_LIMIT_BYTES,
  FILTER_TIME_BUDGET_MS,
  FIRST_REQUEST_TIMEOUT_MS,
  HEADERS_TIMEOUT_MS,
  LOGIN_BACKOFF_FREE_FAILURES,
  LOGIN_SOURCE_FREE_FAILURES,
  MAX_CONNECTIONS,
  MAX_UNAUTHENTICATED_CONNECTIONS,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PARTS,
  UPLOADS_IN_FLIGHT,
  WRITE_TIMEOUT_MS,
  LOGIN_BACKOFF_MAX_MS,
  MAX_FIELD_PATH_CHARS,
  MAX_JSON_DEPTH,
  MAX_LIST_ITEMS,
  MAX_LONG_TEXT_CHARS,
  MAX_ONLY_FIELDS,
  MAX_ORDER_BY,
  MAX_PAGE_SIZE,
  MAX_PATTERN_LENGTH,
  MAX_SEARCH_TEXT_CHARS,
  MAX_TEXT_CHARS,
} from '../../src/server/http/limits.js';
import { startApi, type Api } from '../helpers/http.js';

let api: Api;
let project: string;
beforeAll(async () => {
  api = await startApi();
  project = (await api.ok('projects.create', { name: 'limits' })).id;
});
afterAll(() => api.close());

const nested = (depth: number) => `${'['.repeat(depth - 1)}{}${']'.repeat(depth - 1)}`;

describe('JSON depth', () => {
  it('refuses a body nested deeper than the limit with 400 (no stack overflow, no 500)', async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 100_000]) {
      const r = await api.call('tasks.get_all_ex', undefined, { raw: `{"tags": ${nested(depth)}}` });
      expect([r.status, r.subcode], String(depth)).toEqual([400, 0]);
      expect(r.msg).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
    }
  });

  it('accepts nesting up to the limit, and brackets inside strings do not count', async () => {
    const r = await api.call('tasks.get_all_ex', undefined, { raw: `{"x": ${nested(MAX_JSON_DEPTH - 1)}}` });
    expect(r.status).toBe(200);
    expect((await api.call('tasks.get_all_ex', { name: '['.repeat(200) })).subcode).toBe(12);
    expect((await api.call('tasks.get_all_ex', { search_text: '[{'.repeat(100) })).status).toBe(200);
  });
});

describe('string and list lengths', () => {
  it('refuses a 1 MiB task name and a name one character over the limit, naming the field', async () => {
    for (const name of ['n'.repeat(1024 * 1024), 'n'.repeat(MAX_TEXT_CHARS + 1)]) {
      const r = await api.call('tasks.create', { name, type: 'training', project });
      expect([r.status, r.subcode]).toEqual([400, 12]);
      expect(r.msg).toContain("'name'");
      expect(r.msg).toContain(`at most ${MAX_TEXT_CHARS} characters`);
    }
    expect(
      (await api.call('tasks.create', { name: 'n'.repeat(MAX_TEXT_CHARS), type: 'training', project })).status,
    ).toBe(200);
  });

  it('refuses 100,000 tags', async () => {
    const tags = Array.from({ length: 100_000 }, (_, i) => `t${i}`);
    const r = await api.call('tasks.create', { name: 'tagged', type: 'training', project, tags });
    expect([r.status, r.subcode]).toEqual([400, 12]);
    expect(r.msg).toContain(`must have at most ${MAX_LIST_ITEMS} items`);
  });

  it('caps only_fields, order_by and search_text of queries with a clear 400', async () => {
    const fields = Array.from({ length: MAX_ONLY_FIELDS + 1 }, (_, i) => `f${i}`);
    const only = await api.call('tasks.get_all_ex', { only_fields: fields });
    expect([only.status, only.subcode]).toEqual([400, 12]);
    expect(only.msg).toContain("'only_fields'");
    const order = await api.call('tasks.get_all_ex', { order_by: fields.slice(0, MAX_ORDER_BY + 1) });
    expect([order.status, order.subcode]).toEqual([400, 12]);
    expect(order.msg).toContain("'order_by'");
    const search = await api.call('tasks.get_all_ex', { search_text: 'word '.repeat(10_000) });
    expect([search.status, search.subcode]).toEqual([400, 12]);
    expect(search.msg).toContain(`'search_text'. must be at most ${MAX_SEARCH_TEXT_CHARS} characters`);
    expect((await api.call('tasks.get_all_ex', { only_fields: fields.slice(0, MAX_ONLY_FIELDS) })).status).toBe(200);
  });
});

describe('lone surrogates', () => {
  it('stores a lone surrogate as U+FFFD (valid UTF-8), in JSON bodies and in event batches', async () => {
    const id = (await api.ok('tasks.create', { name: 'a\ud800b\udc00c', type: 'training', project })).id as string;
    const got = await api.ok('tasks.get_all_ex', { id: [id], only_fields: ['name'] });
    expect(got.tasks[0].name).toBe('a\ufffdb\ufffdc');
    const hex = api.server.server.db.prepare('SELECT hex(CAST(name AS BLOB)) FROM tasks WHERE id = ?').pluck().get(id);
    expect(hex).toBe(Buffer.from('a\ufffdb\ufffdc').toString('hex').toUpperCase());

    const line = JSON.stringify({ task: id, type: 'log', msg: 'x\udbffy \ud83d\ude00', timestamp: 1 });
    expect((await api.call('events.add_batch', undefined, { raw: `${line}\n` })).status).toBe(200);
    const log = await api.ok('events.get_task_log', { task: id });
    expect(log.events.map((e: { msg: string }) => e.msg)).toEqual(['x\ufffdy \ud83d\ude00']);
  });
});

describe('body size', () => {
  it('answers 413 to a body announced too large, before reading it, and the client reads the answer', async () => {
    const body = Buffer.alloc(DEFAULT_BODY_LIMIT_BYTES + 4 * 1024 * 1024, 0x20);
    const url = new URL(`${api.server.url}/tasks.get_all_ex`);
    const answer = await new Promise<{ status?: number; text: string; error?: string }>((resolve) => {
      const req = http.request(
        url,
        { method: 'POST', headers: { authorization: api.bearer, 'content-length': body.length } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode, text }));
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => resolve({ text: '', error: err.code ?? err.message }));
      // Sent in pieces with pauses, as a slow uploader does: the answer comes while it still sends.
      const chunk = 1024 * 1024;
      const sendFrom = (offset: number): void => {
        if (offset >= body.length) {
          req.end();
          return;
        }
        req.write(body.subarray(offset, offset + chunk));
        setTimeout(() => sendFrom(offset + chunk), 5);
      };
      sendFrom(0);
    });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(413);
    expect(answer.text).toContain('request body too large (the limit for tasks.get_all_ex is 16 MiB');
    expect((await api.call('tasks.get_all_ex', {})).status).toBe(200);
  });
});

describe('README', () => {
  it('documents the limits the server enforces', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const n = (x: number) => x.toLocaleString('en-US');
    for (const row of [
      `| Request body of \`events.add_batch\` | ${ADD_BATCH_BODY_LIMIT_BYTES / 1024 / 1024} MiB |`,
      `| Request body of any other call | ${DEFAULT_BODY_LIMIT_BYTES / 1024 / 1024} MiB |`,
      `| Nesting of arrays and objects in a body | ${MAX_JSON_DEPTH} levels |`,
      `| A string field | ${n(MAX_TEXT_CHARS)} characters (a report's body: ${MAX_LONG_TEXT_CHARS / 1024 / 1024} Mi) |`,
      `| A list field | ${n(MAX_LIST_ITEMS)} items |`,
      `| \`only_fields\` / \`order_by\` | ${MAX_ONLY_FIELDS} / ${MAX_ORDER_BY} entries of at most ${MAX_FIELD_PATH_CHARS} characters |`,
      `| \`search_text\` | ${n(MAX_SEARCH_TEXT_CHARS)} characters |`,
      `| A regular expression (\`name\`, \`_any_\`, \`_all_\`) | ${MAX_PATTERN_LENGTH} characters |`,
      `| In-memory filtering of one query | ${FILTER_TIME_BUDGET_MS / 1000} s |`,
      `| A page of \`get_all_ex\` | ${MAX_PAGE_SIZE} items |`,
      `| Wrong secrets for one access key / from one address | ${LOGIN_BACKOFF_FREE_FAILURES} / ${LOGIN_SOURCE_FREE_FAILURES}, then a wait of 1 s doubling up to ${LOGIN_BACKOFF_MAX_MS / 1000} s (the right secret still gets in) |`,
      `| An upload to the files host | ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB and ${n(MAX_UPLOAD_PARTS)} files; ${UPLOADS_IN_FLIGHT} read at once (others wait) |`,
      `| Connections | ${MAX_CONNECTIONS}, of which ${MAX_UNAUTHENTICATED_CONNECTIONS} not yet authenticated (the oldest idle one makes room) |`,
      `| First request on a connection / its headers | ${FIRST_REQUEST_TIMEOUT_MS / 1000} s / ${HEADERS_TIMEOUT_MS / 1000} s |`,
      `| An answer the client takes no byte of | ${WRITE_TIMEOUT_MS / 1000} s |`,
    ])
      expect(readme).toContain(row);
  });
});

import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ADD_BATCH_BODY_LIMIT_BYTES, DEFAULT_BODY_LIMIT_BYTES } from '../../../src/server/index.js';
import { send, withApi } from '../../helpers/http.js';

const api = withApi();

describe('envelope', () => {
  it('wraps a success in meta with id, trx, endpoint versions, OK and empty error fields', async () => {
    const r = await api.call('reports.get_tags', {});
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.headers.get('server')).toBe('tracktop');
    const { meta } = r.envelope;
    expect(meta.id).toMatch(/^[0-9a-f]{32}$/);
    expect(meta.trx).toBe(meta.id);
    expect(meta).toMatchObject({
      endpoint: { name: 'reports.get_tags', requested_version: '2.31', actual_version: '1.0' },
      result_code: 200,
      result_subcode: 0,
      result_msg: 'OK',
      error_stack: '',
      error_data: {},
    });
    expect(r.data).toEqual({ tags: [] });
  });

  it('echoes X-ClearML-Trx, or X-Trains-Trx, as meta.trx', async () => {
    const a = await api.call('reports.get_tags', {}, { headers: { 'X-ClearML-Trx': 'trx-1' } });
    expect(a.envelope.meta.trx).toBe('trx-1');
    const b = await api.call('reports.get_tags', {}, { headers: { 'X-Trains-Trx': 'trx-2' } });
    expect(b.envelope.meta.trx).toBe('trx-2');
  });

  it('answers errors with HTTP status = result_code, data {} and error_stack null', async () => {
    const r = await api.call('reports.update', { task: 'nope' });
    expect(r.status).toBe(400);
    expect(r.envelope.meta).toMatchObject({ result_code: 400, result_subcode: 101, error_stack: null, error_data: {} });
    expect(r.data).toEqual({});
    expect(r.msg).toContain('invalid task id');
  });

  it('reports the version of the handler real servers would pick', async () => {
    const r = await api.call('events.get_task_log', { task: 'x' });
    expect(r.envelope.meta.endpoint).toEqual({
      name: 'events.get_task_log',
      requested_version: '2.31',
      actual_version: '2.9',
    });
    const old = await api.call('events.get_task_log', { task: 'x' }, { prefix: '/v2.5' });
    expect(old.envelope.meta.endpoint.actual_version).toBe('1.7');
    const low = await api.call('reports.get_tags', {}, { prefix: '/v1.5' });
    expect(low.envelope.meta.endpoint.requested_version).toBe(1.5);
  });
});

describe('request path', () => {
  it('accepts a version prefix, a version above the newest, a trailing slash and no leading slash', async () => {
    for (const path of [
      '/v2.31/reports.get_tags',
      '/v999.0/reports.get_tags',
      '/reports.get_tags/',
      '/v2.23/reports.get_tags/',
    ]) {
      const r = await send(api.server.url, path, {}, { auth: api.bearer });
      expect(r.status, path).toBe(200);
      expect(r.data).toEqual({ tags: [] });
    }
    const v999 = await send(api.server.url, '/v999.0/reports.get_tags', {}, { auth: api.bearer });
    expect(v999.envelope.meta.endpoint.requested_version).toBe('999.0');
  });

  it('rejects malformed paths with 400/0 "Invalid request path"', async () => {
    for (const path of [
      '/',
      '/reports',
      '/api/reports.get_tags',
      '/v2/reports.get_tags',
      '/reports.get_tags/extra',
      '/a.b.c',
    ]) {
      const r = await send(api.server.url, path, {}, { auth: api.bearer });
      expect(r.status, path).toBe(400);
      expect(r.subcode).toBe(0);
      expect(r.msg).toMatch(/^Invalid request path/);
    }
  });

  it('answers an unknown endpoint with 404/0 naming it and the version, before checking auth', async () => {
    const r = await send(api.server.url, '/v2.31/reports.nope', {}, {});
    expect(r.status).toBe(404);
    expect(r.code).toBe(404);
    expect(r.subcode).toBe(0);
    expect(r.msg).toBe('Unable to find endpoint for name reports.nope and version 2.31');
    expect(r.envelope.meta.endpoint.actual_version).toBeNull();
  });

  /** One call over node:http, which (unlike fetch) sends a body with GET as the SDK and agent do. */
  function rawCall(method: string, path: string, body: string, contentType = 'application/json') {
    return new Promise<{ status: number | undefined; type: string | undefined; text: string }>((resolve, reject) => {
      const url = new URL(api.server.url);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: {
            authorization: api.bearer,
            'content-type': contentType,
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('answers an unknown endpoint with the JSON 404 envelope whatever the method (SDK GETs carry a JSON body)', async () => {
    const multipartType = 'multipart/form-data; boundary=x';
    const multipartBody = '--x\r\nContent-Disposition: form-data; name="f.txt"\r\n\r\nx\r\n--x--\r\n';
    const cases: [string, string, string, string?][] = [
      ['GET', '/v2.23/tasks.no_such_call', '{"task":"abc"}'],
      ['GET', '/tasks.no_such_call', '{"task":"abc"}'],
      ['GET', '/v2.23/tasks.no_such_call/', ''],
      ['POST', '/v2.23/tasks.no_such_call', '{"task":"abc"}'],
      ['PUT', '/tasks.no_such_call', '{}'],
      ['DELETE', '/tasks.no_such_call', '{}'],
      ['POST', '/tasks.no_such_call', multipartBody, multipartType],
    ];
    for (const [method, path, body, type] of cases) {
      const r = await rawCall(method, path, body, type);
      const where = `${method} ${path}`;
      expect(r.status, where).toBe(404);
      expect(r.type, where).toBe('application/json');
      const meta = (JSON.parse(r.text) as { meta: { result_code: number; result_msg: string } }).meta;
      expect(meta.result_code, where).toBe(404);
      expect(meta.result_msg, where).toMatch(
        /^Unable to find endpoint for name tasks\.no_such_call and version 2\.(23|31)$/,
      );
    }
  });

  it('answers 404 when the requested version is below every handler of the endpoint', async () => {
    const r = await api.call('events.clear_scroll', {}, { prefix: '/v2.17' });
    expect(r.status).toBe(404);
    expect(r.msg).toBe('Unable to find endpoint for name events.clear_scroll and version 2.17');
  });
});

describe('methods and bodies', () => {
  it('answers OPTIONS with 200 and an empty body', async () => {
    const res = await fetch(`${api.server.url}/reports.get_tags`, { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('handles any method the same way and treats an empty body as {}', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const r = await api.call('reports.get_tags', undefined, { method });
      expect(r.status, method).toBe(200);
    }
  });

  it('merges GET query parameters into the body: numbers, booleans, lists and nested keys', async () => {
    await api.ok('reports.create', { name: 'query merge one', tags: ['q'] });
    await api.ok('reports.create', { name: 'query merge two', tags: ['q'] });
    const r = await api.call('reports.get_all_ex', undefined, {
      method: 'GET',
      query: 'only_fields=name&only_fields=tags&order_by[]=-name&page=0&page_size=1&tags=q&filters.tags.any.include=q',
    });
    expect(r.status).toBe(200);
    expect(r.data.tasks).toEqual([{ id: expect.any(String), name: 'query merge two', tags: ['q'] }]);
    const login = await api.call('auth.login', undefined, { method: 'GET', query: 'expiration_sec=31536001' });
    expect(login.status).toBe(400);
    expect(login.subcode).toBe(12);
  });

  it('answers an unparsable JSON body with 400/0 and a non-object body with 400/0', async () => {
    const bad = await api.call('reports.get_all_ex', undefined, { raw: '{"name": ' });
    expect(bad.status).toBe(400);
    expect(bad.subcode).toBe(0);
    expect(bad.msg).toContain('JSON');
    const arr = await api.call('reports.get_all_ex', undefined, { raw: '[1, 2]' });
    expect(arr.status).toBe(400);
    expect(arr.subcode).toBe(0);
  });

  it('refuses a body sent with Content-Encoding with 415 and a plain-text answer', async () => {
    const res = await fetch(`${api.server.url}/reports.get_tags`, {
      method: 'POST',
      headers: { authorization: api.bearer, 'content-encoding': 'gzip', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toContain('Content-Encoding');
  });

  it('refuses a body over the limit with a 413 envelope naming the limit', async () => {
    const name = 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES);
    const r = await api.call('reports.create', { name });
    expect(r.status).toBe(413);
    expect(r.code).toBe(413);
    expect(r.msg).toContain('16 MiB');
    expect(ADD_BATCH_BODY_LIMIT_BYTES).toBeGreaterThan(DEFAULT_BODY_LIMIT_BYTES);
    const tags = await api.ok('reports.get_tags');
    expect(tags).toEqual({ tags: ['q'] });
  });

  it('stops reading a chunked body once it passes the limit and still answers 413', async () => {
    const url = new URL(`${api.server.url}/reports.create`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { authorization: api.bearer },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 20) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
  });
});

describe('connections of the ClearML SDK', () => {
  /** One GET over a keep-alive agent: the Connection header answered. */
  function connectionHeader(headers: Record<string, string>): Promise<string | undefined> {
    const url = new URL(api.server.url);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/v2.23/reports.get_tags',
          method: 'GET',
          headers: { authorization: api.bearer, connection: 'keep-alive', ...headers },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers.connection));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  it('are closed after each answer (the SDK forks its reporter; a shared socket would interleave)', async () => {
    expect(await connectionHeader({ 'X-ClearML-Client': 'clearml-1.17.0' })).toBe('close');
    expect(await connectionHeader({ 'X-Trains-Client': 'clearml-1.17.0' })).toBe('close');
    expect(await connectionHeader({})).toBe('keep-alive');
  });
});

describe('the results-page link the SDK prints', () => {
  it('answers an HTML page naming the run and the tracktop command, without credentials', async () => {
    const { id: project } = await api.ok('projects.create', { name: 'web/page' });
    const { id } = await api.ok('tasks.create', { name: 'lenet <b>&</b>', type: 'training', project });
    for (const path of [
      `/projects/${project}/experiments/${id}/output/log`,
      `/datasets/simple/${project}/experiments/${id}`,
    ]) {
      const r = await fetch(`${api.server.url}${path}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(r.headers.get('content-security-policy')).toBe(
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await r.text();
      expect(html).toContain('<h1>lenet &#60;b&#62;&#38;&#60;/b&#62;</h1>');
      expect(html).toContain(`<pre>tracktop ${id}</pre>`);
      expect(html).toContain('Project: web/page');
    }
    const missing = await fetch(`${api.server.url}/projects/p/experiments/${'f'.repeat(32)}/output/log`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('has no task with that id');
  });
});

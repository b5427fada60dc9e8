// `tracktop check` against a server that answers badly on purpose. A scripted fake server is
// needed: the embedded server cannot produce malformed answers or escape sequences in its
// token claims. The binary runs as a child process, as a user would run it.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeServer, makeToken, ok } from '../helpers/fake-server.js';
import { BIN, ROOT } from '../helpers/demo-process.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const home = mkdtempSync(join(tmpdir(), 'tracktop-check-home-'));

function check(url: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, 'check', '--api-host', url, '--access-key', 'a', '--secret-key', 'b'],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: home }, timeout: 20_000 },
      (err, stdout, stderr) => {
        const code = err && typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const GOOD_TASKS = ok({
  tasks: [{ id: 't1', name: 'train', status: 'in_progress', last_update: '2026-01-01T00:00:00' }],
});

let fake: FakeServer;
beforeEach(async () => {
  fake = await FakeServer.start();
});
afterEach(async () => {
  await fake.close();
});

describe('tracktop check with malformed answers', () => {
  it('passes a well-formed server', async () => {
    fake.always('reports.get_tags', ok({ tags: ['a'] })).always('reports.get_task_data', GOOD_TASKS);
    const r = await check(fake.url);
    expect(r.stdout).toMatch(/verdict:\s+OK/);
    expect(r.code).toBe(0);
  });

  it('fails with the endpoint and what was wrong when a list is null', async () => {
    fake.always('reports.get_tags', ok({ tags: null })).always('reports.get_task_data', GOOD_TASKS);
    const r = await check(fake.url);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('server answered malformed data for reports.get_tags: tags is null, expected an array');
    expect(r.stdout).not.toMatch(/verdict:\s+OK/);
  });

  it('fails when fields have the wrong types', async () => {
    fake
      .always('reports.get_tags', ok({ tags: ['a'] }))
      .always('reports.get_task_data', ok({ tasks: [{ id: 't1', name: 42, status: 'created' }] }));
    const r = await check(fake.url);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      'server answered malformed data for reports.get_task_data: tasks[0].name is a number, expected a string',
    );
  });

  it('fails when the task list is not a list', async () => {
    fake.always('reports.get_tags', ok({ tags: [] })).always('reports.get_task_data', ok({ tasks: { id: 't1' } }));
    const r = await check(fake.url);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('reports.get_task_data: tasks is an object, expected an array');
  });
});

describe('tracktop check with hostile text', () => {
  it('prints no escape sequence or control character the server sent', async () => {
    const hostile = 'evil\u001b]52;c;aGVsbG8=\u0007\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202e\u200bname\rX';
    fake.always('auth.login', () =>
      ok({
        token: makeToken({
          exp: Math.floor(Date.now() / 1000) + 3600,
          api_version: '2.31',
          server_version: hostile,
          identity: { user: 'u1', user_name: hostile, company: 'c1' },
        }),
      }),
    );
    fake.always('reports.get_tags', ok({ tags: [] })).always('reports.get_task_data', () => ({
      status: 400,
      resultCode: 400,
      resultSubcode: 0,
      resultMsg: `bad ${hostile}`,
      data: {},
    }));
    const r = await check(fake.url);
    const output = r.stdout + r.stderr;
    expect(output).toMatch(/verdict:\s+FAILED/);
    expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u202e]/);
    expect(r.code).toBe(1);
    // Each value is sanitised on its own: its \r overwrites only the value ("evilname\rX" shows
    // "Xvilname"), the labels before it stay.
    const lines = r.stdout.split('\n');
    expect(lines).toContain('server build: Xvilname');
    expect(lines).toContain('user:         Xvilname (c1)');
    expect(lines).toContain('api version:  2.31');
    expect(r.stdout).toMatch(/^verdict: +FAILED — reports.get_task_data: bad evilname\b.*\[400\/0\]$/m);
  });
});

// Key pairs one per person: each pair's runs are recorded under its own user; a revoked pair,
// or a start pair replaced by the next start's, stops at once with every token it issued; the
// `tracktop serve keys` command lists, creates and revokes pairs on the database file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKeysCommand } from '../../../src/server/keys-command.js';
import { startTestServer } from '../../helpers/server.js';
import { basicAuth, send } from '../../helpers/http.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tracktop-keys-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `tracktop serve keys ...` on the database; its exit code and output lines. */
function keys(dbPath: string, ...words: string[]): { code: number; lines: string[] } {
  const lines: string[] = [];
  const code = runKeysCommand({ dbPath, words, apiHost: 'http://127.0.0.1:8008', out: (l) => lines.push(l) });
  return { code, lines };
}

/** The pair in a created key's clearml.conf block. */
function pairOf(lines: string[]): { access: string; secret: string } {
  const text = lines.join('\n');
  const access = /access_key: "([^"]+)"/.exec(text)?.[1];
  const secret = /secret_key: "([^"]+)"/.exec(text)?.[1];
  if (!access || !secret) throw new Error(`no pair in ${text}`);
  return { access, secret };
}

const login = async (url: string, access: string, secret: string) =>
  send(url, '/auth.login', {}, { auth: basicAuth(access, secret) });

describe('key pairs per person', () => {
  it('records the runs of two people under two users, and a revoked pair stops at once', async () => {
    const dbPath = join(dir, 'people.db');
    const server = await startTestServer({ dbPath });
    try {
      const ada = keys(dbPath, 'create', 'Ada Lovelace');
      const bob = keys(dbPath, 'create', 'Bob');
      expect([ada.code, bob.code]).toEqual([0, 0]);
      const users: string[] = [];
      const tokens: string[] = [];
      for (const { access, secret } of [pairOf(ada.lines), pairOf(bob.lines)]) {
        const token = (await login(server.url, access, secret)).data.token as string;
        tokens.push(token);
        const auth = `Bearer ${token}`;
        const { id } = (await send(server.url, '/tasks.create', { name: 'run', type: 'training' }, { auth })).data;
        const task = (await send(server.url, '/tasks.get_by_id', { task: id }, { auth })).data.task;
        users.push(task.user);
      }
      expect(new Set(users).size).toBe(2);
      const names = keys(dbPath, 'list').lines.join('\n');
      expect(names).toContain('Ada Lovelace');
      expect(names).toContain('Bob');

      const { access, secret } = pairOf(ada.lines);
      expect(keys(dbPath, 'revoke', access)).toEqual({
        code: 0,
        lines: [`Revoked ${access}: it and every token it issued are refused from now on.`],
      });
      const basic = await send(server.url, '/tasks.get_all', {}, { auth: basicAuth(access, secret) });
      expect([basic.status, basic.subcode]).toEqual([401, 22]);
      const token = await send(server.url, '/tasks.get_all', {}, { auth: `Bearer ${tokens[0]}` });
      expect([token.status, token.subcode]).toEqual([401, 30]);
      // Bob's pair and token are untouched.
      expect((await send(server.url, '/tasks.get_all', {}, { auth: `Bearer ${tokens[1]}` })).status).toBe(200);
      expect(keys(dbPath, 'list').lines.find((l) => l.startsWith(access))).toMatch(/revoked \d{4}-/);
      expect(keys(dbPath, 'revoke', access).code).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('replaces the previous flags pair with the next one, its tokens included', async () => {
    const dbPath = join(dir, 'replace.db');
    const first = await startTestServer({ dbPath, accessKey: 'FIRSTKEY0000000000000001', secretKey: 'first-secret' });
    const token = (await login(first.url, 'FIRSTKEY0000000000000001', 'first-secret')).data.token as string;
    await first.close();
    const second = await startTestServer({
      dbPath,
      accessKey: 'SECONDKEY000000000000002',
      secretKey: 'second-secret',
    });
    try {
      expect((await login(second.url, 'FIRSTKEY0000000000000001', 'first-secret')).status).toBe(401);
      expect((await send(second.url, '/tasks.get_all', {}, { auth: `Bearer ${token}` })).status).toBe(401);
      expect((await login(second.url, 'SECONDKEY000000000000002', 'second-secret')).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('keeps created pairs when the flags pair changes', async () => {
    const dbPath = join(dir, 'kept.db');
    const a = await startTestServer({ dbPath, accessKey: 'KEPTKEY00000000000000001', secretKey: 'one' });
    await a.close();
    const created = pairOf(keys(dbPath, 'create', 'Carol').lines);
    const b = await startTestServer({ dbPath, accessKey: 'KEPTKEY00000000000000002', secretKey: 'two' });
    try {
      expect((await login(b.url, created.access, created.secret)).status).toBe(200);
    } finally {
      await b.close();
    }
  });

  it('prints the address the server on the database listens on, unless --host or --port name one', async () => {
    const dbPath = join(dir, 'address.db');
    const server = await startTestServer({ dbPath });
    const url = server.url;
    await server.close();
    expect(url).not.toBe('http://127.0.0.1:8008');
    const lines: string[] = [];
    expect(runKeysCommand({ dbPath, words: ['create', 'ann'], out: (l) => lines.push(l) })).toBe(0);
    expect(lines.join('\n')).toContain(`api_server: ${url}\n`);
    const named: string[] = [];
    runKeysCommand({ dbPath, words: ['create', 'bob'], apiHost: 'http://10.0.0.5:9000', out: (l) => named.push(l) });
    expect(named.join('\n')).toContain('api_server: http://10.0.0.5:9000\n');
  });

  it('answers usage errors with exit code 2', () => {
    const dbPath = join(dir, 'people.db');
    expect(keys(dbPath).code).toBe(2);
    expect(keys(dbPath, 'create').code).toBe(2);
    expect(keys(dbPath, 'delete', 'X').code).toBe(2);
    expect(keys(join(dir, 'none.db'), 'list').lines[0]).toContain('no database at');
  });
});

// Secrets at rest and auth tokens: file modes, token lifetime rules, tokens ending when the
// server keys change, and the per-key back-off after failed key-pair checks.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/server/auth/jwt.js';
import { LOGIN_BACKOFF_FREE_FAILURES } from '../../src/server/http/limits.js';
import { jwtSecret, keyGeneration } from '../../src/server/db/server-meta.js';
import { tokenKeyTag } from '../../src/server/auth/key-table.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { basicAuth, send } from '../helpers/http.js';
import { multipart } from '../helpers/multipart-body.js';

const ACCESS = 'SECRETSTESTKEY0000000001';
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tracktop-secrets-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

describe('files holding secrets', () => {
  it('creates the database (and its WAL files) and the credentials file 0600', async () => {
    const dbPath = join(dir, 'modes.db');
    const server = await startTestServer({ dbPath, accessKey: undefined, secretKey: undefined });
    try {
      await send(server.url, '/auth.login', {}, { auth: basicAuth(server.accessKey, server.secretKey) });
      expect(mode(dbPath).toString(8)).toBe('600');
      expect(mode(`${dbPath}-wal`).toString(8)).toBe('600');
      expect(mode(`${dbPath}-shm`).toString(8)).toBe('600');
      expect(mode(`${dbPath}.credentials.json`).toString(8)).toBe('600');
      expect(mode(`${dbPath}.lock`).toString(8)).toBe('600');
      const { body, contentType } = multipart([{ name: 'proj/task.1/artifacts/a/a.json', data: '{}' }]);
      const bearer = (
        await send(server.url, '/auth.login', {}, { auth: basicAuth(server.accessKey, server.secretKey) })
      ).data.token as string;
      const up = await fetch(`${server.url}/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': contentType },
        body,
      });
      expect(up.status).toBe(200);
      const files = server.server.filesDir;
      expect(mode(files).toString(8)).toBe('700');
      expect(mode(join(files, 'proj', 'task.1')).toString(8)).toBe('700');
      expect(mode(join(files, 'proj', 'task.1', 'artifacts', 'a', 'a.json')).toString(8)).toBe('600');
    } finally {
      await server.close();
    }
  });

  it('removes the temp files of uploads a crash cut short, and makes an open files folder private', async () => {
    const dbPath = join(dir, 'tidy.db');
    const files = `${dbPath}.files`;
    mkdirSync(join(files, 'proj', 'task.2'), { recursive: true, mode: 0o755 });
    chmodSync(files, 0o755);
    writeFileSync(join(files, 'proj', 'task.2', '.upload-0123456789ab'), 'half an upload');
    writeFileSync(join(files, '.upload-ba9876543210'), 'another');
    writeFileSync(join(files, 'proj', 'task.2', 'kept.txt'), 'a finished upload');
    const server = await startTestServer({ dbPath });
    try {
      expect(readdirSync(files, { recursive: true }).map(String).sort()).toEqual([
        'proj',
        join('proj', 'task.2'),
        join('proj', 'task.2', 'kept.txt'),
      ]);
      expect(mode(files).toString(8)).toBe('700');
      expect(server.logs).toEqual([`removed 2 unfinished upload(s) left in ${files} by an earlier run`]);
    } finally {
      await server.close();
    }
  });
});

describe('auth tokens', () => {
  const clock = Date.parse('2025-06-01T00:00:00Z');
  let server: TestServer;
  const dbPath = () => join(dir, 'tokens.db');
  beforeAll(async () => {
    server = await startTestServer({
      dbPath: dbPath(),
      accessKey: ACCESS,
      secretKey: 'first-secret',
      now: () => clock,
    });
  });
  afterAll(() => server.close());

  const nowSec = () => Math.floor(clock / 1000);
  const tokenWith = (claims: Record<string, unknown>) => {
    const db = server.server.db;
    const { user, tag } = db
      .prepare('SELECT user, secret_tag AS tag FROM credentials WHERE access_key = ?')
      .get(ACCESS) as {
      user: string;
      tag: string;
    };
    return signJwt(
      { identity: { user }, kgen: keyGeneration(db), ak: ACCESS, kt: tokenKeyTag(tag), ...claims },
      jwtSecret(db),
    );
  };
  const tags = (token: string) => send(server.url, '/reports.get_tags', {}, { auth: `Bearer ${token}` });

  it('accepts a well-formed token signed with the database secret (the control case)', async () => {
    expect((await tags(tokenWith({ iat: nowSec(), exp: nowSec() + 60 }))).status).toBe(200);
  });

  it('refuses a token without exp, even one signed with the database secret', async () => {
    const r = await tags(tokenWith({ iat: nowSec() }));
    expect([r.status, r.subcode]).toEqual([401, 30]);
    expect(r.msg).toContain('missing the exp or iat claim');
  });

  it('refuses a token whose lifetime is longer than the maximum', async () => {
    const r = await tags(tokenWith({ iat: nowSec(), exp: nowSec() + 10 * 365 * 86400 }));
    expect([r.status, r.subcode]).toEqual([401, 30]);
    expect(r.msg).toContain('lifetime exceeds the maximum');
  });

  it('refuses a token that names no key pair', async () => {
    const r = await tags(tokenWith({ iat: nowSec(), exp: nowSec() + 60, ak: undefined }));
    expect([r.status, r.subcode]).toEqual([401, 30]);
    expect(r.msg).toContain('names no key pair');
  });

  it('ends the tokens issued before the key was given a new secret', async () => {
    const token = (await send(server.url, '/auth.login', {}, { auth: basicAuth(ACCESS, 'first-secret') })).data
      .token as string;
    expect((await tags(token)).status).toBe(200);
    await server.server.close();
    server = await startTestServer({
      dbPath: dbPath(),
      accessKey: ACCESS,
      secretKey: 'second-secret',
      now: () => clock,
    });
    const r = await tags(token);
    expect([r.status, r.subcode]).toEqual([401, 30]);
    expect(r.msg).toContain('revoked or given a new secret');
    const fresh = (await send(server.url, '/auth.login', {}, { auth: basicAuth(ACCESS, 'second-secret') })).data.token;
    expect((await tags(fresh as string)).status).toBe(200);
  });
});

describe('failed key-pair checks', () => {
  let clock = Date.parse('2025-06-01T00:00:00Z');
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: () => clock });
  });
  afterAll(() => server.close());

  const tags = (auth: string) => send(server.url, '/reports.get_tags', {}, { auth });

  it('answers 429 with a clear message after a few failures, for known and unknown keys alike', async () => {
    for (const key of [server.accessKey, 'NOSUCHACCESSKEY000000000']) {
      const statuses: number[] = [];
      for (let i = 0; i <= LOGIN_BACKOFF_FREE_FAILURES; i++)
        statuses.push((await tags(basicAuth(key, 'wrong'))).status);
      expect(statuses, key).toEqual([...Array(LOGIN_BACKOFF_FREE_FAILURES).fill(401), 429]);
      const r = await tags(basicAuth(key, 'wrong'));
      expect([r.status, r.code], key).toEqual([429, 429]);
      expect(r.msg).toMatch(/too many failed logins with this access key or from this address; try again in \d+ s/);
    }
  });

  it('lets the right secret in at once while its key is locked, never checked before', async () => {
    const right = basicAuth(server.accessKey, server.secretKey);
    // The key is locked by the previous test; this process never checked the right pair.
    expect((await tags(basicAuth(server.accessKey, 'wrong'))).status).toBe(429);
    expect((await tags(right)).status).toBe(200);
    expect((await tags(basicAuth(server.accessKey, 'wrong'))).status).toBe(429);
    clock += 120_000;
    expect((await tags(basicAuth(server.accessKey, 'wrong'))).status).toBe(401);
  });
});

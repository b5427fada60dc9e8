import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearmlConfSnippet, credentialsFilePath, startServer } from '../../../src/server/index.js';
import { generateKeyPair, hashSecret, verifySecret } from '../../../src/server/auth/credentials.js';
import { basicAuth, send } from '../../helpers/http.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tracktop-creds-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const quiet = () => {};

describe('generated key pair', () => {
  it('is created on first start in a 0600 file beside the database and reused on later starts', async () => {
    const dbPath = join(dir, 'srv.db');
    const first = await startServer({ dbPath, log: quiet });
    await first.close();
    expect(first.credentialsCreated).toBe(true);
    expect(first.credentialsFile).toBe(credentialsFilePath(dbPath));
    expect(first.credentialsFile).toBe(`${dbPath}.credentials.json`);
    expect(statSync(first.credentialsFile!).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(first.credentialsFile!, 'utf8'));
    expect(stored).toEqual({ access_key: first.credentials.accessKey, secret_key: first.credentials.secretKey });
    expect(first.credentials.accessKey).toMatch(/^[A-Z0-9]{20,30}$/);
    expect(first.credentials.secretKey.length).toBeGreaterThanOrEqual(50);

    const second = await startServer({ dbPath, log: quiet });
    try {
      expect(second.credentialsCreated).toBe(false);
      expect(second.credentials).toEqual(first.credentials);
      const r = await send(second.url, '/auth.login', {}, { auth: basicAuth(stored.access_key, stored.secret_key) });
      expect(r.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('never stores the secret in the database in clear', async () => {
    const s = await startServer({ dbPath: join(dir, 'srv.db'), log: quiet });
    const rows = s.db.prepare('SELECT * FROM credentials').all() as { secret_hash: string }[];
    await s.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret_hash).not.toContain(s.credentials.secretKey);
  });
});

describe('given keys', () => {
  it('uses keys given in the options and writes no file', async () => {
    const dbPath = join(dir, 'srv.db');
    const s = await startServer({ dbPath, accessKey: 'GIVENKEY1234567890AB', secretKey: 'given-secret', log: quiet });
    try {
      expect(s.credentialsFile).toBeUndefined();
      expect(s.credentialsCreated).toBe(false);
      const ok = await send(s.url, '/auth.login', {}, { auth: basicAuth('GIVENKEY1234567890AB', 'given-secret') });
      expect(ok.status).toBe(200);
    } finally {
      await s.close();
    }
    expect(() => statSync(credentialsFilePath(dbPath))).toThrow();
  });

  it('takes a new secret for a known key on the next start', async () => {
    const dbPath = join(dir, 'srv.db');
    await (await startServer({ dbPath, accessKey: 'KEYKEYKEYKEYKEYKEY12', secretKey: 'old', log: quiet })).close();
    const s = await startServer({ dbPath, accessKey: 'KEYKEYKEYKEYKEYKEY12', secretKey: 'new', log: quiet });
    try {
      expect((await send(s.url, '/auth.login', {}, { auth: basicAuth('KEYKEYKEYKEYKEYKEY12', 'old') })).status).toBe(
        401,
      );
      expect((await send(s.url, '/auth.login', {}, { auth: basicAuth('KEYKEYKEYKEYKEYKEY12', 'new') })).status).toBe(
        200,
      );
    } finally {
      await s.close();
    }
  });

  it('refuses to start with only one of the two keys', async () => {
    await expect(startServer({ dbPath: join(dir, 'srv.db'), accessKey: 'ONLYKEY', log: quiet })).rejects.toThrow(
      /both/,
    );
  });
});

describe('helpers', () => {
  it('hashes secrets with a salt and verifies only the right secret', () => {
    const a = hashSecret('s3cret');
    expect(a).not.toBe(hashSecret('s3cret'));
    expect(verifySecret('s3cret', a)).toBe(true);
    expect(verifySecret('s3cret!', a)).toBe(false);
    expect(verifySecret('s3cret', 'garbage')).toBe(false);
  });

  it('generates different pairs each time', () => {
    expect(generateKeyPair()).not.toEqual(generateKeyPair());
  });

  it('builds a clearml.conf api block with the host and quoted keys', () => {
    const text = clearmlConfSnippet({ apiHost: 'http://127.0.0.1:8008', accessKey: 'AK', secretKey: 'S#$!' });
    expect(text).toContain('api_server: http://127.0.0.1:8008');
    expect(text).toContain('files_server: http://127.0.0.1:8008/files');
    expect(text).toContain('access_key: "AK"');
    expect(text).toContain('secret_key: "S#$!"');
    expect(text.startsWith('api {')).toBe(true);
    expect(text.trimEnd().endsWith('}')).toBe(true);
  });
});

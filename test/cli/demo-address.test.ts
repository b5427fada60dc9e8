// `tracktop demo` says where its server is and how to reach it: the address and the access key,
// and the file with the secret key, on stderr before the monitor starts and again at its end
// (stdout stays the `--once` frame). With that pair, the server answers.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/demo-process.js';

const dir = mkdtempSync(join(tmpdir(), 'tracktop-demo-address-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tracktop demo', () => {
  it('prints its address, access key and where the secret is, before and after', async () => {
    const db = join(dir, 'demo.db');
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, 'demo', '--once', '--db', db], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(stdout).toContain('resnet50-cosine');
    const at = /^tracktop demo is at (http:\/\/127\.0\.0\.1:\d+) with access key ([A-Z0-9]{24})$/m.exec(stderr);
    expect(at, stderr).not.toBeNull();
    const [, url, accessKey] = at as RegExpExecArray;
    const keyFile = `${db}.credentials.json`;
    expect(stderr).toContain(`the secret key is in ${keyFile}`);
    expect(stderr).toContain(`tracktop demo was at ${url} with access key ${accessKey}`);
    expect(stderr).toContain(`run \`tracktop demo --db ${db}\` to resume it`);
    expect(readFileSync(keyFile, 'utf8')).toContain(accessKey);
  }, 90_000);

  it('with a temporary database, says the key file goes with it', async () => {
    const { stderr } = await promisify(execFile)(process.execPath, [BIN, 'demo', '--once'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(stderr).toMatch(/the secret key is in \S+credentials\.json; both are removed when the demo ends/);
    expect(stderr).toContain('its temporary database and key file are removed');
  }, 90_000);
});

// The built binary's non-interactive commands, run as a user would (a child process), against
// the embedded server on 127.0.0.1:0.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { BIN, ROOT } from '../helpers/demo-process.js';
import { basicAuth, send, type Answer } from '../helpers/http.js';
import { withTestServer } from '../helpers/server.js';
import { createTask } from '../helpers/store-fixture.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      // A clean environment: no CLEARML_* from the machine, HOME without a clearml.conf.
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: home, ...env }, timeout: 20_000 },
      (err, stdout, stderr) => {
        const code =
          err && typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : err ? 1 : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const server = withTestServer();
let home: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'tracktop-cli-home-'));
});

afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

describe('tracktop command line', () => {
  it('prints usage for --help and the version for --version', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage:\n\s+tracktop \[options\]/);
    const version = await run(['--version']);
    expect(version.stdout).toMatch(/^tracktop \d+\.\d+\.\d+/);
  });

  it('answers an unknown flag with usage and exit code 2', async () => {
    const r = await run(['--bogus']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Unknown option '--bogus'");
    expect(r.stderr).toContain('Usage:');
    expect((await run(['frobnicate'])).code).toBe(2);
  });

  it('config shows each value with where it came from, the secret masked', async () => {
    const conf = join(home, 'clearml.conf');
    writeFileSync(
      conf,
      `api {\n  api_server: ${server.url}\n  credentials { "access_key": "FILEKEY123", "secret_key": "file-secret-value" }\n}\n`,
    );
    const r = await run(['config'], { CLEARML_API_ACCESS_KEY: 'ENVKEY456' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`api host\\s+${server.url.replace(/[.]/g, '\\.')}\\s+\\(${conf.replace(/[.]/g, '\\.')}:2\\)`),
    );
    expect(r.stdout).toMatch(/access key\s+ENVKEY456\s+\(env CLEARML_API_ACCESS_KEY\)/);
    expect(r.stdout).toMatch(/secret key\s+fi\*+\s+\(.*clearml\.conf:3\)/);
    expect(r.stdout).not.toContain('file-secret-value');
    rmSync(conf);
  });

  it('names what to set when credentials are missing', async () => {
    const r = await run(['check', '--api-host', server.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--access-key');
    expect(r.stderr).toContain('CLEARML_API_ACCESS_KEY');
    expect(r.stderr).toContain('api.credentials.access_key');
  });

  it('reports a malformed clearml.conf with file, line and column, and runs nothing', async () => {
    const conf = join(home, 'broken.conf');
    writeFileSync(conf, 'api {\n  api_server: "http://x\n}\n');
    const r = await run(['check', '--config', conf]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`${conf.replace(/[.]/g, '\\.')}:2:\\d+`));
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('check logs in and prints server, API version, round trip and an OK verdict', async () => {
    const r = await run([
      'check',
      '--api-host',
      server.url,
      '--access-key',
      server.accessKey,
      '--secret-key',
      server.secretKey,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`server:       ${server.url}`);
    expect(r.stdout).toMatch(/api version:\s+2\.31/);
    expect(r.stdout).toMatch(/round trip:\s+[\d.]+ ms/);
    expect(r.stdout).toMatch(/verdict:\s+OK/);
  });

  it('check passes against tasks the embedded server holds (their fields have the shape check expects)', async () => {
    const writer = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
    try {
      await createTask(writer, 'train \u001b]0;t\u0007👍🏽');
    } finally {
      await writer.close();
    }
    const r = await run([
      'check',
      '--api-host',
      server.url,
      '--access-key',
      server.accessKey,
      '--secret-key',
      server.secretKey,
    ]);
    expect(r.stdout).toMatch(/verdict:\s+OK/);
    expect(r.code).toBe(0);
  });

  it('check says which way it failed: wrong secret, refused connection, unknown host', async () => {
    const wrong = await run([
      'check',
      '--api-host',
      server.url,
      '--access-key',
      server.accessKey,
      '--secret-key',
      'nope',
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/verdict:\s+FAILED .*credentials rejected/);

    const refused = await run(['check', '--api-host', 'http://127.0.0.1:9', '--access-key', 'a', '--secret-key', 'b']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/verdict:\s+FAILED .*connection refused/);

    const dns = await run([
      'check',
      '--api-host',
      'http://no-such-host.invalid',
      '--access-key',
      'a',
      '--secret-key',
      'b',
    ]);
    expect(dns.code).toBe(1);
    expect(dns.stdout).toMatch(/verdict:\s+FAILED .*resolve/);
    for (const r of [wrong, refused, dns]) expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('tracktop monitor outside a terminal', () => {
  it('refuses without a TTY and points to --once', async () => {
    const r = await run(['--api-host', server.url, '--access-key', server.accessKey, '--secret-key', server.secretKey]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--once');
  });

  it('--once prints one plain frame of 100x30 and exits 0', async () => {
    const r = await run([
      '--once',
      '--api-host',
      server.url,
      '--access-key',
      server.accessKey,
      '--secret-key',
      server.secretKey,
    ]);
    expect(r.code).toBe(0);
    const lines = r.stdout.replace(/\n$/, '').split('\n');
    expect(lines.length).toBe(29);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(100);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).toContain(server.url);
    expect(r.stdout).toMatch(/\blive\b/);
    // Into a pipe there are no keys to press: no key hints.
    expect(r.stdout).not.toContain('? help');
    expect(r.stdout).not.toContain('/ filter');
  });
});

describe('tracktop serve --demo', () => {
  it('prints a clearml.conf snippet; auth.login then events.get_task_log with it returns live lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tracktop-serve-demo-'));
    const child = spawn(process.execPath, [BIN, 'serve', '--demo', '--port', '0', '--db', join(dir, 'demo.db')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: home },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      for (let i = 0; i < 300 && !/secret_key: "/.test(stderr); i++) await new Promise((r) => setTimeout(r, 50));
      const url = /api_server: (http:\/\/\S+)/.exec(stderr)?.[1];
      const accessKey = /access_key: "([^"]+)"/.exec(stderr)?.[1];
      const secretKey = /secret_key: "([^"]+)"/.exec(stderr)?.[1];
      expect(url, stderr).toBeDefined();
      expect(stderr).toContain(`${join(dir, 'demo.db')}.credentials.json`);

      const post = async (endpoint: string, body: unknown, auth: string): Promise<Answer> => {
        const reply = await send(url ?? '', `/${endpoint}`, body, { auth });
        expect(reply.status, endpoint).toBe(200);
        return reply.data;
      };
      const login = await post('auth.login', {}, basicAuth(accessKey ?? '', secretKey ?? ''));
      const bearer = `Bearer ${login.token}`;
      const running = await post('tasks.get_all_ex', { status: ['in_progress'], only_fields: ['id', 'name'] }, bearer);
      expect(running.tasks.length).toBeGreaterThan(0);
      const task = running.tasks[0].id as string;
      const newest = async (): Promise<number> => {
        const log = await post('events.get_task_log', { task, batch_size: 5 }, bearer);
        expect(log.events.length).toBeGreaterThan(0);
        return Math.max(...log.events.map((e: { timestamp: number }) => e.timestamp));
      };
      const first = await newest();
      let later = first;
      for (let i = 0; i < 100 && later === first; i++) {
        await new Promise((r) => setTimeout(r, 100));
        later = await newest();
      }
      expect(later).toBeGreaterThan(first);
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
